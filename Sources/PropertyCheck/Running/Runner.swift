/// Runs properties: N cases from a seed, shrinking each distinct failure (the first only, by default:
/// `Configuration.maxFailures`), with replay, health and coverage checks.
public enum PropertyRunner {
    /// Runs `property` under `configuration`. `context` (a caller's setting, such as the features of the system under
    /// test) restricts nothing here but enters the seed and the token, so each property's cases depend only on (seed,
    /// property id, context) and properties can run in any order or concurrently with identical results.
    public static func run<Value>(_ property: Property<Value>, context: String = "",
                                  configuration: Configuration = Configuration()) async -> PropertyReport {
        var report = PropertyReport(property: property.id, context: context, seed: configuration.seed, status: .passed,
                                    cases: 0, invalid: 0, labels: [], counterexample: nil, replays: [],
                                    overrides: configuration.overrides, problem: nil)
        // Replays first: a token given by the caller, then the example database's last failure.
        if await replayFirst(property, context: context, configuration: configuration, into: &report) { return report }

        var random = Xoshiro256StarStar(seed: Seed.derive(configuration.seed, property: property.id, context: context))
        var labelCounts: [String: Int] = [:]
        var attempts = 0
        // The short cases run so far, which did not fail: the shrinker knows their outcome without running them.
        var passed: [([UInt64], [Int])] = []
        var seen = SeenFailures()
        let maxAttempts = configuration.cases * (configuration.maxInvalidRatio + 1)
        while report.cases < configuration.cases && attempts < maxAttempts {
            if let budget = configuration.budgetReached?() {
                report.budgetReached = budget
                break
            }
            attempts += 1
            // Each case draws from its own stream, so a case does not depend on how many choices earlier ones used.
            let tc = TestCase.fresh(Xoshiro256StarStar(seed: random.next()), size: generationSize(attempt: attempts, cases: configuration.cases))
            let outcome = await execute(property, tc)
            if case .interesting = outcome.outcome {} else if tc.choices.count <= Self.rememberedLength
                && passed.count < Self.rememberedCases {
                passed.append((tc.choices, tc.forcedIndices))
            }
            switch outcome.outcome {
            case .valid:
                report.cases += 1
                seen.repeats = 0
                for l in Set(tc.labels).sorted() { labelCounts[l, default: 0] += 1 }
                if let abort = outcome.abort {
                    // Not a failure of the property: the run stops here, unshrunk, with the case kept for replay.
                    return aborted(report, abort, ReplayToken(property: property.id, context: context, choices: tc.choices),
                                   labelCounts)
                }
            case .invalid, .overrun:
                report.invalid += 1
            case .interesting(let choices, let spans, let message):
                report.cases += 1
                report.failingCases += 1
                for l in Set(tc.labels).sorted() { labelCounts[l, default: 0] += 1 }
                // The same failure again (by the identity it was found or shrunk with, under any of its names) is
                // not shrunk again.
                guard seen.isNew(outcome.failure) else {
                    if let limit = configuration.maxRepeatedFailures, seen.repeats >= limit { return finished(report, labelCounts) }
                    continue
                }
                await fail(property, context: context, configuration: configuration, choices: choices, spans: spans,
                           message: message, original: outcome.description, failure: outcome.failure, known: passed,
                           into: &report)
                seen.settle(found: outcome.failure, shrunk: report.failures.last)
                if report.failures.count >= configuration.maxFailures { return finished(report, labelCounts) }
            }
        }
        return concluded(property, report, configuration: configuration, attempts: attempts, labelCounts: labelCounts)
    }

    /// A run whose cases are done, or stopped by the caller's budget: `finished` when it found failures; else its
    /// labels and, unless the budget stopped it short of its cases, its health and coverage checked.
    static func concluded<Value>(_ property: Property<Value>, _ report: PropertyReport, configuration: Configuration,
                                 attempts: Int, labelCounts: [String: Int]) -> PropertyReport {
        if !report.failures.isEmpty { return finished(report, labelCounts) }
        var report = report
        report.labels = labelCounts.keys.sorted().map { ($0, labelCounts[$0] ?? 0) }
        guard report.budgetReached == nil else { return report }
        checkHealthAndCoverage(property, configuration: configuration, attempts: attempts, labelCounts: labelCounts,
                               into: &report)
        return report
    }

