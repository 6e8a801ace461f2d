/// A variable of a `Solver`, identified by creation order.
public struct Variable: Hashable, Comparable, Sendable {
    /// The variable's number in its solver, in creation order.
    public let id: Int
    public static func < (a: Variable, b: Variable) -> Bool { a.id < b.id }
}

/// `==`, `<=` or `>=` against 0.
public enum Relation: Hashable, Sendable {
    /// The expression equals 0.
    case equal
    /// The expression is at most 0.
    case lessThanOrEqual
    /// The expression is at least 0.
    case greaterThanOrEqual
}

/// `Σ coefficient·variable + constant  REL  0`, at a priority in (0, 1000]; 1000 is required. Priorities below 1
/// are allowed: the stack engine puts its own final tie-break levels there, under every UIKit priority.
public struct Constraint: Sendable {
    /// The linear expression's terms: each variable with its coefficient.
    public var terms: [(variable: Variable, coefficient: Double)]
    /// The expression's constant term.
    public var constant: Double
    /// How the expression compares with 0.
    public var relation: Relation
    /// The priority, in (0, 1000]; 1000 is required.
    public var priority: Double
    /// For people (diagnostics); not interpreted.
    public var label: String

    /// `Σ terms + constant  relation  0` at `priority` (required by default).
    public init(_ terms: [(variable: Variable, coefficient: Double)], constant: Double = 0, _ relation: Relation,
                priority: Double = 1000, label: String = "") {
        self.terms = terms
        self.constant = constant
        self.relation = relation
        self.priority = priority
        self.label = label
    }

    /// Whether the constraint must hold (priority 1000): it is never traded against others.
    public var isRequired: Bool { priority >= 1000 }
}

/// A constraint added to a solver.
public struct ConstraintHandle: Hashable, Comparable, Sendable {
    /// The constraint's number in its solver, in the order constraints were added.
    public let id: Int
    public static func < (a: ConstraintHandle, b: ConstraintHandle) -> Bool { a.id < b.id }
}

/// A required constraint that cannot hold with the required constraints already added (R-SOLVE-5). The solver is
/// left exactly as it was. `conflicting` is an irreducible set of those constraints that, with this one, cannot all
/// hold (found by deletion filtering), in handle order; empty when the solver holds more than `conflictSearchLimit`
/// required constraints.
public struct UnsatisfiableConstraint: Error, Sendable {
    /// The constraint that could not be added.
    public let constraint: Constraint
    /// Required constraints already in the solver that, with `constraint`, cannot all hold (see above).
    public let conflicting: [ConstraintHandle]
}

/// A misuse of edit variables: the solver is left unchanged.
public enum SolverError: Error, Hashable, Sendable {
    /// `suggestValue` or `removeEditVariable` named a variable (by id) that is not an edit variable.
    case unknownEditVariable(Int)
    /// `addEditVariable` named a variable (by id) that is already one.
    case duplicateEditVariable(Int)
    /// An edit priority outside (0, 1000): an edit variable cannot be required.
    case badPriority(Double)
}

/// An incremental simplex solver with lexicographic priority levels (R-SOLVE-2). Every distinct priority is its own
/// level; within a level the errors add up (weighted sum of absolute errors). Variables are unrestricted in sign
/// (Auto Layout has no implicit `>= 0`, R-SOLVE-4); a variable nothing constrains reads 0.
///
/// Thread safety: a solver is a mutable object confined to one task at a time. Its work is done by `SolverCore`.
public final class Solver {
    /// Not checked for exclusive access at run time (a check per call would be paid on every layout):
    /// `Solver` is not `Sendable`, so the compiler keeps a solver in one concurrency domain, and no method of
    /// `SolverCore` calls out to code that could call the solver again, so two accesses cannot overlap.
    @exclusivity(unchecked) var core = SolverCore()

    /// Conflict sets are searched only below this many required constraints (each probe re-solves from scratch).
    /// 0: never, for a caller that only needs to know that a constraint cannot hold.
    public var conflictSearchLimit: Int {
        get { core.conflictSearchLimit }
        set { core.conflictSearchLimit = newValue }
    }

