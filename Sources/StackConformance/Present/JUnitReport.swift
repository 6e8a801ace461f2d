import PropertyCheck
import StackLayout

/// The JUnit XML report (`--junit FILE`), for the test reports of CI services (Jenkins' junit step, GitLab's
/// `artifacts:reports:junit`, Azure's test results, GitHub's test-reporter actions): one `<testsuite>` for the run
/// and one `<testcase>` per property, so that a CI lists the properties as tests, with each failure's diagnosis,
/// commands and minimal scenario under it.
///
/// - A testcase's `classname` is the property's group (the id's first segment), its `name` the property's id.
/// - A property whose failures belong to several causes (`ConformanceReport.causes`) gets one testcase per cause:
///   the cause of its lead failure keeps the plain id, every further cause adds `<id> [<cause key>]`. So a property
///   has one testcase named by its id in every run, which a CI's history follows from run to run whether it
///   passes, fails by one cause or by several, and every cause is listed; the names depend only on the report, so
///   one seed gives the same names on every run.
/// - What `stackcheck run`'s exit status counts against the engine is a `<failure>` (a wrong layout, answers that
///   change, a SKIP the default expectation does not accept) or an `<error>` (ERROR, TIMEOUT, CRASH); what it accepts
///   (an expectations entry, a tentative difference, a SKIP for a feature the engine does not declare) and NOTRUN
///   are `<skipped>`. So a CI's red or green agrees with the exit status. The golden fixtures checked first are
///   one more testcase.
/// - The suite's `<properties>` are the run's parameters, named by their JSON report paths (`run.seed`, …).
///
/// The same report gives the same bytes: the order is the report's, and the only time of day is `report.started`.
public enum JUnitReport {
    /// The report as a JUnit XML document.
    public static func render(_ report: ConformanceReport) -> String {
        let cases = testcases(report)
        let count = { (kind: Outcome.Kind) in cases.filter { $0.outcome?.kind == kind }.count }
        let totals = [("tests", "\(cases.count)"), ("failures", "\(count(.failure))"), ("errors", "\(count(.error))"),
                      ("skipped", "\(count(.skipped))"), ("time", seconds(report.seconds))]
        var out = [#"<?xml version="1.0" encoding="UTF-8"?>"#]
        out.append("<testsuites" + attributes([("name", "stackcheck")] + totals) + ">")
        out.append("  <testsuite" + attributes([("name", "stackcheck \(report.engineName)")] + totals
                                               + (report.started.isEmpty ? [] : [("timestamp", report.started)])) + ">")
        out.append("    <properties>")
        for (name, value) in runProperties(report) {
            out.append("      <property" + attributes([("name", name), ("value", value)]) + "/>")
        }
        out.append("    </properties>")
        for c in cases {
            let head = "    <testcase" + attributes([("classname", c.classname), ("name", c.name), ("time", seconds(c.seconds))])
            guard let o = c.outcome else { out.append(head + "/>"); continue }
            out.append(head + ">")
            let type = o.type.map { [("type", $0)] } ?? []
            out.append("      <\(o.kind.rawValue)" + attributes([("message", o.message)] + type) + ">" + text(o.body)
                       + "</\(o.kind.rawValue)>")
            out.append("    </testcase>")
        }
        out.append("  </testsuite>")
        out.append("</testsuites>")
        return out.joined(separator: "\n") + "\n"
    }

    /// What a testcase reports beside passing: one child element.
    struct Outcome {
        enum Kind: String { case failure, error, skipped }
        var kind: Kind
        /// The `type` attribute (the status), for a failure or an error.
        var type: String?
        /// The `message` attribute: one line.
        var message: String
        /// The element's text: the details, for people.
        var body: String
    }

    /// One `<testcase>`.
    struct Testcase {
        var classname: String
        var name: String
        var seconds: Double
        var outcome: Outcome?
    }

    /// The run's parameters, in a fixed order.
    static func runProperties(_ report: ConformanceReport) -> [(String, String)] {
        var list = [("suite.version", report.suiteVersion), ("engine.name", report.engineName),
                    ("engine.version", report.engineVersion),
                    ("engine.features", report.features.sorted.map(\.rawValue).joined(separator: " ")),
                    ("run.seed", Seed.format(report.seed)), ("run.casesPerProperty", "\(report.casesPerProperty)"),
                    ("run.shard", "\(report.shard.index)/\(report.shard.count)")]
        if let stop = report.stop { list.append(("run.stopped", stop.message)) }
        list.append(("verdict", report.verdict.headline))
        return list
    }

    /// Every testcase: the golden fixtures when they were checked, then each result's (one per cause of its failures).
    static func testcases(_ report: ConformanceReport) -> [Testcase] {
        var out: [Testcase] = []
        if let f = report.fixtures {
            let outcome = f.problems.isEmpty ? nil : Outcome(
                kind: .failure, type: "FAIL", message: "\(f.problems.count) of \(f.total) golden fixtures did not pass",
                body: f.problems.joined(separator: "\n"))
            out.append(Testcase(classname: "fixtures", name: "golden fixtures", seconds: 0, outcome: outcome))
        }
        var used = Set<Slot>()
        let verdict = report.verdict
        for r in report.results {
            let classname = String(r.property.split(separator: ".").first ?? "")
            let accepted = r.status != .pass && verdict.matches(r)
            let groups = byCause(r, report.causes, used: &used)
            guard !groups.isEmpty else {
                out.append(Testcase(classname: classname, name: r.property, seconds: r.seconds,
                                    outcome: unfailed(r, accepted: accepted)))
                continue
            }
            var names = Set<String>()
            for (i, g) in groups.enumerated() {
                var name = i == 0 ? r.property : "\(r.property) [\(g.cause.map { report.causes[$0].key } ?? g.failures[0].signature)]"
                if names.contains(name) { name += " #\(i + 1)" }
                names.insert(name)
                out.append(Testcase(classname: classname, name: name, seconds: i == 0 ? r.seconds : 0,
                                    outcome: failed(r, g, of: report, accepted: accepted)))
            }
        }
        return out
    }
}

extension JUnitReport {
    /// A cause's member, by the cause's position and the member's: each failure claims one.
    struct Slot: Hashable {
        var cause: Int
        var member: Int
    }

