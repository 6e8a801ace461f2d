/// The names of the environment variables that override a configuration's seed, case count and replay token. The
/// caller chooses them, so that a tool built on PropertyCheck keeps its own
/// (`Configuration.fromEnvironment(_:base:environment:)` reads them); a failure message names them, so that the run it
/// reports can be repeated from a shell.
public struct EnvironmentOverrides: Sendable, Equatable {
    /// The variable that holds a seed, in hexadecimal (`Seed.parse(_:)`).
    public var seed: String
    /// The variable that holds a positive count of valid cases.
    public var cases: String
    /// The variable that holds a replay token (`ReplayToken`), whose case runs before any new one.
    public var replay: String

    /// Variables with these names.
    public init(seed: String, cases: String, replay: String) {
        self.seed = seed
        self.cases = cases
        self.replay = replay
    }

    /// `PREFIX_SEED`, `PREFIX_CASES` and `PREFIX_REPLAY`.
    public init(prefix: String) {
        self.init(seed: prefix + "_SEED", cases: prefix + "_CASES", replay: prefix + "_REPLAY")
    }

    /// PropertyCheck's own variables, `checkProperty`'s default: `PROPERTYCHECK_SEED`, `PROPERTYCHECK_CASES` and
    /// `PROPERTYCHECK_REPLAY`.
    public static let propertyCheck = EnvironmentOverrides(prefix: "PROPERTYCHECK")

    /// How a report tells to set `token`: `NAME=pc2_…`.
    func replaySetting(_ token: ReplayToken) -> String { replay + "=" + token.encoded }
}
