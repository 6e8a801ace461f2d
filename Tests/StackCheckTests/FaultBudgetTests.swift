import Foundation
import Testing
@testable import StackCheckCommands
@testable import StackConformance
import StackLayout
import TestSupport

/// A crash-prone engine gets a bounded run: `Engines/crash_every.py N` is the Python adapter template (which passes
/// every property it declares) exiting on every Nth request of its process, so its crashes follow its history, not
/// the scenario. Each property's restarts (`--restart-budget`) and the requests spent shrinking one crash
/// (`--shrink-budget`) are bounded, a crash is confirmed on the restarted engine before it is shrunk, and the
/// report says which budget stopped what. Few properties and cases: each restart of a Python engine costs about a
/// quarter of a second.
@Suite(.serialized) struct FaultBudgetTests {
    static let file = RepositoryPaths.root + "/Tests/StackCheckTests/Engines/crash_every.py"

    static func command(_ python3: String, every: Int) -> String {
        BuildProducts.shellQuoted(python3) + " " + BuildProducts.shellQuoted(file) + " \(every)"
    }

    /// Runs `stackcheck run` on crash_every.py with `arguments`; the JSON report read back, and the run.
    static func run(every: Int, _ arguments: [String]) async throws
        -> (report: ConformanceReport, json: String, run: (status: Int32, out: String, err: String))? {
        guard let python3 = ProgramsOnPath.python3 else {
            Issue.record("python3 is not on PATH")
            return nil
        }
        let path = try temporaryFile("fault-budget-\(every)-\(arguments.joined().hashValue).json", "")
        let run = await runTool(["run", "--engine-command", command(python3, every: every), "--json", path] + arguments)
        let json = try String(contentsOfFile: path, encoding: .utf8)
        return (try ConformanceReport(json: json), json, run)
    }

    /// Every crash is listed with its case: shrunk, or with why it was not (here: not reproducible, since the
    /// engine just restarted answers it), and the run goes on to the end.
    @Test func everyCrashIsListedWithAShrunkCaseOrWhyNot() async throws {
        guard let (report, json, run) = try await Self.run(every: 3, [
            "--cases", "5", "--property", "alignment.center", "--property", "hidden.placement"]) else { return }
        #expect(run.status == 1, "\(run.out)")
        #expect(report.results.map(\.status) == [.crash, .crash], "\(run.out)")
        let crashes = report.results.flatMap(\.failures).filter { $0.status == .crash }
        #expect(!crashes.isEmpty)
        for crash in crashes {
            let c = try #require(crash.counterexample)
            #expect(c.scenario != nil)
            #expect(c.shrinkStop == nil || [.notReproducible, .shrinkBudget, .restartBudget].contains(c.shrinkStop!),
                    "\(c.shrinkStop?.rawValue ?? "")")
        }
        // Sent again to the engine just restarted, the case does not crash: reported as found, not shrunk.
        #expect(crashes.allSatisfy { $0.counterexample?.shrinkStop == .notReproducible })
        #expect(json.contains("\"shrinkStop\": \"notReproducible\"") || json.contains("\"shrinkStop\":\"notReproducible\""))
        #expect(run.out.contains("crash not reproducible from its case"), "\(run.out)")
        #expect(run.out.contains("not shrunk: sent again to the engine just restarted"), "\(run.out)")
        #expect(run.err.contains("restarting the engine (1st crash in alignment.center)"), "\(run.err)")
    }

    /// The restart budget stops a property's cases and is named in the JSON report, on the text report's row, in
    /// the progress line, on the HTML page and in the Markdown report.
    @Test func theRestartBudgetStopsThePropertyAndIsNamed() async throws {
        guard let (report, json, run) = try await Self.run(every: 3, [
            "--cases", "20", "--property", "alignment.center", "--restart-budget", "1"]) else { return }
        let result = try #require(report.results.first)
        #expect(result.status == .crash, "\(run.out)")
        #expect(result.budgetReached == .restartBudget, "\(run.out)")
        #expect(result.cases < 20, "\(result.cases) cases")
        #expect(json.contains("budgetReached"))
        let row = run.out.split(separator: "\n").first { $0.hasPrefix("alignment.center ") }
        #expect(row?.contains("restart budget reached") == true, "\(run.out)")
        #expect(run.err.contains("its restart budget is reached"), "\(run.err)")
        // The HTML page and the Markdown report say it too, from the report read back.
        #expect(HTMLReport.render(report).contains("<strong>Stopped early:</strong> restart budget reached"))
        #expect(MarkdownReport.render(report).contains("Stopped early: restart budget reached"))
    }

    /// A crash that reproduces (every request crashes) is shrunk within the shrink budget: here none (with any
    /// request, every one crashing, the first deletion reaches the empty stack), and the counterexample and the
    /// result say so.
    @Test func theShrinkBudgetStopsShrinkingACrashAndIsNamed() async throws {
        guard let (report, json, run) = try await Self.run(every: 1, [
            "--cases", "1", "--property", "alignment.center", "--shrink-budget", "0", "--restart-budget", "8"])
        else { return }
        let result = try #require(report.results.first)
        #expect(result.status == .crash, "\(run.out)")
        let c = try #require(result.failures.first?.counterexample)
        #expect(c.shrinkStop == .shrinkBudget, "\(run.out)")
        #expect(result.budgetReached == .shrinkBudget, "\(run.out)")
        #expect(json.contains("shrinkStop"))
        #expect(run.out.contains("shrinking stopped at the shrink budget"), "\(run.out)")
    }

    /// A budget that is not an integer >= 0 is a usage error that names the option.
    @Test(arguments: [("--restart-budget", "-1"), ("--restart-budget", "ten"), ("--shrink-budget", "2.5"),
                      ("--shrink-budget", "-3")])
    func badBudgetValuesAreUsageErrors(_ option: String, _ value: String) async {
        let run = await runTool(["run", "--engine", "reference", "--property", "alignment.center", option, value])
        #expect(run.status == ExitStatus.usage, "\(run.out)")
        #expect(run.err.contains("\(option) expects an integer >= 0, got '\(value)'"), "\(run.err)")
    }

    /// The defaults are documented where `--help` lists the options.
    @Test func theDefaultsAreInTheHelp() async {
        let run = await runTool(["run", "--help"])
        let lines = (run.out + run.err).split(separator: "\n")
        // The option's own line, not the usage line that lists every option.
        let restart = lines.first { $0.trimmingCharacters(in: .whitespaces).hasPrefix("--restart-budget") }
        let shrink = lines.first { $0.trimmingCharacters(in: .whitespaces).hasPrefix("--shrink-budget") }
        #expect(restart?.contains("(default: 10)") == true, "\(lines)")
        #expect(shrink?.contains("(default: 250)") == true, "\(lines)")
    }
}
