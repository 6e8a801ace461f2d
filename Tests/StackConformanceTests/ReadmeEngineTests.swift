import StackConformance
import StackLayout
import Testing

// README, "Validating your engine / In Swift", exactly as printed there (`ReadmeSnippetTests` checks it): the
// direct engine stands in for "your layout", restricted to the features the snippet declares.

struct MyEngine: LayoutEngine {
    // Exactly what it implements: the suite generates only scenarios inside these features.
    let engineDescription = EngineDescription(name: "my-engine", version: "0.1",
                                              features: [.fill, .fillEqually, .alignFill, .leading, .center, .trailing, .hidden])
    func layout(_ scenario: Scenario) throws(LayoutError) -> Layout {
        try DirectEngine().layout(scenario)  // your layout here; throw .unsupported("…") for input you do not handle
    }
}

@Test("UIStackView conformance", arguments: Catalogue.all.map(\.id))
func conformance(_ id: String) async {
    let options = RunOptions(cases: 20)  // 200 by default; fewer keep a debug `swift test` quick
    let result = await ConformanceRunner.check(Catalogue.property(id)!, on: MyEngine(), options: options)
    #expect(result.status == .pass || result.status == .skip, "\(result.message)")
}
