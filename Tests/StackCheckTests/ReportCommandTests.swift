import Foundation
import Testing
import StackCheckCommands
import StackConformance
import StackLayout

/// `stackcheck report A.json B.json … [--html FILE]` and `stackcheck run --html FILE`, end to end in-process.
@Suite(.serialized) struct ReportCommandTests {
    /// JSON reports of two real runs, written once: a mutant that fails alignment.center, and the direct engine.
    static let reports = Task<[String], any Error> {
        var paths: [String] = []
        for (name, engine) in [("mutant", "mutant:centerAsLeading"), ("direct", "direct")] {
            let path = try temporaryFile("report-\(name).json", "")
            let html = try temporaryFile("report-\(name).html", "")
            let r = await runTool(["run", "--engine", engine, "--property", "alignment.center", "--property", "alignment.leading",
                                   "--cases", "100", "--json", path, "--html", html])
            guard r.status == (name == "mutant" ? 1 : 0) else { throw RunFailed(status: r.status, err: r.err) }
            paths.append(path)
        }
        return paths
    }

    struct RunFailed: Error { let status: Int32, err: String }

    func read(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

    @Test func runWritesTheHTMLPageOfItsReport() async throws {
        let paths = try await Self.reports.value
        let page = try read(paths[0].replacingOccurrences(of: ".json", with: ".html"))
        #expect(page.hasPrefix("<!DOCTYPE html>"))
        #expect(page.contains(#"id="p-alignment.center""#))
        // The page from the run and the page from its JSON report are the same bytes.
        let report = try ConformanceReport(json: try read(paths[0]))
        #expect(page == HTMLReport.render(report))
        let again = try temporaryFile("again.html", "")
        #expect(await runTool(["report", paths[0], "--html", again]).status == 0)
        #expect(try read(again) == page, "one report: the run's page")
    }

    @Test func severalReportsMakeAGrid() async throws {
        let paths = try await Self.reports.value
        let out = try temporaryFile("grid.html", "")
        let r = await runTool(["report", paths[0], paths[1], "--html", out])
        #expect(r.status == 0, "\(r.err)")
        let page = try read(out)
        #expect(page.contains(#"<th class="engine""#))
        #expect(page.contains("mutant:centerAsLeading") && page.contains(">direct<"))
        #expect(page.contains(##"href="#c0-alignment.center""##), "the mutant's FAIL links to its details")
        #expect(page.contains(#"id="c0-alignment.center""#))
    }

    @Test func withoutHTMLItPrintsTheGridAsText() async throws {
        let paths = try await Self.reports.value
        let r = await runTool(["report", paths[0], paths[1]])
        #expect(r.status == 0)
        let lines = r.out.split(separator: "\n")
        #expect(lines.first?.contains("mutant:centerAsLeading") == true && lines.first?.contains("direct") == true)
        let center = lines.first { $0.hasPrefix("alignment.center ") }.map(String.init) ?? ""
        #expect(center.split(separator: " ").map(String.init) == ["alignment.center", "FAIL!", "PASS"], "\(center)")
        let fill = lines.first { $0.hasPrefix("alignment.fill ") }
        #expect(fill == nil, "only the properties the reports hold")
        // The same report twice: columns told apart by number.
        let twice = await runTool(["report", paths[1], paths[1]])
        #expect(twice.out.split(separator: "\n").first.map(String.init) == "PROPERTY" + String(repeating: " ", count: 32) + "direct 1 #1  direct 1 #2")
    }

    @Test func unreadableOrInvalidReportsExitTwoNamingTheFile() async throws {
        let missing = "/nonexistent/report.json"
        let r = await runTool(["report", missing, "--html", "/dev/null"])
        #expect(r.status == 2)
        #expect(r.err.contains(missing))
        let scenario = try temporaryFile("not-a-report.json", #"{"format": "stackcheck.scenario/1", "stack": {}}"#)
        let s = await runTool(["report", scenario])
        #expect(s.status == 2)
        #expect(s.err.contains(scenario) && s.err.contains("format"), "\(s.err)")
        let garbage = try temporaryFile("garbage.json", "{not json")
        #expect(await runTool(["report", garbage]).status == 2)
        #expect(await runTool(["report"]).status == 2, "at least one report")
        let paths = try await Self.reports.value
        // Missing folders are created, so an unwritable place is one below a file (even root cannot make it a folder).
        #expect(await runTool(["report", paths[0], "--html", paths[0] + "/x.html"]).status == 2)
    }

    @Test func helpNamesTheOptionAndTheStatuses() async {
        let help = await runTool(["report", "--help"])
        #expect(help.status == 0)
        #expect(help.out.contains("--html <file>") && help.out.contains("<report> ..."))
        #expect(await runTool(["run", "--help"]).out.contains("--html <file>"))
        #expect(await runTool(["help"]).out.contains("report"))
    }
}
