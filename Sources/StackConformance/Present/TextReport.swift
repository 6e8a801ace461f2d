import PropertyCheck
import StackLayout

/// The terminal report: one row per property (property, level, status, cases, time) with the rows of a group
/// together and a line per group that counts its statuses, each non-PASS result's message and counterexample, and
/// the summary.
public enum TextReport {
    /// The report as the terminal shows it; `verbose` also explains each SKIP.
    public static func render(_ report: ConformanceReport, verbose: Bool = false) -> String {
        var out: [String] = []
        out.append("stackcheck \(report.suiteVersion): engine \(report.engineName) \(report.engineVersion), seed "
                   + "\(Seed.format(report.seed)), \(report.casesPerProperty) cases per property, shard "
                   + "\(report.shard.index)/\(report.shard.count)")
        if !report.unknownFeatures.isEmpty {
            out.append("warning: the engine declared unknown features: \(report.unknownFeatures.joined(separator: ", "))")
        }
        out += causes(report)
        out.append("")
        let width = max(40, (report.results.map(\.property.count).max() ?? 0) + 2)
        let statusWidth = max(9, (report.results.map { statusText($0).count }.max() ?? 0) + 3)
        out.append(column("PROPERTY", width) + column("LEVEL", 11) + column("STATUS", statusWidth) + column("CASES", 7) + "TIME")
        for (group, rows) in groups(report.results) {
            for r in rows {
                let unexpected = r.expected.map { !$0.contains(r.status) } ?? false
                let row = column(r.property, width) + column(r.level.rawValue, 11)
                    + column(statusText(r) + (unexpected ? "!" : ""), statusWidth) + column("\(r.cases)", 7) + seconds(r.seconds)
                out.append(row + (faultNote(r).map { "  " + $0 } ?? ""))
            }
            out.append("  \(group): " + counts(rows))
        }
        let problems = report.results.filter { $0.status != .pass && ($0.status != .skip || verbose) }
        if !problems.isEmpty { out.append("") }
        for (i, r) in problems.enumerated() {
            if i > 0 { out.append("") }
            out.append("\(r.status.rawValue) \(r.property)" + (r.reason.map { " (\($0.rawValue))" } ?? ""))
            for line in r.message.split(separator: "\n", omittingEmptySubsequences: false) { out.append("  " + line) }
            if let c = r.counterexample {
                if let program = c.program { out.append("  Program: " + program.joined(separator: "; ")) }
                if let s = c.scenario { out.append("  Scenario: " + s.jsonString(pretty: false)) }
                if let a = c.actual { out.append("  Engine:    " + a.jsonString(pretty: false)) }
                if let ref = c.reference { out.append("  Reference: " + ref.jsonString(pretty: false)) }
                if let p = c.otherPresentableCase {
                    out.append("  A case to look at (drawn by --svg-dir and --html): " + summary(p.scenario.stack))
                }
                if let stop = c.shrinkStop.flatMap(shrinkStopLine) { out.append("  (\(stop))") }
                else if c.shrinkCutShort { out.append("  (shrinking was cut short)") }
            }
            if let v = r.counterexample?.variant, let a = v.actual {
                out.append("  The variant it failed on: " + v.scenario.jsonString(pretty: false))
                out.append("    Engine:    " + a.jsonString(pretty: false))
                if let ref = v.reference { out.append("    Reference: " + ref.jsonString(pretty: false)) }
            }
            if let e = r.standardError, !e.text.isEmpty {
                out.append("  Engine stderr, request \(e.request) (\(e.during)):")
                for line in e.text.split(separator: "\n").suffix(10) { out.append("    " + line) }
            }
            out += otherFailures(r)
        }
        out.append("")
        let passed = report.results.filter { $0.status == .pass }.count
        out.append("\(passed) of \(report.results.count) properties passed: "
                   + report.summary.filter { $0.status != .nondeterministic || $0.count > 0 }
                       .map { "\($0.status.rawValue) \($0.count)" }.joined(separator: ", ")
                   + " (\(seconds(report.seconds)))")
        if let line = requestsLine(report) { out.append(line) }
        if let stop = report.stop { out.append(stop.message) }
        return out.joined(separator: "\n") + "\n"
    }

