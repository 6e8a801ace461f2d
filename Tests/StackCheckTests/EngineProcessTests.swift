import Foundation
import Testing
@testable import StackConformance
import StackLayout
import TestSupport

/// `EngineProcess` and the end of an engine: line limits, read and write deadlines, standard error kept without
/// blocking, `bye` and the kill after it, and interrupts (SIGINT, SIGTERM) during a request.
@Suite struct EngineProcessTests {
    // MARK: Lines and deadlines (EngineProcess)

    @Test func aLineLongerThan16MiBIsTooLong() async throws { try await offThePool {
        // 17 MB without a newline. The deadline only keeps a broken limit from hanging the tests: a debug build on a
        // loaded machine can take more than 10 s to read 16 MiB, which is not what this test is about.
        let process = try EngineProcess.spawn(["head", "-c", "17000000", "/dev/zero"], standardError: StandardErrorTail())
        #expect(process.readLine(until: Deadline(after: 120)) == .tooLong)
        process.terminate()
    } }

    @Test func aWriteToAnEngineThatDoesNotReadGivesUpAtTheDeadline() async throws { try await offThePool {
        let process = try EngineProcess.spawn(["sleep", "30"], standardError: StandardErrorTail())
        let pid = process.pid
        let deadline = Deadline(after: 0.3)
        #expect(process.writeLine(String(repeating: "x", count: 1 << 20), until: deadline) == .timedOut)
        #expect(deadline.hasPassed, "gave up before its deadline")
        let end = process.terminate()
        #expect(end.signalledBySuite)
        #expect(end.signal == SIGTERM)
        #expect(EngineHarness.isGone(pid))
    } }

    @Test func aReadGivesUpAtTheDeadline() async throws { try await offThePool {
        let process = try EngineProcess.spawn(["sleep", "30"], standardError: StandardErrorTail())
        let deadline = Deadline(after: 0.2)
        #expect(process.readLine(until: deadline) == .timedOut)
        #expect(deadline.hasPassed, "gave up before its deadline")
        process.terminate()
    } }

    // MARK: Standard error and the end

    @Test func aFloodOfStandardErrorDoesNotBlockAndOnlyTheTailIsKept() async throws { try await offThePool {
        let engine = try EngineHarness.fake("flood-stderr")
        defer { engine.stop() }
        // 8 MiB before each answer, 128 times a pipe's buffer: answered (no TIMEOUT) only if standard error is drained.
        let answers = [EngineHarness.outcome(engine), EngineHarness.outcome(engine)]
        #expect(answers == [.success(EngineHarness.reference), .success(EngineHarness.reference)])
        let tail = engine.standardErrorTail
        #expect(tail.utf8.count <= 4096)
        // The drain runs on its own thread; the last line may arrive just after the answer (60 s: a bound against a
        // hang only).
        let deadline = ContinuousClock.now + .seconds(60)
        while !engine.standardErrorTail.contains("before answering request 2"), ContinuousClock.now < deadline {
            usleep(10_000)
        }
        #expect(engine.standardErrorTail.hasSuffix("fake-engine: flooded 8 MiB before answering request 2\n"))
    } }

    @Test func stopEndsAGoodEngineByItsOwnExitAfterBye() async throws { try await offThePool {
        let engine = try EngineHarness.fake("good")
        let pid = try #require(engine.processIdentifier)
        engine.stop()
        let end = try #require(engine.lastTermination)
        #expect(!end.signalledBySuite, "\(end)")
        #expect(end.exitStatus == 0, "\(end)")
        #expect(EngineHarness.isGone(pid))
        #expect(EngineHarness.failure(EngineHarness.outcome(engine))?.kind == "cannotStart")
        engine.stop()   // idempotent
    } }

    @Test func anEngineThatIgnoresByeAndTermIsKilledOnStop() async throws { try await offThePool {
        let engine = try EngineHarness.fake("ignore-bye")
        #expect(try engine.layout(EngineHarness.scenario) == EngineHarness.reference)
        let pid = try #require(engine.processIdentifier)
        engine.stop()
        // It outlived bye and TERM: only the KILL that follows ended it.
        let end = try #require(engine.lastTermination)
        #expect(end.signalledBySuite, "\(end)")
        #expect(end.signal == SIGKILL, "\(end)")
        #expect(EngineHarness.isGone(pid))
    } }

    // MARK: Interrupts (SIGINT, SIGTERM)

    /// A request waiting on an engine that never answers ends when the interrupt fires from another thread: no
    /// TIMEOUT (the 120 s timeout only bounds the test if interrupts were broken), no restart, and
    /// `stopAfterInterrupt` ends the process.
    @Test func anInterruptEndsARequestInFlightWithoutARestart() async throws { try await offThePool {
        let interrupt = EngineInterrupt()
        let engine = try ExternalEngine.start(command: BuildProducts.command("fake-engine", "hang"), timeout: 120,
                                              suiteVersion: ConformanceSuite.version, interrupt: interrupt)
        let pid = try #require(engine.processIdentifier)
        Thread.detachNewThread {
            usleep(200_000)   // most likely while the request waits; before it, the outcome is the same
            interrupt.fire()
        }
        let f = EngineHarness.failure(EngineHarness.outcome(engine))
        #expect(f?.kind == "cannotStart")
        #expect(f?.message.contains("interrupted") == true, "\(String(describing: f))")
        #expect(engine.restartCount == 0)
        #expect(EngineHarness.failure(EngineHarness.outcome(engine))?.kind == "cannotStart", "later requests fail at once")
        engine.stopAfterInterrupt()
        #expect(EngineHarness.isGone(pid))
        #expect(engine.processIdentifier == nil)
    } }

    /// The board an interrupt stops keeps the results recorded before, drops those that arrive after (a property
    /// cut off by the interrupt), hands out no more properties, and reports the rest NOTRUN with the reason.
    @Test func aStoppedBoardKeepsFinishedResultsAndReportsTheRestNotRun() async throws {
        var options = RunOptions(cases: 1)
        options.properties = ["hidden"]
        let properties = options.selectedProperties
        let board = CatalogueRun.Board(count: properties.count)
        #expect(board.next() == 0 && board.next() == 1)
        let passed = PropertyResult(checked: properties[0], tally: CaseTally(cases: 1), failures: [], message: "1 cases passed")
        #expect(board.finish(0, passed) == 1)
        board.stop(.interrupted)
        #expect(board.finish(1, PropertyResult(errored: properties[1], reason: .cannotStart, message: "cut off",
                                                    tally: CaseTally(), failures: [], standardError: nil)) == nil)
        #expect(board.next() == nil)
        let report = board.report(engine: ReferenceEngine(), options: options, started: "", seconds: 0)
        #expect(report.results.map(\.status) == [.pass] + Array(repeating: .notRun, count: properties.count - 1))
        #expect(report.results.dropFirst().allSatisfy { $0.message == "not run: interrupted" })
        #expect(report.stop == .interrupted)
    }
}
