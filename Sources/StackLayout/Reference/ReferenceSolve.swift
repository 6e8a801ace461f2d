@_spi(Accelerated) import Cassowary

/// One solver holding a `ReferenceSystem`: the variables of every item and a handle per added row. Shared by the
/// one-shot engine and the layout session (which keeps it across changes). The only file that knows the solver.
struct ReferenceSolverState {
    typealias Variable = Cassowary.Variable
    typealias ConstraintHandle = Cassowary.ConstraintHandle
    let solver: Cassowary.Solver
    /// The constraint being added (`fillScratch`).
    private var scratch = Constraint([], .equal)
    /// The source constraints of every system added so far (one for a one-shot layout), and by handle id which
    /// table and index a row's source is at (−1: none), to name the constraints a broken one conflicts with.
    private var sourceTables: [[UISVConstraint]] = []
    private var sourceOfHandle: [(table: Int32, index: Int32)] = []
    /// The system whose rows are being added (`addAll`, `adopt`), and its terms.
    private var system: ReferenceSystem?
    private var systemTerms: [ReferenceSystem.Term] = []
    /// The current system's offsets for positions, in a one-shot solve (`RelativePositions`), and scratch for them.
    private var relative: RelativePositions?
    private var rewritten: [ReferenceSystem.Term] = []
    private var rewriteWork: [ReferenceSystem.Term] = []
    /// With `relative`, for `positionsAreFixed`: per position variable, 1 when it is fixed at the optimum (for good:
    /// levels added below cannot move it), `-fixedGeneration` when it was not at this optimum, else not known.
    private var fixedPositions: [Int32] = []
    /// Numbers the optima the tie levels reach (one per `optimize`).
    private var fixedGeneration: Int32 = 1
    /// Whether `addAll` stopped before the end for what its caller reads (`ReferenceEngine.Reading`).
    private(set) var stoppedEarly = false
    /// Required rows that could not be added (R-SOLVE-5, R-T-7), in the order they were tried, by their source.
    private(set) var broken: [UISVConstraint?] = []
    /// For each broken row, the constraints it conflicts with (UIKit's "Unable to simultaneously satisfy
    /// constraints" list).
    private(set) var conflicts: [[UISVConstraint?]] = []
    /// The variables of the system being added, by variable index (nil: not made yet).
    private var variableByIndex: [Variable?] = []
    /// Session only (`keepsKeys`): every variable by item and component, and every added row's key by handle id
    /// (nil once removed); the session's successive systems number items differently.
    private var variableByKey: [ReferenceSystem.VariableKey: Variable]?
    private var keyOfHandle: [(key: ReferenceSystem.RowKey, handle: ConstraintHandle)?]?
    /// Added rows' handles by key, as a multiset (the session removes by key); built on the first `remove`.
    private var handlesByKey: [ReferenceSystem.RowKey: [ConstraintHandle]]?
    /// Session only: the key of the row `add` adds next, when the caller already made it (`add(_:key:)`).
    private var knownKey: ReferenceSystem.RowKey?

    /// `keepsKeys`: for a solver that will take rows of another system (the session), see `adopt(_:)`.
    /// `solver`: a new or reset one (`ReferenceSolverPool`).
    /// `findsConflicts`: false leaves `conflicts` empty (a broken row is still recorded in `broken`), for a solve
    /// whose diagnostics no one reads; the conflict search never changes the solution.
    init(keepsKeys: Bool = false, solver: Cassowary.Solver = Cassowary.Solver(), findsConflicts: Bool = true) {
        self.solver = solver
        // Conflict sets are for people; bound their cost on large stacks.
        solver.conflictSearchLimit = findsConflicts ? 150 : 0
        if keepsKeys { variableByKey = [:]; keyOfHandle = [] }
    }

    /// The variable of an index of the current system, made on first use (so variables are made in the order rows
    /// are added, which fixes the solver's symbol order and so its pivots).
    mutating func variable(_ index: Int32) -> Variable {
        let i = Int(index)
        if i < variableByIndex.count, let v = variableByIndex[i] { return v }
        let v: Variable
        if variableByKey != nil, let key = system?.key(index) {
            if let known = variableByKey?[key] { v = known } else {
                v = solver.makeVariable()
                variableByKey?[key] = v
            }
        } else {
            v = solver.makeVariable()
        }
        if i >= variableByIndex.count { variableByIndex += repeatElement(nil, count: i + 1 - variableByIndex.count) }
        variableByIndex[i] = v
        return v
    }

