@testable import StackConformance
import Testing

/// A result's other failures print its Replay line with their own token: in-process lines carry the token inside
/// `STACKCHECK_REPLAY=…`, and it is swapped there too.
@Suite struct OtherFailureReplayLineTests {
    @Test func theTokenIsSwappedInsideTheVariable() {
        let lines = SwiftTestReplayLines(filter: "MyTests.conformance")
            .lines("pc2_first", engine: InProcessRunTests.CorrectEngine(), options: RunOptions())
        let message = "what failed\nReplay: \(lines.replay)"
        #expect(TextReport.replayLine(in: message, token: "pc2_second")
                == "STACKCHECK_REPLAY=pc2_second swift test --filter MyTests.conformance")
        #expect(TextReport.replayLine(in: "Replay: swift run stackcheck replay pc2_first --engine direct", token: "pc2_second")
                == "swift run stackcheck replay pc2_second --engine direct")
    }
}
