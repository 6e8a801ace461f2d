import Foundation
import Testing

@Suite struct OutputFileTests {
    /// A report named inside folders that do not exist yet is written, folders and all, as `--svg-dir` always was;
    /// it used to fail with "the file doesn't exist".
    @Test func reportsAreWrittenIntoFoldersThatDoNotExistYet() async throws {
        let base = FileManager.default.temporaryDirectory
            .appendingPathComponent("stackcheck-output-\(ProcessInfo.processInfo.globallyUniqueString)").path
        defer { try? FileManager.default.removeItem(atPath: base) }
        let json = base + "/reports/run/report.json", html = base + "/pages/report.html"
        let r = await runTool(["run", "--engine", "reference", "--property", "tree.arrangedSubsetOfSubviews",
                               "--cases", "5", "--json", json, "--html", html])
        #expect(r.status == 0, "\(r.err)")
        #expect(!r.err.contains("cannot write"), "\(r.err)")
        #expect(FileManager.default.fileExists(atPath: json))
        #expect(FileManager.default.fileExists(atPath: html))
    }
}
