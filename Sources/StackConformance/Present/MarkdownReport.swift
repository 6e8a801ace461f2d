import PropertyCheck
import StackLayout

/// The Markdown report (`--markdown FILE`): the table, then each non-PASS result with its counterexample.
public enum MarkdownReport {
    /// The report in Markdown.
    public static func render(_ report: ConformanceReport) -> String {
        var out: [String] = []
        out.append("# stackcheck report: \(report.engineName) \(report.engineVersion)")
        out.append("")
        out.append("Suite \(report.suiteVersion), seed `\(Seed.format(report.seed))`, \(report.casesPerProperty) cases per property, "
                   + "shard \(report.shard.index)/\(report.shard.count).")
        out.append("")
        out.append("**\(report.verdict.headline).** \(report.verdict.detail)")
        out.append("")
        let causes = report.causes
        if !causes.isEmpty {
            out.append("## Causes, the most widespread first")
            out.append("")
            for (i, c) in causes.enumerated() {
                out.append("\(i + 1). **\(c.status.rawValue)** in \(c.properties.count) properties (" + c.properties.map { "`\($0)`" }.joined(separator: ", ")
                           + "): \(c.summary)." + (c.editLine.map { " **\($0.prefix(1).uppercased() + $0.dropFirst()).**" } ?? "")
                           + " Smallest case: \(c.smallestCase), in `\(c.smallestIn)`.")
            }
            out.append("")
        }
        out.append("| property | rules | level | status | expected | cases |")
        out.append("|---|---|---|---|---|---|")
        for r in report.results {
            let expected = r.expected?.map(\.rawValue).joined(separator: " or ") ?? "PASS"
            out.append("| `\(r.property)` | \(r.rules.joined(separator: ", ")) | \(r.level.rawValue) | \(r.status.rawValue) | \(expected) | \(r.cases) |")
        }
        out.append("")
        out.append("Summary: " + report.summary.map { "\($0.status.rawValue) \($0.count)" }.joined(separator: ", ") + ".")
        for r in report.results where r.status != .pass && r.status != .skip {
            out.append("")
            out.append("## \(r.status.rawValue): `\(r.property)`")
            out.append("")
            out.append("```")
            out.append(r.message)
            out.append("```")
            if let note = TextReport.faultNote(r) { out += ["", "Stopped early: " + note + "."] }
            if let c = r.counterexample {
                if let program = c.program { out.append(""); out.append("Program: `" + program.joined(separator: "; ") + "`") }
                if let s = c.scenario { out += ["", "Scenario:", "", "```json", s.jsonString(pretty: true), "```"] }
                if let a = c.actual { out += ["", "Engine layout:", "", "```json", a.jsonString(pretty: true), "```"] }
                if let ref = c.reference { out += ["", "Reference layout:", "", "```json", ref.jsonString(pretty: true), "```"] }
            }
            if let e = r.standardError, !e.text.isEmpty {
                out += ["", "Engine standard error, request \(e.request) (\(e.during)):", "", "```", e.text, "```"]
            }
            for f in r.failures.dropFirst() {
                let diagnosis = f.diagnosis.flatMap { $0.namesCause ? "\nDiagnosis: " + $0.lines.joined(separator: "\n  ") : nil } ?? ""
                out += ["", "Another failure, \(f.status.rawValue):", "", "```", (f.nondeterminism?.summary ?? f.message) + diagnosis, "```"]
                if let s = f.counterexample?.scenario { out += ["", "```json", s.jsonString(pretty: false), "```"] }
            }
        }
        out.append("")
        return out.joined(separator: "\n")
    }
}