    /// Before rows of a system are added: its variable indexes and sources are the current ones from now on (a
    /// session's next state needs a state made with `keepsKeys`).
    mutating func adopt(_ system: ReferenceSystem) {
        precondition(self.system == nil || variableByKey != nil, "adopt(_:) of a second system needs keepsKeys")
        self.system = system
        systemTerms = system.terms
        relative = variableByKey == nil ? system.relativePositions : nil
        sourceTables.append(system.sources)
        variableByIndex.removeAll(keepingCapacity: true)
        variableByIndex.reserveCapacity(4 * system.items.count)
    }

    /// Adds one row of the current system; a required row that cannot hold is recorded as broken and left out
    /// (R-SOLVE-5). Returns false when it was broken.
    /// `filled`: `scratch.terms` already holds the row's terms (`addAll`'s tie levels fill it to test the row first).
    @discardableResult
    mutating func add(_ row: ReferenceSystem.Row, optimizeNow: Bool = true, filled: Bool = false) -> Bool {
        let relation: Cassowary.Relation
        switch row.relation {
        case .equal: relation = .equal
        case .lessThanOrEqual: relation = .lessThanOrEqual
        case .greaterThanOrEqual: relation = .greaterThanOrEqual
        }
        if !filled { fillScratch(row) }
        scratch.constant = row.constant
        scratch.relation = relation
        scratch.priority = row.priority
        do {
            let handle = try solver.add(scratch, optimize: optimizeNow)
            let origin = (table: Int32(sourceTables.count - 1), index: row.source)
            // Handles are issued in order: one append.
            while sourceOfHandle.count < handle.id { sourceOfHandle.append((-1, -1)) }
            if sourceOfHandle.count == handle.id { sourceOfHandle.append(origin) } else { sourceOfHandle[handle.id] = origin }
            if keyOfHandle != nil, let system {
                let key = knownKey ?? system.key(of: row)
                knownKey = nil
                while keyOfHandle!.count <= handle.id { keyOfHandle!.append(nil) }
                keyOfHandle![handle.id] = (key, handle)
                handlesByKey?[key, default: []].append(handle)
            }
            return true
        } catch {
            broken.append(system?.source(of: row))
            conflicts.append(error.conflicting.map(source(of:)))
            return false
        }
    }

    /// `add` for a session that already made the row's key (it diffed the systems by key).
    @discardableResult
    mutating func add(_ row: ReferenceSystem.Row, key: ReferenceSystem.RowKey) -> Bool {
        knownKey = key
        defer { knownKey = nil }
        return add(row, optimizeNow: false)
    }

    /// `scratch.terms` := the row's terms with solver variables. One buffer for every row: the solver copies what
    /// it keeps (`ConstraintStore`), so the buffer is never shared and never reallocated once grown.
    private mutating func fillScratch(_ row: ReferenceSystem.Row) {
        if relative != nil { fillScratchWithOffsets(row); return }
        scratch.terms.removeAll(keepingCapacity: true)
        for t in systemTerms[Int(row.termStart)..<Int(row.termStart + row.termCount)] {
            let v = variable(t.variable)
            scratch.terms.append((v, t.coefficient))
        }
    }

    /// `fillScratch` with offsets for positions (`RelativePositions.rewrite`).
    private mutating func fillScratchWithOffsets(_ row: ReferenceSystem.Row) {
        guard let relative else { return }
        scratch.terms.removeAll(keepingCapacity: true)
        rewritten.removeAll(keepingCapacity: true)
        relative.rewrite(systemTerms[Int(row.termStart)..<Int(row.termStart + row.termCount)], into: &rewritten,
                         work: &rewriteWork)
        for t in rewritten { scratch.terms.append((variable(t.variable), t.coefficient)) }
    }

