import StackLayout

/// Renders CONFORMANCE.md, the catalogue a user reads, from the code: the rule table (`Rules.all`), the golden
/// fixtures that show each rule, and each built-in engine's status on them. A test fails when the file in the
/// repository is stale and prints the one command that rewrites it.
public enum ConformanceDocument {
    /// One fixture's outcome on each engine, in `engines` order.
    public struct FixtureRow: Sendable {
        public let name: String
        public let rules: [String]
        public let outcomes: [GoldenFixtureCheck.Outcome]
        public init(name: String, rules: [String], outcomes: [GoldenFixtureCheck.Outcome]) {
            self.name = name
            self.rules = rules
            self.outcomes = outcomes
        }
    }

    public static let rewriteCommand = "swift run stackcheck conformance --write CONFORMANCE.md"

    /// Runs every fixture on every engine and renders the document.
    public static func generate(fixtures: [GoldenFixtureCheck.Entry], engines: [any LayoutEngine]) -> String {
        let rows = fixtures.map { entry in
            FixtureRow(name: entry.name, rules: entry.fixture.rules,
                       outcomes: engines.map { GoldenFixtureCheck.check(entry.fixture, on: $0) })
        }
        return render(rows: rows, engines: engines.map { ($0.name, $0.features) })
    }

    public static func render(rows: [FixtureRow], engines: [(name: String, features: FeatureSet)]) -> String {
        var out: [String] = []
        out.append("# StackConformance: conformance catalogue")
        out.append("")
        out.append("<!-- Generated from the code; do not edit by hand. Rewrite with: \(rewriteCommand) -->")
        out.append("")
        out.append("The rules are those of `../shared/spec/UISTACKVIEW.md`; the spec is the authority, the statements")
        out.append("below are one-line summaries. Evidence levels: DOC > OBS > RT > INF > TENTATIVE (TENTATIVE rules are")
        out.append("this project's decisions and are reported apart). Until the property catalogue lands, each rule is")
        out.append("checked by the hand-worked golden fixtures (`Fixtures/golden/`) that cite it; a status is")
        out.append("`PASS n` (every citing fixture passes), `FAIL k/n`, `SKIP` (the engine lacks a feature those")
        out.append("fixtures need), or `—` (no fixture cites the rule yet).")
        out.append("")
        out.append("## Engines")
        out.append("")
        out.append("| engine | features |")
        out.append("|---|---|")
        for e in engines {
            let missing = FeatureSet.all.subtracting(e.features)
            out.append("| \(e.name) | " + (missing.isEmpty ? "all" : "all but " + missing.sorted.map { "`\($0.rawValue)`" }.joined(separator: ", ")) + " |")
        }
        out.append("")
        out.append("## Rules")
        out.append("")
        out.append("| rule | level | statement | fixtures | " + engines.map(\.name).joined(separator: " | ") + " |")
        out.append("|---|---|---|---|" + engines.map { _ in "---|" }.joined())
        for rule in Rules.all {
            let citing = rows.filter { $0.rules.contains(rule.id) }
            let level = rule.level.rawValue + (rule.tentativePart != nil && rule.level != .tentative ? " (part TENTATIVE)" : "")
            var cells = ["`\(rule.id)`", level, rule.statement, "\(citing.count)"]
            for e in engines.indices {
                cells.append(status(citing.map { $0.outcomes[e] }))
            }
            out.append("| " + cells.joined(separator: " | ") + " |")
        }
        out.append("")
        out.append("## Tentative decisions")
        out.append("")
        for rule in Rules.all where rule.level == .tentative || rule.tentativePart != nil {
            out.append("- `\(rule.id)`: " + (rule.tentativePart.map { "\(rule.statement) Tentative: \($0)." } ?? rule.statement))
        }
        out.append("")
        out.append("## Golden fixtures")
        out.append("")
        out.append("| fixture | rules | " + engines.map(\.name).joined(separator: " | ") + " |")
        out.append("|---|---|" + engines.map { _ in "---|" }.joined())
        for row in rows {
            out.append("| `\(row.name)` | " + row.rules.joined(separator: ", ") + " | "
                       + row.outcomes.map(\.label).joined(separator: " | ") + " |")
        }
        out.append("")
        return out.joined(separator: "\n")
    }

    static func status(_ outcomes: [GoldenFixtureCheck.Outcome]) -> String {
        guard !outcomes.isEmpty else { return "—" }
        let run = outcomes.filter { if case .skip = $0 { return false }; return true }
        guard !run.isEmpty else { return "SKIP" }
        let bad = run.filter { $0 != .pass }.count
        return bad == 0 ? "PASS \(run.count)" : "FAIL \(bad)/\(run.count)"
    }
}
