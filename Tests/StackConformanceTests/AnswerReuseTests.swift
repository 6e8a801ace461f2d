import Foundation
import Testing
@testable import StackConformance
import StackLayout

/// A property takes the engine's earlier answer to a scenario it asks again (`RunOptions.reusesAnswers`): for an
/// engine that answers the same scenario the same way, the run finds exactly what it finds without reuse, with
/// fewer requests; an engine that answers differently is still named, by the replays, which always ask. The
/// deterministic engine is the DocC article's `ShiftedEngine` (every frame 1 pt right; not built in, so its
/// answers are reused).
@Suite struct AnswerReuseTests {
    /// The direct engine, every other answer 1 pt to the right.
    final class Alternating: LayoutEngine, @unchecked Sendable {
        let engineDescription = EngineDescription(name: "alternating", version: "1", features: DirectEngine().features)
        private let lock = NSLock()
        private var calls = 0
        func layout(_ scenario: Scenario) throws(LayoutError) -> Layout {
            let odd = lock.withLock { calls += 1; return calls % 2 == 1 }
            var layout = try DirectEngine().layout(scenario)
            if odd { layout.frameValues = layout.frameValues.map { Frame(x: $0.x + 1, y: $0.y, width: $0.width, height: $0.height) } }
            return layout
        }
    }

    static func options(reusing: Bool) -> RunOptions {
        var options = RunOptions(cases: 50)
        options.properties = ["alignment.leading", "distribution.pinnedToCanvasEnds", "scaling.framesScaleWithLengths"]
        options.regressionsDirectory = FileManager.default.temporaryDirectory.path + "/no-regressions-" + UUID().uuidString
        options.reusesAnswers = reusing
        return options
    }

    @Test func reuseFindsTheSameWithFewerRequests() async throws {
        let reusing = await CatalogueRun.run(engines: [ShiftedEngine()], options: Self.options(reusing: true))
        let asking = await CatalogueRun.run(engines: [ShiftedEngine()], options: Self.options(reusing: false))
        #expect(reusing.results.map(\.status) == asking.results.map(\.status))
        #expect(reusing.results.contains { $0.status == .fail })
        let tokens = { (r: ConformanceReport) in r.results.flatMap { $0.failures.compactMap(\.counterexample?.replay) } }
        #expect(tokens(reusing) == tokens(asking))
        #expect(reusing.causes.map(\.key) == asking.causes.map(\.key))
        let with = try #require(reusing.requests), without = try #require(asking.requests)
        // Every answer reused is a request the run without reuse sent, in the same stage.
        #expect(with.reused > 0 && without.reused == 0)
        #expect(with.total + with.reused == without.total, "\(with.stages) + \(with.reused) against \(without.stages)")
        #expect(with.replays == without.replays, "replays always ask the engine")
    }

    @Test func anEngineThatAnswersDifferentlyIsStillNamed() async throws {
        var options = Self.options(reusing: true)
        options.properties = ["alignment.leading"]
        let report = await CatalogueRun.run(engines: [Alternating()], options: options)
        let result = try #require(report.results.first)
        #expect(result.failures.contains { $0.status == .nondeterministic } || result.status == .nondeterministic,
                "\(result.status): \(result.message)")
    }
}