    /// The cases of `c` where another bug shows as well (`FailureCause.Member.alsoShows`), a line per other cause:
    /// "1 of its 11 minimal cases shows cause 2 as well (…)".
    static func alsoShown(_ c: FailureCause, among causes: [FailureCause]) -> [String] {
        let others = c.members.compactMap(\.alsoShows)
        let keys = others.reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        return keys.map { key in
            let k = others.filter { $0 == key }.count, n = c.members.count
            let j = causes.firstIndex { $0.editKey == key }.map { "cause \($0 + 1)" } ?? "'\(key)'"
            return "\(k) of its \(n) minimal case\(n == 1 ? "" : "s") show\(k == 1 ? "s" : "") \(j) as well "
                + "(UIKit's model with both edits reproduces \(k == 1 ? "it" : "them"))"
        }
    }

    /// Where the run's requests went: by stage, and the three properties that sent the most (ties in the report's
    /// order); nil when the report has no account of them.
    static func requestsLine(_ report: ConformanceReport) -> String? {
        guard let all = report.requests, all.total > 0 else { return nil }
        let words = ["regressions": "regressions", "generation": "generation", "shrinking": "shrinking",
                     "distinctFailures": "distinct failures", "replays": "replays", "presentable": "cases to look at"]
        let stages = all.stages.filter { $0.count > 0 }.map { "\(words[$0.name] ?? $0.name) \($0.count)" }
        let ranked = report.results.indices.filter { (report.results[$0].requests?.total ?? 0) > 0 }.sorted { a, b in
            let (x, y) = (report.results[a].requests?.total ?? 0, report.results[b].requests?.total ?? 0)
            return x != y ? x > y : a < b
        }
        let most = ranked.prefix(3).map { "\(report.results[$0].property) \(report.results[$0].requests?.total ?? 0)" }
        return "\(all.total) requests to the engine: " + stages.joined(separator: ", ") + "; the most: "
            + most.joined(separator: ", ")
            + (all.reused > 0 ? "; \(all.reused) more answered by the engine's earlier answer to the same scenario" : "")
    }

    /// What a property's row adds about its engine's faults: the budget it reached, and a CRASH that did not
    /// crash again from its case alone; nil when neither.
    static func faultNote(_ r: PropertyResult) -> String? {
        var notes: [String] = []
        if let budget = r.budgetReached {
            notes.append(budget == .restartBudget ? "restart budget reached" : "shrink budget reached")
        }
        if r.failures.contains(where: { $0.counterexample?.shrinkStop == .notReproducible }) {
            notes.append("crash not reproducible from its case")
        }
        return notes.isEmpty ? nil : notes.joined(separator: "; ")
    }

    /// Why a counterexample's shrinking stopped, for people; nil for a stop the report does not explain.
    static func shrinkStopLine(_ stop: StopReason) -> String? {
        switch stop {
        case .notReproducible:
            return "not shrunk: sent again to the engine just restarted, the case did not crash, so the crash depends "
                + "on what the engine was sent before; this is the case as found"
        case .shrinkBudget: return "shrinking stopped at the shrink budget (--shrink-budget): the smallest case so far"
        case .restartBudget: return "shrinking stopped at the restart budget (--restart-budget): the smallest case so far"
        case .callCap: return "shrinking was cut short by its call cap"
        case .timeLimit: return "shrinking was cut short by its time limit"
        }
    }

    /// A result's status, followed by the other statuses among its failures ("CRASH+FAIL"): a crash never hides
    /// what else the property found.
    static func statusText(_ r: PropertyResult) -> String {
        var statuses = [r.status]
        for f in r.failures where !statuses.contains(f.status) { statuses.append(f.status) }
        return statuses.map(\.rawValue).joined(separator: "+")
    }

