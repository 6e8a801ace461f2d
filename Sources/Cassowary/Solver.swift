/// A variable of a `Solver`, identified by creation order.
public struct Variable: Hashable, Comparable, Sendable {
    public let id: Int
    public static func < (a: Variable, b: Variable) -> Bool { a.id < b.id }
}

/// `==`, `<=` or `>=` against 0.
public enum Relation: Hashable, Sendable {
    case equal, lessThanOrEqual, greaterThanOrEqual
}

/// `Σ coefficient·variable + constant  REL  0`, at a priority in (0, 1000]; 1000 is required. Priorities below 1
/// are allowed: the stack engine puts its own final tie-break levels there, under every UIKit priority.
public struct Constraint: Sendable {
    public var terms: [(variable: Variable, coefficient: Double)]
    public var constant: Double
    public var relation: Relation
    public var priority: Double
    /// For people (diagnostics); not interpreted.
    public var label: String

    public init(_ terms: [(variable: Variable, coefficient: Double)], constant: Double = 0, _ relation: Relation,
                priority: Double = 1000, label: String = "") {
        self.terms = terms
        self.constant = constant
        self.relation = relation
        self.priority = priority
        self.label = label
    }

    public var isRequired: Bool { priority >= 1000 }
}

/// A constraint added to a solver.
public struct ConstraintHandle: Hashable, Comparable, Sendable {
    public let id: Int
    public static func < (a: ConstraintHandle, b: ConstraintHandle) -> Bool { a.id < b.id }
}

/// A required constraint that cannot hold with the required constraints already added (R-SOLVE-5). The solver is
/// left exactly as it was. `conflicting` is an irreducible set of those constraints that, with this one, cannot all
/// hold (found by deletion filtering), in handle order; empty when the solver holds more than `conflictSearchLimit`
/// required constraints.
public struct UnsatisfiableConstraint: Error, Sendable {
    public let constraint: Constraint
    public let conflicting: [ConstraintHandle]
}

public enum SolverError: Error, Hashable, Sendable {
    case unknownEditVariable(Int)
    case duplicateEditVariable(Int)
    case badPriority(Double)
}

/// An incremental simplex solver with lexicographic priority levels (R-SOLVE-2). Every distinct priority is its own
/// level; within a level the errors add up (weighted sum of absolute errors). Variables are unrestricted in sign
/// (Auto Layout has no implicit `>= 0`, R-SOLVE-4); a variable nothing constrains reads 0.
///
/// Thread safety: a solver is a mutable object confined to one task at a time.
public final class Solver {
    var tableau = Tableau()
    private var names: [String] = []
    private var variableSymbols: [Symbol] = []
    /// By handle id; nil once removed.
    private var constraints: [Constraint?] = []
    private var nextHandle = 0
    private var edits: [Variable: (handle: ConstraintHandle, priority: Double)] = [:]

    /// Conflict sets are searched only below this many required constraints (each probe re-solves from scratch).
    public var conflictSearchLimit = 400

    /// True (the default): `optimize` skips a priority level that cannot have changed (its objective row is the
    /// same and no level above it unblocked a symbol). False: it re-optimises every level from the highest changed
    /// one down, the former way. Both make the same pivots and so give the same values to the last bit; the switch
    /// is there so that tests and the benchmark can compare them.
    public var skipsSettledLevels: Bool {
        get { tableau.skipsSettledLevels }
        set { tableau.skipsSettledLevels = newValue }
    }

    public init() {}

    public func makeVariable(_ name: String = "") -> Variable {
        let v = Variable(id: variableSymbols.count)
        variableSymbols.append(tableau.makeVariable())
        names.append(name)
        return v
    }

    public func name(of v: Variable) -> String { v.id < names.count ? names[v.id] : "" }

    /// The variable's value in the current solution (optimal after every `add`/`remove` with `optimize: true`).
    public func value(of v: Variable) -> Double {
        guard v.id < variableSymbols.count else { return 0 }
        return tableau.value(of: variableSymbols[v.id])
    }

    public func constraint(_ h: ConstraintHandle) -> Constraint? {
        h.id >= 0 && h.id < constraints.count ? constraints[h.id] : nil
    }
    public func hasConstraint(_ h: ConstraintHandle) -> Bool { constraint(h) != nil }