    /// A result's failures grouped by the cause each belongs to (the cause listing its property and token), in the
    /// order of their first failure, so the lead failure's cause comes first. A failure no cause lists (none
    /// should be) joins the first group.
    static func byCause(_ r: PropertyResult, _ causes: [FailureCause], used: inout Set<Slot>)
        -> [(cause: Int?, failures: [PropertyFailureRecord])] {
        var groups: [(index: Int?, failures: [PropertyFailureRecord])] = []
        for f in r.failures {
            let token = f.counterexample?.replay ?? ""
            var found: Int? = nil
            search: for (i, c) in causes.enumerated() {
                for (j, m) in c.members.enumerated() where m.property == r.property && m.replay == token {
                    guard !used.contains(Slot(cause: i, member: j)) else { continue }
                    used.insert(Slot(cause: i, member: j))
                    found = i
                    break search
                }
            }
            if let k = groups.firstIndex(where: { $0.index == found }) ?? (found == nil && !groups.isEmpty ? 0 : nil) {
                groups[k].failures.append(f)
            } else {
                groups.append((found, [f]))
            }
        }
        return groups.map { ($0.index, $0.failures) }
    }

    /// The outcome of a result without failures: nothing for a PASS, a skip for NOTRUN and for what the verdict
    /// accepts, else the status as a failure (SKIP) or an error.
    static func unfailed(_ r: PropertyResult, accepted: Bool) -> Outcome? {
        let first = firstLine(r.message)
        switch r.status {
        case .pass: return nil
        case .notRun: return Outcome(kind: .skipped, message: first, body: r.message)
        case _ where accepted:
            return Outcome(kind: .skipped, message: acceptance(r) + first, body: header(r) + "\n" + r.message)
        case .skip, .fail, .nondeterministic:
            return Outcome(kind: .failure, type: r.status.rawValue, message: first, body: header(r) + "\n" + r.message)
        case .error, .timeout, .crash:
            var body = [header(r), r.message]
            if let c = r.counterexample { body += caseLines(c) }
            if let e = r.standardError { body += standardErrorLines(e) }
            return Outcome(kind: .error, type: r.status.rawValue, message: first, body: body.joined(separator: "\n"))
        }
    }

