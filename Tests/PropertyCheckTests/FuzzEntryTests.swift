import Foundation
import Testing
@testable import PropertyCheck

/// PropertyCheck as a fuzzer's front end (`PropertyRunner.fuzz`): any bytes are a case, a failure carries a token
/// that replays it through the usual runner, and running out of bytes is a replay running past its end.
@Suite struct FuzzEntryTests {
    /// Fails when the first number exceeds the second by more than 500: about one pair in eight of uniform numbers.
    static let pairs = Property("fuzz.pairs", Gens.zip(Gens.int(0...1000), Gens.int(0...1000))) { pair, _ in
        try require(pair.0 <= pair.1 + 500, "\(pair.0) > \(pair.1) + 500")
    }

    /// Byte strings of any length up to 64, each byte uniform (PropertyCheck's own generator).
    static let inputs = Gens.array(Gens.int(0...255).map(UInt8.init), count: 0...64, averageLength: 8)

    /// On random inputs the entry point finds the failure (in at least 3 % of them), reports exactly the inputs
    /// whose case breaks the statement, and every token it prints rebuilds a failing case and fails again when
    /// replayed through the runner.
    @Test func randomInputsFindTheFailureAndItsTokenReplays() async {
        let property = Property("fuzz.entry", Self.inputs, cover: [("failed", 3)]) { bytes, tc in
            switch await PropertyRunner.fuzz(Self.pairs, input: bytes) {
            case .failed(let failure):
                tc.label("failed")
                try require(failure.token.property == "fuzz.pairs" && failure.token.encoded.hasPrefix("pc2_"),
                            "token \(failure.token)")
                try require(failure.description.contains("Replay: PROPERTYCHECK_REPLAY=\(failure.token.encoded)"),
                            "no replay line: \(failure.description)")
                guard let pair = PropertyRunner.value(of: failure.token, Self.pairs.generator) else {
                    throw PropertyFailure("the token rebuilds no case")
                }
                try require(pair.0 > pair.1 + 500, "the token rebuilds \(pair), which holds")
                var configuration = Configuration(seed: 0, cases: 1)
                configuration.replay = failure.token
                configuration.maxShrinkCalls = 20
                let report = await PropertyRunner.run(Self.pairs, configuration: configuration)
                try require(report.status == .failed && report.replays.first?.contains("still fails") == true,
                            "the token does not fail on replay: \(report.message)")
            case .passed:
                let pair = try Self.pairs.generator.run(TestCase.reading(bytes))
                try require(pair.0 <= pair.1 + 500, "\(pair) breaks the statement, yet the input passed")
            case .rejected, .aborted:
                throw PropertyFailure("a pair generator never rejects")
            }
        }
        _ = await checkProperty(property, configuration: Configuration(seed: 0, cases: 300))
    }

    /// A choice takes the fewest bytes that hold its bound, big-endian, a value above the bound taken modulo
    /// bound + 1; a bound of 0 takes no byte.
    @Test func bytesMapToChoices() throws {
        let choices = Gen { tc throws(StopTest) in
            [try tc.choice(1000), try tc.choice(0), try tc.choice(1), try tc.choice(255), try tc.choice(1000)]
        }
        #expect(try choices.run(TestCase.reading([0x03, 0xE8, 0x07, 0xFE, 0xFF, 0xFF])) == [1000, 0, 1, 254, 65535 % 1001])
        #expect(try choices.run(TestCase.reading([0x00, 0x05, 0x00, 0x80])) == [5, 0, 0, 128, 0])
    }

    /// Past the end of the input every choice is 0, as past the end of a replay: an input and the same input with
    /// zeros appended are the same case, and the empty input is the simplest case.
    @Test func runningOutOfBytesIsAReplayPastItsEnd() async throws {
        let lists = Gens.array(Gens.int(0...1000), count: 0...20)
        for input: [UInt8] in [[], [1, 0x01, 0x02], [1, 0x01, 0x02, 1, 0x03]] {
            let tc = TestCase.reading(input)
            let value = try lists.run(tc)
            #expect(try lists.run(TestCase.reading(input + [0, 0, 0, 0])) == value)
            #expect(try lists.run(TestCase.replaying(tc.choices)) == value, "the recorded choices replay the case")
        }
        #expect(try lists.run(TestCase.reading([])) == [])
        let alwaysFails = Property("fuzz.alwaysFails", lists) { _, _ in throw PropertyFailure("fails") }
        guard case .failed(let failure) = await PropertyRunner.fuzz(alwaysFails, input: []) else {
            Issue.record("a property that always fails passed")
            return
        }
        #expect(PropertyRunner.value(of: failure.token, lists) == [])
    }

    /// Total on huge inputs: a megabyte of random bytes gives a case, and a megabyte of 0xFF (a list that never
    /// ends) runs into the choice limit and is rejected, as a replay that runs past it is.
    @Test func hugeInputsGiveACaseOrARejection() async {
        var random = Xoshiro256StarStar(seed: 7)
        let noise = (0..<1 << 20).map { _ in UInt8(truncatingIfNeeded: random.next()) }
        guard case .passed = await PropertyRunner.fuzz(Property("fuzz.any", Gens.array(Gens.int(0...1000))) { _, _ in },
                                                     input: noise) else {
            Issue.record("a property that always holds did not pass")
            return
        }
        let endless = Property("fuzz.endless", Gens.array(Gens.int(0...1000))) { _, _ in }
        guard case .rejected = await PropertyRunner.fuzz(endless, input: Array(repeating: 0xFF, count: 1 << 20)) else {
            Issue.record("a list past the choice limit was not rejected")
            return
        }
    }

    /// The synchronous entry, on a thread of its own as a fuzzer's, gives what the async one gives, input by input,
    /// aborts included.
    @Test func synchronousEntryAgreesWithTheAsyncOne() async {
        let aborting = Property("fuzz.aborts", Gens.int(0...3)) { v, _ in
            if v == 3 { throw PropertyAbort(kind: "ERROR", message: "cannot answer") }
            try require(v != 2, "two")
        }
        for input: [UInt8] in [[0], [1], [2], [3], [7]] {
            let a = Self.summary(await PropertyRunner.fuzz(aborting, input: input))
            let s = await Self.onPlainThread { Self.summary(PropertyRunner.fuzzSynchronously(aborting, input: input)) }
            #expect(a == s, "input \(input)")
        }
        #expect(await Self.onPlainThread { Self.summary(PropertyRunner.fuzzSynchronously(aborting, input: [2])) }.hasPrefix("failed"))
        #expect(await Self.onPlainThread { Self.summary(PropertyRunner.fuzzSynchronously(aborting, input: [3])) } == "aborted ERROR")
        #expect(await Self.onPlainThread { PropertyRunner.fuzzOneInput(aborting, nil, 0) } == 0)
    }

    /// Runs `body` on a new thread outside the cooperative pool, as a fuzzer's thread is.
    static func onPlainThread<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: body()) }.start()
        }
    }

    static func summary(_ outcome: FuzzOutcome) -> String {
        switch outcome {
        case .passed: "passed"
        case .rejected: "rejected"
        case .aborted(let abort): "aborted \(abort.kind)"
        case .failed(let failure): "failed \(failure.token.encoded)"
        }
    }
}
