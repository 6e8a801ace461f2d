import Foundation
import Testing
@testable import StackLayout
import TestSupport

/// The preallocated path (`DirectLayoutPlan.layout(into:)`) gives exactly the frames and root metrics of
/// `DirectEngine.layout(_:)`, in pre-order, and a plan or a frame buffer reused across calls carries no state over.
@Suite struct DirectLayoutPlanTests {
    static var goldenDirectory: URL { URL(fileURLWithPath: RepositoryPaths.golden, isDirectory: true) }

    /// Every golden fixture's scenario, plus hand-built nested and hidden ones.
    static func scenarios() throws -> [Scenario] {
        var list: [Scenario] = []
        let files = try FileManager.default.contentsOfDirectory(atPath: goldenDirectory.path)
        for file in files.sorted() where file.hasSuffix(".json") {
            let text = try String(contentsOf: goldenDirectory.appendingPathComponent(file), encoding: .utf8)
            list.append(try GoldenFixture(json: text).scenario)
        }
        #expect(list.count > 50)
        let inner = Stack(axis: .vertical, alignment: .center, spacing: 4, arrangedSubviews: [
            .view("i0", width: 30, height: 10), .view("i1", width: 50, height: 12).hidden(),
            .view("i2", width: 20, height: 14, firstBaseline: 10, lastBaseline: 11)])
        let deeper = Stack(distribution: .fillEqually, spacing: 2, arrangedSubviews: [
            .view("d0", width: 5, height: 5), .view("d1", width: 7, height: 9)])
        let outer = Stack(alignment: .firstBaseline, spacing: 8, isLayoutMarginsRelativeArrangement: true,
                          arrangedSubviews: [.view("a", width: 40, height: 21, firstBaseline: 17, lastBaseline: 17),
                                             .stack("inner", inner), .view("h", width: 10, height: 10).hidden(),
                                             .stack("deeper", deeper), .view("b", width: nil, height: 30)])
        list.append(Scenario(stack: outer))
        list.append(Scenario(container: Container(width: 400), scale: 3, layoutDirection: .rightToLeft, stack: outer))
        list.append(Scenario(container: Container(width: 300, height: 90), scale: 2,
                             stack: Stack(axis: .vertical, distribution: .equalSpacing, alignment: .trailing,
                                          arrangedSubviews: [.stack("n", deeper), .view("x", width: 20, height: 20)])))
        return list
    }

    /// The preallocated path's answer as a document, for comparison with `layout(_:)`'s.
    func prepared(_ plan: inout DirectLayoutPlan, _ frames: inout [Frame]) throws(LayoutError) -> Layout {
        let root = try plan.layout(into: &frames)
        #expect(frames.count == plan.count)
        return plan.document(frames: frames, root: root)
    }

    @Test func preparedFramesEqualTheDocument() throws {
        var compared = 0
        for scenario in try Self.scenarios() {
            let expected: Result<Layout, LayoutError> = Result { () throws(LayoutError) in try DirectEngine().layout(scenario) }
            guard case .success(let layout) = expected else { continue }
            var plan = try DirectLayoutPlan(scenario)
            var frames: [Frame] = []
            let root = try plan.layout(into: &frames)
            #expect(plan.ids == layout.frameIDs)
            #expect(frames == layout.frameValues, "\(scenario.name ?? "")")
            #expect(root.size == layout.size && root.firstBaseline == layout.firstBaseline
                    && root.lastBaseline == layout.lastBaseline)
            // Pre-order: the same order as the scenario index.
            #expect(plan.ids == ScenarioIndex(scenario).items.map(\.id))
            compared += 1
        }
        #expect(compared > 50)
    }

    @Test func reuseAcrossCallsAndScenariosLeaksNoState() throws {
        let scenarios = try Self.scenarios().filter { s in (try? DirectEngine().layout(s)) != nil }
        // One frame buffer for every plan, in a shuffled-but-fixed order, each plan laid out twice.
        var frames = Array(repeating: Frame(x: .nan, y: 1, width: 2, height: 3), count: 7)
        for k in 0..<scenarios.count {
            let scenario = scenarios[(k * 17) % scenarios.count]
            var plan = try DirectLayoutPlan(scenario)
            let fresh = try DirectEngine().layout(scenario)
            #expect(try prepared(&plan, &frames) == fresh)
            #expect(try prepared(&plan, &frames) == fresh)
        }
        // One plan, its container changed between calls: each answer is a fresh layout at that container.
        let base = scenarios.first { $0.stack.arrangedSubviews.contains { $0.stack != nil } }!
        var plan = try DirectLayoutPlan(base)
        var buffer: [Frame] = []
        for container in [Container(width: 500), Container(width: 200, height: 80), .free, Container(height: 120)] {
            var resized = base
            resized.container = container
            plan.container = container
            let fresh: Layout? = try? DirectEngine().layout(resized)
            #expect((try? prepared(&plan, &buffer)) == fresh)
        }
        // A copy of a plan does not share its buffers.
        var copy = plan
        copy.container = Container(width: 321)
        var other: [Frame] = []
        _ = try? copy.layout(into: &other)
        #expect((try? prepared(&plan, &buffer)) == (try? DirectEngine().layout({ var s = base; s.container = Container(height: 120); return s }())))
    }

    @Test func preparingThrowsWhatLayoutThrows() {
        let invalid = Scenario(stack: Stack(arrangedSubviews: [.view("a", width: -2, height: 1)]))
        let unsupported = Scenario(stack: Stack(arrangedSubviews: [.view("a", width: 1, height: 1).constrained(UserConstraint(.width, .equal, 5))]))
        for scenario in [invalid, unsupported] {
            var fromEngine: LayoutError? = nil
            do throws(LayoutError) { _ = try DirectEngine().layout(scenario) } catch { fromEngine = error }
            var fromPlan: LayoutError? = nil
            do throws(LayoutError) { _ = try DirectLayoutPlan(scenario) } catch { fromPlan = error }
            #expect(fromEngine != nil && fromEngine == fromPlan)
        }
    }
}
