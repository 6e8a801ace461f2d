import Foundation
import Testing
import StackConformance

/// Starting an engine is not a request: a JVM or an interpreter that imports a large library
/// takes seconds to start, at the start of a run and after every restart, whatever the per-request timeout.
@Suite struct StartTimeoutTests {
    /// `fake-engine crash`, started 1.5 s late: it crashes on every request and must be started again each time.
    static let slowCrasher = "sh -c " + BuildProducts.shellQuoted("sleep 1.5; exec " + BuildProducts.command("fake-engine", "crash"))

    @Test func aSlowStartIsWaitedForAtTheStartAndAfterEachRestart() async throws {
        let path = try temporaryFile("slow-start.json", "")
        let r = await runTool(["run", "--engine-command", Self.slowCrasher, "--timeout", "1", "--cases", "1",
                               "--property", "alignment.leading", "--json", path])
        // The crash is the engine's status, not an engine that could not be restarted (exit status 3).
        #expect(r.status == 1, "\(r.out)\(r.err)")
        let report = try ConformanceReport(json: try String(contentsOfFile: path, encoding: .utf8))
        #expect(report.results.first?.status == .crash)
        #expect(report.stop == nil)
    }

    @Test func aStartSlowerThanTheStartTimeoutStopsTheRun() async {
        let r = await runTool(["run", "--engine-command", Self.slowCrasher, "--start-timeout", "0.5", "--cases", "1",
                               "--property", "alignment.leading"])
        #expect(r.status == 3, "\(r.out)\(r.err)")
        #expect(r.err.contains("hello within 0.5"), "\(r.err)")
    }

    @Test func theStartTimeoutIsCarriedIntoReplayLines() async throws {
        let r = await runTool(["run", "--engine-command", BuildProducts.command("fake-engine", "shifted"),
                               "--start-timeout", "45", "--cases", "5", "--property", "alignment.leading"])
        #expect(r.out.contains("--start-timeout 45"), "\(r.out)")
    }
}
