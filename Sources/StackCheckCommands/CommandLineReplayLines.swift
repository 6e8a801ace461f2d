import StackConformance
import StackLayout

/// The Replay and "Keep it as a regression" lines of a failure that `stackcheck` found: shell commands that run the
/// tool again on the same case, with the engine that was checked.
///
/// `INVOCATION replay TOKEN`, then the arguments that select the engine again (`--engine NAME`, or an external
/// engine's `--engine-command CMD [--timeout S] …`: `EngineWithCommandLine`) and the tolerance when it is not the
/// default; the keep line adds `--save-regression DIR` (`RunOptions.regressionsDirectory`). Every word is quoted
/// for a POSIX shell, so the lines run when pasted. (The token carries the feature set.)
struct CommandLineReplayLines: ReplayLineFormat {
    /// How `stackcheck` was invoked (`Invocation.words(programPath:)`): the first words of each line.
    var invocation: [String]

    func lines(_ token: String, engine: any LayoutEngine, options: RunOptions) -> (replay: String, keep: String) {
        let replay = Self.replayCommand(token, engine: engine, tolerance: options.tolerance, invocation: invocation)
        return (replay, replay + " --save-regression " + CommandWords.quote(options.regressionsDirectory))
    }

    /// The replay line of `token` on `engine` with `tolerance`.
    static func replayCommand(_ token: String, engine: any LayoutEngine, tolerance: Tolerance,
                              invocation: [String]) -> String {
        var words = invocation + ["replay", token]
        words += (engine as? any EngineWithCommandLine)?.engineArguments ?? ["--engine", engine.name]
        if tolerance.absolute != Tolerance.standard.absolute { words += ["--tolerance", formatNumber(tolerance.absolute)] }
        return CommandWords.join(words)
    }
}
