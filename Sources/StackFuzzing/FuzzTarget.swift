import PropertyCheck

/// One fuzz target: a check of one input, which returns when the code under test handled the input as specified
/// and throws a `FuzzFinding` when it did not. A trap, a hang or unbounded memory in the code under test is a
/// finding too, which the fuzzer (not the check) observes.
///
/// The same check runs under libFuzzer (`Fuzz/`, `scripts/fuzz`, through `testOneInput`) and in `swift test`
/// (the regression replay and the smoke of `FuzzSmokeTests`), so a crash file replays through exactly the code the
/// fuzzer ran.
public struct FuzzTarget: Sendable {
    /// The name `scripts/fuzz` takes and the regression directory's (`Fixtures/fuzz-regressions/<name>`).
    public let name: String
    /// What the target feeds its input to, and what it checks.
    public let summary: String
    /// Checks one input.
    public let check: @Sendable ([UInt8]) throws(FuzzFinding) -> Void

    public init(name: String, summary: String, check: @escaping @Sendable ([UInt8]) throws(FuzzFinding) -> Void) {
        self.name = name
        self.summary = summary
        self.check = check
    }
}

/// An input the code under test did not handle as specified: what was wrong, for people.
public struct FuzzFinding: Error, Sendable, CustomStringConvertible {
    /// What was wrong.
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// The fuzz targets, by name.
public enum FuzzTargets {
    /// Every target, in the order `scripts/fuzz --all` runs them.
    public static let all: [FuzzTarget] = [
        ReaderTargets.scenarioReader, ReaderTargets.layoutReader, EngineAnswerTarget.target,
        ReaderTargets.replayToken, ReaderTargets.expectations, EngineTargets.builtIn, SolverTarget.target,
        EngineTargets.externalEngine,
    ]

    /// The target named `name`.
    public static func named(_ name: String) -> FuzzTarget? { all.first { $0.name == name } }

    /// The body of libFuzzer's `LLVMFuzzerTestOneInput`: checks the `size` bytes at `data` with `target`, and on a
    /// finding prints it and stops the process, which libFuzzer reports as a crash and keeps the input of.
    public static func testOneInput(_ target: FuzzTarget, _ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
        let input = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
        do { try target.check(input) } catch { fatalError("\(target.name): \(error.message)") }
        return 0
    }
}

/// The input as text, as a file reader would see it: UTF-8, an invalid sequence read as U+FFFD.
func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

/// Fails with `message` unless `condition` holds.
func expect(_ condition: Bool, _ message: @autoclosure () -> String) throws(FuzzFinding) {
    if !condition { throw FuzzFinding(message()) }
}
