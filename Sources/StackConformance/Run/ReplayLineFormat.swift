import PropertyCheck
import StackLayout

/// How a failure's Replay and "Keep it as a regression" lines are written (`RunOptions.replayLines`). Whoever
/// starts a run knows how its cases are run again, so it supplies the format: `stackcheck` writes shell commands
/// that run the tool again with the same engine options, a run inside `swift test` writes `SwiftTestReplayLines`.
/// Every line a format writes must run when pasted, for the engine that was checked. Each failure of a run gets
/// its own lines (`FailureCommands`), which the reports print and keep as they were written.
public protocol ReplayLineFormat: Sendable {
    /// The Replay line and the "Keep it as a regression" line of `token`, a case found on `engine` under `options`.
    func lines(_ token: String, engine: any LayoutEngine, options: RunOptions) -> (replay: String, keep: String)
}

/// `STACKCHECK_REPLAY=TOKEN swift test --filter FILTER`: the lines of an engine that lives in a test target, which
/// only `swift test` can start (`InProcessRun`). The keep line adds `STACKCHECK_SAVE_REGRESSION=1`, which saves the
/// replayed case into the test's regression directory (see
/// ``expectConforms(_:property:options:expectations:sourceLocation:)``).
public struct SwiftTestReplayLines: ReplayLineFormat, Equatable {
    /// The `swift test --filter` argument that selects the calling test (`InProcessRun.filter(module:nameComponents:)`).
    public var filter: String

    /// The environment variable that replays one case first (`EnvironmentOverrides.stackCheck`'s).
    public static let replayVariable = EnvironmentOverrides.stackCheck.replay
    /// The environment variable that, set to `1` with ``replayVariable``, saves the replayed case as a regression.
    public static let saveRegressionVariable = "STACKCHECK_SAVE_REGRESSION"

    /// The lines of the test that `filter` selects.
    public init(filter: String) { self.filter = filter }

    public func lines(_ token: String, engine: any LayoutEngine, options: RunOptions) -> (replay: String, keep: String) {
        let test = CommandWords.join(["swift", "test", "--filter", filter])
        let replay = "\(Self.replayVariable)=" + CommandWords.quote(token)
        return (replay + " " + test, replay + " \(Self.saveRegressionVariable)=1 " + test)
    }
}
