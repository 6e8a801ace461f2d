import StackConformance
import StackLayout
import Testing

// README, "Validating your engine / In Swift", the whole catalogue with its page and pictures, exactly as printed
// there (`ReadmeSnippetTests` checks it): the direct engine stands in for "your layout", restricted to the features
// the engine declares, and every StackLayout and StackConformance name is qualified by its module, as an engine
// whose own types are called `Layout` or `Axis` writes them.

struct QualifiedEngine: StackLayout.LayoutEngine {
    let engineDescription = StackLayout.EngineDescription(name: "qualified", version: "0.1",
                                                          features: [.fill, .fillEqually, .leading, .center, .hidden])
    func layout(_ scenario: StackLayout.Scenario) throws(StackLayout.LayoutError) -> StackLayout.Layout {
        try StackLayout.DirectEngine().layout(scenario)
    }
}

@Test func wholeCatalogueWithItsPageAndPictures() async {
    await StackConformance.expectConforms(
        QualifiedEngine(), options: StackConformance.RunOptions(cases: 20),
        reports: StackConformance.ReportFiles(html: ".build/stackcheck/report.html", svgDirectory: ".build/stackcheck/pictures"))
}
