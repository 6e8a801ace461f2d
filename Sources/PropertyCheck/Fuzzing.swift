import Dispatch

/// A fuzzer's input read as a choice sequence (`TestCase.reading(_:)`). Each choice in 0...bound takes the fewest
/// bytes that hold `bound` (none for a bound of 0), big-endian; a value above `bound` is taken modulo `bound + 1`.
/// So every byte string is a valid sequence, a small change of the bytes is a small change of the choices, and a
/// fuzzer's mutations (a byte set to 0, to 0xFF, copied from elsewhere) reach every value. Past the end the bytes
/// read as 0, so the choices run on as 0s, as a replay does past its prefix.
struct ChoiceBytes {
    let bytes: [UInt8]
    var position = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// The next choice in 0...bound.
    mutating func next(upTo bound: UInt64) -> UInt64 {
        let width = (UInt64.bitWidth - bound.leadingZeroBitCount + 7) / 8
        var value: UInt64 = 0
        for _ in 0..<width {
            value = value << 8 | UInt64(position < bytes.count ? bytes[position] : 0)
            position += 1
        }
        guard value > bound else { return value }
        return value % (bound + 1)   // bound < value ≤ UInt64.max, so bound + 1 does not overflow
    }
}

extension TestCase {
    /// A case that reads its choices from `bytes`, a fuzzer's input (see ``PropertyRunner/fuzz(_:input:context:)``):
    /// every byte string gives a case, and a case recorded from bytes replays from its `choices` as any case does.
    public static func reading(_ bytes: [UInt8]) -> TestCase {
        let tc = TestCase(prefix: [], random: nil)
        tc.record.bytes = ChoiceBytes(bytes)
        return tc
    }
}

/// What a property did on one fuzzer input (``PropertyRunner/fuzz(_:input:context:)``).
public enum FuzzOutcome: Sendable {
    /// The property held on the input's case.
    case passed
    /// The input made no valid case: a filter or an assumption rejected it, or it needed more choices than a case
    /// may draw. Like a rejected case of a run, it is neither a pass nor a failure.
    case rejected
    /// The body threw `PropertyAbort`: the system under test could not answer.
    case aborted(PropertyAbort)
    /// The property failed on the input's case.
    case failed(FuzzFailure)
}

/// A property's failure on a fuzzer's input: the case's replay token, which reruns it anywhere through the usual
/// runner (the caller's replay variable, `PROPERTYCHECK_REPLAY` unless it names another), where it is shrunk as
/// any failure is.
public struct FuzzFailure: Error, Sendable, CustomStringConvertible {
    /// The failing case: the property, the context, and the choices the input was read as.
    public var token: ReplayToken
    /// The failing input, as `Property.describe` prints it.
    public var value: String
    /// What the body threw, for people.
    public var message: String
    /// The environment variable the replay line sets: the one the caller's test runner reads
    /// (`EnvironmentOverrides.replay`).
    public var replayVariable = EnvironmentOverrides.propertyCheck.replay

    /// The failure as a report prints it: the value, the failure and the replay line.
    public var description: String {
        """
        Property '\(token.property)' failed on a fuzzer's input.
          Value: \(value)
          Failure: \(message)
          Replay: \(replayVariable)=\(token.encoded)
        """
    }
}

extension PropertyRunner {
    /// Runs `property` once, on the case read from `input` as its choice sequence (`TestCase.reading(_:)`), the way
    /// Hypothesis's `fuzz_one_input` does: a coverage-guided fuzzer (libFuzzer) then steers the generator through
    /// the bytes it mutates. Every input gives a case or `.rejected`; a failure carries the case's replay token.
    /// Nothing is shrunk (the fuzzer minimises its inputs, and the token shrinks under ``run(_:context:configuration:)``).
    public static func fuzz<Value>(_ property: Property<Value>, input: [UInt8], context: String = "") async -> FuzzOutcome {
        let tc = TestCase.reading(input)
        let execution = await execute(property, tc)
        if let abort = execution.abort { return .aborted(abort) }
        switch execution.outcome {
        case .valid: return .passed
        case .invalid, .overrun: return .rejected
        case .interesting(let choices, _, let message):
            return .failed(FuzzFailure(token: ReplayToken(property: property.id, context: context, choices: choices),
                                       value: execution.description, message: message))
        }
    }

    /// `fuzz(_:input:context:)` from synchronous code, such as a fuzzer's `LLVMFuzzerTestOneInput`. A body that
    /// never suspends runs on the calling thread; one that suspends is waited for. Call it from a thread outside
    /// Swift concurrency's pool (a fuzzer's own thread), never from async code, which must `await` `fuzz` instead.
    public static func fuzzSynchronously<Value>(_ property: Property<Value>, input: [UInt8],
                                                context: String = "") -> FuzzOutcome {
        let box = OutcomeBox()
        let work: @Sendable () async -> Void = {
            box.outcome = await fuzz(property, input: input, context: context)
            box.done.signal()
        }
        if #available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0, *) {
            Task.immediate(operation: work)
        } else {
            Task(operation: work)
        }
        box.done.wait()
        return box.outcome ?? .rejected
    }

    /// The body of a fuzzer's `LLVMFuzzerTestOneInput` for `property`: runs it on the `size` bytes at `data` and
    /// returns 0, or on a failure prints the failure with its replay token and stops the process, which the fuzzer
    /// reports as a crash and keeps the input of. Call it as `fuzzOneInput(property, data, size)`. The replay line
    /// sets `replayVariable`, the variable the caller's test runner reads.
    public static func fuzzOneInput<Value>(_ property: Property<Value>, _ data: UnsafePointer<UInt8>?, _ size: Int,
                                           context: String = "",
                                           replayVariable: String = EnvironmentOverrides.propertyCheck.replay) -> Int32 {
        let input = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
        if case .failed(var failure) = fuzzSynchronously(property, input: input, context: context) {
            failure.replayVariable = replayVariable
            fatalError(failure.description)
        }
        return 0
    }

    /// The outcome, written once by the task before it signals `done`, read after the wait.
    private final class OutcomeBox: @unchecked Sendable {
        var outcome: FuzzOutcome?
        let done = DispatchSemaphore(value: 0)
    }
}
