import Foundation
import PropertyCheck
import StackLayout

/// After a failure is shrunk: a failing case of the same property that a person can look at.
///
/// The minimal case is the best case to replay and to keep as a regression, and the worst to look at: its views are
/// 0 or 1 point long. This search keeps the minimal case's structure and draws its lengths again as a designer would
/// (`DesignerValues`), with PropertyCheck's public API: a property that fails when the engine fails the original
/// property on a presentable case, run from the run's seed, then shrunk towards the designer's defaults. It is
/// bounded by `engineCalls` requests to the engine under test (state them in reports: an external engine pays them),
/// and by `generatedCases` and `shrinkCalls` property calls; the reference engine's own solves are not counted.
///
/// A case is presentable when (`isPresentable`): it has no more arranged items than the minimal case (the structure
/// is kept, so it has as many); every visible leaf with an intrinsic size in some dimension is at least
/// `minimumSide` points on each side in the reference layout, and where there are visible leaves one at least has an
/// intrinsic size (a case whose visible views are all points is not one to look at); and no two ids drawn inside
/// views overlap in the picture (`LayoutPicture.labelsOverlap`).
///
/// The runner takes the minimal case as its own presentable case, without a search, when it meets this and has a
/// visible view with an intrinsic size (`showsASizedView`); a minimal case whose views are all hidden is searched
/// from too, so that the hidden views get sizes and are shown where the failure allows.
struct PresentableSearch {
    static let minimumSide = 8.0
    /// Requests to the engine under test, at most, per failure (a case costs one request, a metamorphic one a few).
    static let engineCalls = 300
    static let generatedCases = 150
    static let shrinkCalls = 150

    let evaluator: Evaluator
    let check: LayoutCheck
    let propertyID: String
    let seed: UInt64

    /// A presentable failing case like `minimal`, drawn with the engine's answer that failed, or nil when the budget
    /// ran out first. The runner does not search when `minimal`
    /// already shows a sized view and is presentable.
    func search(from minimal: Scenario) async -> PresentableCase? {
        let budget = RequestBudget(engineCalls: Self.engineCalls)
        let searching = Evaluator(engine: BudgetedEngine(engine: evaluator.engine, budget: budget, account: evaluator.faults),
                                  isReference: evaluator.isReference, tolerance: evaluator.tolerance,
                                  builtIn: evaluator.builtIn)
        let generator = DesignerValues.scenario(like: minimal)
        let check = self.check, features = evaluator.engine.features
        let property = Property("presentable." + propertyID, generator) { scenario, tc in
            // Once the engine's budget is spent every case passes without a request: the search is over.
            guard !budget.isSpent else { return }
            // New lengths can need features the minimal case did not (negative spacing, a container that overflows):
            // the engine is asked only what it says it does.
            guard requiredFeatures(of: scenario).subtracting(features).isEmpty else { throw StopTest.invalid }
            do {
                try searching.evaluate(check, scenario, tc)
            } catch let failure as CaseFailure where failure.status == .fail {
                // Only a presentable failure counts; any other outcome (a pass, a discard, an engine fault) does not.
                guard Self.isPresentable(scenario, reference: AcceleratedReferenceEngine().layoutOrNil(scenario)) else { return }
                throw failure
            } catch is CaseFailure {
                return
            }
        }
        var configuration = Configuration(seed: seed, cases: Self.generatedCases)
        configuration.maxShrinkCalls = Self.shrinkCalls
        // A safety stop only: the request budget bounds the search first (a hung engine times out per request).
        configuration.shrinkTimeLimit = .seconds(10)
        configuration.maxInvalidRatio = 10
        let report = await PropertyRunner.run(property, context: evaluator.engine.features.code,
                                              configuration: configuration)
        guard report.status == .failed, let failure = report.failures.first, let judged = failure.error as? CaseFailure,
              let scenario = PropertyRunner.value(of: failure.counterexample.token, generator) else { return nil }
        // Drawn with the answer that made the case fail, never with another answer to it.
        return PresentableCase(scenario: scenario, actual: judged.layout,
                               reference: AcceleratedReferenceEngine().layoutOrNil(scenario))
    }

    /// Whether some visible leaf of `scenario` has an intrinsic size.
    static func showsASizedView(_ scenario: Scenario) -> Bool {
        var found = false
        scenario.stack.forEachVisibleLeaf { _, leaf in if leaf.intrinsicContentSize != .none { found = true } }
        return found
    }

    /// Whether `scenario`, laid out by the reference as `reference`, is one a person can look at (see the type's doc).
    static func isPresentable(_ scenario: Scenario, reference: Layout?) -> Bool {
        guard let reference else { return false }
        var frames: [String: Frame] = [:]
        for (id, frame) in zip(reference.frameIDs, reference.frameValues) { frames[id] = frame }
        var visibleLeavesBigEnough = true, visibleLeaves = 0, sized = 0
        scenario.stack.forEachVisibleLeaf { item, leaf in
            visibleLeaves += 1
            guard leaf.intrinsicContentSize.width != nil || leaf.intrinsicContentSize.height != nil else { return }
            sized += 1
            guard let f = frames[item.id], f.width >= minimumSide, f.height >= minimumSide else {
                visibleLeavesBigEnough = false
                return
            }
        }
        // Not vacuously: where there are visible views, one at least has a size to see. (A failure that needs all
        // its views hidden has none: no more views than the minimal case means no visible one can be added.)
        return visibleLeavesBigEnough && (visibleLeaves == 0 || sized > 0) && !LayoutPicture.labelsOverlap(scenario, reference)
    }
}

/// Requests left for a search; shared by the search's cases, which run one after another.
final class RequestBudget: @unchecked Sendable {
    private let lock = NSLock()
    private var left: Int

    init(engineCalls: Int) { left = engineCalls }

    var isSpent: Bool { lock.withLock { left <= 0 } }

    /// Takes one request from the budget; false when none is left.
    func take() -> Bool {
        lock.withLock {
            guard left > 0 else { return false }
            left -= 1
            return true
        }
    }
}

/// The engine under test, answering `unsupported` once its budget is spent (the case is then not checked).
/// Each request it does send is counted in the property's `account` (its `presentable` stage).
struct BudgetedEngine: LayoutEngine {
    let engine: any LayoutEngine
    let budget: RequestBudget
    var account: FaultBudget? = nil
    var engineDescription: EngineDescription { engine.engineDescription }

    func layout(_ scenario: Scenario) throws(LayoutError) -> Layout {
        guard budget.take() else { throw .unsupported("the presentable search's budget is spent") }
        account?.countRequest()
        return try engine.layout(scenario)
    }
}

extension AcceleratedReferenceEngine {
    /// The reference layout, nil for a scenario it rejects.
    func layoutOrNil(_ scenario: Scenario) -> Layout? { try? layout(scenario) }
}

extension Stack {
    /// Every arranged leaf that is visible, with every stack above it visible too, in pre-order.
    func forEachVisibleLeaf(_ body: (ArrangedView, LeafView) -> Void) {
        for item in arrangedSubviews where !item.isHidden {
            switch item.content {
            case .view(let leaf): body(item, leaf)
            case .stack(let nested): nested.forEachVisibleLeaf(body)
            }
        }
    }
}
