import StackLayout

/// The scaffolding shared by the HTML pages (`HTMLReport`): escaping, the inline style sheet and script, badges,
/// rule links and the glossary of the rules a page cites, and reading a result's message.
///
/// A page is self-contained: no network load of any kind (style, script and pictures are inline), so it can be
/// mailed, attached to a CI run or opened offline. Rule ids link to a glossary at the foot of the page, which gives
/// each rule's statement from `Rules.swift` and names the section of `Spec/UISTACKVIEW.md`: a link into the
/// repository would only work where the page sits beside a checkout. Everything is readable with scripts off
/// (collapsible parts are `<details>`); the script only adds copy buttons and expand/collapse-all.
enum HTMLPage {
    /// `s` for HTML (and SVG, XML) text and attribute values. Control characters other than tab and line breaks
    /// (which an engine's standard error may hold) become U+FFFD.
    static func escape(_ s: String) -> String {
        var out = ""
        out.reserveCapacity(s.utf8.count)
        for c in s.unicodeScalars {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case "\t", "\n", "\r": out.unicodeScalars.append(c)
            default:
                if c.value < 0x20 || c.value == 0x7F { out += "\u{FFFD}" } else { out.unicodeScalars.append(c) }
            }
        }
        return out
    }

    /// A whole document around `body`.
    static func document(title: String, body: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="generator" content="stackcheck \(escape(ConformanceSuite.version))">
        <title>\(escape(title))</title>
        <style>
        \(css)</style>
        </head>
        <body>
        \(body)<script>
        \(script)</script>
        </body>
        </html>

        """
    }

    /// The bar of buttons that open or close every `<details>` (hidden without scripts).
    static let toolbar = #"<div class="toolbar js-only"><button type="button" data-details="open">Expand all</button> <button type="button" data-details="close">Collapse all</button> <button type="button" data-print>Print</button></div>"#

    static func badge(_ status: ResultStatus) -> String {
        #"<span class="badge s-\#(status.rawValue)">\#(status.rawValue)</span>"#
    }

    static func levelBadge(_ level: EvidenceLevel) -> String {
        #"<span class="badge level" title="evidence level">\#(level.rawValue)</span>"#
    }

    /// A group is the first segment of a property id.
    static func group(_ property: String) -> String { String(property.split(separator: ".").first ?? "") }

    /// Statuses that count as a failure in a summary (everything but PASS, SKIP and NOTRUN).
    static func isFailure(_ s: ResultStatus) -> Bool { s.isFailure }

    /// Whether the report came from a built-in engine, for the default expectation (`Expectations.matches`).
    static func isBuiltIn(_ report: ConformanceReport) -> Bool { report.builtIn }


    /// The expectation as people read it: "PASS", "FAIL or ERROR", or "default".
    static func expectationText(_ r: PropertyResult) -> String {
        r.expected.map { $0.map(\.rawValue).joined(separator: " or ") } ?? "PASS (default)"
    }

    /// Seconds as the text report prints them, from the millisecond value the JSON report keeps: a page rendered
    /// from a run and one rendered from its JSON report then agree (rounding twice can move the last digit).
    static func seconds(_ s: Double) -> String { TextReport.seconds((s * 1000).rounded() / 1000) }

    // MARK: Rules

    /// Each rule id as a link to its entry in the page's glossary, with its statement as the tooltip.
    static func ruleLinks(_ ids: [String]) -> String {
        ids.map { id in
            let title = Rules.rule(id).map { " title=\"\(escape($0.statement))\"" } ?? ""
            return ##"<a class="rule" href="#\##(ruleAnchor(id))"\##(title)>\##(escape(id))</a>"##
        }.joined(separator: ", ")
    }

    static func ruleAnchor(_ id: String) -> String { "rule-" + anchorSafe(id) }

    /// Letters, digits, `-`, `_` and `.` kept, anything else as `_`: ids usable in a fragment without escaping.
    static func anchorSafe(_ s: String) -> String {
        String(s.map { c in c.isASCII && (c.isLetter || c.isNumber || c == "-" || c == "_" || c == ".") ? c : "_" })
    }

    /// The glossary of `ids` (in the spec's order; ids the suite does not know last, as given).
    static func glossary(_ ids: [String]) -> String {
        guard !ids.isEmpty else { return "" }
        let known = Rules.all.filter { ids.contains($0.id) }
        let unknown = ids.filter { Rules.rule($0) == nil }
        var out = [#"<section id="rules"><h2>Rules cited</h2>"#,
                   #"<p class="note">Statements from the suite's rule table; the authority is <code>Spec/UISTACKVIEW.md</code> in the suite's repository, section named after each rule.</p><dl class="glossary">"#]
        for rule in known {
            out.append(#"<dt id="\#(ruleAnchor(rule.id))">\#(escape(rule.id)) \#(levelBadge(rule.level))</dt>"#)
            var dd = escape(rule.statement)
            if let t = rule.tentativePart { dd += #" <span class="tentative">Tentative: \#(escape(t)).</span>"# }
            dd += #" <span class="where">Spec/UISTACKVIEW.md § \#(escape(rule.specSection))</span>"#
            out.append("<dd>\(dd)</dd>")
        }
        for id in unknown {
            out.append(#"<dt id="\#(ruleAnchor(id))">\#(escape(id))</dt><dd>Not a rule of this suite's version.</dd>"#)
        }
        out.append("</dl></section>")
        return out.joined(separator: "\n") + "\n"
    }

    /// Every rule id the results cite, first-seen order, each once.
    static func citedRules(_ results: [PropertyResult]) -> [String] {
        var seen: [String] = []
        for r in results { for id in r.rules where !seen.contains(id) { seen.append(id) } }
        return seen
    }

    // MARK: Messages

    /// The pretty JSON of a document in a `<pre>`.
    static func json(_ label: String, _ value: JSONValue) -> String {
        #"<h5>\#(escape(label))</h5><pre class="json">\#(escape(value.prettyText))</pre>"#
    }

    /// `LayoutPicture`'s SVG without its XML declaration, which may not appear inside an HTML document.
    static func inlineSVG(_ svg: String) -> String {
        var text = Substring(svg)
        if text.hasPrefix("<?xml"), let end = text.firstRange(of: "?>") { text = text[end.upperBound...] }
        return String(text.drop(while: { $0 == "\n" }))
    }
}

extension String {
    /// Every occurrence of `target` replaced (the module does not import Foundation).
    func replacingAll(_ target: String, with replacement: String) -> String {
        var out = "", rest = Substring(self)
        while let r = rest.firstRange(of: target) { out += rest[..<r.lowerBound] + replacement; rest = rest[r.upperBound...] }
        return out + rest
    }
}