    /// The identities of the failures a run found, as found and as shrunk (a case failing with one is not new),
    /// and how many valid cases in a row failed again with one of them (`maxRepeatedFailures`).
    struct SeenFailures {
        var identities: [String] = []
        /// The other names of the reported failures' identities (`IdentifiedFailure.failureAliases`), asked for
        /// membership only, never iterated.
        var aliases: Set<String> = []
        var repeats = 0
        /// Whether `failure`'s identity, under any of its names, is one seen.
        func knows(_ failure: (any Error)?) -> Bool {
            let names = [PropertyRunner.identity(of: failure)] + PropertyRunner.aliases(of: failure)
            return names.contains { identities.contains($0) || aliases.contains($0) }
        }
        /// Records `failure`'s identity; false (and one more repeat) when it was seen already, under any name.
        mutating func isNew(_ failure: (any Error)?) -> Bool {
            if knows(failure) {
                repeats += 1
                return false
            }
            repeats = 0
            identities.append(PropertyRunner.identity(of: failure))
            return true
        }
        /// After a failure found as `found` was reported as `shrunk`: its identity and aliases are seen, and
        /// `found`'s identity only if it is the same. The first failure may shrink into another failure (its shrink
        /// keeps only its class): then the identity it was found with is still to be reported, and a later case
        /// failing with it is new.
        mutating func settle(found: (any Error)?, shrunk: PropertyReport.Failure?) {
            let identity = shrunk?.identity ?? ""
            let foundIdentity = PropertyRunner.identity(of: found)
            if foundIdentity != identity { identities.removeAll { $0 == foundIdentity } }
            if !identities.contains(identity) { identities.append(identity) }
            aliases.formUnion(PropertyRunner.aliases(of: shrunk.map { $0.error ?? $0.replayError } ?? nil))
        }
    }

    /// A run stopped by an abort at the case `token`: the failures found before it are kept.
    static func aborted(_ report: PropertyReport, _ abort: PropertyAbort, _ token: ReplayToken,
                        _ labelCounts: [String: Int]) -> PropertyReport {
        var report = report
        report.status = .aborted
        report.problem = abort.message
        report.abort = abort
        report.abortedCase = token
        report.labels = labelCounts.keys.sorted().map { ($0, labelCounts[$0] ?? 0) }
        report.counterexample = report.failures.first?.counterexample
        return report
    }

    /// A run that found failures: its labels, and its status from the first failure (`failed`, or `flaky` when its
    /// shrunk case passed on replay).
    static func finished(_ report: PropertyReport, _ labelCounts: [String: Int]) -> PropertyReport {
        var report = report
        report.labels = labelCounts.keys.sorted().map { ($0, labelCounts[$0] ?? 0) }
        report.status = report.failures[0].flaky ? .flaky : .failed
        report.counterexample = report.failures[0].counterexample
        return report
    }

    /// `IdentifiedFailure.failureIdentity`, or "" for any other error.
    static func identity(of failure: (any Error)?) -> String {
        (failure as? any IdentifiedFailure)?.failureIdentity ?? ""
    }

    /// `IdentifiedFailure.failureAliases`, or none for any other error.
    static func aliases(of failure: (any Error)?) -> [String] {
        (failure as? any IdentifiedFailure)?.failureAliases ?? []
    }

    /// `IdentifiedFailure.shrinkClass`, or "" for any other error.
    static func shrinkClass(of failure: (any Error)?) -> String {
        (failure as? any IdentifiedFailure)?.shrinkClass ?? ""
    }

