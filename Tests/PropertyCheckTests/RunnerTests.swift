import Testing
@testable import PropertyCheck

/// Runner behaviour: failure messages, invalid cases and the health check, flakiness, statistics and coverage, the
/// shrink cap, async and stateful properties, the example database, aborts.
@Suite struct RunnerTests {
    /// Collects what a property sees, across concurrent test execution.
    final class Collected: @unchecked Sendable {
        private var values: [Int] = []
        private let lock = NSLockLike()
        func add(_ v: Int) { lock.run { values.append(v) } }
        var all: [Int] { lock.run { values } }
    }

    // Same seed, same values. The expected numbers come from an independent Python transcription of SplitMix64,
    // xoshiro256**, Lemire's bounded mapping, FNV-1a (the per-property seed derivation) and the integer
    // biased distribution (for a range this narrow, a draw in 0...199 picks an end, the target, its neighbour
    // or a uniform value), not from this code.
    static let pinned: [(UInt64, [Int])] = [(0, [290, 0, 218, 879, 545, 538]), (1, [862, 1, 401, 154, 878, 665]),
                                            (0xdeadbeef, [300, 270, 18, 737, 756, 533])]

    @Test(arguments: pinned)
    func pinnedValues(seed: UInt64, expected: [Int]) async {
        let seen = Collected()
        let p = Property("pinned", Gens.int(0...999)) { v, _ in seen.add(v) }
        let report = await PropertyRunner.run(p, configuration: Configuration(seed: seed, cases: 6))
        #expect(report.passed)
        #expect(seen.all == expected)
    }

    @Test func failureMessageHasEveryPart() async throws {
        let p = Property("example.sumBelow100", Gens.array(Gens.int(0...100))) { xs, _ in
            try require(xs.reduce(0, +) < 100, "sum \(xs.reduce(0, +)) is not below 100")
        }
        let report = await PropertyRunner.run(p, configuration: Configuration(seed: 3, cases: 200))
        #expect(report.status == .failed)
        let m = report.message
        for part in ["Property 'example.sumBelow100' failed", "Shrunk value: [100]", "Original value: [",
                     "Failure on the shrunk value: sum 100 is not below 100", "Shrinking:", "calls",
                     "Seed: 0000000000000003", "Replay: pc2_"] {
            #expect(m.contains(part), "missing \(part) in:\n\(m)")
        }
        // The token replays exactly the shrunk case, first, without the cases before it.
        let token = try #require(report.counterexample?.token)
        var replay = Configuration(seed: 99, cases: 1)
        replay.replay = token
        let again = await PropertyRunner.run(p, configuration: replay)
        #expect(again.status == .failed)
        #expect(again.counterexample?.shrunk == "[100]")
        #expect(again.replays.first?.contains("Configuration.replay") == true)
        #expect(PropertyRunner.value(of: token, Gens.array(Gens.int(0...100))) == [100])
    }

    @Test func invalidCasesDoNotCountAndTheHealthCheckFails() async {
        let mostlyRejected = Gens.int(0...1000).filter(maxTries: 1) { $0 == 7 }
        let p = Property("health", mostlyRejected) { _, _ in }
        let report = await PropertyRunner.run(p, configuration: Configuration(seed: 0, cases: 50))
        #expect(report.status == .health)
        #expect(report.invalid > report.cases)
        let fine = Property("fine", Gens.int(0...1000).filter { $0 % 2 == 0 }) { v, _ in try require(v % 2 == 0, "odd") }
        let ok = await PropertyRunner.run(fine, configuration: Configuration(seed: 0, cases: 100))
        #expect(ok.passed && ok.cases == 100)
    }

    @Test func flakyPropertiesAreTheirOwnError() async {
        let calls = Collected()
        // Fails only on its first call: the shrunk case passes on replay.
        let p = Property("flaky", Gens.int(0...10)) { _, _ in
            calls.add(1)
            if calls.all.count == 1 { throw PropertyFailure("first call fails") }
        }
        let report = await PropertyRunner.run(p, configuration: Configuration(seed: 0, cases: 10))
        #expect(report.status == .flaky)
        #expect(report.message.contains("flaky"))
        // The replay passed, so the shrunk value is described from its choices.
        #expect(report.counterexample.map { Int($0.shrunk) != nil } == true)
    }

