import PropertyCheck
import StackLayout

/// The terminal report: one row per property (property, level, status, cases, time), a `[passed/total]` line per
/// group, each non-PASS result's message and counterexample, and the summary.
public enum TextReport {
    public static func render(_ report: ConformanceReport, verbose: Bool = false) -> String {
        var out: [String] = []
        out.append("stackcheck \(report.suiteVersion): engine \(report.engineName) \(report.engineVersion), seed "
                   + "\(Seed.format(report.seed)), \(report.casesPerProperty) cases per property, shard "
                   + "\(report.shard.index)/\(report.shard.count)")
        if !report.unknownFeatures.isEmpty {
            out.append("warning: the engine declared unknown features: \(report.unknownFeatures.joined(separator: ", "))")
        }
        out.append("")
        let width = max(40, (report.results.map(\.property.count).max() ?? 0) + 2)
        out.append(column("PROPERTY", width) + column("LEVEL", 11) + column("STATUS", 9) + column("CASES", 7) + "TIME")
        var group = ""
        var groupRows: [PropertyResult] = []
        func closeGroup() {
            guard !groupRows.isEmpty else { return }
            let passed = groupRows.filter { $0.status == .pass }.count
            out.append("  [\(passed)/\(groupRows.count)] \(group)")
        }
        for r in report.results {
            let g = String(r.property.split(separator: ".").first ?? "")
            if g != group { closeGroup(); group = g; groupRows = [] }
            groupRows.append(r)
            let unexpected = r.expected.map { !$0.contains(r.status) } ?? false
            out.append(column(r.property, width) + column(r.level.rawValue, 11) + column(r.status.rawValue + (unexpected ? "!" : ""), 9)
                       + column("\(r.cases)", 7) + seconds(r.seconds))
        }
        closeGroup()
        let problems = report.results.filter { $0.status != .pass && ($0.status != .skip || verbose) }
        if !problems.isEmpty { out.append("") }
        for r in problems {
            out.append("\(r.status.rawValue) \(r.property)" + (r.reason.map { " (\($0.rawValue))" } ?? ""))
            for line in r.message.split(separator: "\n", omittingEmptySubsequences: false) { out.append("  " + line) }
            if let c = r.counterexample {
                if let program = c.program { out.append("  Program: " + program.joined(separator: "; ")) }
                if let s = c.scenario { out.append("  Scenario: " + s.jsonString(pretty: false)) }
                if let a = c.actual { out.append("  Engine:    " + a.jsonString(pretty: false)) }
                if let ref = c.reference { out.append("  Reference: " + ref.jsonString(pretty: false)) }
                if c.shrinkCutShort { out.append("  (shrinking was cut short)") }
            }
            if let e = r.standardError, !e.text.isEmpty {
                out.append("  Engine stderr, request \(e.request) (\(e.during)):")
                for line in e.text.split(separator: "\n").suffix(10) { out.append("    " + line) }
            }
        }
        out.append("")
        let passed = report.results.filter { $0.status == .pass }.count
        out.append("[\(passed)/\(report.results.count)] properties passed: "
                   + report.summary.map { "\($0.status.rawValue) \($0.count)" }.joined(separator: ", ")
                   + " (\(seconds(report.seconds)))")
        let tentative = report.results.filter { $0.isTentative && $0.status == .fail }
        if !tentative.isEmpty {
            out.append("Tentative differences (the engine differs where this project decided): "
                       + tentative.map(\.property).joined(separator: ", "))
        }
        if let stop = report.stopReason { out.append(stop) }
        return out.joined(separator: "\n") + "\n"
    }

    /// `s` as a table column `width` characters wide; a longer value keeps one space before the next column.
    public static func column(_ s: String, _ width: Int) -> String {
        s.count >= width ? s + " " : s + String(repeating: " ", count: width - s.count)
    }

    static func seconds(_ s: Double) -> String {
        let tenths = (s * 100).rounded() / 100
        return "\(tenths) s"
    }
}
