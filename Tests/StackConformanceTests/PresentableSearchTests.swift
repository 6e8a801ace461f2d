import Foundation
import Testing
@testable import StackConformance
import StackLayout

/// The presentable search asks the engine only what it says it does, and finds a case to look at when one exists.
struct PresentableSearchTests {
    /// The reference's layout with every frame 1 pt to the right (a layout bug), declaring a few features only, and
    /// recording every scenario it is asked that needs a feature it did not declare.
    final class ShiftedEngine: LayoutEngine, @unchecked Sendable {
        let engineDescription = EngineDescription(name: "shifted-in-process", version: "1",
                                                  features: [.fill, .fillEqually, .alignFill, .leading, .center, .trailing, .hidden])
        private let lock = NSLock()
        private var outside: [Scenario] = []
        var askedOutsideFeatures: [Scenario] { lock.withLock { outside } }

        func layout(_ scenario: Scenario) throws(LayoutError) -> Layout {
            if !requiredFeatures(of: scenario).subtracting(features).isEmpty { lock.withLock { outside.append(scenario) } }
            var layout: Layout
            do { layout = try ReferenceEngine().layout(scenario) } catch { throw .failed("\(error)") }
            for i in layout.frameValues.indices { layout.frameValues[i].x += 1 }
            return layout
        }
    }

    @Test(arguments: ["alignment.leading", "alignment.center", "distribution.pinnedToCanvasEnds"])
    func theSearchStaysInsideTheEnginesFeatures(_ id: String) async throws {
        let engine = ShiftedEngine()
        let result = await ConformanceRunner.check(try #require(Catalogue.property(id)), on: engine,
                                                   options: RunOptions(cases: 50))
        #expect(result.status == .fail, "\(result.message)")
        #expect(engine.askedOutsideFeatures.isEmpty, "\(engine.askedOutsideFeatures.map { $0.jsonString(pretty: false) })")
        let presentable = try #require(result.counterexample?.presentable)
        #expect(PresentableSearch.isPresentable(presentable.scenario, reference: presentable.reference))
        #expect(requiredFeatures(of: presentable.scenario).subtracting(engine.features).isEmpty)
    }

    @Test func aCaseOfPointsOrOverlappingIdsIsNotPresentable() throws {
        // Two 40 × 30 views: presentable. The same with one view 2 pt wide: not (a visible view under 8 pt).
        let good = Scenario(stack: Stack(arrangedSubviews: [.view("v0", width: 40, height: 30), .view("v1", width: 64, height: 44)]))
        #expect(PresentableSearch.isPresentable(good, reference: try ReferenceEngine().layout(good)))
        let thin = Scenario(stack: Stack(arrangedSubviews: [.view("v0", width: 2, height: 30), .view("v1", width: 64, height: 44)]))
        #expect(!PresentableSearch.isPresentable(thin, reference: try ReferenceEngine().layout(thin)))
        // Views with no intrinsic size at all are points: nothing to see.
        let points = Scenario(stack: Stack(arrangedSubviews: [.view("v0", width: nil, height: nil), .view("v1", width: nil, height: nil)]))
        #expect(!PresentableSearch.isPresentable(points, reference: try ReferenceEngine().layout(points)))
        // A long id on a view drawn narrow (8 pt beside a 600 pt one: about 8 px) runs into its neighbour's id.
        let crowded = Scenario(stack: Stack(arrangedSubviews: [.view("a-rather-long-identifier", width: 8, height: 8),
                                                               .view("another-long-identifier", width: 600, height: 8)]))
        #expect(!PresentableSearch.isPresentable(crowded, reference: try ReferenceEngine().layout(crowded)))
    }
}