    /// The source constraint of an added row, by handle.
    private func source(of handle: ConstraintHandle) -> UISVConstraint? {
        guard handle.id < sourceOfHandle.count else { return nil }
        let (table, index) = sourceOfHandle[handle.id]
        return table >= 0 && index >= 0 ? sourceTables[Int(table)][Int(index)] : nil
    }

    /// Removes one added row with this key (session only); false when the solver could not take it out cleanly
    /// (rebuild).
    mutating func remove(_ key: ReferenceSystem.RowKey) -> Bool {
        if handlesByKey == nil {
            var index: [ReferenceSystem.RowKey: [ConstraintHandle]] = [:]
            for case let added? in keyOfHandle ?? [] { index[added.key, default: []].append(added.handle) }
            handlesByKey = index
        }
        guard var list = handlesByKey?[key], let handle = list.popLast() else { return true }   // it was broken
        handlesByKey?[key] = list.isEmpty ? nil : list
        keyOfHandle?[handle.id] = nil
        return solver.remove(handle, optimize: false)
    }

    /// Adds a whole system to an empty solver: required rows class by class in R-T-7 order (generation order within
    /// a class), then the optional ones.
    ///
    /// With `pruneTieLevels`, the project's final levels (role `.tieBreak`, each below every UIKit priority) are
    /// added level by level after the levels above are optimal, and a row whose expression those levels already
    /// fix is left out: its error is the same in every remaining solution, so it could not change the answer.
    /// Most R-T-8 rows, and many R-T-1 rows, are such rows. A solver built this way does not hold every row, so
    /// only a one-shot layout may prune (the session diffs rows against the solver).
    ///
    /// For `reading` `.size` (a nested stack fitted alone, R-BL-5 and §4: only the root's size is read), the tie
    /// levels are left out when the optimum of UIKit's levels already fixes the root's width and height: levels below
    /// cannot move them (`Solver.reachesOnlyFixedSymbols`). For `.unlessBroken`, nothing more is added once a
    /// required row broke. Other values may then differ from a full solve.
    mutating func addAll(_ system: ReferenceSystem, pruneTieLevels: Bool = false,
                         reading: ReferenceEngine.Reading = .layout) {
        // The required rows go in first, before any objective exists: there is nothing to optimise yet.
        adopt(system)
        solver.reserve(constraints: system.rows.count)
        sourceOfHandle.reserveCapacity(system.rows.count)
        for i in Self.requiredIndicesInClassOrder(system.rows) { add(system.rows[i], optimizeNow: false) }
        if reading == .unlessBroken && !broken.isEmpty { stoppedEarly = true; return }
        guard pruneTieLevels else {
            for row in system.rows where row.priority < 1000 { add(row, optimizeNow: false) }
            solver.optimize()
            return
        }
        // UIKit's optional rows one by one, optimal after each (kiwi's way): a row that holds at the optimum so
        // far costs no pivot. Optimising once at the end instead made the compression level pivot about 1.6 times
        // per view, each pivot updating a row per view (the rows of a stack's shared height): quadratic.
        for row in system.rows where row.priority < 1000 && row.role != .tieBreak { add(row, optimizeNow: true) }
        if reading == .size && rootSizeIsFixed(system) { stoppedEarly = true; return }
        // Tie rows by level, highest first; generation order within a level.
        let ties = system.rows.indices.filter { system.rows[$0].role == .tieBreak && system.rows[$0].priority < 1000 }
            .sorted { (system.rows[$0].priority, -$0) > (system.rows[$1].priority, -$1) }
        var start = 0
        while start < ties.count {
            var end = start
            let priority = system.rows[ties[start]].priority
            while end < ties.count && system.rows[ties[end]].priority == priority { end += 1 }
            var added = false
            for i in ties[start..<end] {
                let row = system.rows[i]
                // Offsets (`RelativePositions`): a row relating items far apart along a stack is long once rewritten
                // (an R-T-8 corner is measured from the stack's canvas); most are fixed, and this says so first.
                if !added && relative != nil && positionsAreFixed(row) { continue }
                fillScratch(row)
                if solver.isFixedAtOptimum(scratch.terms) { continue }
                add(row, optimizeNow: false, filled: true)
                added = true
            }
            if added {
                solver.optimize()
                fixedGeneration += 1
            }
            start = end
        }
    }

