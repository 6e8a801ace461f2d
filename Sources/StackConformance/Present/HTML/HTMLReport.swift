import PropertyCheck
import StackLayout

/// The HTML report (`stackcheck run --html FILE`, `stackcheck report A.json B.json … --html FILE`): one
/// self-contained page (`HTMLPage`). The same report gives the same bytes: the only time on the page is the run's own
/// `started`, and every list follows the report's (catalogue) order.
public enum HTMLReport {
    /// One run: the header with the verdict, a summary by group, every result that did not pass with its picture,
    /// commands and documents, the SKIPs and NOTRUNs collapsed, every result in a collapsed table, and the rules.
    public static func render(_ report: ConformanceReport) -> String { render(report, changes: "") }

    /// The current run of `comparison`, with what changed since the earlier run (`ComparisonReport`) at the top:
    /// `stackcheck report --against EARLIER CURRENT --html FILE`.
    public static func render(_ comparison: RunComparison, earlierName: String) -> String {
        render(comparison.current, changes: ComparisonReport.html(comparison, earlierName: earlierName))
    }

    static func render(_ report: ConformanceReport, changes: String) -> String {
        let builtIn = HTMLPage.isBuiltIn(report)
        let verdict = report.verdict
        var body: [String] = []
        body.append(header(report, builtIn: builtIn))
        body.append("<main>")
        if !changes.isEmpty { body.append(changes) }
        body.append(causes(report))
        body.append(groupSummary(report))
        let problems = report.results.filter { HTMLPage.isFailure($0.status) }
        body.append(#"<section id="problems"><h2>Results that did not pass (\#(problems.count))</h2>"#)
        if problems.isEmpty { body.append(#"<p class="muted">None: every property that ran passed or was skipped.</p>"#) }
        for (i, r) in problems.enumerated() {
            body.append(#"<article class="result st-\#(r.status.rawValue)" id="p-\#(HTMLPage.anchorSafe(r.property))">"#)
            body.append(#"<header><h3><code>\#(HTMLPage.escape(r.property))</code></h3> \#(HTMLPage.resultBadges(r, verdict: verdict))</header>"#)
            body.append(HTMLPage.resultBody(r, in: report, idPrefix: "r\(i)"))
            body.append("</article>")
        }
        body.append("</section>")
        body.append(collapsedList(report.results.filter { $0.status == .skip }, id: "skipped", title: "Skipped",
                                  verdict: verdict))
        body.append(collapsedList(report.results.filter { $0.status == .notRun }, id: "notrun", title: "Not run",
                                  verdict: verdict))
        body.append(allResults(report, verdict: verdict))
        body.append(HTMLPage.glossary(HTMLPage.citedRules(report.results)))
        body.append("</main>")
        body.append(#"<footer>stackcheck \#(HTMLPage.escape(report.suiteVersion)). A self-contained page: it loads nothing from the network. In the pictures, orange is the engine under test and blue the reference.</footer>"#)
        let title = "stackcheck: \(report.engineName) \(report.engineVersion) — \(report.verdict.headline)"
        return HTMLPage.document(title: title, body: body.joined(separator: "\n") + "\n")
    }

    /// The causes behind the run's failures, most properties first, each with its smallest case and links to the
    /// properties it breaks: the top of the page reads as a bug list.
    static func causes(_ report: ConformanceReport) -> String {
        let causes = report.causes
        guard !causes.isEmpty else { return "" }
        let e = HTMLPage.escape
        func link(_ id: String) -> String { ##"<a href="#p-\##(HTMLPage.anchorSafe(id))"><code>\##(e(id))</code></a>"## }
        var out = [#"<section id="causes"><h2>Causes (\#(causes.count)), the most widespread first</h2><ol class="causes">"#]
        for c in causes {
            let n = c.properties.count
            out.append("<li>" + HTMLPage.badge(c.status) + " in \(n) propert\(n == 1 ? "y" : "ies"): \(e(c.summary))"
                       + (c.editLine.map { "<br><strong>" + e($0) + "</strong>" } ?? "")
                       + "<small>\(c.members.count) minimal case\(c.members.count == 1 ? "" : "s"); smallest: \(e(c.smallestCase)), in " + link(c.smallestIn)
                       + (n == 1 ? "" : "; also in " + c.properties.filter { $0 != c.smallestIn }.map(link).joined(separator: ", "))
                       + TextReport.alsoShown(c, among: causes).map { "; " + e($0) }.joined()
                       + "</small></li>")
        }
        out.append("</ol></section>")
        return out.joined(separator: "\n")
    }

    /// The verdict's class on the page: green, red, or grey for a run that stopped.
    static func style(_ verdict: RunVerdict) -> String {
        switch verdict.outcome {
        case .conforms: return "ok"
        case .doesNotConform: return "bad"
        case .engineUnavailable, .interrupted: return "stopped"
        }
    }

    /// The verdict's detail on the page: for a conforming run, the accepted differences listed below.
    static func detail(_ verdict: RunVerdict, _ report: ConformanceReport) -> String {
        guard verdict.conforms else { return verdict.detail }
        let accepted = report.results.filter { HTMLPage.isFailure($0.status) }.count
        return accepted == 0 ? "" : "\(accepted) accepted difference\(accepted == 1 ? "" : "s") listed below."
    }

    static func header(_ report: ConformanceReport, builtIn: Bool) -> String {
        let e = HTMLPage.escape
        let v = report.verdict
        let detail = detail(v, report)
        var out = [#"<header class="page">"#,
                   #"<h1>stackcheck report: \#(e(report.engineName)) <span class="version">\#(e(report.engineVersion))</span></h1>"#,
                   #"<p class="verdict \#(style(v))">\#(e(v.headline))\#(detail.isEmpty ? "" : "<small>" + e(detail) + "</small>")</p>"#,
                   #"<dl class="facts">"#]
        func fact(_ name: String, _ value: String) { out.append("<dt>\(e(name))</dt><dd>\(value)</dd>") }
        fact("Suite", e(report.suiteVersion))
        fact("Engine", "\(e(report.engineName)) \(e(report.engineVersion))" + (builtIn ? " (built in)" : ""))
        fact("Features", report.features.sorted.isEmpty ? "none" : report.features.sorted.map { "<code>\(e($0.rawValue))</code>" }.joined(separator: " "))
        if !report.unknownFeatures.isEmpty {
            fact("Unknown features", report.unknownFeatures.map { "<code>\(e($0))</code>" }.joined(separator: " ") + " (declared by the engine, ignored)")
        }
        fact("Seed", "<code>\(e(Seed.format(report.seed)))</code>")
        fact("Cases", "\(report.casesPerProperty) per property")
        fact("Shard", "\(report.shard.index)/\(report.shard.count)")
        fact("Started", e(report.started))
        fact("Time", e(HTMLPage.seconds(report.seconds)))
        if let line = TextReport.requestsLine(report) { fact("Requests", e(line)) }
        if let stop = report.stop { fact("Stopped", e(stop.message)) }
        if let f = report.fixtures {
            fact("Golden fixtures", "\(f.passed) of \(f.total - f.skipped) passed" + (f.problems.isEmpty ? "" : ", \(f.problems.count) did not")
                 + (f.skipped > 0 ? "; \(f.skipped) skipped: features the engine lacks" : ""))
        }
        fact("Exit status", "0: every result matches its expectation; 1: one does not, a property was not run, or a golden fixture failed; 3: the engine could not be started; 130: interrupted.")
        out.append("</dl>")
        out.append(HTMLPage.toolbar)
        out.append("</header>")
        return out.joined(separator: "\n")
    }

    /// Passed, failed (FAIL, ERROR, TIMEOUT, CRASH), skipped and not-run counts per group, in catalogue order; a
    /// group without a failure is drawn in green whatever it skipped.
    static func groupSummary(_ report: ConformanceReport) -> String {
        // Groups in the order they first appear: the catalogue puts a few properties of a group apart (the four
        // founding invariants come first), and one row per group reads better than the catalogue's runs.
        var groups: [(name: String, results: [PropertyResult])] = []
        for r in report.results {
            let g = HTMLPage.group(r.property)
            if let i = groups.firstIndex(where: { $0.name == g }) { groups[i].results.append(r) } else { groups.append((g, [r])) }
        }
        func cell(_ n: Int) -> String { n == 0 ? #"<td class="n zero">0</td>"# : #"<td class="n">\#(n)</td>"# }
        var out = [#"<section id="summary"><h2>Summary by group</h2><div class="table-wrap"><table class="summary">"#,
                   #"<thead><tr><th>Group</th><th class="n">Passed</th><th class="n">Failed</th><th class="n">Skipped</th><th class="n">Not run</th><th>Properties</th></tr></thead><tbody>"#]
        for (name, results) in groups {
            let passed = results.filter { $0.status == .pass }.count
            let failed = results.filter { HTMLPage.isFailure($0.status) }.count
            let skipped = results.filter { $0.status == .skip }.count
            let notRun = results.filter { $0.status == .notRun }.count
            let links = results.map { r in
                let target = HTMLPage.isFailure(r.status) ? "#p-" + HTMLPage.anchorSafe(r.property) : "#all"
                return #"<a class="badge s-\#(r.status.rawValue)" href="\#(target)" title="\#(HTMLPage.escape(r.property)): \#(r.status.rawValue)">\#(HTMLPage.escape(String(r.property.dropFirst(name.count + 1))))</a>"#
            }.joined(separator: " ")
            out.append(#"<tr class="\#(failed > 0 ? "group-bad" : "group-ok")"><td class="group">\#(HTMLPage.escape(name))</td>\#(cell(passed))\#(cell(failed))\#(cell(skipped))\#(cell(notRun))<td>\#(links)</td></tr>"#)
        }
        out.append("</tbody></table></div>")
        let total = max(1, report.results.count)
        func share(_ s: [ResultStatus]) -> Int { report.results.filter { s.contains($0.status) }.count }
        var bar = #"<div class="bar" aria-hidden="true">"#
        for (cls, n) in [("b-pass", share([.pass])), ("b-fail", share([.fail, .error, .timeout, .crash])),
                         ("b-skip", share([.skip])), ("b-notrun", share([.notRun]))] where n > 0 {
            bar += #"<span class="\#(cls)" style="width: \#(formatNumber((Double(n) * 1000 / Double(total)).rounded() / 10))%"></span>"#
        }
        out.append(bar + "</div>")
        out.append(#"<p>"# + report.summary.filter { $0.count > 0 }.map { "\(HTMLPage.badge($0.status)) \($0.count)" }.joined(separator: " ")
                   + " of \(report.results.count) properties.</p></section>")
        return out.joined(separator: "\n")
    }

    /// SKIPs or NOTRUNs in one collapsed table with their reasons.
    static func collapsedList(_ results: [PropertyResult], id: String, title: String, verdict: RunVerdict) -> String {
        guard !results.isEmpty else { return "" }
        var out = [#"<section id="\#(id)"><details><summary>\#(title) (\#(results.count))</summary><div class="table-wrap"><table>"#,
                   "<thead><tr><th>Property</th><th>Reason</th><th>Message</th></tr></thead><tbody>"]
        for r in results {
            let mark = verdict.matches(r) || r.status == .notRun ? "" : #" <span class="badge unexpected">! expected \#(HTMLPage.escape(HTMLPage.expectationText(r)))</span>"#
            out.append("<tr><td><code>\(HTMLPage.escape(r.property))</code>\(mark)</td><td>\(HTMLPage.escape(r.reason?.rawValue ?? ""))</td><td>\(HTMLPage.escape(r.message))</td></tr>")
        }
        out.append("</tbody></table></div></details></section>")
        return out.joined(separator: "\n")
    }

    /// Every result in one collapsed table.
    static func allResults(_ report: ConformanceReport, verdict: RunVerdict) -> String {
        var out = [#"<section id="all"><details><summary>All results (\#(report.results.count))</summary><div class="table-wrap"><table>"#,
                   #"<thead><tr><th>Property</th><th>Rules</th><th>Level</th><th>Status</th><th>Expected</th><th class="n">Cases</th><th class="n">Requests</th><th class="n">Time</th></tr></thead><tbody>"#]
        for r in report.results {
            let mark = verdict.matches(r) || r.status == .notRun ? "" : " !"
            out.append("<tr><td><code>\(HTMLPage.escape(r.property))</code></td><td>\(HTMLPage.ruleLinks(r.rules))</td><td>\(r.level.rawValue)</td>"
                       + "<td>\(HTMLPage.badge(r.status))\(mark)</td><td>\(HTMLPage.escape(HTMLPage.expectationText(r)))</td>"
                       + #"<td class="n">\#(r.cases)</td><td class="n">\#(r.requests.map { "\($0.total)" } ?? "")</td>"#
                       + #"<td class="n">\#(HTMLPage.escape(HTMLPage.seconds(r.seconds)))</td></tr>"#)
        }
        out.append("</tbody></table></div></details></section>")
        return out.joined(separator: "\n")
    }
}
