/// Where a case replayed before a run's fresh cases comes from, in the order the runner replays them.
enum ReplaySource: Sendable, Equatable {
    /// The caller's token (`Configuration.replay`).
    case callerToken
    /// The last failure the example database kept for the property (`Configuration.database`).
    case exampleDatabase

    /// How a report names the source: the caller's token by the variable it is read from (`overrides.replay`), or by
    /// its setting when the configuration names no variables.
    func name(_ overrides: EnvironmentOverrides?) -> String {
        switch self {
        case .callerToken: return overrides?.replay ?? "Configuration.replay"
        case .exampleDatabase: return "example database"
        }
    }
}
