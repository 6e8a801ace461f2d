/// Reference layouts of one scenario and of the scenarios derived from it, each constraint system solved once.
///
/// The reference engine's solve depends on the clamped stack and the container only: the scale and the layout
/// direction enter after it (`ExactLayout.finish`: pixel rounding, mirroring). So a scenario's variants that differ
/// only in scale or direction (`rounding.*`, `direction.rightToLeftMirrors`, the §4 domain check's exact layout)
/// share one solve here, finished once per variant.
///
/// A nested stack's fitting size (the §4 domain check, `nesting.behavesAsFittingSizeView`) is its layout alone.
/// The reference solve already lays some nested stacks out alone, for the fitting heights of R-BL-5
/// (`AcceleratedReferenceEngine.system`), and keeps each such stack's whole exact size (`FittingHeights.sizes`), so the §4
/// check reads it instead of solving the stack again. Other nested stacks are
/// solved alone on demand, with the same fitting heights (ids name the same items), and give theirs to the
/// systems above them. A fitting solve leaves out the root baselines, which add no row: its size is that of the
/// stack's own layout.
///
/// Each solve does only what its caller reads (`Need`). A nested stack fitted for its size skips the conflict
/// search and, when UIKit's levels fix its size, the tie levels. A caller that discards a layout with a broken
/// constraint (the §4 check) gets a solve that stops after the required rows when one breaks, without the conflict
/// search, which costs up to a solve per required constraint and only names the constraints a broken one conflicts
/// with. A whole layout asked for later of such a solve is solved again. The root's baselines are read off a solve's
/// frames when a layout with them is first asked for, and a scenario whose rows equal a kept solve's takes its
/// frames (`solve`).
///
/// Every whole answer equals `AcceleratedReferenceEngine().layout(_:)` of the same scenario, to the bit (tests compare them);
/// the `unlessBroken` answer to a scenario with a broken constraint is only its `broken:` lines. Not
/// thread-safe: one per case (a caller that shares it across threads locks around it). Memory is bounded by
/// `capacity` solves; past it, new solves are answered but not kept.
package final class ReferenceLayoutCache {
    /// Nested stacks laid out alone, by the id of their item: the denoised fitting height a system uses (R-BL-5),
    /// and the exact size. Shared by the solves of one scenario and of its nested stacks alone.
    typealias Fitting = AcceleratedReferenceEngine.FittingHeights

    typealias Need = AcceleratedReferenceEngine.Reading

    private struct Entry {
        /// The solved scenario, clamped, without name, scale or direction: all that the solve depends on.
        let key: Scenario
        var exact: ExactLayout
        let fitting: Fitting
        /// What the solve was made for, and whether a required constraint broke.
        let need: Need
        let isBroken: Bool
        /// Whether every item id of `key` is unique (fitting heights and sizes are shared by id).
        let hasUniqueIDs: Bool
        /// The system solved, to recognise another scenario with the same rows (`solve`).
        let system: PackedSystem

        /// Whether `exact` answers a caller who needs `need`. A solve that did not stop early is a whole layout,
        /// whatever it was made for, but for the conflict sets of a broken constraint, searched only for `layout`.
        /// (A size solve stops early only when the tie levels could not change the size, `addAll`.)
        func serves(_ need: Need) -> Bool {
            if exact.isPartial { return need == self.need }
            return !isBroken || self.need == .layout || need != .layout
        }
    }

    private var entries: [Entry] = []
    package let capacity: Int
    /// How many systems were solved, fitting solves included; for tests and measurements.
    package private(set) var solveCount = 0
    /// How many scenarios took a kept solve of the same rows instead of a solve of their own.
    package private(set) var twinCount = 0

    package init(capacity: Int = 32) { self.capacity = capacity }

    /// Scenarios with text and their pass-2 scenarios (§2.7), so that pass 1 is solved once per scenario.
    private var passes: [(scenario: Scenario, laidOut: Scenario)] = []

    /// `AcceleratedReferenceEngine.laidOutScenario`, pass 1 solved once per scenario with text (up to `capacity`).
    /// Pass 1's exact widths depend neither on the scale nor on the direction (rounding and mirroring come after
    /// the solve), so the variants that share a solve share pass 1 too.
    private func laidOut(_ scenario: Scenario) -> Scenario {
        guard scenario.hasText else { return scenario.clampedForLayout() }
        let key = Self.key(scenario)
        var laidOut: Scenario
        if let known = passes.first(where: { $0.scenario == key }) {
            laidOut = known.laidOut
        } else {
            laidOut = AcceleratedReferenceEngine.laidOutScenario(key)
            solveCount += 1
            if passes.count < capacity { passes.append((key, laidOut)) }
        }
        (laidOut.name, laidOut.scale, laidOut.layoutDirection) = (scenario.name, scenario.scale, scenario.layoutDirection)
        return laidOut
    }

    /// A solve of `scenario` for `need`, counting it and the nested stacks it lays out
    /// alone (their sizes stay in `fitting`). The root's baselines are left for `layout(_:unlessBroken:rootBaselines:)`.
    ///
    /// A scenario whose system has the same rows as a kept whole solve's, which broke nothing, takes that solve's
    /// frames instead of solving again (`PackedSystem.hasSameRows`): the solve is a function of the rows, so this
    /// is what solving again would give, to the bit. Properties whose variant changes a setting UIKit ignores (a
    /// custom spacing after the last view, R-SP-6; baseline-relative arrangement in a horizontal stack, R-BL-1) lay
    /// out such twins; a system that did change still gets its own solve.
    private func solve(_ scenario: Scenario, _ fitting: Fitting, _ need: Need) -> (ExactLayout, PackedSystem) {
        let nestedBefore = fitting.solves
        let system = AcceleratedReferenceEngine.system(scenario, fitting: fitting)
        var exact: ExactLayout
        if let twin = entries.first(where: { !$0.isBroken && !$0.exact.isPartial && $0.system.hasSameRows(as: system) }) {
            exact = twin.exact
            // The root's baselines are this scenario's, read off the same frames later.
            exact.firstBaseline = nil
            exact.lastBaseline = nil
            exact.hasRootBaselines = false
            twinCount += 1
        } else {
            exact = AcceleratedReferenceEngine.solve(system, reading: need)
            solveCount += 1
        }
        solveCount += fitting.solves - nestedBefore
        return (exact, system)
    }

    static func key(_ clamped: Scenario) -> Scenario {
        var key = clamped
        key.name = nil
        key.scale = nil
        key.layoutDirection = .leftToRight
        return key
    }

    /// The entry of `key`, solved for `need` unless a solve that serves it is kept. Returns the entry and its place
    /// in `entries` (nil: not kept).
    private func entry(clamped: Scenario, key: Scenario, fitting: Fitting?, need: Need) -> (entry: Entry, at: Int?) {
        let known = entries.firstIndex { $0.key == key }
        if let known, entries[known].serves(need) { return (entries[known], known) }
        // A nested stack of a solved scenario, alone, shares that scenario's fitting heights.
        let heights = known.map { entries[$0].fitting }
            ?? fitting ?? entries.first { $0.hasUniqueIDs && Self.holds($0.key, key) }?.fitting ?? Fitting()
        let (exact, system) = solve(clamped, heights, need)
        let entry = Entry(key: key, exact: exact, fitting: heights, need: need,
                          isBroken: exact.diagnostics.contains { $0.hasPrefix("broken:") },
                          hasUniqueIDs: Self.hasUniqueIDs(key.stack), system: system)
        if let known {
            entries[known] = entry
            return (entry, known)
        }
        guard entries.count < capacity else { return (entry, nil) }
        entries.append(entry)
        return (entry, entries.count - 1)
    }

    /// `AcceleratedReferenceEngine().layout(scenario)`, solved only when no scenario with the same system was solved before.
    /// `unlessBroken`: when a required constraint breaks (R-SOLVE-5), the answer is only good for saying so: its
    /// `broken:` lines are there, without the `conflicts with:` lines, and its frames are not a layout (the solve
    /// stopped after the required rows). For a caller that discards such a layout; all else is the same.
    /// `rootBaselines` false: the root's baselines may be `notComputed` (the tallest of a horizontal root's views can
    /// take a solve per nested stack, R-BL-5; the §4 check asks without them, and most of its discards then never
    /// pay for them). Asked for later, they are filled in from the same solve.
    package func layout(_ scenario: Scenario, unlessBroken: Bool = false, rootBaselines: Bool = true) -> Layout {
        let clamped = laidOut(scenario)
        let index = ScenarioIndex(clamped)
        var (found, at) = entry(clamped: clamped, key: Self.key(clamped), fitting: nil,
                                need: unlessBroken ? .unlessBroken : .layout)
        if rootBaselines && !found.exact.hasRootBaselines && !found.exact.isPartial {
            let nestedBefore = found.fitting.solves
            found.exact.completeRootBaselines(of: found.key, index: index,
                                              fittingHeight: AcceleratedReferenceEngine.fittingHeight(found.fitting))
            solveCount += found.fitting.solves - nestedBefore
            if let at { entries[at] = found }
        }
        return found.exact.finish(for: clamped, index: index)
    }

    /// `layout(scenario).size`, to the bit, from a solve for the size: one that skips the tie levels when UIKit's
    /// levels already fix it (`AcceleratedReferenceEngine.Reading.size`), or any kept solve of the same system.
    package func size(_ scenario: Scenario) -> Size {
        let clamped = laidOut(scenario)
        let size = entry(clamped: clamped, key: Self.key(clamped), fitting: nil, need: .size).entry.exact.size
        return Size(width: ExactLayout.edge(size.width, scale: clamped.scale),
                    height: ExactLayout.edge(size.height, scale: clamped.scale))
    }

    /// The fitting size of the nested stack held by the item `id` of `scenario` (at any depth): the size of
    /// `AcceleratedReferenceEngine().layout(Scenario(layoutDirection: d, stack: nested))` for any direction `d`. Read off the
    /// scenario's solve when it fitted that stack, else solved alone (ask for deeper stacks first: their parents'
    /// solves then find their heights). Nil when `scenario` has no nested stack `id`, or when its item ids are not
    /// unique (an id would not name one stack: lay the stack out alone with `layout(_:)` instead).
    package func fittingSize(ofNested id: String, in scenario: Scenario) -> Size? {
        // With text, the stack alone makes its own two passes (§2.7): its size is that of its own layout.
        if scenario.hasText {
            guard Self.hasUniqueIDs(scenario.stack), let nested = Self.nestedStack(id, in: scenario.stack) else { return nil }
            return layout(Scenario(stack: nested), rootBaselines: false).size
        }
        let clamped = laidOut(scenario)
        // Any solve of the scenario has the fitting heights its system asked for.
        let solved = entry(clamped: clamped, key: Self.key(clamped), fitting: nil, need: .size).entry
        // Shared fitting heights assume unique ids, as one layout of the scenario does.
        guard solved.hasUniqueIDs, let nested = Self.nestedStack(id, in: clamped.stack) else { return nil }
        let fitting = solved.fitting
        let size: Size
        if let known = fitting.sizes[id] {
            size = known
        } else {
            let alone = Scenario(stack: nested)
            size = entry(clamped: alone, key: alone, fitting: fitting, need: .size).entry.exact.size
            fitting.sizes[id] = size
            if fitting.heights[id] == nil { fitting.heights[id] = denoise(size.height) }
        }
        return Size(width: ExactLayout.edge(size.width, scale: nil), height: ExactLayout.edge(size.height, scale: nil))
    }

    /// The exact sizes, by id, of the nested stacks for which `fittingSize(ofNested:in:)` would answer without a
    /// solve: `scenario` is solved and its solve, or an earlier question, fitted them. (Only looked up by id: no
    /// dictionary order escapes.)
    package func knownFittingSizes(in scenario: Scenario) -> [String: Size] {
        // With text, the solve's fitted stacks have their pass-2 sizes, not their own layouts' (`fittingSize`).
        guard !scenario.hasText else { return [:] }
        let key = Self.key(laidOut(scenario))
        guard let solved = entries.first(where: { $0.key == key }), solved.hasUniqueIDs else { return [:] }
        return solved.fitting.sizes
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

    /// Whether `key` is one of the nested stacks of `solved` alone (when `solved`'s ids are unique, its fitting
    /// heights then apply to it).
    static func holds(_ solved: Scenario, _ key: Scenario) -> Bool {
        guard key.container == .free else { return false }
        var pending = [solved.stack]
        while let s = pending.popLast() {
            for item in s.arrangedSubviews {
                guard let inner = item.stack else { continue }
                if inner == key.stack { return true }
                pending.append(inner)
            }
        }
        return false
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
