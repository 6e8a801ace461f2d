@testable import StackConformance
import Testing

/// Each failure of a run gets its own commands, with its own token, in the run's replay format: in-process lines
/// carry the token inside `STACKCHECK_REPLAY=…`.
@Suite struct OtherFailureReplayLineTests {
    @Test func everyFailureGetsItsOwnTokenInTheRunsFormat() {
        var options = RunOptions()
        options.replayLines = SwiftTestReplayLines(filter: "MyTests.conformance")
        let evaluator = Evaluator(engine: InProcessRunTests.CorrectEngine(), options: options)
        let second = Counterexample(scenario: nil, program: nil, actual: nil, reference: nil, replay: "pc2_second", shrinkCutShort: false)
        let commands = FailureRecords.commands(second, evaluator)
        #expect(commands?.replay == "STACKCHECK_REPLAY=pc2_second swift test --filter MyTests.conformance")
        #expect(commands?.keep == "STACKCHECK_REPLAY=pc2_second STACKCHECK_SAVE_REGRESSION=1 swift test --filter MyTests.conformance")
        // A case without a token (a saved regression's file) has no commands of its own.
        let saved = Counterexample(scenario: nil, program: nil, actual: nil, reference: nil, replay: "Fixtures/regressions/x.json", shrinkCutShort: false)
        #expect(FailureRecords.commands(saved, evaluator) == nil)
    }
}
