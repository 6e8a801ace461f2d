import Cassowary

/// One solver holding a `ReferenceSystem`: the variables of every item and a handle per added row. Shared by the
/// one-shot engine and the layout session (which keeps it across changes). The only file that knows the solver.
final class ReferenceSolverState {
    typealias Variable = Cassowary.Variable
    typealias ConstraintHandle = Cassowary.ConstraintHandle
    let solver: Cassowary.Solver = {
        let s = Cassowary.Solver()
        s.conflictSearchLimit = 150   // conflict sets are for people; bound their cost on large stacks
        return s
    }()
    /// The row behind each handle id (nil once removed), to name the constraints a broken one conflicts with.
    private var rowOfHandle: [(row: ReferenceSystem.Row, handle: ConstraintHandle)?] = []
    /// For each broken row, the rows it conflicts with (UIKit's "Unable to simultaneously satisfy constraints" list).
    private(set) var conflicts: [[ReferenceSystem.Row]] = []
    /// The variables of the system being added, by `VariableKey.index` (nil: not made yet).
    private var variableByIndex: [Variable?] = []
    /// Every variable by key; kept only by a session, whose successive systems number their items differently.
    private var variableByKey: [ReferenceSystem.VariableKey: Variable]?

    /// `keepsKeys`: for a solver that will take rows of another system (the session), see `adopt(_:)`.
    init(keepsKeys: Bool = false) {
        if keepsKeys { variableByKey = [:] }
    }
    /// Added rows and their handles, as a multiset keyed by the row (the session diffs by this key). Built on the
    /// first `remove`: hashing every row on every add was a large share of a one-shot layout.
    private var handlesByRow: [ReferenceSystem.Row: [ConstraintHandle]]?
    /// Required rows that could not be added (R-SOLVE-5, R-T-7), in the order they were tried.
    private(set) var broken: [ReferenceSystem.Row] = []

    /// The key's variable, made on first use (so variables are made in the order rows are added, which fixes
    /// the solver's symbol order and so its pivots).
    func variable(_ key: ReferenceSystem.VariableKey) -> Variable {
        let i = key.index
        if i < variableByIndex.count, let v = variableByIndex[i] { return v }
        let v: Variable
        if let known = variableByKey?[key] {
            v = known
        } else {
            v = solver.makeVariable()
            variableByKey?[key] = v
        }
        if i >= variableByIndex.count { variableByIndex += repeatElement(nil, count: i + 1 - variableByIndex.count) }
        variableByIndex[i] = v
        return v
    }

    /// Before rows of another system are added (a session's next state): indexes are that system's from now on.
    func adopt(_ system: ReferenceSystem) {
        precondition(variableByKey != nil, "adopt(_:) needs a state made with keepsKeys")
        variableByIndex.removeAll(keepingCapacity: true)
        variableByIndex.reserveCapacity(4 * system.items.count)
    }

    /// Adds one row; a required row that cannot hold is recorded as broken and left out (R-SOLVE-5).
    /// Returns false when it was broken.
    @discardableResult
    func add(_ row: ReferenceSystem.Row, optimizeNow: Bool = true) -> Bool {
        let relation: Cassowary.Relation
        switch row.relation {
        case .equal: relation = .equal
        case .lessThanOrEqual: relation = .lessThanOrEqual
        case .greaterThanOrEqual: relation = .greaterThanOrEqual
        }
        let constraint = Constraint(row.terms.map { (variable($0.variable), $0.coefficient) },
                                    constant: row.constant, relation, priority: row.priority)
        do {
            let handle = try solver.add(constraint, optimize: optimizeNow)
            handlesByRow?[row, default: []].append(handle)
            // Handles are issued in order: one append (growing by a whole padded array per add was a tenth of
            // this function).
            while rowOfHandle.count < handle.id { rowOfHandle.append(nil) }
            if rowOfHandle.count == handle.id { rowOfHandle.append((row, handle)) } else { rowOfHandle[handle.id] = (row, handle) }
            return true
        } catch {
            broken.append(row)
            conflicts.append(error.conflicting.compactMap { $0.id < rowOfHandle.count ? rowOfHandle[$0.id]?.row : nil })
            return false
        }
    }