    /// With offsets for positions, at an optimum: whether every variable of the row is fixed, so that the row is
    /// (a sufficient test: `Solver.isFixedAtOptimum` of the rewritten row would say so too). A position is fixed when
    /// its offset and the position it is measured from are: memoised up the chain, so a stack's rows cost a step
    /// each rather than a walk to the root each. Never makes a variable (that would change the symbol order).
    private mutating func positionsAreFixed(_ row: ReferenceSystem.Row) -> Bool {
        guard let relative else { return false }
        if fixedPositions.isEmpty { fixedPositions = Array(repeating: 0, count: relative.parent.count) }
        for t in systemTerms[Int(row.termStart)..<Int(row.termStart + row.termCount)] {
            if relative.parent[Int(t.variable)] == RelativePositions.notPosition {
                guard let v = madeVariable(t.variable), solver.reachesOnlyFixedSymbols(v) else { return false }
                continue
            }
            // Up the chain to a position already decided at this optimum (or the root), then back down.
            var chain: [Int32] = []
            var i = t.variable
            while i >= 0 && fixedPositions[Int(i)] != 1 && fixedPositions[Int(i)] != -fixedGeneration {
                chain.append(i)
                i = relative.parent[Int(i)]
            }
            var fixed = i < 0 || fixedPositions[Int(i)] == 1
            for j in chain.reversed() {
                fixed = fixed && madeVariable(j).map { solver.reachesOnlyFixedSymbols($0) } == true
                fixedPositions[Int(j)] = fixed ? 1 : -fixedGeneration
            }
            if !fixed { return false }
        }
        return true
    }

    /// Whether the root's width and height are fixed at the optimum so far, asked without making a variable (a new
    /// one would change the symbol order, and so the pivots, of what follows) or rewriting a row.
    private func rootSizeIsFixed(_ system: ReferenceSystem) -> Bool {
        let slot = system.slot(of: ItemKeySpace.root)
        guard slot >= 0 else { return false }
        for component in [ReferenceSystem.VariableKey.Component.width, .height] {
            guard let v = madeVariable(ReferenceSystem.variable(slot: slot, component)), solver.reachesOnlyFixedSymbols(v)
            else { return false }
        }
        return true
    }

    /// The variable of an index of the current system if a row made it already (nil: asking would make it).
    private func madeVariable(_ index: Int32) -> Variable? {
        Int(index) < variableByIndex.count ? variableByIndex[Int(index)] : nil
    }

    /// The indices of the required rows, class by class in R-T-7 order, in the given order within a class.
    static func requiredIndicesInClassOrder(_ rows: [ReferenceSystem.Row]) -> [Int] {
        // A stable bucket sort by class (roles are small integers).
        var buckets: [[Int]] = Array(repeating: [], count: UISVConstraintRole.tieBreak.rawValue + 1)
        for (i, row) in rows.enumerated() where row.priority >= 1000 { buckets[row.role.rawValue].append(i) }
        var out: [Int] = []
        out.reserveCapacity(buckets.reduce(0) { $0 + $1.count })
        for bucket in buckets { out.append(contentsOf: bucket) }
        return out
    }

    /// Brings the tableau to the lexicographic optimum after a batch of adds and removes.
    func optimize() { solver.optimize() }

    /// A variable's value; 0 for one no row holds (never made).
    func value(_ index: Int32) -> Double {
        let i = Int(index)
        if i < variableByIndex.count, let v = variableByIndex[i] { return solver.value(of: v) }
        guard let variableByKey, let key = system?.key(index) else { return 0 }
        return variableByKey[key].map { solver.value(of: $0) } ?? 0
    }