    /// The outcome of one cause's failures of a result: its first failure in full, the others in a line each.
    static func failed(_ r: PropertyResult, _ g: (cause: Int?, failures: [PropertyFailureRecord]),
                       of report: ConformanceReport, accepted: Bool) -> Outcome {
        let lead = g.failures[0]
        var body = [header(r)]
        if let i = g.cause {
            let c = report.causes[i]
            let n = c.properties.count
            body.append("Cause \(i + 1) of \(report.causes.count) (\(c.key)), in \(n) propert\(n == 1 ? "y" : "ies"): \(c.summary)")
            if let edit = c.editLine { body.append("  " + edit) }
        }
        body += FailureRecords.body(lead)
        if let p = Catalogue.property(r.property) {
            body.append("Statement (\(p.rules.joined(separator: ", "))): \(p.statement)")
        }
        if let commands = lead.commands {
            body.append("Replay: \(commands.replay)")
            body.append("Keep it as a regression: \(commands.keep)")
        } else if let token = lead.counterexample?.replay, !token.isEmpty {
            body.append("Replay token: \(token)")
        }
        if let c = lead.counterexample { body += caseLines(c) }
        if let e = lead.standardError { body += standardErrorLines(e) }
        for f in g.failures.dropFirst() {
            let what = f.nondeterminism.map { "nondeterministic: " + $0.summary } ?? firstLine(f.message)
            body.append("Another failure of this cause, \(f.status.rawValue): \(what)")
            if let replay = f.commands?.replay ?? f.counterexample?.replay { body.append("  Replay: " + replay) }
        }
        let message = lead.nondeterminism?.summary ?? firstLine(lead.message)
        let text = body.joined(separator: "\n")
        if accepted {
            let byKnownCauses = report.verdict.acceptedByKnownCauses.contains(r.property)
            return Outcome(kind: .skipped, message: acceptance(r, byKnownCauses: byKnownCauses) + message, body: text)
        }
        let kind: Outcome.Kind = lead.status == .fail || lead.status == .nondeterministic ? .failure : .error
        return Outcome(kind: kind, type: lead.status.rawValue, message: message, body: text)
    }

    /// "FAIL alignment.center (OBS), expected PASS".
    static func header(_ r: PropertyResult) -> String {
        "\(r.status.rawValue) \(r.property) (\(r.level.rawValue)" + (r.reason.map { ", \($0.rawValue)" } ?? "")
            + "), expected " + (r.expected?.map(\.rawValue).joined(separator: " or ") ?? "PASS")
    }

    /// Why an accepted result is not a failure, before its message.
    static func acceptance(_ r: PropertyResult, byKnownCauses: Bool = false) -> String {
        if byKnownCauses { return "\(r.status.rawValue), as expected: every failure is in a known cause of the expectations: " }
        if let expected = r.expected { return "\(r.status.rawValue), as expected (" + expected.map(\.rawValue).joined(separator: " or ") + "): " }
        if r.status == .fail { return "FAIL of a TENTATIVE property, a tentative difference: " }
        return ""
    }

    /// A case's scenario (or program) in full and both layouts on a line each.
    static func caseLines(_ c: Counterexample) -> [String] {
        var lines: [String] = []
        if let program = c.program { lines.append("Program: " + program.joined(separator: "; ")) }
        if let s = c.scenario { lines += ["Minimal scenario:", s.jsonString(pretty: true)] }
        if let a = c.actual { lines.append("Engine layout: " + a.jsonString(pretty: false)) }
        if let ref = c.reference { lines.append("Reference layout: " + ref.jsonString(pretty: false)) }
        if c.shrinkCutShort { lines.append("(shrinking was cut short)") }
        return lines
    }

    static func standardErrorLines(_ e: StandardErrorExcerpt) -> [String] {
        e.text.isEmpty ? [] : ["Engine standard error, request \(e.request) (\(e.during)):", e.text]
    }

    /// The first line of `s`, ended by any line break (`\r\n` is one `Character`, which a split on `\n` misses).
    static func firstLine(_ s: String) -> String {
        s.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).first.map(String.init) ?? ""
    }

    /// Seconds with three decimals, never in exponent form, 0 for what is not a finite duration.
    static func seconds(_ s: Double) -> String {
        let ms = s.isFinite && s > 0 ? Int((s * 1000).rounded()) : 0
        let fraction = String(ms % 1000)
        return "\(ms / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }
}

extension JUnitReport {
    /// ` name="value"` for each attribute, in order.
    static func attributes(_ list: [(String, String)]) -> String {
        list.map { " \($0.0)=\"\(escaped($0.1, inAttribute: true))\"" }.joined()
    }

    static func text(_ s: String) -> String { escaped(s, inAttribute: false) }

    /// `s` as XML 1.0 character data: the five markup characters as entities, and in an attribute tab, line feed
    /// and carriage return as character references (a parser would turn them into spaces); a carriage return in
    /// text too (a parser would drop it before a line feed). A character XML 1.0 does not allow in a document at
    /// all (controls other than those three, U+FFFE and U+FFFF) cannot be written even as a reference, so it
    /// becomes U+FFFD: an engine's standard error can hold anything.
    static func escaped(_ s: String, inAttribute: Bool) -> String {
        var out = ""
        out.reserveCapacity(s.utf8.count)
        for scalar in s.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += inAttribute ? "&quot;" : "\""
            case "'": out += inAttribute ? "&apos;" : "'"
            case "\r": out += "&#13;"
            case "\n": out += inAttribute ? "&#10;" : "\n"
            case "\t": out += inAttribute ? "&#9;" : "\t"
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF: out += "\u{FFFD}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
