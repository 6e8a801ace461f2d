import PropertyCheck

/// A `RunComparison` for people: as text (`stackcheck report --against EARLIER CURRENT`) and as the section at the top
/// of the current run's HTML page (`… --html FILE`). New causes come first, each with the command that replays its
/// smallest case, because they are what the author acts on; fixed causes next, then what stayed.
public enum ComparisonReport {
    /// The comparison as text: caveats, new, fixed, unchanged and not-checked causes, status changes, and the outcome.
    public static func text(_ c: RunComparison, earlierName: String, currentName: String) -> String {
        var out = ["What changed from \(earlierName) (\(run(c.earlier))) to \(currentName) (\(run(c.current))):"]
        for caveat in c.caveats { out.append("Note: \(caveat).") }
        out.append("")
        out.append(heading("New", c.new.count, "not shown by the earlier run"))
        for cause in c.new {
            out.append("  + " + line(cause))
            out.append("    smallest case: \(cause.smallestCase) (\(cause.smallestIn))")
            if let replay = c.current.replayCommand(of: cause) { out.append("    Replay: " + replay) }
            out.append("    key: \(cause.key)")
        }
        out.append(heading("Fixed", c.fixed.count, "not shown by the current run, which checked their properties"))
        for cause in c.fixed { out.append("  - " + line(cause)); out.append("    key: \(cause.key)") }
        out.append(heading("Unchanged", c.unchanged.count, "shown by both runs"))
        for u in c.unchanged { out.append("  = " + line(u.current) + spread(u)) }
        if !c.notChecked.isEmpty {
            out.append(heading("Not checked", c.notChecked.count, "the current run ran none of their properties"))
            for cause in c.notChecked { out.append("  ? " + line(cause)) }
        }
        let changes = c.statusChanges
        out.append("Properties whose status changed (\(changes.count))" + (changes.isEmpty ? "." : ":"))
        let width = max(40, (changes.map(\.property.count).max() ?? 0) + 2)
        for s in changes {
            let mark = s.isNewFailure ? "  (newly failing)" : s.isFix ? "  (fixed)" : ""
            out.append("  " + TextReport.column(s.property, width) + status(s.earlier) + " -> " + status(s.current) + mark)
        }
        out.append("")
        out.append(outcome(c))
        return out.joined(separator: "\n") + "\n"
    }

    /// The outcome in one line: what `--against`'s exit status says.
    public static func outcome(_ c: RunComparison) -> String {
        let newlyFailing = c.statusChanges.filter(\.isNewFailure).count
        guard c.hasNewFailures else {
            return "Nothing fails that did not before: \(count(c.fixed.count, "cause")) fixed, \(c.unchanged.count) unchanged."
        }
        var what: [String] = []
        if !c.new.isEmpty { what.append(count(c.new.count, "new cause")) }
        if newlyFailing > 0 { what.append(count(newlyFailing, "property", "properties") + " newly failing") }
        return "Something fails that did not before: " + what.joined(separator: ", ") + " (exit status 1)."
    }

