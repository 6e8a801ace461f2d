import StackLayout

extension InProcessRun {
    /// The text of the issue a test records for a result that does not match its expectation: the status and what
    /// was expected, the result's message as it stands (the failure, its diagnosis by UIKit's constraints, the
    /// statement, the replay lines, and whatever further lines the runner adds to it), then the minimal scenario
    /// and both layouts as JSON, the case to look at when the search found another one, and the property's other
    /// distinct failures. Everything a person needs without rerunning anything.
    public static func issue(for result: PropertyResult) -> String {
        let expected = result.expected.map { $0.map(\.rawValue).joined(separator: " or ") } ?? "PASS"
        var lines = ["\(result.status.rawValue) \(result.property) (\(result.level.rawValue)"
                     + (result.reason.map { ", \($0.rawValue)" } ?? "") + "), expected \(expected)"]
        lines.append(result.message)
        if result.status == .skip && result.reason == .unsupported {
            lines.append("An engine that answers every case unsupported conforms to nothing: declare only the features it implements.")
        }
        if let c = result.counterexample {
            if let program = c.program { lines.append("Program:\n" + program.joined(separator: "\n")) }
            if let s = c.scenario { lines.append("Minimal scenario:\n" + s.jsonString(pretty: true)) }
            lines.append("Engine layout:\n" + (c.actual?.jsonString(pretty: true) ?? "(no layout: the engine did not answer with one)"))
            if let r = c.reference { lines.append("Reference layout:\n" + r.jsonString(pretty: true)) }
            if let p = c.otherPresentableCase {
                lines.append("A case to look at (larger, same failure): " + TextReport.summary(p.scenario.stack))
                lines.append(p.scenario.jsonString(pretty: false))
            }
            if c.shrinkCutShort { lines.append("(shrinking was cut short)") }
        }
        // The property's other distinct failures, each with its case and replay line, as the text report lists them.
        lines += TextReport.otherFailures(result).map { $0.hasPrefix("  ") ? String($0.dropFirst(2)) : $0 }
        if let e = result.standardError, !e.text.isEmpty {
            lines.append("Engine stderr, request \(e.request) (\(e.during)):\n" + e.text)
        }
        return lines.joined(separator: "\n")
    }
}