    /// Replays the caller's token, then the example database's last failure, before any fresh case. True when one
    /// still fails: `report` is then that failure's, shrunk.
    static func replayFirst<Value>(_ property: Property<Value>, context: String, configuration: Configuration,
                                   into report: inout PropertyReport) async -> Bool {
        configuration.onPhase?(.replaying)
        defer { configuration.onPhase?(.generating) }
        var replays: [(ReplaySource, ReplayToken)] = []
        if let token = configuration.replay, token.property == property.id { replays.append((.callerToken, token)) }
        if let db = configuration.database, let token = db.load(property: property.id, context: context) {
            replays.append((.exampleDatabase, token))
        }
        for (source, token) in replays {
            let name = source.name(configuration.overrides)
            let outcome = await execute(property, TestCase.replaying(token.choices))
            if case .interesting(let choices, let spans, let message) = outcome.outcome {
                report.replays.append("Replayed the \(name) case first: it still fails.")
                await fail(property, context: context, configuration: configuration, choices: choices, spans: spans,
                           message: message, original: outcome.description, failure: outcome.failure, into: &report)
                report = finished(report, [:])
                return true
            }
            report.replays.append("Replayed the \(name) case first: it passes now.")
            if source == .exampleDatabase { configuration.database?.delete(property: property.id, context: context) }
        }
        return false
    }

    /// After a run without failure: too few valid cases is a health problem, a label below its required share a
    /// coverage problem.
    static func checkHealthAndCoverage<Value>(_ property: Property<Value>, configuration: Configuration, attempts: Int,
                                              labelCounts: [String: Int], into report: inout PropertyReport) {
        if report.cases < configuration.cases {
            report.status = .health
            report.problem = "the generator rejected \(report.invalid) of \(attempts) cases; only \(report.cases) of \(configuration.cases) were valid"
            return
        }
        for (label, percent) in property.coverage {
            let have = 100 * Double(labelCounts[label] ?? 0) / Double(max(1, report.cases))
            if have < percent {
                report.status = .coverage
                report.problem = "'\(label)' covered \(formatPercent(have)) of cases, below the required \(formatPercent(percent))"
                return
            }
        }
    }

    /// The generation size of the `attempt`-th fresh case (from 1) in a run of `cases` cases: it grows linearly to
    /// full size over the first half of the run, at most 100 cases (QuickCheck's growing size, whose default
    /// largest size is 100). The first cases draw short collections, so a failure that a small value shows is found
    /// small and shrinks in few calls. Depends only on the attempt and the case count, so a seed gives the same cases
    /// everywhere.
    static func generationSize(attempt: Int, cases: Int) -> Double {
        let ramp = Swift.max(1, Swift.min(100, cases / 2))
        return Swift.min(1, Double(Swift.max(1, attempt)) / Double(ramp))
    }

    struct Execution {
        var outcome: Outcome
        /// The value described, for an interesting outcome only.
        var description: String
        /// Set when the body threw `PropertyAbort`; the outcome is then `.valid` ("does not fail" while shrinking).
        var abort: PropertyAbort? = nil
        /// Whether the generator made a value and the body ran on it.
        var bodyRan = true
        /// What the body threw, for an interesting outcome.
        var failure: (any Error)? = nil
    }

    /// A count shared with the shrinker's test closure (which runs on the shrinking task only).
    final class Counter { var value = 0 }
    /// The choices the shrinker's last test consumed.
    final class Consumed { var choices: [UInt64]?; var forced: [Int] = [] }

    /// Generates a value from the case's choices and runs the body on it.
    static func execute<Value>(_ property: Property<Value>, _ tc: TestCase) async -> Execution {
        let value: Value
        do {
            value = try property.generator.run(tc, label: "value")
        } catch {
            return Execution(outcome: error == .invalid ? .invalid : .overrun, description: "", bodyRan: false)
        }
        // Only a failing case is described: a description (a scenario's JSON) is real work, and a passing case's
        // is never shown.
        do {
            try await property.body(value, tc)
            return Execution(outcome: .valid, description: "")
        } catch let stop as StopTest {
            return Execution(outcome: stop == .invalid ? .invalid : .overrun, description: "")
        } catch let abort as PropertyAbort {
            return Execution(outcome: .valid, description: "", abort: abort)
        } catch {
            return Execution(outcome: .interesting(choices: tc.choices, spans: tc.spans, message: String(describing: error)),
                             description: property.describe(value), failure: error)
        }
    }