    /// Reads the exact layout (root coordinates, left to right) off the solution; the root's baselines are read off
    /// it afterwards (`ReferenceEngine.completeRootBaselines`).
    func exactLayout(_ system: ReferenceSystem, diagnostics: [String]) -> ExactLayout {
        // With offsets for positions (`RelativePositions`), the positions summed back.
        let positions = relative?.positions { self.value($0) }
        func value(_ index: Int32) -> Double {
            if let positions, relative!.parent[Int(index)] != RelativePositions.notPosition { return positions[Int(index)] }
            return self.value(index)
        }
        func frame(_ item: ItemKey) -> Frame {
            // Every arranged item and the root are registered (ReferenceSystemBuilder.init).
            let slot = system.slot(of: item)
            func v(_ c: ReferenceSystem.VariableKey.Component) -> Double {
                slot < 0 ? 0 : value(ReferenceSystem.variable(slot: slot, c))
            }
            return Frame(x: v(.x), y: v(.y), width: v(.width), height: v(.height))
        }
        let root = frame(ItemKeySpace.root)
        var exact = ExactLayout(size: Size(width: root.width, height: root.height),
                                frames: system.index.items.indices.map { frame(system.keys.view($0)) },
                                firstBaseline: nil, lastBaseline: nil, diagnostics: diagnostics + brokenDiagnostics)
        exact.rootY = root.y
        exact.hasRootBaselines = false
        return exact
    }

    /// Each broken constraint as `broken: <line>` (SCENARIO-FORMAT.md), followed by the constraints it conflicts
    /// with, the way UIKit's log lists them.
    var brokenDiagnostics: [String] {
        var out: [String] = []
        for (row, conflicting) in zip(broken, conflicts) {
            out.append("broken: " + (row?.consoleLine ?? "?"))
            for other in conflicting { out.append("  conflicts with: " + (other?.consoleLine ?? "?")) }
        }
        return out
    }
}

extension ReferenceEngine {
    /// What the caller of a solve reads of it: a solve skips the work no one reads.
    enum Reading {
        /// The whole layout, with each broken constraint's conflict set (the `conflicts with:` lines).
        case layout
        /// The layout unless a required constraint breaks (R-SOLVE-5): the solve then stops after the required rows,
        /// and only its `broken:` lines mean anything (no conflict sets, no root baselines). For a caller that
        /// discards such a layout (the §4 check). Without a broken constraint, it is the whole layout.
        case unlessBroken
        /// The root's size only, the same to the bit (nested stacks fitted alone, R-BL-5 and §4): no conflict sets,
        /// no root baselines, and no tie levels when UIKit's levels fix the size (`ReferenceSolverState.addAll`).
        case size
    }

    /// The system for a clamped scenario; nested stacks' fitting heights (R-BL-5) come from laying them out alone.
    /// Fitting heights of nested stacks by item id, shared by every solve of one layout so that each nested stack
    /// is fitted once however deep the nesting (ids are unique across a scenario). Each stack laid out alone also
    /// leaves its exact size (the §4 check reads it, `ReferenceLayoutCache`), and counts as a solve.
    final class FittingHeights {
        var heights: [String: Double] = [:]
        var sizes: [String: Size] = [:]
        var solves = 0
    }

    static func system(_ scenario: Scenario, fitting: FittingHeights = FittingHeights(),
                       formerOptimization: Bool = false) -> ReferenceSystem {
        ReferenceSystem(scenario, fittingHeight: fittingHeight(fitting, formerOptimization: formerOptimization))
    }

    /// A nested stack's R-BL-5 height: laid out alone once per `fitting`.
    static func fittingHeight(_ fitting: FittingHeights, formerOptimization: Bool) -> ReferenceSystem.FittingHeight {
        { id, stack in
            if let h = fitting.heights[id] { return h }
            // Denoised like the published fitting size (`layout(_:)`), so R-BL-5 compares the heights a user sees:
            // a nested stack whose exact height is solver noise above a leaf's 0 ties with it, and the lower index wins.
            let size = ReferenceEngine().exactLayout(Scenario(stack: stack), fitting: fitting,
                                                     formerOptimization: formerOptimization, reading: .size).size
            let h = denoise(size.height)
            fitting.heights[id] = h
            fitting.sizes[id] = size
            fitting.solves += 1
            return h
        }
    }