    /// Adds a constraint. A required constraint that cannot hold throws and changes nothing; an optional one always
    /// succeeds. With `optimize: false` the solution stays feasible but not optimal until `optimize()`, so a batch
    /// of changes costs one optimisation.
    @discardableResult
    public func add(_ c: Constraint, optimize: Bool = true) throws(UnsatisfiableConstraint) -> ConstraintHandle {
        let handle = ConstraintHandle(id: nextHandle)
        let terms = c.terms.map { (variable: variableSymbols[$0.variable.id], coefficient: $0.coefficient) }
        let priority = min(max(c.priority, Double.leastNonzeroMagnitude), 1000)
        guard tableau.insert(terms, constant: c.constant, c.relation, priority: priority, handle: handle.id) else {
            throw UnsatisfiableConstraint(constraint: c, conflicting: conflicts(with: c))
        }
        nextHandle += 1
        constraints.append(c)
        if optimize { tableau.optimize(artificialOnly: false) }
        return handle
    }

    /// Removes a constraint; unknown handles are ignored (false).
    @discardableResult
    public func remove(_ h: ConstraintHandle, optimize: Bool = true) -> Bool {
        guard hasConstraint(h) else { return false }
        constraints[h.id] = nil
        return tableau.erase(h.id, optimizeNow: optimize)
    }

    public func optimize() { tableau.optimize(artificialOnly: false) }

    /// Reserves room for about `constraints` more constraints (an optional one makes up to three symbols).
    public func reserve(constraints count: Int) {
        self.constraints.reserveCapacity(self.constraints.count + count)
        tableau.reserve(symbols: 3 * count)
    }

    /// Right after `optimize()`: true when `Σ coefficient·variable` has the same value in every solution that is
    /// optimal at every level, so a constraint on it at a new, lowest level could not change the solution.
    /// Conservative: false does not prove the expression free.
    public func isFixedAtOptimum(_ terms: [(variable: Variable, coefficient: Double)]) -> Bool {
        tableau.isFixedAtOptimum(terms.map { (variable: variableSymbols[$0.variable.id], coefficient: $0.coefficient) })
    }

    // MARK: Edit variables

    /// Makes `v` editable at `priority` (< 1000): `suggestValue` then asks for a value at that priority.
    public func addEditVariable(_ v: Variable, priority: Double) throws(SolverError) {
        guard edits[v] == nil else { throw .duplicateEditVariable(v.id) }
        guard priority > 0 && priority < 1000 else { throw .badPriority(priority) }
        // An optional constraint always has a solution (its error variables absorb it).
        guard let h = try? add(Constraint([(v, 1)], constant: -value(of: v), .equal, priority: priority, label: "edit")) else { return }
        edits[v] = (h, priority)
    }

    public func removeEditVariable(_ v: Variable) throws(SolverError) {
        guard let e = edits.removeValue(forKey: v) else { throw .unknownEditVariable(v.id) }
        remove(e.handle)
    }

    /// Asks for `v == value` at the edit priority and re-solves incrementally: only the edit constraint is replaced,
    /// every other row of the tableau is kept.
    public func suggestValue(_ v: Variable, _ value: Double) throws(SolverError) {
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
    func conflicts(with candidate: Constraint) -> [ConstraintHandle] {
        let required = constraints.indices.filter { constraints[$0]?.isRequired == true }
            .map { ConstraintHandle(id: $0) }
        guard required.count <= conflictSearchLimit else { return [] }
        func feasible(_ set: [ConstraintHandle]) -> Bool {
            var t = Tableau()
            var symbols: [Symbol] = []
            for _ in variableSymbols { symbols.append(t.makeVariable()) }
            for (k, h) in set.enumerated() {
                guard let c = constraints[h.id] else { continue }
                let terms = c.terms.map { (variable: symbols[$0.variable.id], coefficient: $0.coefficient) }
                if !t.insert(terms, constant: c.constant, c.relation, priority: 1000, handle: k) { return false }
            }
            let terms = candidate.terms.map { (variable: symbols[$0.variable.id], coefficient: $0.coefficient) }
            return t.insert(terms, constant: candidate.constant, candidate.relation, priority: 1000, handle: set.count)
        }
        var kept = required
        var i = 0
        while i < kept.count {
            var without = kept
            without.remove(at: i)
            if !feasible(without) { kept = without } else { i += 1 }
        }
        return kept
    }
}
