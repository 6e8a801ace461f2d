@_spi(Accelerated) @testable import Cassowary

/// A `Solver` whose tableau is checked after every operation (`Solver.checkInvariants`, debug builds): the solver
/// tests run their scripts through it, so every state a test reaches is held to the tableau's and the level
/// schedule's documented invariants. Same API as the part of `Solver` the tests use.
final class CheckedSolver {
    let solver = Solver()

    private func checked<T>(_ result: T) -> T {
        solver.checkInvariants()
        return result
    }

    var conflictSearchLimit: Int {
        get { solver.conflictSearchLimit }
        set { solver.conflictSearchLimit = newValue }
    }
    var keepsEqualityMarkers: Bool {
        get { solver.keepsEqualityMarkers }
        set { solver.keepsEqualityMarkers = newValue }
    }

    func makeVariable(_ name: String = "") -> Variable { checked(solver.makeVariable(name)) }
    func value(of v: Variable) -> Double { checked(solver.value(of: v)) }
    func constraint(_ h: ConstraintHandle) -> Constraint? { solver.constraint(h) }
    func hasConstraint(_ h: ConstraintHandle) -> Bool { solver.hasConstraint(h) }

    @discardableResult
    func add(_ c: Constraint, optimize: Bool = true) throws(UnsatisfiableConstraint) -> ConstraintHandle {
        defer { solver.checkInvariants() }
        return try solver.add(c, optimize: optimize)
    }

    @discardableResult
    func remove(_ h: ConstraintHandle, optimize: Bool = true) -> Bool { checked(solver.remove(h, optimize: optimize)) }
    func optimize() { checked(solver.optimize()) }
    func reset() { checked(solver.reset()) }
    func reserve(constraints count: Int) { checked(solver.reserve(constraints: count)) }
    func isFixedAtOptimum(_ terms: [(variable: Variable, coefficient: Double)]) -> Bool {
        checked(solver.isFixedAtOptimum(terms))
    }
    func reachesOnlyFixedSymbols(_ v: Variable) -> Bool { checked(solver.reachesOnlyFixedSymbols(v)) }

    func addEditVariable(_ v: Variable, priority: Double) throws(SolverError) {
        defer { solver.checkInvariants() }
        try solver.addEditVariable(v, priority: priority)
    }
    func removeEditVariable(_ v: Variable) throws(SolverError) {
        defer { solver.checkInvariants() }
        try solver.removeEditVariable(v)
    }
    func suggestValue(_ v: Variable, _ value: Double) throws(SolverError) {
        defer { solver.checkInvariants() }
        try solver.suggestValue(v, value)
    }
}
