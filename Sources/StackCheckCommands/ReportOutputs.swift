import Foundation
import StackConformance

/// Writes the reports a run asked for (the text report on standard output; `--json`, `--markdown`, `--html`,
/// `--junit`, `--svg-dir` files) and decides the exit status from the expectations. Also what an interrupted run writes.
struct ReportOutputs: Sendable {
    let json: String?, markdown: String?, html: String?, junit: String?, svgDirectory: String?
    let expectations: Expectations
    /// The expectations file's path, for the update command printed when causes changed.
    let expectationsPath: String?
    /// The words that start a `stackcheck` command line (`Invocation.words(programPath:)`).
    let invocation: [String]
    let verbose: Bool
    let console: Console

    init(_ options: RunCommand.Options, expectations: Expectations, invocation: [String], console: Console) {
        expectationsPath = options.expectations
        self.invocation = invocation
        json = options.json
        markdown = options.markdown
        html = options.html
        junit = options.junit
        svgDirectory = options.svgDirectory
        verbose = options.verbose
        self.expectations = expectations
        self.console = console
    }

    /// Writes every report of `original` annotated with the expectations and returns the run's exit status: the
    /// verdict's, or 1 when a report could not be written in a run that would otherwise have passed.
    func write(_ original: ConformanceReport) -> Int32 {
        var report = original
        expectations.annotate(&report)
        console.out(TextReport.render(report, verbose: verbose))
        let verdict = report.verdict
        if !verdict.tentativeDifferences.isEmpty {
            console.out("Tentative differences (accepted for this engine): " + verdict.tentativeDifferences.joined(separator: ", ") + "\n")
        }
        if !verdict.unexpected.isEmpty {
            console.out("Unexpected results: " + verdict.unexpected.map { u in
                "\(u.property) \(u.status.rawValue)" + (u.newCauses.isEmpty ? "" : " (\(u.newCauses.count) new cause\(u.newCauses.count == 1 ? "" : "s"))")
            }.joined(separator: ", ") + "\n")
        }
        console.out(causeChanges(report, verdict))
        if verdict.fixtureProblems > 0 {
            console.out("Golden fixtures that failed: \(verdict.fixtureProblems)\n")
        }
        var ok = true
        if let path = json { ok = save(JSONReport.value(report).prettyText + "\n", path) && ok }
        if let path = markdown { ok = save(MarkdownReport.render(report), path) && ok }
        if let path = html { ok = save(HTMLReport.render(report), path) && ok }
        if let path = junit { ok = save(JUnitReport.render(report), path) && ok }
        if let dir = svgDirectory {
            for (name, svg) in ReportFiles.pictures(report) { ok = save(svg, dir + "/" + name) && ok }
        }
        return verdict.conforms && !ok ? ExitStatus.failure : verdict.exitStatus
    }

    /// The causes the expectations file does not list and the known ones that no longer show, each on its line,
    /// then the command that writes the file anew from this run's JSON report (when there is one to read).
    func causeChanges(_ report: ConformanceReport, _ verdict: RunVerdict) -> String {
        guard !verdict.newCauses.isEmpty || !verdict.fixedCauses.isEmpty else { return "" }
        var lines: [String] = []
        if !verdict.newCauses.isEmpty {
            lines.append("New causes (not in the expectations, \(verdict.newCauses.count)):")
            for key in verdict.newCauses {
                let summary = report.causes.first { $0.key == key }?.summary ?? ""
                lines.append("  \(key)" + (summary.isEmpty ? "" : ": \(summary)"))
            }
        }
        if !verdict.fixedCauses.isEmpty {
            lines.append("Known causes not shown by this run (fixed?, \(verdict.fixedCauses.count))"
                         + (expectations.strict ? ", which --strict counts as unexpected:" : ":"))
            for key in verdict.fixedCauses { lines.append("  \(key)") }
        }
        if let json, let path = expectationsPath {
            lines.append("To accept this run's causes: " + CommandWords.join(invocation + ["expectations", "--from", json, "--update", path]))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    func save(_ text: String, _ path: String) -> Bool {
        do { try OutputFile.write(text, to: path); return true } catch {
            console.err("error: cannot write \(path): \(error.localizedDescription)\n")
            return false
        }
    }
}
