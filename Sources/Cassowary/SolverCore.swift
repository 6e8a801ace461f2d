/// The state and operations of a `Solver`, as a value: the class holds one and forwards each call to it, so that a
/// call makes one access to the class's storage (a property of a class is checked at every access; `Solver.core`
/// is not checked at all). Noncopyable: it holds the tableau, which is never copied.
struct SolverCore: ~Copyable {
    var tableau = Tableau()
    /// By variable id, up to the last named variable (most variables have no name: nothing is stored for them).
    var names: [String] = []
    var variableSymbols: [Symbol] = []
    /// By handle id; nil once removed.
    var constraints = ConstraintStore()
    var nextHandle = 0
    var edits: [Variable: (handle: ConstraintHandle, priority: Double)] = [:]

    /// Conflict sets are searched only below this many required constraints (each probe re-solves from scratch).
    var conflictSearchLimit = 400

    /// See `Solver.keepsEqualityMarkers`.
    var keepsEqualityMarkers: Bool {
        get { tableau.keepsDummies }
        set { tableau.keepsDummies = newValue }
    }

    /// As a new solver with the same settings, keeping the storage (`Solver.reset`).
    mutating func reset() {
        tableau.reset()
        names.removeAll(keepingCapacity: true)
        variableSymbols.removeAll(keepingCapacity: true)
        constraints.removeAll(keepingCapacity: true)
        nextHandle = 0
        edits.removeAll()
    }

    mutating func makeVariable(_ name: String = "") -> Variable {
        let v = Variable(id: variableSymbols.count)
        variableSymbols.append(tableau.makeVariable())
        if !name.isEmpty {
            names += repeatElement("", count: v.id - names.count)
            names.append(name)
        }
        return v
    }

    func name(of v: Variable) -> String { v.id < names.count ? names[v.id] : "" }

    /// The variable's value in the current solution (optimal after every `add`/`remove` with `optimize: true`).
    @inline(__always)
    func value(of v: Variable) -> Double {
        guard v.id < variableSymbols.count else { return 0 }
        return tableau.value(of: variableSymbols[v.id])
    }

    func constraint(_ h: ConstraintHandle) -> Constraint? {
        constraints[h.id]
    }
    func hasConstraint(_ h: ConstraintHandle) -> Bool { constraints.contains(h.id) }

    /// Adds a constraint. A required constraint that cannot hold throws and changes nothing; an optional one always
    /// succeeds. With `optimize: false` the solution stays feasible but not optimal until `optimize()`, so a batch
    /// of changes costs one optimisation.
    @discardableResult
    mutating func add(_ c: Constraint, optimize: Bool = true) throws(UnsatisfiableConstraint) -> ConstraintHandle {
        let handle = ConstraintHandle(id: nextHandle)
        let priority = min(max(c.priority, Double.leastNonzeroMagnitude), 1000)
        guard tableau.insert(c.terms, symbols: variableSymbols, constant: c.constant, c.relation, priority: priority,
                             handle: handle.id) else {
            throw UnsatisfiableConstraint(constraint: c, conflicting: conflicts(with: c))
        }
        nextHandle += 1
        constraints.append(c)
        if optimize { tableau.optimize() }
        return handle
    }

    /// Removes a constraint; unknown handles are ignored (false).
    @discardableResult
    mutating func remove(_ h: ConstraintHandle, optimize: Bool = true) -> Bool {
        guard hasConstraint(h) else { return false }
        // Without its marker in the rows, a required equality cannot be taken out (see `keepsEqualityMarkers`).
        if !keepsEqualityMarkers, let c = constraints[h.id], c.isRequired, c.relation == .equal { return false }
        constraints.remove(h.id)
        return tableau.erase(h.id, optimizeNow: optimize)
    }

    mutating func optimize() { tableau.optimize() }

    /// Reserves room for about `constraints` more constraints (an optional one makes up to three symbols).
    mutating func reserve(constraints count: Int) {
        self.constraints.reserve(count)
        tableau.reserve(symbols: 3 * count)
    }

    /// Right after `optimize()`: true when `Σ coefficient·variable` has the same value in every solution that is
    /// optimal at every level, so a constraint on it at a new, lowest level could not change the solution.
    /// Conservative: false does not prove the expression free.
    mutating func isFixedAtOptimum(_ terms: [(variable: Variable, coefficient: Double)]) -> Bool {
        tableau.isFixedAtOptimum(terms, symbols: variableSymbols)
    }

