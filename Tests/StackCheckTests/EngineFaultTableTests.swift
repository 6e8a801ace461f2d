import Foundation
import Testing
@testable import StackConformance
import StackLayout
import TestSupport

/// ENGINE-PROTOCOL.md's fault table against the misbehaving `fake-engine`, one mode per row: ERROR and unsupported
/// answers, invalid answers, TIMEOUT and CRASH, each followed by the restart the table names.
@Suite struct EngineFaultTableTests {
    // MARK: Answers (fault table: ERROR, unsupported)

    @Test func anErrorAnswerIsFailedWithItsMessage() async throws { try await offThePool {
        let engine = try EngineHarness.fake("error")
        defer { engine.stop() }
        let f = EngineHarness.failure(EngineHarness.outcome(engine))
        #expect(f?.kind == "failed")
        #expect(f?.message == "fake-engine always fails")
        #expect(engine.restartCount == 0)
    } }

    @Test func anUnsupportedAnswerIsUnsupported() async throws { try await offThePool {
        let engine = try EngineHarness.fake("unsupported")
        defer { engine.stop() }
        let f = EngineHarness.failure(EngineHarness.outcome(engine))
        #expect(f?.kind == "unsupported")
        #expect(f?.message == "fake-engine supports nothing")
    } }

    @Test func aLineThatIsNotJSONIsInvalidAndTheEngineIsRestarted() async throws { try await offThePool {
        let engine = try EngineHarness.fake("garbage")
        defer { engine.stop() }
        let pid = engine.processIdentifier
        let f = EngineHarness.failure(EngineHarness.outcome(engine))
        #expect(f?.kind == "invalidAnswer")
        #expect(f?.message.contains("not JSON") == true, "\(String(describing: f))")
        #expect(f?.message.contains("this is not JSON") == true, "the line is quoted: \(String(describing: f))")
        #expect(engine.restartCount == 1)
        #expect(engine.processIdentifier != pid)
        #expect(EngineHarness.failure(EngineHarness.outcome(engine))?.kind == "invalidAnswer")
    } }

    @Test func anAnswerWithAnotherIdIsInvalidAndTheEngineIsRestarted() async throws { try await offThePool {
        let engine = try EngineHarness.fake("wrong-id")
        defer { engine.stop() }
        let f = EngineHarness.failure(EngineHarness.outcome(engine))
        #expect(f?.kind == "invalidAnswer")
        #expect(f?.message.contains("the answer is for id 1001, not 1") == true, "\(String(describing: f))")
        #expect(engine.restartCount == 1)
        // Ids keep increasing across restarts.
        #expect(EngineHarness.failure(EngineHarness.outcome(engine))?.message.contains("for id 1002, not 2") == true)
    } }

    @Test func aResultWithoutAFrameForANestedItemIsInvalid() async throws { try await offThePool {
        let engine = try EngineHarness.fake("missing-frame")
        defer { engine.stop() }
        let f = EngineHarness.failure(EngineHarness.outcome(engine))
        #expect(f?.kind == "invalidAnswer")
        #expect(f?.message.contains(#"no frame for arranged item "c""#) == true, "\(String(describing: f))")
        #expect(engine.restartCount == 0, "the conversation is still in step")
    } }

    @Test func aResultWithAFrameForAnUnknownIdIsInvalid() async throws { try await offThePool {
        let engine = try EngineHarness.fake("extra-frame")
        defer { engine.stop() }
        let f = EngineHarness.failure(EngineHarness.outcome(engine))
        #expect(f?.kind == "invalidAnswer")
        #expect(f?.message.contains(#""fake-engine-extra", which the scenario does not have"#) == true, "\(String(describing: f))")
    } }

    @Test func aResultThatIsNotALayoutIsInvalid() async throws { try await offThePool {
        let engine = try EngineHarness.fake("not-layout")
        defer { engine.stop() }
        let f = EngineHarness.failure(EngineHarness.outcome(engine))
        #expect(f?.kind == "invalidAnswer")
        #expect(f?.message.contains("not a layout document: result.format: missing") == true, "\(String(describing: f))")
    } }

    @Test func framesInAnotherOrderAreAcceptedInScenarioPreOrder() async throws {
        // The answer's `frames` member order carries no meaning; validation is by id. (The fake's frames are in
        // pre-order already; this checks the reader directly with a shuffled document.)
        var shuffled = EngineHarness.reference
        shuffled.frames.reverse()
        let line = JSONValue.object([("id", .number(7)), ("result", shuffled.jsonValue)]).compactText
        guard case .layout(let layout) = EngineAnswer.read(line, id: 7, scenario: EngineHarness.scenario) else {
            Issue.record("not read as a layout")
            return
        }
        #expect(layout == EngineHarness.reference)
    }

