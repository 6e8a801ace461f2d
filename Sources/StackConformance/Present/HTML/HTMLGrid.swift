import PropertyCheck
import StackLayout

/// Several engines' reports on one page (`stackcheck report A.json B.json … --html FILE`), the way cross-browser
/// dashboards show web platform tests: properties in rows, grouped, engines in columns, each cell the status. A cell
/// that did not pass links to that engine's message and picture further down (plain anchors: the page works with
/// scripts off and prints).
extension HTMLReport {
    /// One page comparing `reports` (one column each, in the order given), self-contained like `render(_:)`.
    public static func grid(_ reports: [ConformanceReport]) -> String {
        let e = HTMLPage.escape
        let columns = reports.enumerated().map { (index: $0.offset, report: $0.element, verdict: $0.element.verdict) }
        let rows = propertyRows(reports)
        var body: [String] = [#"<header class="page">"#,
                              #"<h1>stackcheck: \#(reports.count) engine\#(reports.count == 1 ? "" : "s") compared</h1>"#]
        let labels = columnLabels(reports)
        let mismatching = columns.filter { c in c.report.results.contains { !c.verdict.matches($0) && $0.status != .notRun } }
        if mismatching.isEmpty {
            body.append(#"<p class="verdict ok">Every result matches its expectation on every engine.</p>"#)
        } else {
            body.append(#"<p class="verdict bad">Results not matching their expectation on \#(mismatching.map { e(labels[$0.index]) }.joined(separator: ", ")) <small>Marked with "!" and an outline in the grid.</small></p>"#)
        }
        body.append(#"<p class="note">Each column is one report. A coloured cell that did not pass links to its message and picture below; a dash means the report holds no result for the property (another suite version, a shard, or --property).</p>"#)
        body.append(HTMLPage.toolbar)
        body.append("</header><main>")
        body.append(#"<section id="grid"><h2>Properties × engines</h2><div class="table-wrap"><table class="grid">"#)
        var head = "<thead><tr><th>Property</th>"
        for c in columns {
            let r = c.report
            let passed = r.results.filter { $0.status == .pass }.count
            head += #"<th class="engine" title="seed \#(e(Seed.format(r.seed))), \#(r.casesPerProperty) cases per property, shard \#(r.shard.index)/\#(r.shard.count), started \#(e(r.started))">\#(e(r.engineName).replacingAll(":", with: ":<wbr>"))<small>\#(e(r.engineVersion))</small><small>\#(passed)/\#(r.results.count) passed</small></th>"#
        }
        body.append(head + "</tr></thead><tbody>")
        var group = ""
        for id in rows {
            let g = HTMLPage.group(id)
            if g != group {
                group = g
                body.append(#"<tr class="grouprow"><th colspan="\#(columns.count + 1)">\#(e(g))</th></tr>"#)
            }
            var row = #"<tr><td class="prop"><code>\#(e(id))</code></td>"#
            for c in columns {
                guard let r = c.report.results.first(where: { $0.property == id }) else {
                    row += #"<td class="cell missing">–</td>"#
                    continue
                }
                let mismatch = !c.verdict.matches(r) && r.status != .notRun
                let cls = "s-\(r.status.rawValue)" + (mismatch ? " mismatch" : "")
                let label = r.status.rawValue + (mismatch ? " !" : "")
                let title = e("\(c.report.engineName): \(r.status.rawValue), expected \(HTMLPage.expectationText(r))")
                if r.status == .pass || r.status == .notRun {
                    row += #"<td class="cell"><span class="status \#(cls)" title="\#(title)">\#(label)</span></td>"#
                } else {
                    row += ##"<td class="cell"><a class="\##(cls)" href="#\##(cellAnchor(c.index, id))" title="\##(title)">\##(label)</a></td>"##
                }
            }
            body.append(row + "</tr>")
        }
        body.append("</tbody></table></div></section>")
        body.append(details(rows, columns.map { ($0.index, $0.report, $0.verdict) }))
        body.append(HTMLPage.glossary(HTMLPage.citedRules(reports.flatMap(\.results))))
        body.append("</main>")
        body.append(#"<footer>stackcheck \#(e(ConformanceSuite.version)). A self-contained page: it loads nothing from the network. In the pictures, orange is the engine under test and blue the reference.</footer>"#)
        return HTMLPage.document(title: "stackcheck: " + reports.map { "\($0.engineName) \($0.engineVersion)" }.joined(separator: ", "),
                                 body: body.joined(separator: "\n") + "\n")
    }

    /// Property ids in catalogue order, then ids this suite does not know, in the order the reports give them;
    /// then grouped.
    public static func propertyRows(_ reports: [ConformanceReport]) -> [String] {
        var seen: [String] = []
        for r in reports { for result in r.results where !seen.contains(result.property) { seen.append(result.property) } }
        let ordered = Catalogue.all.map(\.id).filter { seen.contains($0) } + seen.filter { Catalogue.property($0) == nil }
        // Grouped in the order groups first appear, catalogue order within a group (the founding invariants at the
        // top of the catalogue join their groups).
        var groups: [String] = []
        for id in ordered where !groups.contains(HTMLPage.group(id)) { groups.append(HTMLPage.group(id)) }
        return groups.flatMap { g in ordered.filter { HTMLPage.group($0) == g } }
    }

    /// Whether `result` matches the expectation `report` recorded for it, or else the default one (the same test as
    /// `stackcheck run`'s exit status, with a built-in engine told by its name).
    public static func matchesExpectation(_ result: PropertyResult, in report: ConformanceReport) -> Bool {
        report.verdict.matches(result)
    }

    /// Each column's engine name; where two reports share it, name and version; where those too are the same, a
    /// column number after them.
    public static func columnLabels(_ reports: [ConformanceReport]) -> [String] {
        let names = reports.map(\.engineName)
        let withVersions = reports.map { r in
            names.filter { $0 == r.engineName }.count > 1 ? "\(r.engineName) \(r.engineVersion)" : r.engineName
        }
        return withVersions.enumerated().map { i, label in
            withVersions.filter { $0 == label }.count > 1 ? "\(label) #\(i + 1)" : label
        }
    }

    static func cellAnchor(_ column: Int, _ property: String) -> String { "c\(column)-" + HTMLPage.anchorSafe(property) }

    /// For every property some engine did not pass: its statement once, then each such engine's result.
    static func details(_ rows: [String], _ columns: [(index: Int, report: ConformanceReport, verdict: RunVerdict)]) -> String {
        let e = HTMLPage.escape
        var out = [#"<section id="details"><h2>Results that did not pass</h2>"#]
        var any = false
        for id in rows {
            let cells = columns.compactMap { c -> (Int, ConformanceReport, RunVerdict, PropertyResult)? in
                guard let r = c.report.results.first(where: { $0.property == id }), r.status != .pass, r.status != .notRun else { return nil }
                return (c.index, c.report, c.verdict, r)
            }
            guard !cells.isEmpty else { continue }
            any = true
            out.append(#"<article class="result st-\#(cells[0].3.status.rawValue)" id="p-\#(HTMLPage.anchorSafe(id))"><header><h3><code>\#(e(id))</code></h3></header>"# + HTMLPage.statementLines(cells[0].3))
            for (index, report, verdict, r) in cells {
                out.append(#"<section class="cell" id="\#(cellAnchor(index, id))"><h4>\#(e(report.engineName)) <span class="muted">\#(e(report.engineVersion))</span> \#(HTMLPage.resultBadges(r, verdict: verdict))</h4>"#)
                if r.status == .skip {
                    out.append(#"<p class="muted">\#(e(r.message))</p>"#)
                } else {
                    out.append(HTMLPage.resultBody(r, in: report, idPrefix: cellAnchor(index, id), statement: false))
                }
                out.append("</section>")
            }
            out.append("</article>")
        }
        if !any { out.append(#"<p class="muted">None: every engine passed every property it ran.</p>"#) }
        out.append("</section>")
        return out.joined(separator: "\n")
    }
}