    /// See `Solver.reachesOnlyFixedSymbols(_:)`.
    @inline(__always)
    func reachesOnlyFixedSymbols(_ v: Variable) -> Bool {
        guard tableau.levels.isOptimal else { return false }
        return tableau.reachesOnlyFixed(variableSymbols[v.id])
    }

    // MARK: Edit variables

    /// Makes `v` editable at `priority` (< 1000): `suggestValue` then asks for a value at that priority.
    mutating func addEditVariable(_ v: Variable, priority: Double) throws(SolverError) {
        guard edits[v] == nil else { throw .duplicateEditVariable(v.id) }
        guard priority > 0 && priority < 1000 else { throw .badPriority(priority) }
        // An optional constraint always has a solution (its error variables absorb it).
        guard let h = try? add(Constraint([(v, 1)], constant: -value(of: v), .equal, priority: priority, label: "edit")) else { return }
        edits[v] = (h, priority)
    }

    mutating func removeEditVariable(_ v: Variable) throws(SolverError) {
        guard let e = edits.removeValue(forKey: v) else { throw .unknownEditVariable(v.id) }
        remove(e.handle)
    }

    /// Asks for `v == value` at the edit priority and re-solves incrementally: only the edit constraint is replaced,
    /// every other row of the tableau is kept.
    mutating func suggestValue(_ v: Variable, _ value: Double) throws(SolverError) {
        guard let e = edits[v] else { throw .unknownEditVariable(v.id) }
        remove(e.handle, optimize: false)
        guard let h = try? add(Constraint([(v, 1)], constant: -value, .equal, priority: e.priority, label: "edit")) else {
            edits[v] = nil
            return
        }
        edits[v] = (h, e.priority)
    }

    // MARK: Conflicts

    /// An irreducible subset of the required constraints that, with `candidate`, cannot all hold: deletion filtering
    /// over fresh tableaux, in handle order (deterministic).
    ///
    /// Only the constraints linked to the candidate through shared variables take part. The others could not be in
    /// the set: the required constraints already held hold together, so a set is feasible exactly when its part
    /// linked to the candidate is, and deletion filtering drops every unlinked constraint and decides each linked
    /// one on the same tableau rows, with or without them. Probing only the linked ones gives the same set, sooner.
    func conflicts(with candidate: Constraint) -> [ConstraintHandle] {
        guard conflictSearchLimit > 0 else { return [] }
        let required = (0..<constraints.count).filter { constraints.isRequired($0) }
        guard required.count <= conflictSearchLimit else { return [] }
        var components = VariableComponents(count: variableSymbols.count)
        for id in required {
            guard let c = constraints[id] else { continue }
            components.link(c.terms.map(\.variable))
        }
        components.link(candidate.terms.map(\.variable))
        let linked = candidate.terms.first.map { components.root($0.variable.id) }
        let candidates = required.filter { id in
            guard let linked, let first = constraints[id]?.terms.first else { return false }
            return components.root(first.variable.id) == linked
        }.map { ConstraintHandle(id: $0) }
        // One tableau for every probe, reset in between: it keeps its buffers (`Tableau.reset`).
        var t = Tableau()
        var symbols: [Symbol] = []
        func feasible(_ set: [ConstraintHandle]) -> Bool {
            t.reset()
            symbols.removeAll(keepingCapacity: true)
            for _ in variableSymbols { symbols.append(t.makeVariable()) }
            for (k, h) in set.enumerated() {
                guard let c = constraints[h.id] else { continue }
                if !t.insert(c.terms, symbols: symbols, constant: c.constant, c.relation, priority: 1000, handle: k) {
                    return false
                }
            }
            return t.insert(candidate.terms, symbols: symbols, constant: candidate.constant, candidate.relation,
                            priority: 1000, handle: set.count)
        }
        var kept = candidates
        var i = 0
        while i < kept.count {
            var without = kept
            without.remove(at: i)
            if !feasible(without) { kept = without } else { i += 1 }
        }
        return kept
    }
}

/// Variables linked by sharing a constraint (union-find with path halving), for `SolverCore.conflicts(with:)`.
struct VariableComponents {
    private var parent: [Int]

    init(count: Int) { parent = Array(0..<count) }

    mutating func root(_ v: Int) -> Int {
        var v = v
        while parent[v] != v {
            parent[v] = parent[parent[v]]
            v = parent[v]
        }
        return v
    }

    /// Puts every variable of one constraint in one component (the lower root wins: the same on every run).
    mutating func link(_ variables: [Variable]) {
        guard let first = variables.first else { return }
        for v in variables.dropFirst() {
            let a = root(first.id), b = root(v.id)
            if a != b { parent[max(a, b)] = min(a, b) }
        }
    }
}
