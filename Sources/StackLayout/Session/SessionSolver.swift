import Cassowary

/// The solver of a `ReferenceLayoutSession`: it keeps its variables and rows across the session's successive
/// systems, which number their items differently, so variables are known by item and component
/// (`PackedSystem.VariableKey`) and added rows by value (`PackedSystem.RowKey`), to be removed when a change
/// drops them.
struct SessionSolver {
    typealias Variable = Cassowary.Variable
    typealias RowKey = PackedSystem.RowKey
    let solver = Cassowary.Solver()
    /// The system whose rows are being added, and its variables by index (nil: not looked up yet).
    private var system: PackedSystem?
    private var variableByIndex: [Variable?] = []
    /// Every variable made, by item and component.
    private var variableByKey: [PackedSystem.VariableKey: Variable] = [:]
    /// Added rows' handles by key, as a multiset (two rows may be equal); a row's source by handle id, for the
    /// constraints a broken row conflicts with.
    private var handlesByKey: [RowKey: [ConstraintHandle]] = [:]
    private var sourceOfHandle: [UISVConstraint?] = []
    /// Required rows that could not hold (R-SOLVE-5), in the order they were tried, each with its conflicts.
    private(set) var broken: [(constraint: UISVConstraint?, conflicts: [UISVConstraint?])] = []

    init() {
        // As the oracle's (`ReferenceSolve`).
        solver.conflictSearchLimit = 150
    }

    /// Before rows of a system are added or removed: its variable indices are the current ones from now on.
    mutating func adopt(_ system: PackedSystem) {
        self.system = system
        variableByIndex = Array(repeating: nil, count: 4 * system.items.count)
    }

    /// Adds a whole system to a new session solver: required rows class by class (R-T-7), then every optional row,
    /// then one optimisation. (Not the oracle's order of optimisations, so the values may differ from a one-shot
    /// layout by rounding: R-V-9 compares layouts, not bits.)
    mutating func addAll(_ system: PackedSystem) {
        adopt(system)
        for i in PackedSystem.requiredRowsInClassOrder(system.rows) { add(system.rows[i], key: system.key(of: system.rows[i])) }
        for row in system.rows where row.priority < 1000 { add(row, key: system.key(of: row)) }
        solver.optimize()
    }

    /// Adds one row of the current system under its key; false when a required row could not hold (recorded as
    /// broken and left out).
    @discardableResult
    mutating func add(_ row: PackedSystem.Row, key: RowKey) -> Bool {
        guard let system else { return false }
        let relation = row.relation.solverRelation
        let terms = system.terms(of: row).map { (variable: variable($0.variable), coefficient: $0.coefficient) }
        do {
            let handle = try solver.add(Constraint(terms, constant: row.constant, relation, priority: row.priority),
                                        optimize: false)
            sourceOfHandle.append(system.source(of: row))
            handlesByKey[key, default: []].append(handle)
            return true
        } catch {
            broken.append((system.source(of: row), error.conflicting.map { sourceOfHandle[$0.id] }))
            return false
        }
    }

    /// Removes one added row with this key; false when the solver could not take it out cleanly (rebuild).
    mutating func remove(_ key: RowKey) -> Bool {
        guard var handles = handlesByKey[key], let handle = handles.popLast() else { return true }   // it was broken
        handlesByKey[key] = handles.isEmpty ? nil : handles
        return solver.remove(handle, optimize: false)
    }

    /// Brings the solution to the lexicographic optimum after a batch of adds and removes.
    func optimize() { solver.optimize() }

    /// The variable of an index of the current system, made on first use.
    private mutating func variable(_ index: Int32) -> Variable {
        if let known = variableByIndex[Int(index)] { return known }
        let key = system!.key(index)
        let v = variableByKey[key] ?? solver.makeVariable()
        variableByKey[key] = v
        variableByIndex[Int(index)] = v
        return v
    }

    /// The current system's exact layout (a variable no row holds reads 0).
    func exactLayout() -> ExactLayout {
        guard let system else { return ExactLayout(size: .zero, frames: [], firstBaseline: nil, lastBaseline: nil) }
        return system.exactLayout(diagnostics: system.diagnostics + ReferenceSystem.brokenLines(broken)) { index in
            variableByKey[system.key(index)].map { solver.value(of: $0) } ?? 0
        }
    }
}