    /// An acceleration for a solve that only adds (not API: `@_spi(Accelerated)`). True (the default): the row of
    /// a required equality holds its marker, a dummy symbol fixed at 0, as in kiwi, which is what lets `remove`
    /// take the equality out again. False: the marker is made (so symbol ids, and with them every pivot choice, are
    /// the same) but never put in a row; every row that would hold markers is that much shorter (a chain of
    /// equalities, a stack's positions, puts the marker of every link in the rows of the positions after it).
    ///
    /// The exact difference, on inputs the solver accepts either way: (1) `remove` of a required equality returns
    /// false and changes nothing. (2) A required inequality whose artificial phase (kiwi's
    /// addWithArtificialVariable) ends with the artificial symbol basic in a row of nothing but equality markers is
    /// rejected as unsatisfiable with the markers, as kiwi does (the row could not be pivoted out, so the
    /// constraint could not be kept removable), and accepted without them (the row is then empty). Everything else,
    /// every pivot and every value to the bit, is the same: dummies never enter the basis and the optimum holds
    /// them at 0. Set it before adding constraints.
    @_spi(Accelerated) public var keepsEqualityMarkers: Bool {
        get { core.keepsEqualityMarkers }
        set { core.keepsEqualityMarkers = newValue }
    }

    /// An empty solver.
    public init() {}

    /// Removes every constraint, edit variable and variable: the solver is then as new, with the same settings
    /// (`conflictSearchLimit`, `keepsEqualityMarkers`), but keeps the storage it has grown, so that solving many small
    /// systems one after another does not allocate each one's tables afresh. Variables of before must not be used.
    public func reset() { core.reset() }

    /// A new variable, unconstrained (it reads 0 until a constraint moves it); `name` is for diagnostics.
    public func makeVariable(_ name: String = "") -> Variable { core.makeVariable(name) }

    /// The name `v` was made with.
    public func name(of v: Variable) -> String { core.name(of: v) }

    /// The variable's value in the current solution (optimal after every `add`/`remove` with `optimize: true`).
    public func value(of v: Variable) -> Double { core.value(of: v) }

    /// The constraint added under `h`, or `nil` when the solver no longer holds it.
    public func constraint(_ h: ConstraintHandle) -> Constraint? { core.constraint(h) }
    /// Whether the constraint added under `h` is still in the solver.
    public func hasConstraint(_ h: ConstraintHandle) -> Bool { core.hasConstraint(h) }

    /// Adds a constraint. A required constraint that cannot hold throws and changes nothing; an optional one always
    /// succeeds. With `optimize: false` the solution stays feasible but not optimal until `optimize()`, so a batch
    /// of changes costs one optimisation.
    @discardableResult
    public func add(_ c: Constraint, optimize: Bool = true) throws(UnsatisfiableConstraint) -> ConstraintHandle {
        try core.add(c, optimize: optimize)
    }

    /// Removes a constraint; unknown handles are ignored (false).
    @discardableResult
    public func remove(_ h: ConstraintHandle, optimize: Bool = true) -> Bool { core.remove(h, optimize: optimize) }

    /// Makes the current solution optimal after changes made with `optimize: false`.
    public func optimize() { core.optimize() }

    /// Reserves room for about `constraints` more constraints (an optional one makes up to three symbols).
    public func reserve(constraints count: Int) { core.reserve(constraints: count) }

    /// Right after `optimize()`: true when `Σ coefficient·variable` has the same value in every solution that is
    /// optimal at every level, so a constraint on it at a new, lowest level could not change the solution.
    /// Conservative: false does not prove the expression free.
    public func isFixedAtOptimum(_ terms: [(variable: Variable, coefficient: Double)]) -> Bool {
        core.isFixedAtOptimum(terms)
    }

    /// Right after `optimize()`: true when the variable's row reaches only symbols the optimum holds at 0 (the cheap
    /// half of `isFixedAtOptimum`). Then no later constraint at a new, lowest level can change the variable's value,
    /// to the bit: no pivot at such a level touches a row made of those symbols. Unlike `isFixedAtOptimum`, it
    /// rewrites no row, so asking changes none of the arithmetic that follows.
    public func reachesOnlyFixedSymbols(_ v: Variable) -> Bool {
        core.reachesOnlyFixedSymbols(v)
    }

    // MARK: Edit variables

    /// Makes `v` editable at `priority` (< 1000): `suggestValue` then asks for a value at that priority.
    public func addEditVariable(_ v: Variable, priority: Double) throws(SolverError) {
        try core.addEditVariable(v, priority: priority)
    }

    /// Stops editing `v`: its edit constraint is removed.
    public func removeEditVariable(_ v: Variable) throws(SolverError) { try core.removeEditVariable(v) }

    /// Asks for `v == value` at the edit priority and re-solves incrementally: only the edit constraint is replaced,
    /// every other row of the tableau is kept.
    public func suggestValue(_ v: Variable, _ value: Double) throws(SolverError) { try core.suggestValue(v, value) }
}