    /// The cases that did not fail which the shrinker is told about: the first `rememberedCases` of at most
    /// `rememberedLength` choices (the growing size makes the first cases short, and shrinking tries short cases).
    static let rememberedCases = 1024
    static let rememberedLength = 64

    /// Shrinks a failure and appends it to `report.failures`. The first failure of a run shrinks towards any case
    /// that fails with its shrink class (`IdentifiedFailure.shrinkClass`); a later one keeps its identity, so that
    /// it does not shrink into a failure already reported, with `maxShrinkCallsPerLaterFailure` calls at most. A
    /// failure that asks to be confirmed (`confirmsBeforeShrinking`) whose case does not fail again is kept unshrunk.
    static func fail<Value>(_ property: Property<Value>, context: String, configuration: Configuration,
                            choices: [UInt64], spans: [Span], message: String, original: String, failure: (any Error)?,
                            known: [([UInt64], [Int])] = [], into report: inout PropertyReport) async {
        let start = ContinuousClock.now
        let first = report.failures.isEmpty
        let keep = first ? shrinkClass(of: failure) : identity(of: failure)
        let same: ((any Error)?) -> Bool = { first ? shrinkClass(of: $0) == keep : identity(of: $0) == keep }
        let last = LastFailure(choices, failure)
        var result: ShrinkResult
        let replay: Execution
        configuration.onPhase?(.replaying)
        defer { configuration.onPhase?(.generating) }
        let confirmation = (failure as? any IdentifiedFailure)?.confirmsBeforeShrinking == true
            ? await execute(property, TestCase.replaying(choices)) : nil
        if let confirmation, !fails(confirmation, same) {
            // Not reproduced: the confirmation is the replay, and the case as found is the result.
            result = ShrinkResult(choices: choices, spans: spans, message: message, calls: 0, steps: 0, cutShort: false,
                                  cutByTime: false, stop: .notReproduced)
            result.propertyCalls = confirmation.bodyRan ? 1 : 0
            replay = confirmation
        } else {
            configuration.onPhase?(first ? .shrinkingFirst : .shrinkingLater)
            result = await shrink(property, configuration: configuration, choices: choices, spans: spans,
                                  message: message, failure: failure, first: first, same: same, last: last, known: known)
            configuration.onPhase?(.replaying)
            if confirmation?.bodyRan == true { result.propertyCalls += 1 }
            // Replay the shrunk case once more: a case that no longer fails makes the failure flaky.
            replay = await execute(property, TestCase.replaying(result.choices))
            // The replay is a property call after the first failure too: counted, as the shrinking challenge counts it.
            if replay.bodyRan { result.propertyCalls += 1 }
        }
        let seconds = Stopwatch.seconds(ContinuousClock.now - start)
        let token = ReplayToken(property: property.id, context: context, choices: result.choices)
        var finalMessage = result.message
        var replayError: (any Error)? = nil
        if case .interesting(_, _, let m) = replay.outcome {
            finalMessage = m
            replayError = replay.failure
        }
        // A flaky replay is not described by `execute`; describe the shrunk value from its choices.
        let shrunk = replayError != nil ? replay.description
            : ((try? property.generator.run(TestCase.replaying(result.choices), label: "value")).map(property.describe) ?? "")
        let counterexample = PropertyReport.Counterexample(shrunk: shrunk, original: original, message: finalMessage,
                                                           shrink: result, token: token, seconds: seconds)
        let shrunkError = last.error(for: result.choices)
        report.failures.append(.init(counterexample: counterexample, identity: identity(of: shrunkError ?? replayError ?? failure),
                                     error: shrunkError, replayError: replayError))
        if first && replayError != nil { configuration.database?.save(token) }
    }

