import PropertyCheck
import StackLayout

/// One non-PASS result as HTML, shared by the run page and the grid's details: statement, message, picture, the
/// replay and regression commands, the scenario and layouts as JSON, and the engine's standard error.
extension HTMLPage {
    /// The parts of a result after its heading. `idPrefix` keeps element ids unique on a page that holds several
    /// engines' results for one property.
    static func resultBody(_ r: PropertyResult, in report: ConformanceReport, idPrefix: String, statement: Bool = true) -> String {
        let engineName = report.engineName
        var out: [String] = []
        if statement { out.append(statementLines(r)) }
        // A failing result's message is its lead failure's body; the statement and the commands are shown apart.
        let body = r.failures.first.map { FailureRecords.body($0).joined(separator: "\n") } ?? r.message
        if !body.isEmpty { out.append(#"<pre class="message">\#(escape(body))</pre>"#) }
        // A budget that stopped the property, or a crash that its case alone did not repeat (`StopReason`).
        if let note = TextReport.faultNote(r) { out.append("<p><strong>Stopped early:</strong> \(escape(note))</p>") }
        if let c = r.counterexample {
            out.append(picture(r, c, engineName: engineName))
            out.append(commands(c, r.commands, idPrefix: idPrefix))
            out.append(documents(c))
        } else if let commands = r.commands {
            out.append(self.commands(nil, commands, idPrefix: idPrefix))
        }
        if let e = r.standardError, !e.text.isEmpty {
            let label = e.request > 0 ? "Engine standard error, request \(e.request) (\(e.during))" : "Engine standard error (\(e.during))"
            out.append(#"<details class="stderr" open><summary>\#(escape(label))</summary><pre>\#(escape(e.text))</pre></details>"#)
        }
        out.append(otherFailures(r, idPrefix: idPrefix))
        return out.joined(separator: "\n")
    }

    /// The property's failures after its first, each with its status, what failed, its minimal case's picture and
    /// its replay command (the first failure's line with its own token).
    static func otherFailures(_ r: PropertyResult, idPrefix: String) -> String {
        guard r.failures.count > 1 else { return "" }
        var out = [#"<details class="failures" open><summary>\#(r.failures.count) distinct failures (\#(r.failingCases) of \#(r.cases) cases failed); the others</summary><ul>"#]
        for (i, f) in r.failures.enumerated().dropFirst() {
            var what = f.nondeterminism.map { "Nondeterministic: " + $0.summary + "\nThe first answer failed: " + f.message } ?? f.message
            if let d = f.diagnosis, d.namesCause { what += "\nDiagnosis: " + d.lines.joined(separator: "\n  ") }
            var item = "<li>" + badge(f.status) + #" <pre class="message">\#(escape(what))</pre>"#
            if let c = f.counterexample, let (shown, _) = c.shownCase {
                item += "<figure>" + inlineSVG(LayoutPicture.svg(shown.scenario, actual: shown.actual, reference: shown.reference,
                                                                 title: "\(r.property): \(f.status.rawValue)",
                                                                 diagnosis: f.diagnosis(for: shown))) + "</figure>"
                if let line = f.commands?.replay {
                    let id = "\(idPrefix)-f\(i)-replay"
                    item += #"<div class="commands"><div class="cmd"><span class="label">Replay</span><code id="\#(id)">\#(escape(line))</code><button type="button" class="copy js-only" data-target="\#(id)">Copy</button></div></div>"#
                }
            }
            out.append(item + "</li>")
        }
        out.append("</ul></details>")
        return out.joined(separator: "\n")
    }

    /// The rules (linked) and the statement: the catalogue's, else the one the message quotes.
    static func statementLines(_ r: PropertyResult) -> String {
        var out = ""
        if !r.rules.isEmpty { out += #"<p class="rules">Rules: \#(ruleLinks(r.rules))</p>"# }
        if let statement = Catalogue.property(r.property)?.statement {
            out += #"<p class="statement">\#(escape(statement))</p>"#
        }
        return out
    }

    /// The presentable case when the run found one (it is easier to read), else the minimal case; the caption says
    /// which, since only the minimal case is replayed and kept as a regression.
    static func picture(_ r: PropertyResult, _ c: Counterexample, engineName: String) -> String {
        let title = "\(r.property): \(r.status.rawValue) on \(engineName)"
        let lead = r.failures.first
        if let v = c.variant, v.actual != nil, c.variantShowsTheFailure {
            return "<figure>" + inlineSVG(LayoutPicture.svg(v.scenario, actual: v.actual, reference: v.reference, title: title + " (variant)",
                                                            diagnosis: lead?.diagnosis(for: v)))
                + "<figcaption>The variant of the minimal case that the check failed on: the engine's answer for it above the reference's. The engine's answer for the minimal case itself matches the reference.</figcaption></figure>"
        }
        if let p = c.otherPresentableCase {
            var out = "<figure>" + inlineSVG(LayoutPicture.svg(p.scenario, actual: p.actual, reference: p.reference, title: title,
                                                               diagnosis: lead?.diagnosis(for: p)))
            out += "<figcaption>A larger failing case of the same property, drawn to be read; the minimal case (replayed, kept as a regression) is in the JSON below.</figcaption></figure>"
            if let s = c.scenario {
                out += #"<details class="minimal"><summary>Picture of the minimal case</summary><figure>"#
                    + inlineSVG(LayoutPicture.svg(s, actual: c.actual, reference: c.reference, title: title + " (minimal)"))
                    + "</figure></details>"
            }
            return out
        }
        guard let s = c.scenario else { return #"<p class="muted">No scenario to draw (view-tree program below).</p>"# }
        let caption = c.actual == nil ? "The minimal case; the engine answered no layout, so only the reference is drawn."
            : "The minimal case, the one replayed and kept as a regression."
        return "<figure>" + inlineSVG(LayoutPicture.svg(s, actual: c.actual, reference: c.reference, title: title,
                                                        diagnosis: lead?.diagnosis(for: PresentableCase(scenario: s, actual: c.actual, reference: c.reference))))
            + "<figcaption>\(escape(caption))\(c.shrinkCutShort ? " Shrinking was cut short." : "")</figcaption></figure>"
    }

    /// The replay and regression commands the run wrote for the case; without them (a report of a run given no
    /// replay format), the bare replay command, labelled as needing the run's engine options.
    static func commands(_ c: Counterexample?, _ commands: FailureCommands?, idPrefix: String) -> String {
        var rows: [(label: String, command: String, id: String)] = []
        if let commands {
            rows.append(("Replay", commands.replay, idPrefix + "-replay"))
            rows.append(("Keep as a regression", commands.keep, idPrefix + "-keep"))
        } else if let c, c.replay.hasPrefix(ReplayToken.prefix) {
            rows.append(("Replay (add the run's engine options)", "swift run stackcheck replay " + c.replay, idPrefix + "-replay"))
        } else if let c, !c.replay.isEmpty {
            rows.append(("Replay from", c.replay, idPrefix + "-replay"))
        }
        guard !rows.isEmpty else { return "" }
        var out = [#"<div class="commands">"#]
        for row in rows {
            out.append(#"<div class="cmd"><span class="label">\#(escape(row.label))</span><code id="\#(row.id)">\#(escape(row.command))</code><button type="button" class="copy js-only" data-target="\#(row.id)">Copy</button></div>"#)
        }
        out.append("</div>")
        return out.joined()
    }

    /// The scenario, both layouts, the view-tree program and the presentable case's documents, collapsed.
    static func documents(_ c: Counterexample) -> String {
        var parts: [String] = []
        if let program = c.program { parts.append(#"<h5>Program</h5><pre class="program">\#(escape(program.joined(separator: "\n")))</pre>"#) }
        if let s = c.scenario { parts.append(json("Scenario (minimal)", s.jsonValue)) }
        if let a = c.actual { parts.append(json("Engine layout", a.jsonValue)) }
        if let ref = c.reference { parts.append(json("Reference layout", ref.jsonValue)) }
        if let v = c.variant {
            parts.append(json("Variant the check failed on", v.scenario.jsonValue))
            if let a = v.actual { parts.append(json("Variant: engine layout", a.jsonValue)) }
            if let ref = v.reference { parts.append(json("Variant: reference layout", ref.jsonValue)) }
        }
        if let p = c.otherPresentableCase {
            parts.append(json("Presentable scenario", p.scenario.jsonValue))
            if let a = p.actual { parts.append(json("Presentable: engine layout", a.jsonValue)) }
            if let ref = p.reference { parts.append(json("Presentable: reference layout", ref.jsonValue)) }
        }
        guard !parts.isEmpty else { return "" }
        return #"<details class="json"><summary>Scenario and layouts (JSON)</summary>"# + parts.joined() + "</details>"
    }

    /// The heading badges of a result: status, level, and the expectation when it matters.
    static func resultBadges(_ r: PropertyResult, verdict: RunVerdict) -> String {
        var out = badge(r.status) + " " + levelBadge(r.level)
        if let reason = r.reason { out += #" <span class="muted">(\#(escape(reason.rawValue)))</span>"# }
        if !verdict.matches(r) {
            out += #" <span class="badge unexpected" title="does not match its expectation">! expected \#(escape(expectationText(r)))</span>"#
        } else if r.status != .pass && r.status != .notRun {
            let why = verdict.acceptedByKnownCauses.contains(r.property) ? "expected: every failure in a known cause"
                : r.expected != nil ? "expected \(expectationText(r))" : "accepted by default for this engine and level"
            out += #" <span class="badge accepted">\#(escape(why))</span>"#
        }
        return out
    }
}
