/// What a property run is doing, as `Configuration.onPhase` is told: every call of the property's body belongs to
/// exactly one phase.
public enum RunPhase: String, Sendable, CaseIterable {
    /// Running fresh cases from the seed.
    case generating
    /// Shrinking the run's first failure.
    case shrinkingFirst
    /// Shrinking a failure found after the first (a distinct failure).
    case shrinkingLater
    /// Running a case again: a token or the example database's case before any fresh case, a shrunk case once more
    /// to confirm it, a failure's case before it is shrunk (`IdentifiedFailure.confirmsBeforeShrinking`).
    case replaying
}