    /// The comparison as a section of the current run's page (`HTMLReport.render(_:against:)`).
    static func html(_ c: RunComparison, earlierName: String) -> String {
        let e = HTMLPage.escape
        func link(_ id: String) -> String { ##"<a href="#p-\##(HTMLPage.anchorSafe(id))"><code>\##(e(id))</code></a>"## }
        func item(_ cause: FailureCause, _ extra: String = "") -> String {
            let n = cause.properties.count
            return "<li>" + HTMLPage.badge(cause.status) + " in \(n) propert\(n == 1 ? "y" : "ies"): \(e(cause.summary))" + extra
                + "<small>key <code>\(e(cause.key))</code></small></li>"
        }
        var out = [#"<section id="changes"><h2>What changed since \#(e(earlierName))</h2>"#,
                   #"<p class="verdict \#(c.hasNewFailures ? "bad" : "ok")">\#(e(outcome(c)))<small>Earlier: \#(e(run(c.earlier))).</small></p>"#]
        for caveat in c.caveats { out.append(#"<p class="note">Note: \#(e(caveat)).</p>"#) }
        func list(_ title: String, _ items: [String]) {
            out.append("<h3>\(e(title)) (\(items.count))</h3>")
            out.append(items.isEmpty ? #"<p class="muted">None.</p>"# : #"<ol class="causes">"# + items.joined(separator: "\n") + "</ol>")
        }
        list("New causes", c.new.map { item($0, "<small>smallest: \(e($0.smallestCase)), in " + link($0.smallestIn) + "</small>") })
        list("Fixed causes", c.fixed.map { item($0) })
        list("Unchanged causes", c.unchanged.map { item($0.current, spread($0).isEmpty ? "" : "<small>" + e(String(spread($0).dropFirst(2))) + "</small>") })
        if !c.notChecked.isEmpty { list("Not checked (none of their properties ran)", c.notChecked.map { item($0) }) }
        if !c.statusChanges.isEmpty {
            out.append(#"<h3>Properties whose status changed (\#(c.statusChanges.count))</h3><div class="table-wrap"><table>"#)
            out.append("<thead><tr><th>Property</th><th>Earlier</th><th>Now</th><th></th></tr></thead><tbody>")
            for s in c.statusChanges {
                let badge = { (st: ResultStatus?) in st.map(HTMLPage.badge) ?? #"<span class="muted">none</span>"# }
                let name = s.current.map { HTMLPage.isFailure($0) } == true ? link(s.property) : "<code>\(e(s.property))</code>"
                out.append("<tr><td>\(name)</td><td>\(badge(s.earlier))</td><td>\(badge(s.current))</td><td>"
                           + (s.isNewFailure ? #"<span class="badge unexpected">newly failing</span>"# : s.isFix ? "fixed" : "") + "</td></tr>")
            }
            out.append("</tbody></table></div>")
        }
        out.append("</section>")
        return out.joined(separator: "\n")
    }

    /// A run in a few words: engine, seed, cases, start.
    static func run(_ r: ConformanceReport) -> String {
        "\(r.engineName) \(r.engineVersion), seed \(Seed.format(r.seed)), \(r.casesPerProperty) cases, started \(r.started)"
    }

    static func heading(_ title: String, _ n: Int, _ meaning: String) -> String {
        "\(title): \(count(n, "cause"))" + (n == 0 ? "." : " (\(meaning)):")
    }

    static func line(_ c: FailureCause) -> String {
        let n = c.properties.count
        return "\(c.status.rawValue) in \(n) propert\(n == 1 ? "y" : "ies"): \(c.summary)"
    }

    /// "; now also in X; no longer in Y" for a cause whose properties changed.
    static func spread(_ u: RunComparison.Unchanged) -> String {
        var parts: [String] = []
        if !u.spreadTo.isEmpty { parts.append("now also in " + u.spreadTo.joined(separator: ", ")) }
        if !u.withdrewFrom.isEmpty { parts.append("no longer in " + u.withdrewFrom.joined(separator: ", ")) }
        return parts.isEmpty ? "" : "; " + parts.joined(separator: "; ")
    }

    static func status(_ s: ResultStatus?) -> String { s?.rawValue ?? "(none)" }

    static func count(_ n: Int, _ one: String, _ many: String? = nil) -> String {
        "\(n) " + (n == 1 ? one : many ?? one + "s")
    }
}

extension ConformanceReport {
    /// The command that replays `cause`'s smallest case, as the run printed it; nil when the run kept no commands.
    public func replayCommand(of cause: FailureCause) -> String? {
        guard let r = results.first(where: { $0.property == cause.smallestIn }) else { return nil }
        return r.failures.first { $0.counterexample?.replay == cause.replay }?.commands?.replay
    }
}
