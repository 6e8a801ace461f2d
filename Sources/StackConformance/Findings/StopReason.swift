/// Why a property's cases or a counterexample's shrinking stopped early, by the JSON report's names
/// (`PropertyResult.budgetReached`, `Counterexample.shrinkStop`).
public enum StopReason: String, Sendable, Hashable, CaseIterable {
    /// The engine was restarted `RunOptions.restartBudget` times during the property.
    case restartBudget
    /// Shrinking a CRASH or TIMEOUT spent `RunOptions.shrinkBudget` requests.
    case shrinkBudget
    /// A CRASH's case did not crash again when sent to the engine just restarted: the crash depends on what the
    /// engine was sent before, so the case is kept as found, unshrunk.
    case notReproducible
    /// Shrinking reached its cap of calls (`RunOptions.maxShrinkCalls`).
    case callCap
    /// Shrinking reached its time limit (`RunOptions.shrinkTimeLimit`).
    case timeLimit
}
