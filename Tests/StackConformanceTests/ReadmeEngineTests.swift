import StackConformance
import StackLayout
import Testing

/// README, "Validating your engine / In Swift": the snippet, with a real engine behind `MyEngine` (the direct
/// engine, restricted to the features the snippet declares). Run over one group to keep `swift test` quick.
struct MyEngine: LayoutEngine {
    var name: String { "my-engine" }
    var version: String { "0.1" }
    var features: FeatureSet { [.fill, .fillEqually, .alignFill, .leading, .center, .trailing, .hidden] }
    func layout(_ scenario: Scenario) throws(LayoutError) -> Layout { try DirectEngine().layout(scenario) }
}

@Suite struct ReadmeEngineTests {
    @Test("UIStackView conformance", arguments: Catalogue.select(["alignment", "hidden"]).map(\.id))
    func conformance(_ id: String) async {
        var options = RunOptions(cases: 10)
        options.maxShrinkCalls = 200
        let result = await ConformanceRunner.check(Catalogue.property(id)!, on: MyEngine(), options: options)
        #expect(result.status == .pass || result.status == .skip, "\(result.message)")
    }
}