    @Test func onlyFailingCasesAreDescribed() async {
        let described = Collected()
        let passing = Property("quiet", Gens.int(0...10), describe: { v in described.add(v); return "\(v)" }) { _, _ in }
        #expect(await PropertyRunner.run(passing, configuration: Configuration(seed: 0, cases: 50)).passed)
        #expect(described.all.isEmpty)
        let failing = Property("loud", Gens.int(0...10), describe: { v in described.add(v); return "\(v)" }) { v, _ in
            try require(v < 5, "too big")
        }
        let report = await PropertyRunner.run(failing, configuration: Configuration(seed: 0, cases: 50))
        #expect(report.counterexample?.shrunk == "5")
        #expect(!described.all.isEmpty)
    }

    @Test func statisticsAndCoverage() async {
        let p = Property("cover", Gens.int(0...99), cover: [("small", 5), ("huge", 50)]) { v, tc in
            tc.classify(v < 10, "small")
            tc.classify(v > 95, "huge")
            tc.label("any")
        }
        let report = await PropertyRunner.run(p, configuration: Configuration(seed: 0, cases: 300))
        #expect(report.status == .coverage)
        #expect(report.problem?.contains("'huge'") == true)
        #expect(report.labels.map(\.label) == ["any", "huge", "small"])
        #expect(report.labels.first?.count == 300)
        let met = Property("cover2", Gens.int(0...99), cover: [("small", 5)]) { v, tc in tc.classify(v < 10, "small") }
        #expect(await PropertyRunner.run(met, configuration: Configuration(seed: 0, cases: 300)).passed)
    }

    @Test func shrinkingIsCutShortByTheCallCap() async {
        let p = Property("cap", Gens.array(Gens.int(0...1000), count: 0...50)) { xs, _ in try require(xs.count < 5, "long") }
        var config = Configuration(seed: 1, cases: 100)
        config.maxShrinkCalls = 3
        let report = await PropertyRunner.run(p, configuration: config)
        #expect(report.counterexample?.shrink.cutShort == true)
        #expect(report.message.contains("cut short by the call cap"))
    }

    @Test func asyncPropertiesWork() async {
        let p = Property("async", Gens.int(0...100)) { v, _ in
            await Task.yield()
            try require(v < 50, "\(v) >= 50")
        }
        let report = await PropertyRunner.run(p)
        #expect(report.counterexample?.shrunk == "50")
    }

