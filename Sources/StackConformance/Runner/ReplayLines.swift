import PropertyCheck
import StackLayout

/// How a failure's Replay and "Keep it as a regression" lines are written (`RunOptions.replayLines`): the one place
/// that decides them, so that every printed line runs when pasted, for the engine that was checked.
public enum ReplayLines: Sendable, Equatable {
    /// `stackcheck replay TOKEN` with the arguments that select the engine again (`RunOptions.invocation` first):
    /// for an engine the command line can start (a built-in engine, or `--engine-command`).
    case commandLine
    /// `STACKCHECK_REPLAY=TOKEN swift test --filter FILTER`: for an engine that lives in a test target, which only
    /// `swift test` can start. The keep line adds `STACKCHECK_SAVE_REGRESSION=1`, which saves the replayed case
    /// into the test's regression directory (see ``expectConforms(_:property:options:expectations:sourceLocation:)``).
    case swiftTest(filter: String)

    /// The environment variable that replays one case first (`EnvironmentOverrides.stackCheck`'s).
    public static let replayVariable = EnvironmentOverrides.stackCheck.replay
    /// The environment variable that, set to `1` with ``replayVariable``, saves the replayed case as a regression.
    public static let saveRegressionVariable = "STACKCHECK_SAVE_REGRESSION"

    /// The Replay line and the "Keep it as a regression" line of `token`, a case found on `engine` under `options`.
    public func lines(_ token: String, engine: any LayoutEngine, options: RunOptions) -> (replay: String, keep: String) {
        switch self {
        case .commandLine:
            let replay = ConformanceRunner.replayCommand(token, engine: engine, tolerance: options.tolerance,
                                                         invocation: options.invocation)
            return (replay, replay + " --save-regression " + CommandWords.quote(options.regressionsDirectory))
        case .swiftTest(let filter):
            let test = CommandWords.join(["swift", "test", "--filter", filter])
            let replay = "\(Self.replayVariable)=" + CommandWords.quote(token)
            return (replay + " " + test, replay + " \(Self.saveRegressionVariable)=1 " + test)
        }
    }
}