    /// Whether an execution failed with the failure being shrunk (`same`).
    static func fails(_ execution: Execution, _ same: ((any Error)?) -> Bool) -> Bool {
        if case .interesting = execution.outcome { return same(execution.failure) }
        return false
    }

    /// Shrinks one failure's case: towards cases that fail as `same` says, within the configuration's call cap (and
    /// the failure's own `shrinkCallLimit`), its time limit, the failure's `shrinkCostLimit` and the caller's budget.
    static func shrink<Value>(_ property: Property<Value>, configuration: Configuration, choices: [UInt64],
                              spans: [Span], message: String, failure: (any Error)?, first: Bool,
                              same: @escaping ((any Error)?) -> Bool, last: LastFailure,
                              known: [([UInt64], [Int])]) async -> ShrinkResult {
        let bodyCalls = Counter()
        let tests = Counter()
        let consumed = Consumed()
        let identified = failure as? any IdentifiedFailure
        var maxCalls = first ? configuration.maxShrinkCalls : configuration.maxShrinkCallsPerLaterFailure
        if let limit = identified?.shrinkCallLimit { maxCalls = Swift.min(maxCalls, limit) }
        let overBudget = budgetCheck(configuration, costLimit: identified?.shrinkCostLimit, calls: tests)
        let shrinker = Shrinker(choices: choices, spans: spans, message: message, maxCalls: maxCalls,
                                timeLimit: configuration.shrinkTimeLimit, test: { candidate in
            tests.value += 1
            let tc = TestCase.replaying(candidate)
            var execution = await execute(property, tc)
            if execution.bodyRan { bodyCalls.value += 1 }
            consumed.choices = tc.choices
            consumed.forced = tc.forcedIndices
            if case .interesting = execution.outcome {
                if same(execution.failure) { last.offer(tc.choices, execution.failure) } else { execution.outcome = .valid }
            }
            return execution.outcome
        }, consumed: { consumed.choices.map { ($0, consumed.forced) } }, known: known, overBudget: overBudget)
        var result = await shrinker.shrink()
        result.propertyCalls = bodyCalls.value
        return result
    }

    /// What stops a shrink before its next call: the caller's budget (`Configuration.budgetReached`), or a cost
    /// limit spent, counted from now by `Configuration.cost` (without one, by the shrink's calls).
    static func budgetCheck(_ configuration: Configuration, costLimit: Int?, calls: Counter) -> () -> ShrinkStop? {
        let cost = configuration.cost
        let start = cost?() ?? 0
        let budget = configuration.budgetReached
        return {
            if budget?() != nil { return .budget }
            guard let costLimit else { return nil }
            let spent = cost.map { $0() - start } ?? calls.value
            return spent >= costLimit ? .costLimit : nil
        }
    }

    /// What the body threw on the shortlex-smallest failing candidate seen while shrinking, which is the shrunk
    /// case unless the shrinker took it from its cache (the shrinker's test runs on one task).
    final class LastFailure: @unchecked Sendable {
        private var choices: [UInt64]
        private var stored: (any Error)?
        init(_ choices: [UInt64], _ error: (any Error)?) {
            self.choices = choices
            stored = error
        }
        func offer(_ candidate: [UInt64], _ error: (any Error)?) {
            guard shortlexPrecedes(candidate, choices) || candidate == choices else { return }
            choices = candidate
            stored = error
        }
        /// The error thrown on exactly `shrunk`, if a call ran it.
        func error(for shrunk: [UInt64]) -> (any Error)? { shrunk == choices ? stored : nil }
    }

    /// Rebuilds the value of a token's case (for printing, pictures, or running it on another engine).
    public static func value<Value>(of token: ReplayToken, _ generator: Gen<Value>) -> Value? {
        try? generator.run(TestCase.replaying(token.choices), label: "value")
    }
}

func formatPercent(_ p: Double) -> String { "\((p * 10).rounded() / 10)%" }
