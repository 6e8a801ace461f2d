import PropertyCheck
import StackConformance
import StackLayout
import Testing

// The DocC article "Reading a failure and replaying it" (Sources/StackConformance/StackConformance.docc), exactly as
// printed there (`ReadmeSnippetTests` checks it).

/// An engine with a bug: every frame 1 pt to the right of where UIKit puts it.
struct ShiftedEngine: LayoutEngine {
    let engineDescription = EngineDescription(name: "shifted", version: "1", features: DirectEngine().features)
    func layout(_ scenario: Scenario) throws(LayoutError) -> Layout {
        var layout = try DirectEngine().layout(scenario)
        layout.frameValues = layout.frameValues.map { Frame(x: $0.x + 1, y: $0.y, width: $0.width, height: $0.height) }
        return layout
    }
}

@Test func aFailureReplaysFromItsToken() async throws {
    let property = try #require(Catalogue.property("alignment.leading"))
    let result = await ConformanceRunner.check(property, on: ShiftedEngine(), options: RunOptions(cases: 50))
    #expect(result.status == .fail)
    let counterexample = try #require(result.counterexample)
    // The token reruns exactly the shrunk case: it fails again on the engine and passes on the reference engine.
    let token = try ReplayToken(parsing: counterexample.replay)
    #expect(try Replay.run(token, on: ShiftedEngine()).status == .fail)
    #expect(try Replay.run(token, on: ReferenceEngine()).status == .pass)
}
