/// A property: a generator, a body that throws when the statement does not hold, and coverage requirements.
public struct Property<Value>: Sendable {
    /// The property's name in reports, tokens and the example database: stable across runs.
    public let id: String
    /// Makes each case's input.
    public let generator: Gen<Value>
    /// The statement: throws (usually through `require`) when it does not hold for the input.
    public let body: @Sendable (Value, TestCase) async throws -> Void
    /// How reports print an input (its `String(describing:)` by default).
    public let describe: @Sendable (Value) -> String
    /// `cover(percent, label)`: at least `percent` % of valid cases must carry `label`, else the run fails.
    public var coverage: [(label: String, percent: Double)]

    /// A property named `id` over the values of `generator`; `cover` lists labels that a share of the valid cases
    /// must carry.
    public init(_ id: String, _ generator: Gen<Value>, describe: @escaping @Sendable (Value) -> String = { String(describing: $0) },
                cover coverage: [(label: String, percent: Double)] = [],
                body: @escaping @Sendable (Value, TestCase) async throws -> Void) {
        self.id = id
        self.generator = generator
        self.body = body
        self.describe = describe
        self.coverage = coverage
    }
}

/// The result of running one property.
public struct PropertyReport: Sendable {
    /// How a run ended.
    public enum Status: String, Sendable {
        /// Every case held.
        case passed
        /// A case failed; the report carries its shrunk counterexample.
        case failed
        /// A case failed, but its shrunk case no longer fails on replay: the property depends on something besides
        /// its input.
        case flaky
        /// The generator's cases were mostly rejected (by filters or assumptions): the run checked too little.
        case health
        /// A coverage requirement (`cover`) was not met.
        case coverage
        /// The body threw `PropertyAbort`: the system under test could not answer (see `abort`).
        case aborted
    }
    /// A failing case: its input before and after shrinking, the shrinking's work, and the token that replays it.
    public struct Counterexample: Sendable {
        /// The shrunk input, as `Property.describe` prints it.
        public var shrunk: String
        /// The first failing input found, before shrinking.
        public var original: String
        /// The failure on the shrunk case.
        public var message: String
        /// The shrinker's result: the minimal choices and what it took to find them.
        public var shrink: ShrinkResult
        /// Reruns exactly the shrunk case (`Configuration.replay`, `EnvironmentOverrides.replay`).
        public var token: ReplayToken
        /// Seconds spent shrinking.
        public var seconds: Double
    }
    /// One distinct failure of a run (`IdentifiedFailure`): its shrunk counterexample and what the body threw.
    public struct Failure: Sendable {
        /// The shrunk case.
        public var counterexample: Counterexample
        /// The failure's identity (`IdentifiedFailure.failureIdentity`) on the shrunk case.
        public var identity: String
        /// What the body threw on the shrunk case while shrinking ended (nil only if it threw nothing there).
        public var error: (any Error)?
        /// What the body threw when the shrunk case was run once more; nil when it passed then (`flaky`).
        public var replayError: (any Error)?
        /// The shrunk case no longer fails on replay.
        public var flaky: Bool { replayError == nil }
    }
    /// The property's id.
    public var property: String
    /// The context the cases were generated in (`PropertyRunner.run`'s `context`); part of every token.
    public var context: String
    /// The run's seed.
    public var seed: UInt64
    /// How the run ended.
    public var status: Status
    /// Valid cases run (replays of the example database and tokens excluded).
    public var cases: Int
    /// Cases rejected by filters or assumptions (not counted in `cases`).
    public var invalid: Int
    /// Label counts over valid cases, sorted by label.
    public var labels: [(label: String, count: Int)]
    /// The shrunk failure, for `failed` and `flaky`: the first of `failures`.
    public var counterexample: Counterexample?
    /// Every distinct failure found (at most `Configuration.maxFailures`), in the order they were found.
    public var failures: [Failure] = []
    /// Valid cases that failed (each distinct failure's first case and every later case that failed again).
    public var failingCases = 0
    /// Replays run before the N cases (the caller's token, then the example database's), reported apart.
    public var replays: [String]
    /// The environment variables that override the run's configuration (`Configuration.overrides`): the message
    /// tells to set them to repeat the run; nil, it gives the seed and the token alone.
    public var overrides: EnvironmentOverrides? = nil
    /// A one-paragraph explanation for `health`, `coverage` and `aborted`.
    public var problem: String?
    /// What stopped an `aborted` run, and the case that caused it (unshrunk).
    public var abort: PropertyAbort? = nil
    /// The token of the case that caused an `aborted` run (unshrunk).
    public var abortedCase: ReplayToken? = nil
    /// The name of the caller's budget that stopped the run before its cases were done
    /// (`Configuration.budgetReached`); nil when none did.
    public var budgetReached: String? = nil

    /// Whether every case held.
    public var passed: Bool { status == .passed }

    /// The full failure message.
    public var message: String {
        var lines: [String] = []
        switch status {
        case .passed:
            lines.append("Property '\(property)' passed \(cases) cases (seed \(Seed.format(seed))).")
        case .health, .coverage:
            lines.append("Property '\(property)' \(status == .health ? "failed its health check" : "missed a coverage requirement"): \(problem ?? "")")
            lines.append("  Seed: \(Seed.format(seed))")
        case .aborted:
            lines.append("Property '\(property)' stopped after \(cases) cases: \(abort?.description ?? problem ?? "")")
            lines.append("  Seed: \(Seed.format(seed))")
            if let token = abortedCase { lines.append("  Replay: \(replaySetting(token))") }
        case .failed, .flaky:
            guard let c = counterexample else { break }
            lines.append(status == .flaky
                ? "Property '\(property)' is flaky: the shrunk case no longer fails on replay."
                : "Property '\(property)' failed after \(cases) cases.")
            lines.append("  Shrunk value: \(c.shrunk)")
            lines.append("  Original value: \(c.original)")
            lines.append("  Failure on the shrunk value: \(c.message)")
            let cut = c.shrink.stop.map { " (" + $0.phrase + ")" } ?? (c.shrink.cutShort ? " (cut short)" : "")
            lines.append("  Shrinking: \(c.shrink.steps) steps, \(c.shrink.calls) calls, \(formatSeconds(c.seconds))\(cut)")
            lines.append("  Seed: \(Seed.format(seed))" + (overrides.map { " (rerun with \($0.seed)=\(Seed.format(seed)))" } ?? ""))
            lines.append("  Replay: \(replaySetting(c.token))")
        }
        if let budget = budgetReached { lines.append("  Stopped before its cases were done: the \(budget) was reached.") }
        for r in replays { lines.append("  \(r)") }
        return lines.joined(separator: "\n")
    }

    /// How the message tells to replay `token`: the variable's setting, or the token alone.
    func replaySetting(_ token: ReplayToken) -> String { overrides?.replaySetting(token) ?? token.encoded }
}

extension ShrinkStop {
    /// Why shrinking stopped, for a report's line.
    var phrase: String {
        switch self {
        case .callCap: return "cut short by the call cap"
        case .timeLimit: return "cut short by the time limit"
        case .costLimit: return "cut short by the failure's cost limit"
        case .budget: return "cut short by the caller's budget"
        case .notReproduced: return "not shrunk: its case did not fail again"
        }
    }
}

func formatSeconds(_ s: Double) -> String {
    let ms = (s * 1000).rounded() / 1000
    return "\(ms) s"
}
