#if DEBUG
extension Solver {
    /// Traps when the tableau or its level schedule breaks a documented invariant (`Tableau.invariantViolations`).
    /// Debug builds only; the solver's tests call it after every operation.
    package func checkInvariants() { core.tableau.checkInvariants() }

    /// The invariants the tableau breaks, in words (empty: none); for tests that corrupt it on purpose.
    package func invariantViolations() -> [String] { core.tableau.invariantViolations() }
}
#endif