    /// The causes behind the run's failures, most properties first, each with its smallest case: the top of the
    /// report, so that an engine's author reads how many bugs there are and which to fix first.
    static func causes(_ report: ConformanceReport) -> [String] {
        let causes = report.causes
        guard !causes.isEmpty else { return [] }
        let failing = Set(causes.flatMap(\.properties)).count
        var out = ["", "\(causes.count) cause\(causes.count == 1 ? "" : "s") behind \(failing) failing propert\(failing == 1 ? "y" : "ies"), the most widespread first:"]
        for (i, c) in causes.enumerated() {
            let n = c.properties.count
            out.append("\(i + 1). \(c.status.rawValue) in \(n) propert\(n == 1 ? "y" : "ies"): \(c.summary)")
            if let edit = c.editLine { out.append("   " + edit) }
            out.append("   smallest case: \(c.smallestCase) (\(c.smallestIn)); also in: "
                       + (n == 1 ? "no other property" : c.properties.filter { $0 != c.smallestIn }.joined(separator: ", "))
                       + (c.members.count > 1 ? "; \(c.members.count) minimal cases" : ""))
            out += alsoShown(c, among: causes).map { "   " + $0 }
        }
        return out
    }

    /// The failures of a result after its first, each in a few lines: its status and what failed, its minimal case,
    /// and its replay line.
    static func otherFailures(_ r: PropertyResult) -> [String] {
        guard r.failures.count > 1 else { return [] }
        var out = ["  \(r.failures.count) distinct failures (\(r.failingCases) of \(r.cases) cases failed); the others:"]
        for f in r.failures.dropFirst() {
            let what = f.nondeterminism.map { "nondeterministic: " + $0.summary } ?? f.message
            out.append("  - \(f.status.rawValue): " + (what.split(separator: "\n").first.map(String.init) ?? ""))
            if let d = f.diagnosis, d.namesCause {
                out.append("    Diagnosis\(d.isVariant ? " (on the variant the check compared it with)" : ""): " + d.lines.joined(separator: "; "))
            }
            if let c = f.counterexample {
                if let s = c.scenario { out.append("    Scenario: " + s.jsonString(pretty: false)) }
                if let commands = f.commands { out.append("    Replay: " + commands.replay) }
            }
        }
        return out
    }

    /// A stack in a few words, for the presentable case's line: its arranged views with their intrinsic sizes, and
    /// its spacing ("horizontal fill center, spacing 8: v0 40 × 30, v1 64 × 44 (hidden)").
    static func summary(_ stack: Stack) -> String {
        func number(_ v: Double?) -> String { v.map(formatNumber) ?? "none" }
        let spacing: String
        switch stack.spacing {
        case .points(let v): spacing = formatNumber(v)
        case .system: spacing = "system"
        case .useDefault: spacing = "0"
        }
        let items = stack.arrangedSubviews.map { item -> String in
            let hidden = item.isHidden ? " (hidden)" : ""
            if let nested = item.stack { return "\(item.id) [\(summary(nested))]\(hidden)" }
            let size = item.leaf?.intrinsicContentSize ?? .none
            return "\(item.id) \(number(size.width)) × \(number(size.height))\(hidden)"
        }
        return "\(stack.axis.rawValue) \(stack.distribution.rawValue) \(stack.alignment.rawValue), spacing \(spacing): "
            + items.joined(separator: ", ")
    }

    /// The results by group (an id's first segment), groups in order of their first result, results in their order.
    static func groups(_ results: [PropertyResult]) -> [(group: String, rows: [PropertyResult])] {
        var out: [(group: String, rows: [PropertyResult])] = []
        for r in results {
            let g = String(r.property.split(separator: ".").first ?? "")
            if let i = out.firstIndex(where: { $0.group == g }) { out[i].rows.append(r) } else { out.append((g, [r])) }
        }
        return out
    }

    /// A group's line: its statuses counted, PASS first ("7 passed, 1 skipped"; "6 passed, 1 FAIL, 1 skipped"), so
    /// that a group with nothing wrong never reads like a failing one.
    static func counts(_ rows: [PropertyResult]) -> String {
        var parts: [String] = []
        for status in ResultStatus.allCases {
            let n = rows.filter { $0.status == status }.count
            guard n > 0 else { continue }
            switch status {
            case .pass: parts.append("\(n) passed")
            case .skip: parts.append("\(n) skipped")
            case .notRun: parts.append("\(n) not run")
            default: parts.append("\(n) \(status.rawValue)")
            }
        }
        return parts.joined(separator: ", ")
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
