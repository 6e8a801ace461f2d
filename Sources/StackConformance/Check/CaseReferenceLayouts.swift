import Foundation
import StackLayout

/// The reference layouts of one case (the scenario, its variants, its nested stacks alone), each constraint system
/// solved once: the reference layout, the §4 domain check's exact layout and nested fitting sizes, and, when the
/// engine under test is the reference, the variants a property lays out (`ReferenceLayoutCache`). Made per case
/// and dropped with it, so it holds a handful of solves; a lock makes it safe to capture in `@Sendable` closures
/// (a case runs on one thread, so it is never contended).
final class CaseReferenceLayouts: @unchecked Sendable {
    private let lock = NSLock()
    // Guarded by `lock`:
    private let cache = ReferenceLayoutCache()

    /// `ReferenceEngine().layout(scenario)`; see `ReferenceLayoutCache.layout(_:unlessBroken:rootBaselines:)`.
    func layout(_ scenario: Scenario, unlessBroken: Bool = false, rootBaselines: Bool = true) -> Layout {
        lock.withLock { cache.layout(scenario, unlessBroken: unlessBroken, rootBaselines: rootBaselines) }
    }

    /// `layout(scenario).size`; see `ReferenceLayoutCache.size(_:)`.
    func size(of scenario: Scenario) -> Size {
        lock.withLock { cache.size(scenario) }
    }

    /// The size of `ReferenceEngine().layout(Scenario(layoutDirection: d, stack: nested))`, `nested` the stack of
    /// the item `id` of `scenario`; nil when there is none.
    func fittingSize(ofNested id: String, in scenario: Scenario) -> Size? {
        lock.withLock { cache.fittingSize(ofNested: id, in: scenario) }
    }

    /// By id, the nested stacks whose `fittingSize(ofNested:in:)` would answer without a solve.
    func knownFittingSizes(in scenario: Scenario) -> [String: Size] {
        lock.withLock { cache.knownFittingSizes(in: scenario) }
    }

    /// Systems solved so far (tests).
    var solveCount: Int { lock.withLock { cache.solveCount } }
}
