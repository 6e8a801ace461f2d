/// A property: a generator, a body that throws when the statement does not hold, and coverage requirements.
public struct Property<Value>: Sendable {
    public let id: String
    public let generator: Gen<Value>
    public let body: @Sendable (Value, TestCase) async throws -> Void
    public let describe: @Sendable (Value) -> String
    /// `cover(percent, label)`: at least `percent` % of valid cases must carry `label`, else the run fails.
    public var coverage: [(label: String, percent: Double)]

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
    public enum Status: String, Sendable {
        case passed, failed, flaky, health, coverage
        /// The body threw `PropertyAbort`: the system under test could not answer (see `abort`).
        case aborted
    }
    public struct Counterexample: Sendable {
        public var shrunk: String
        public var original: String
        /// The failure on the shrunk case.
        public var message: String
        public var shrink: ShrinkResult
        public var token: ReplayToken
        /// Seconds spent shrinking.
        public var seconds: Double
    }
    public var property: String
    public var context: String
    public var seed: UInt64
    public var status: Status
    /// Valid cases run (replays of the example database and tokens excluded).
    public var cases: Int
    public var invalid: Int
    /// Label counts over valid cases, sorted by label.
    public var labels: [(label: String, count: Int)]
    public var counterexample: Counterexample?
    /// Replays run before the N cases (example database, STACKCHECK_REPLAY), reported apart.
    public var replays: [String]
    /// A one-paragraph explanation for `health`, `coverage` and `aborted`.
    public var problem: String?
    /// What stopped an `aborted` run, and the case that caused it (unshrunk).
    public var abort: PropertyAbort? = nil
    public var abortedCase: ReplayToken? = nil

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
            if let token = abortedCase { lines.append("  Replay: STACKCHECK_REPLAY=\(token.encoded)") }
        case .failed, .flaky:
            guard let c = counterexample else { break }
            lines.append(status == .flaky
                ? "Property '\(property)' is flaky: the shrunk case no longer fails on replay."
                : "Property '\(property)' failed after \(cases) cases.")
            lines.append("  Shrunk value: \(c.shrunk)")
            lines.append("  Original value: \(c.original)")
            lines.append("  Failure on the shrunk value: \(c.message)")
            let cut = c.shrink.cutShort ? (c.shrink.cutByTime ? " (cut short by the time limit)" : " (cut short by the call cap)") : ""
            lines.append("  Shrinking: \(c.shrink.steps) steps, \(c.shrink.calls) calls, \(formatSeconds(c.seconds))\(cut)")
            lines.append("  Seed: \(Seed.format(seed)) (rerun with STACKCHECK_SEED=\(Seed.format(seed)))")
            lines.append("  Replay: STACKCHECK_REPLAY=\(c.token.encoded)")
        }
        for r in replays { lines.append("  \(r)") }
        return lines.joined(separator: "\n")
    }
}

func formatSeconds(_ s: Double) -> String {
    let ms = (s * 1000).rounded() / 1000
    return "\(ms) s"
}
