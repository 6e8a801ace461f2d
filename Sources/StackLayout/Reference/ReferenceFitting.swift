/// Reference layouts of one scenario and of the scenarios derived from it, each constraint system solved once.
///
/// The reference engine's solve depends on the clamped stack and the container only: the scale and the layout
/// direction enter after it (`ExactLayout.finish`: pixel rounding, mirroring). So a scenario's variants that differ
/// only in scale or direction (`rounding.*`, `direction.rightToLeftMirrors`, the §4 domain check's exact layout)
/// share one solve here, finished once per variant.
///
/// Nested stacks' fitting sizes (the §4 domain check, `nesting.behavesAsFittingSizeView`, R-BL-5) are each stack
/// laid out alone. Each is solved with the fitting heights of the scenario's own solve (`ReferenceEngine
/// .FittingHeights`, by item id), so that stacks below it that were fitted already are not solved again; and its
/// solve gives the fitting height that the systems above it use (the same rows: the root baselines are read off
/// the solution, they add none).
///
/// Every answer equals `ReferenceEngine().layout(_:)` of the same scenario, to the bit (tests compare them). Not
/// thread-safe: one per case (a caller that shares it across threads locks around it). Memory is bounded by
/// `capacity` solves; past it, new solves are answered but not kept.
package final class ReferenceLayoutCache {
    private struct Entry {
        /// The solved scenario, clamped, without name, scale or direction: all that the solve depends on.
        let key: Scenario
        let exact: ExactLayout
        /// The fitting heights of nested stacks that this solve used, by item id (shared with the solves of its
        /// nested stacks alone, whose ids are the same items).
        let fitting: ReferenceEngine.FittingHeights
    }

    private var entries: [Entry] = []
    package let capacity: Int
    /// How many systems were solved (each nested fitting solve counted once); for tests and measurements.
    package private(set) var solveCount = 0

    package init(capacity: Int = 32) { self.capacity = capacity }

    static func key(_ clamped: Scenario) -> Scenario {
        var key = clamped
        key.name = nil
        key.scale = nil
        key.layoutDirection = .leftToRight
        return key
    }

    private func entry(clamped: Scenario, key: Scenario, fitting: ReferenceEngine.FittingHeights?) -> Entry {
        if let known = entries.first(where: { $0.key == key }) { return known }
        let heights = fitting ?? ReferenceEngine.FittingHeights()
        let entry = Entry(key: key, exact: ReferenceEngine().exactLayout(clamped, fitting: heights), fitting: heights)
        solveCount += 1
        if entries.count < capacity { entries.append(entry) }
        return entry
    }

    /// `ReferenceEngine().layout(scenario)`, solved only when no scenario with the same system was solved before.
    package func layout(_ scenario: Scenario) -> Layout {
        let clamped = scenario.clampedForLayout()
        return entry(clamped: clamped, key: Self.key(clamped), fitting: nil).exact
            .finish(for: clamped, index: ScenarioIndex(clamped))
    }

    /// The fitting size of the nested stack held by the item `id` of `scenario` (at any depth): the size of
    /// `ReferenceEngine().layout(Scenario(layoutDirection: d, stack: nested))` for any direction `d`. Solved with
    /// the fitting heights of `scenario`'s solve, and recorded there: ask for deeper stacks first, and their
    /// parents' solves find their heights. Nil when `scenario` has no nested stack `id`, or when its item ids are
    /// not unique (an id would not name one stack: lay the stack out alone with `layout(_:)` instead).
    package func fittingSize(ofNested id: String, in scenario: Scenario) -> Size? {
        let clamped = scenario.clampedForLayout()
        // Shared fitting heights assume unique ids, as one layout of the scenario does.
        guard Self.hasUniqueIDs(clamped.stack), let nested = Self.nestedStack(id, in: clamped.stack) else { return nil }
        let heights = entry(clamped: clamped, key: Self.key(clamped), fitting: nil).fitting
        let alone = Scenario(stack: nested)
        let solved = entry(clamped: alone, key: alone, fitting: heights)
        if heights.cache[id] == nil {
            // What `ReferenceEngine.system`'s fitting closure stores for this stack: the height of the same solve
            // (the root baselines, which that closure's solve leaves out, add no row).
            heights.cache[id] = denoise(solved.exact.size.height)
        }
        return Size(width: ExactLayout.edge(solved.exact.size.width, scale: nil),
                    height: ExactLayout.edge(solved.exact.size.height, scale: nil))
    }

    static func nestedStack(_ id: String, in stack: Stack) -> Stack? {
        var pending = [stack]
        while let s = pending.popLast() {
            for item in s.arrangedSubviews {
                guard let inner = item.stack else { continue }
                if item.id == id { return inner }
                pending.append(inner)
            }
        }
        return nil
    }

    static func hasUniqueIDs(_ stack: Stack) -> Bool {
        var seen = Set<String>()
        var pending = [stack]
        while let s = pending.popLast() {
            for item in s.arrangedSubviews {
                if !seen.insert(item.id).inserted { return false }
                if let inner = item.stack { pending.append(inner) }
            }
        }
        return true
    }
}
