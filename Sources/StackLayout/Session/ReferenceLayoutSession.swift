/// A long-lived layout of one scenario that keeps its solver across changes and relayouts incrementally, as UIKit's
/// engine does (R-V-9): each change regenerates the constraint set, and only the rows that differ (by
/// their whole value, a stable key) are removed from or added to the solver. Its result after any sequence of
/// changes equals a fresh layout of the final state (R-V-9).
///
/// Broken constraints depend on the order required constraints are added (R-T-7); when the previous state had a
/// broken constraint, or an incremental add would break one, the session rebuilds its solver in R-T-7 order so the
/// answer stays that of a fresh layout.
public final class ReferenceLayoutSession {
    /// The scenario as last given (unclamped).
    public private(set) var scenario: Scenario
    /// The current layout.
    public private(set) var layout: Layout
    /// How many times the solver was rebuilt from scratch (the first layout included); for tests and measurements.
    public private(set) var rebuildCount = 0

    private var state = SessionSolver()
    private var system: PackedSystem
    /// The key of each of `system`'s rows (nil until an update needs them): the next update diffs against them.
    private var keys: [PackedSystem.RowKey]?
    /// The nested stacks `system` fitted for R-BL-5, which the root's baselines reuse.
    private var fitting: AcceleratedReferenceEngine.FittingHeights

    /// A session whose first layout is `scenario`'s.
    public init(_ scenario: Scenario) {
        self.scenario = scenario
        let clamped = AcceleratedReferenceEngine.laidOutScenario(scenario)
        fitting = AcceleratedReferenceEngine.FittingHeights()
        system = AcceleratedReferenceEngine.system(clamped, fitting: fitting)
        layout = Layout(size: .zero, frames: [])
        rebuild(clamped)
    }

    /// Applies a change to the scenario (add, remove, hide or show views, change spacing or any property, resize
    /// the container) and relayouts incrementally.
    @discardableResult
    public func modify(_ change: (inout Scenario) -> Void) -> Layout {
        var next = scenario
        change(&next)
        return update(next)
    }

    /// Resizes the container (`nil`: no constraint in that dimension).
    @discardableResult
    public func resize(width: Double?, height: Double?) -> Layout {
        modify { $0.container = Container(width: width, height: height) }
    }

    /// Moves the session to `newScenario`, touching only the constraints that changed.
    @discardableResult
    public func update(_ newScenario: Scenario) -> Layout {
        scenario = newScenario
        let clamped = AcceleratedReferenceEngine.laidOutScenario(newScenario)
        let nextFitting = AcceleratedReferenceEngine.FittingHeights()
        let next = AcceleratedReferenceEngine.system(clamped, fitting: nextFitting)
        fitting = nextFitting
        guard state.broken.isEmpty else { system = next; keys = nil; rebuild(clamped); return layout }
        // Multiset difference between the old and new rows, by key (variables by item, not by index).
        let nextKeys = next.rows.map(next.key(of:))
        var remaining: [PackedSystem.RowKey: Int] = [:]
        remaining.reserveCapacity(nextKeys.count)
        for key in nextKeys { remaining[key, default: 0] += 1 }
        var stale: [PackedSystem.RowKey] = []
        for key in keys ?? system.rows.map(system.key(of:)) {
            if let n = remaining[key], n > 0 { remaining[key] = n - 1 } else { stale.append(key) }
        }
        keys = nextKeys
        var fresh: [PackedSystem.Row] = [], freshKeys: [PackedSystem.RowKey] = []
        for (row, key) in zip(next.rows, nextKeys) {
            if let n = remaining[key], n > 0 { remaining[key] = n - 1; fresh.append(row); freshKeys.append(key) }
        }
        state.adopt(next)
        for key in stale where !state.remove(key) {
            system = next
            rebuild(clamped)
            return layout
        }
        for i in PackedSystem.requiredRowsInClassOrder(fresh)
        where !state.add(fresh[i], key: freshKeys[i]) {
            system = next
            rebuild(clamped)
            return layout
        }
        for (row, key) in zip(fresh, freshKeys) where row.priority < 1000 { state.add(row, key: key) }
        state.optimize()
        system = next
        layout = finished(state.exactLayout(), clamped)
        return layout
    }

    private func rebuild(_ clamped: Scenario) {
        rebuildCount += 1
        state = SessionSolver()
        state.addAll(system)
        layout = finished(state.exactLayout(), clamped)
    }

    /// The layout document of the solution, the root's baselines read off it.
    private func finished(_ exact: ExactLayout, _ clamped: Scenario) -> Layout {
        var exact = exact
        exact.completeRootBaselines(of: clamped, index: system.index,
                                    fittingHeight: AcceleratedReferenceEngine.fittingHeight(fitting))
        return exact.finish(for: clamped, index: system.index)
    }
}