    /// Removes one added copy of `row`; false when the solver could not take it out cleanly (rebuild).
    func remove(_ row: ReferenceSystem.Row) -> Bool {
        if handlesByRow == nil {
            var index: [ReferenceSystem.Row: [ConstraintHandle]] = [:]
            for case let added? in rowOfHandle { index[added.row, default: []].append(added.handle) }
            handlesByRow = index
        }
        guard var list = handlesByRow?[row], let handle = list.popLast() else { return true }   // it was broken
        handlesByRow?[row] = list.isEmpty ? nil : list
        rowOfHandle[handle.id] = nil
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
    func addAll(_ system: ReferenceSystem, pruneTieLevels: Bool = false) {
        // The required rows go in first, before any objective exists: there is nothing to optimise yet.
        solver.reserve(constraints: system.rows.count)
        rowOfHandle.reserveCapacity(system.rows.count)
        variableByIndex.reserveCapacity(4 * system.items.count)
        for row in Self.requiredInClassOrder(system.rows) { add(row, optimizeNow: false) }
        guard pruneTieLevels else {
            for row in system.rows where row.priority < 1000 { add(row, optimizeNow: false) }
            solver.optimize()
            return
        }
        // UIKit's optional rows one by one, optimal after each (kiwi's way): a row that holds at the optimum so
        // far costs no pivot. Optimising once at the end instead made the compression level pivot about 1.6 times
        // per view, each pivot updating a row per view (the rows of a stack's shared height): quadratic.
        for row in system.rows where row.priority < 1000 && row.role != .tieBreak { add(row, optimizeNow: true) }
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
                let terms = row.terms.map { (variable: variable($0.variable), coefficient: $0.coefficient) }
                if solver.isFixedAtOptimum(terms) { continue }
                add(row, optimizeNow: false)
                added = true
            }
            if added { solver.optimize() }
            start = end
        }
    }

    static func requiredInClassOrder(_ rows: [ReferenceSystem.Row]) -> [ReferenceSystem.Row] {
        // A stable bucket sort by class (roles are small integers).
        var buckets: [[Int]] = Array(repeating: [], count: UISVConstraintRole.tieBreak.rawValue + 1)
        for (i, row) in rows.enumerated() where row.priority >= 1000 { buckets[row.role.rawValue].append(i) }
        var out: [ReferenceSystem.Row] = []
        out.reserveCapacity(buckets.reduce(0) { $0 + $1.count })
        for bucket in buckets { for i in bucket { out.append(rows[i]) } }
        return out
    }

    /// Brings the tableau to the lexicographic optimum after a batch of adds and removes.
    func optimize() { solver.optimize() }

    /// A variable's value; 0 for one no row holds (never made).
    func value(_ key: ReferenceSystem.VariableKey) -> Double {
        let i = key.index
        if i < variableByIndex.count, let v = variableByIndex[i] { return solver.value(of: v) }
        return variableByKey?[key].map { solver.value(of: $0) } ?? 0
    }

    func value(_ e: ReferenceSystem.Expr) -> Double {
        e.terms.reduce(e.constant) { $0 + $1.coefficient * value($1.variable) }
    }

    /// Reads the exact layout (root coordinates, left to right) off the solution.
    func exactLayout(_ system: ReferenceSystem, diagnostics: [String]) -> ExactLayout {
        func frame(_ item: UISVItem) -> Frame {
            // Every arranged item and the root are registered (ReferenceSystemBuilder.init).
            let slot = system.slotOfItem[item] ?? -1
            func v(_ c: ReferenceSystem.VariableKey.Component) -> Double {
                slot < 0 ? 0 : value(.init(item: item, component: c, slot: slot))
            }
            return Frame(x: v(.x), y: v(.y), width: v(.width), height: v(.height))
        }
        let root = frame(.root)
        return ExactLayout(size: Size(width: root.width, height: root.height),
                           frames: system.index.items.map { frame(.view($0.id)) },
                           firstBaseline: value(system.rootBaselines.first),
                           lastBaseline: value(system.rootBaselines.last),
                           diagnostics: diagnostics + brokenDiagnostics)
    }

    /// Each broken constraint as `broken: <line>` (SCENARIO-FORMAT.md), followed by the constraints it conflicts
    /// with, the way UIKit's log lists them.
    var brokenDiagnostics: [String] {
        var out: [String] = []
        for (row, conflicting) in zip(broken, conflicts) {
            out.append("broken: " + (row.source?.consoleLine ?? "?"))
            for other in conflicting { out.append("  conflicts with: " + (other.source?.consoleLine ?? "?")) }
        }
        return out
    }
}

extension ReferenceEngine {
    /// The system for a clamped scenario; nested stacks' fitting heights (R-BL-5) come from laying them out alone.
    /// Fitting heights of nested stacks by item id, shared by every solve of one layout so that each nested stack
    /// is fitted once however deep the nesting (ids are unique across a scenario).
    final class FittingHeights {
        var cache: [String: Double] = [:]
    }

    static func system(_ scenario: Scenario, computeRootBaselines: Bool = true,
                       fitting: FittingHeights = FittingHeights(), formerOptimization: Bool = false) -> ReferenceSystem {
        ReferenceSystem(scenario, computeRootBaselines: computeRootBaselines, fittingHeight: { id, stack in
            if let h = fitting.cache[id] { return h }
            // Denoised like the published fitting size (`layout(_:)`), so R-BL-5 compares the heights a user sees:
            // a nested stack whose exact height is solver noise above a leaf's 0 ties with it, and the lower index wins.
            let h = denoise(ReferenceEngine().exactLayout(Scenario(stack: stack), computeRootBaselines: false,
                                                          fitting: fitting, formerOptimization: formerOptimization)
                                .size.height)
            fitting.cache[id] = h
            return h
        })
    }

    /// Solves a clamped scenario into an exact, unrounded layout. `formerOptimization`: the solver re-optimises
    /// every level after each change (`Solver.skipsSettledLevels` false), the way it did before; the same pivots,
    /// for tests and the benchmark to compare.
    func exactLayout(_ scenario: Scenario, computeRootBaselines: Bool = true,
                     fitting: FittingHeights = FittingHeights(), formerOptimization: Bool = false) -> ExactLayout {
        let system = Self.system(scenario, computeRootBaselines: computeRootBaselines, fitting: fitting,
                                 formerOptimization: formerOptimization)
        let state = ReferenceSolverState()
        state.solver.skipsSettledLevels = !formerOptimization
        state.addAll(system, pruneTieLevels: true)
        return state.exactLayout(system, diagnostics: system.diagnostics)
    }
}