    @Test func theExampleDatabaseRetriesTheLastFailureFirst() async throws {
        let dir = "/tmp/propertycheck-db-\(Seed.format(Seed.fnv1a("\(#line)")))"
        let db = ExampleDatabase(directory: dir)
        let p = Property("db", Gens.int(0...1000)) { v, _ in try require(v < 500, "big") }
        var config = Configuration(seed: 0, cases: 100)
        config.database = db
        let first = await PropertyRunner.run(p, configuration: config)
        #expect(first.status == .failed)
        #expect(db.load(property: "db", context: "") != nil)
        let second = await PropertyRunner.run(p, configuration: config)
        #expect(second.replays.first == "Replayed the example database case first: it still fails.")
        let fixed = Property("db", Gens.int(0...1000)) { _, _ in }
        let third = await PropertyRunner.run(fixed, configuration: config)
        #expect(third.passed && third.replays.first?.contains("passes now") == true)
        #expect(db.load(property: "db", context: "") == nil)
    }

    @Test func contextChangesTheCases() async {
        let a = Collected(), b = Collected()
        _ = await PropertyRunner.run(Property("ctx", Gens.int(0...1000)) { v, _ in a.add(v) }, context: "fill", configuration: Configuration(cases: 5))
        _ = await PropertyRunner.run(Property("ctx", Gens.int(0...1000)) { v, _ in b.add(v) }, context: "fill,hidden", configuration: Configuration(cases: 5))
        #expect(a.all != b.all)
    }

    /// A buggy bounded queue: `push` on a full queue drops the oldest element instead of refusing.
    final class BuggyQueue { var items: [Int] = []; func push(_ v: Int) -> Bool { if items.count == 3 { items.removeFirst() }; items.append(v); return true } }

    struct QueueMachine: StateMachine {
        enum Command: Sendable, CustomStringConvertible {
            case push(Int), pop
            var description: String { switch self { case .push(let v): return "push(\(v))"; case .pop: return "pop" } }
        }
        var initialModel: [Int] { [] }
        func makeSystem() -> BuggyQueue { BuggyQueue() }
        func commands(for model: [Int]) -> Gen<Command> {
            .oneOf([Gens.int(0...9).map { Command.push($0) }, .just(.pop)])
        }
        func precondition(_ c: Command, _ model: [Int]) -> Bool { if case .pop = c { return !model.isEmpty }; return true }
        func apply(_ c: Command, to model: [Int]) -> [Int] {
            switch c {
            case .push(let v): return model.count < 3 ? model + [v] : model
            case .pop: return Array(model.dropFirst())
            }
        }
        func run(_ c: Command, on q: BuggyQueue, model: [Int]) throws {
            switch c {
            case .push(let v):
                let accepted = q.push(v)
                try require(accepted == (model.count < 3), "push(\(v)) returned \(accepted) on a queue of \(model.count)")
            case .pop:
                let v = q.items.removeFirst()
                try require(v == model.first, "pop returned \(v), expected \(String(describing: model.first))")
            }
        }
        func invariant(_ q: BuggyQueue, _ model: [Int]) throws { try require(q.items == model, "queue \(q.items) != model \(model)") }
    }

    @Test func statefulTestingShrinksToTheShortestFailingProgram() async {
        let report = await PropertyRunner.run(QueueMachine().property("queue"), configuration: Configuration(seed: 0, cases: 200))
        #expect(report.status == .failed)
        #expect(report.counterexample?.shrunk == "[push(0), push(0), push(0), push(0)]")
    }

    /// A deliberately failing property, for the README: run it with
    /// `PROPERTYCHECK_EXAMPLE_FAILURE=1 swift test --filter deliberatelyFailingExample`.
    @Test(.enabled(if: Configuration.environment("PROPERTYCHECK_EXAMPLE_FAILURE") == "1"))
    func deliberatelyFailingExample() async {
        await checkProperty("example.listsAreShort", Gens.array(Gens.int(-50...50))) { xs, _ in
            try require(xs.count < 3, "a list of \(xs.count) elements is not short")
        }
    }

    /// The Swift Testing glue records an issue with the full message.
    @Test func checkPropertyRecordsAnIssue() async {
        await withKnownIssue {
            await checkProperty("glue", Gens.int(0...10), configuration: Configuration(seed: 0, cases: 50)) { v, _ in
                try require(v < 5, "too big")
            }
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("Property 'glue' failed") && $0.rawValue.contains("Shrunk value: 5") }
        }
    }
}

/// A tiny lock without Foundation.
final class NSLockLike: @unchecked Sendable {
    private var flag = pthread_mutex_t()
    init() { pthread_mutex_init(&flag, nil) }
    func run<T>(_ body: () -> T) -> T {
        pthread_mutex_lock(&flag)
        defer { pthread_mutex_unlock(&flag) }
        return body()
    }
}
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `PropertyAbort`: the run stops at the case, unshrunk, with its token; while shrinking it counts as passing.
@Suite struct AbortTests {
    @Test func anAbortStopsTheRunWithoutShrinking() async {
        let property = Property("abort.example", Gens.int(0...100)) { x, _ in
            if x > 50 { throw PropertyAbort(kind: "CRASH", message: "the engine crashed on \(x)") }
        }
        let report = await PropertyRunner.run(property, configuration: Configuration(seed: 0, cases: 200))
        #expect(report.status == .aborted)
        #expect(report.abort?.kind == "CRASH")
        #expect(report.abortedCase != nil)
        #expect(report.counterexample == nil)
        #expect(report.message.contains("crashed"))
    }

    @Test func anAbortWhileShrinkingDoesNotCount() async {
        // Fails for x ≥ 10; aborts for x in 3..<10; the shrinker must not take an aborting case as failing.
        let property = Property("abort.shrinking", Gens.int(0...1000)) { x, _ in
            if x >= 10 { throw PropertyFailure("x = \(x)") }
            if x >= 3 { throw PropertyAbort(kind: "TIMEOUT", message: "slow") }
        }
        var config = Configuration(seed: 0, cases: 200)
        config.maxShrinkCalls = 500
        let report = await PropertyRunner.run(property, configuration: config)
        if report.status == .failed { #expect(report.counterexample?.shrunk == "10") }
        else { #expect(report.status == .aborted) }
    }
}