    // MARK: Timeouts (fault table: TIMEOUT)

    @Test func aHangingEngineTimesOutIsKilledAndRestarted() async throws { try await offThePool {
        // 2 s: the timeout also bounds the hello of the start and of the restart, which a busy machine may slow.
        let engine = try EngineHarness.fake("hang", timeout: 2)
        defer { engine.stop() }
        let pid = try #require(engine.processIdentifier)
        let f = EngineHarness.failure(EngineHarness.outcome(engine))
        #expect(f?.kind == "timedOut")
        #expect(f?.message.contains("no answer within 2 s") == true, "\(String(describing: f))")
        #expect(EngineHarness.isGone(pid))
        #expect(engine.restartCount == 1)
        // The new process was greeted (else `.cannotStart`) and hangs again.
        #expect(EngineHarness.failure(EngineHarness.outcome(engine))?.kind == "timedOut")
    } }

    @Test func aSlowEngineWithinTheTimeoutIsFineAndBeyondItTimesOut() async throws { try await offThePool {
        // Margins no busy machine closes: 0.3 s answers within 60 s; 3 s answers beyond 2 s (which the hello, answered
        // at once, is well within).
        let patient = try EngineHarness.fake("slow", timeout: 60)
        defer { patient.stop() }
        #expect(try patient.layout(EngineHarness.scenario) == EngineHarness.reference)
        let hurried = try EngineHarness.fake("slow-3", timeout: 2)
        defer { hurried.stop() }
        #expect(EngineHarness.failure(EngineHarness.outcome(hurried))?.kind == "timedOut")
    } }

    // MARK: Crashes (fault table: CRASH)

    @Test func anEngineThatExitsIsACrashWithItsStatusAndIsRestarted() async throws { try await offThePool {
        let engine = try EngineHarness.fake("crash")
        defer { engine.stop() }
        let f = EngineHarness.failure(EngineHarness.outcome(engine))
        #expect(f?.kind == "crashed")
        #expect(f?.message.contains("exited with status 3") == true, "\(String(describing: f))")
        #expect(engine.restartCount == 1)
        #expect(EngineHarness.failure(EngineHarness.outcome(engine))?.kind == "crashed")
        #expect(engine.restartCount == 2)
    } }

    @Test func afterACrashTheRestartedEngineServesTheNextRequest() async throws { try await offThePool {
        let engine = try EngineHarness.fakeWithMarker("crash-once")
        defer { engine.stop() }
        #expect(EngineHarness.failure(EngineHarness.outcome(engine))?.kind == "crashed")
        #expect(try engine.layout(EngineHarness.scenario) == EngineHarness.reference)
        #expect(try engine.layout(EngineHarness.scenario) == EngineHarness.reference)
        #expect(engine.restartCount == 1)
    } }

    @Test func anEngineThatClosesItsOutputIsACrash() async throws { try await offThePool {
        let engine = try EngineHarness.fake("close-stdout")
        defer { engine.stop() }
        let f = EngineHarness.failure(EngineHarness.outcome(engine))
        #expect(f?.kind == "crashed")
        #expect(f?.message.contains("closed its output") == true, "\(String(describing: f))")
    } }

    @Test func aFailedRestartLeavesTheEngineDead() async throws { try await offThePool {
        let engine = try EngineHarness.fakeWithMarker("rehello-error")
        defer { engine.stop() }
        let f = EngineHarness.failure(EngineHarness.outcome(engine))
        #expect(f?.kind == "cannotStart")
        #expect(f?.message.contains("could not be started again") == true, "\(String(describing: f))")
        #expect(f?.message.contains("refused the hello") == true, "\(String(describing: f))")
        #expect(EngineHarness.failure(EngineHarness.outcome(engine))?.kind == "cannotStart")
        #expect(engine.processIdentifier == nil)
    } }

    @Test func aRestartThatDeclaresOtherFeaturesLeavesTheEngineDead() async throws { try await offThePool {
        let engine = try EngineHarness.fakeWithMarker("rehello-features")
        defer { engine.stop() }
        let f = EngineHarness.failure(EngineHarness.outcome(engine))
        #expect(f?.kind == "cannotStart")
        #expect(f?.message.contains("declared other features") == true, "\(String(describing: f))")
        #expect(EngineHarness.failure(EngineHarness.outcome(engine))?.kind == "cannotStart")
    } }
}