    /// Fills in the root stack's baselines (R-BL-2, R-BL-3, R-BL-5) from a solved layout of `clamped`: the baseline
    /// view's top plus its offset, or a bottom, read off the frames. The root's baselines add no row, so this may come
    /// after the solve, and after any question that might make it needless (the §4 check, `ReferenceLayoutCache`):
    /// a horizontal root's tallest view can take a solve per nested stack. The sums are those of the baseline's
    /// expression evaluated on the solution (`offset + y`, `0 + y + height`), so the values are the same to the bit.
    static func completeRootBaselines(_ exact: inout ExactLayout, of clamped: Scenario, index: ScenarioIndex,
                                      fitting: FittingHeights, formerOptimization: Bool = false) {
        guard !exact.hasRootBaselines else { return }
        var views = BaselineViews(root: clamped.stack, index: index,
                                  fittingHeight: fittingHeight(fitting, formerOptimization: formerOptimization))
        func value(_ source: BaselineViews.Source) -> Double {
            guard let i = source.item else { return 0 + exact.rootY + exact.size.height }
            let frame = exact.frames[i]
            if let offset = source.offset { return offset + frame.y }
            return 0 + frame.y + frame.height
        }
        exact.firstBaseline = value(views.source(of: nil, last: false))
        exact.lastBaseline = value(views.source(of: nil, last: true))
        exact.hasRootBaselines = true
    }

    /// Solves a clamped scenario into an exact, unrounded layout. `formerOptimization`: the solver keeps required
    /// equalities' markers in its rows (`Solver.keepsEqualityMarkers`); the same pivots.
    /// `computeRootBaselines`: false leaves the root's baselines to `completeRootBaselines` (`hasRootBaselines` is
    /// false): a caller that may not need them saves the solves of the nested stacks R-BL-5 compares.
    /// `newSolver`: solve on a solver made for this layout, not one from `ReferenceSolverPool` (for the tests that
    /// show the two agree).
    /// `reading`: what the caller reads (`Reading`); what it reads is the same to the bit as in a whole solve.
    func exactLayout(_ scenario: Scenario, computeRootBaselines: Bool = true,
                     fitting: FittingHeights = FittingHeights(), formerOptimization: Bool = false,
                     newSolver: Bool = false, reading: Reading = .layout) -> ExactLayout {
        solve(scenario, computeRootBaselines: computeRootBaselines, fitting: fitting,
              formerOptimization: formerOptimization, newSolver: newSolver, reading: reading).layout
    }

    /// `exactLayout` and the scenario's index the system was built on (so that `layout(_:)` builds it once).
    func solve(_ scenario: Scenario, computeRootBaselines: Bool = true, fitting: FittingHeights = FittingHeights(),
               formerOptimization: Bool = false, newSolver: Bool = false,
               reading: Reading = .layout) -> (layout: ExactLayout, index: ScenarioIndex) {
        let system = Self.system(scenario, fitting: fitting, formerOptimization: formerOptimization)
        var exact = Self.solve(system, formerOptimization: formerOptimization, newSolver: newSolver, reading: reading)
        if computeRootBaselines && reading == .layout {
            Self.completeRootBaselines(&exact, of: scenario, index: system.index, fitting: fitting,
                                       formerOptimization: formerOptimization)
        }
        return (exact, system.index)
    }

    /// A system's exact layout, solved once (`addAll`, tie levels pruned) on a solver from `ReferenceSolverPool`
    /// (or, with `newSolver`, on one made for it).
    static func solve(_ system: ReferenceSystem, formerOptimization: Bool = false,
                      newSolver: Bool = false, reading: Reading = .layout) -> ExactLayout {
        var state = ReferenceSolverState(solver: newSolver ? Solver() : ReferenceSolverPool.shared.take(),
                                         findsConflicts: reading == .layout)
        defer { if !newSolver { ReferenceSolverPool.shared.give(state.solver, rows: system.rows.count) } }
        // One-shot: nothing is removed (the session keeps the markers, `ReferenceLayoutSession`).
        state.solver.keepsEqualityMarkers = formerOptimization
        state.addAll(system, pruneTieLevels: true, reading: reading)
        var exact = state.exactLayout(system, diagnostics: system.diagnostics)
        exact.isPartial = state.stoppedEarly
        return exact
    }
}
