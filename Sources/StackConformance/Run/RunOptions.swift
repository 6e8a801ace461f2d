import PropertyCheck
import StackLayout

/// How the runner checks an engine.
public struct RunOptions: Sendable {
    /// Cases per property (answered cases; discarded ones are replaced).
    public var cases: Int = 200
    /// The run's seed (0 by default): the same seed checks the same cases everywhere.
    public var seed: UInt64 = 0
    /// How close lengths must be to count as equal.
    public var tolerance: Tolerance = .standard
    /// `--property` selectors (ids or group prefixes); empty means the whole catalogue.
    public var properties: [String] = []
    /// `--shard K/N`: the properties at catalogue positions i with i mod N = K − 1.
    public var shard: (index: Int, count: Int) = (1, 1)
    /// Shrinking bounds: a call cap keeps results deterministic; the time limit is a safety stop (marked cut short).
    public var maxShrinkCalls: Int = 2000
    /// Distinct failures kept per property (FAIL, ERROR, TIMEOUT, CRASH by what failed), each shrunk: after the
    /// first, the property goes on through its cases. 1 stops at the first failure.
    public var maxFailures = 4
    /// Shrink calls for each failure after the first.
    public var maxShrinkCallsPerLaterFailure = 500
    /// A property stops generating once this many cases in a row fail again with failures already found: an engine
    /// that fails (or crashes on) every case has shown what it will show.
    public var maxRepeatedFailures = 8
    /// A wall-clock safety stop for shrinking one failure; a result it cuts short is marked so.
    public var shrinkTimeLimit: Duration? = .seconds(60)
    /// Restarts of an external engine one property may cause (`--restart-budget`): once it has caused this many,
    /// the property sends no more requests (a shrink in progress keeps its best case) and its result says so
    /// (`PropertyResult.budgetReached`). A restart costs an engine's whole start-up, which for an interpreter is
    /// far more than a request.
    public var restartBudget = 10
    /// Requests the engine may be sent while one CRASH or TIMEOUT is shrunk (`--shrink-budget`): every call that
    /// reproduces one restarts the engine. Shrinking stops there with the smallest case so far
    /// (`Counterexample.shrinkStop`).
    public var shrinkBudget = 250
    /// Told each time an external engine is restarted after a fault while a property runs: the property's id, how
    /// many faults of that status (CRASH, TIMEOUT, ERROR for a protocol error) the property has had, the status,
    /// and whether the restart budget is now reached (for progress lines).
    public var onRestart: (@Sendable (_ property: String, _ count: Int, _ status: ResultStatus, _ budgetReached: Bool) -> Void)? = nil
    /// Regression cases replayed before any new case (`Fixtures/regressions/`).
    public var regressions: [RegressionCase] = []
    /// The directory a failure's "Keep it as a regression" line saves into (`--regressions`).
    public var regressionsDirectory = "Fixtures/regressions"
    /// The view tree the `tree.*` properties operate on (a mutant tree in the tests).
    @_spi(Mutants) public var viewTree: ViewTreeUnderTest.Type = StackViewTree.self
    /// After shrinking a FAIL, search for a presentable counterexample (`PresentableSearch`: at most
    /// `PresentableSearch.engineCalls` more requests to the engine).
    public var searchesPresentable = true
    /// Whether a property takes the engine's earlier answer to a scenario it asks again while generating or
    /// shrinking (never in a replay, which exists to ask again), instead of sending it once more: for an engine
    /// that answers the same scenario the same way, a run that sends fewer requests and finds the same. False sends
    /// every request. Built-in engines are always asked (their layout costs less than the lookup).
    public var reusesAnswers = true
    /// A token to replay first (`STACKCHECK_REPLAY`, `stackcheck replay`).
    public var replay: ReplayToken? = nil
    /// How a failure's Replay and "Keep it as a regression" lines are written, by whoever starts the run: the
    /// `stackcheck` tool's shell commands, or `SwiftTestReplayLines` for an engine in a test target (`InProcessRun`).
    /// Nil: a failure's message ends with its statement, and its case is replayed from `Counterexample.replay`
    /// (`Replay.run`).
    public var replayLines: (any ReplayLineFormat)? = nil

    /// Options for `cases` per property and `seed`, every other option at its default.
    public init(cases: Int = 200, seed: UInt64 = 0) {
        self.cases = cases
        self.seed = seed
    }

    /// The selected properties of this shard, in catalogue order.
    public var selectedProperties: [ConformanceProperty] {
        let selected = Catalogue.select(properties)
        return Catalogue.all.enumerated().filter { position, property in
            position % shard.count == shard.index - 1 && selected.contains { $0.id == property.id }
        }.map(\.element)
    }
}
