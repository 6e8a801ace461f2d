import StackLayout

/// Renders CONFORMANCE.md, the catalogue a user reads, from the code: the engines, every property (id, rules,
/// level, features, statement) with its status on each built-in engine, every rule with the properties and golden
/// fixtures that check it, the tentative decisions, the mutant table and the fixtures. A test fails when the file
/// in the repository is stale and prints the one command that rewrites it.
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

    /// One engine's column: its name, features, and each property's status (by id) at the default seed and case count.
    public struct EngineColumn: Sendable {
        public let name: String
        public let features: FeatureSet
        public let statuses: [String: ResultStatus]
        public init(name: String, features: FeatureSet, statuses: [String: ResultStatus]) {
            self.name = name
            self.features = features
            self.statuses = statuses
        }
    }

    public static let rewriteCommand = "swift run stackcheck conformance --write CONFORMANCE.md"

    /// The statuses the tests require of a built-in engine: PASS, or SKIP where it lacks a feature the property
    /// needs (and the agreement property on the reference itself). `CatalogueTests` asserts exactly this.
    public static func expectedStatuses(for engine: any LayoutEngine) -> [String: ResultStatus] {
        var out: [String: ResultStatus] = [:]
        for p in Catalogue.all {
            let skip = !p.features.subtracting(engine.features).isEmpty
                || (engine is ReferenceEngine && p.id == ConformanceProperty.agreement.id)
            out[p.id] = skip ? .skip : .pass
        }
        return out
    }

    /// Runs every fixture on every engine and renders the document with the given property statuses.
    public static func generate(fixtures: [GoldenFixtureCheck.Entry], engines: [any LayoutEngine],
                                statuses: [[String: ResultStatus]]) -> String {
        let rows = fixtures.map { entry in
            FixtureRow(name: entry.name, rules: entry.fixture.rules,
                       outcomes: engines.map { GoldenFixtureCheck.check(entry.fixture, on: $0) })
        }
        let columns = zip(engines, statuses).map { EngineColumn(name: $0.0.name, features: $0.0.features, statuses: $0.1) }
        return render(rows: rows, engines: columns)
    }

    public static func render(rows: [FixtureRow], engines: [EngineColumn]) -> String {
        var out: [String] = []
        func line(_ s: String = "") { out.append(s) }
        let names = engines.map(\.name)
        line("# StackConformance: conformance catalogue")
        line()
        line("<!-- Generated from the code; do not edit by hand. Rewrite with: \(rewriteCommand) -->")
        line()
        line("The rules are those of [`Spec/UISTACKVIEW.md`](Spec/UISTACKVIEW.md); the spec is the authority, the statements below are")
        line("summaries. Evidence levels: DOC > OBS > RT > INF > TENTATIVE; a property's level is the weakest among the rules")
        line("it checks, and TENTATIVE properties (this project's decisions, §9) are reported apart: an engine that differs")
        line("there is not non-conforming. Statuses are those of `stackcheck run` at the default seed (0) and case count")
        line("(200 per property); `swift test` runs every property on both built-in engines and asserts them.")
        line()
        line("## Engines")
        line()
        line("| engine | features |")
        line("|---|---|")
        for e in engines {
            let missing = FeatureSet.all.subtracting(e.features)
            line("| \(e.name) | " + (missing.isEmpty ? "all" : "all but " + missing.sorted.map { "`\($0.rawValue)`" }.joined(separator: ", ")) + " |")
        }
        line()
        line("## Properties")
        line()
        line("Property ids are a public contract (`group.name`); `--property GROUP` selects a group. Each applies, unless its")
        line("statement says otherwise, to scenarios inside the spec's §4 domain: no broken constraint in the reference, no")
        line("priority equal to an internal UISV priority, no nested stack stretched or compressed along its parent's axis.")
        line()
        line("| # | property | rules | level | needs | " + names.joined(separator: " | ") + " |")
        line("|---|---|---|---|---|" + names.map { _ in "---|" }.joined())
        for (i, p) in Catalogue.all.enumerated() {
            let needs = p.features.isEmpty ? "—" : p.features.sorted.map { "`\($0.rawValue)`" }.joined(separator: ", ")
            let cells = engines.map { $0.statuses[p.id]?.rawValue ?? "—" }
            line("| \(i) | `\(p.id)` | \(p.rules.joined(separator: ", ")) | \(p.level.rawValue) | \(needs) | " + cells.joined(separator: " | ") + " |")
        }
        line()
        line("### Statements")
        line()
        for p in Catalogue.all {
            line("- **`\(p.id)`** (\(p.rules.joined(separator: ", ")); \(p.level.rawValue)). \(p.statement)")
        }
        line()
        line("## Rules")
        line()
        line("A rule's status on an engine summarises the properties that check it (`PASS n`: all n pass or skip for a")
        line("missing feature; `FAIL k/n`), and the golden fixtures that cite it are counted alongside.")
        line()
        line("| rule | level | statement | properties | fixtures | " + names.joined(separator: " | ") + " |")
        line("|---|---|---|---|---|" + names.map { _ in "---|" }.joined())
        for rule in Rules.all {
            let properties = Catalogue.all.filter { $0.rules.contains(rule.id) }
            let citing = rows.filter { $0.rules.contains(rule.id) }
            let level = rule.level.rawValue + (rule.tentativePart != nil && rule.level != .tentative ? " (part TENTATIVE)" : "")
            var cells = ["[`\(rule.id)`](\(rule.specLink))", level, rule.statement,
                         properties.isEmpty ? "—" : properties.map { "`\($0.id)`" }.joined(separator: ", "), "\(citing.count)"]
            for (e, engine) in engines.enumerated() {
                cells.append(ruleStatus(properties.map { engine.statuses[$0.id] ?? .notRun }, citing.map { $0.outcomes[e] }))
            }
            line("| " + cells.joined(separator: " | ") + " |")
        }
        line()
        line("### Rules no property checks")
        line()
        line("Each with the reason, and what checks it instead where something does.")
        line()
        for rule in Rules.all {
            if let why = rule.uncheckedBecause { line("- [`\(rule.id)`](\(rule.specLink)): \(why).") }
        }
        line()
        line("## Tentative decisions")
        line()
        for rule in Rules.all where rule.level == .tentative || rule.tentativePart != nil {
            line("- `\(rule.id)`: " + (rule.tentativePart.map { "\(rule.statement) Tentative: \($0)." } ?? rule.statement))
        }
        line()
        line("## Mutants")
        line()
        line("Deliberately broken engines and view trees (`Sources/StackConformance/Mutants/`), each a bug a real")
        line("implementation could have. `swift test` asserts that each is caught by its property at the default seed and")
        line("case count, with a small shrunk counterexample, and that every property but the agreement property catches")
        line("one. Try one: `swift run stackcheck run --engine mutant:<id>`.")
        line()
        line("| mutant | bug | caught by |")
        line("|---|---|---|")
        for m in Mutants.all {
            line("| `\(m.id)`\(m.tree != nil ? " (view tree)" : "") | \(m.bug) | `\(m.killedBy)` |")
        }
        line()
        line("## Golden fixtures")
        line()
        line("| fixture | rules | " + names.joined(separator: " | ") + " |")
        line("|---|---|" + names.map { _ in "---|" }.joined())
        for row in rows {
            line("| `\(row.name)` | " + row.rules.joined(separator: ", ") + " | " + row.outcomes.map(\.label).joined(separator: " | ") + " |")
        }
        line()
        line("## Changes to property ids")
        line()
        line("None yet. A renamed or removed id is a breaking change and is recorded here.")
        line()
        return out.joined(separator: "\n")
    }

    static func ruleStatus(_ properties: [ResultStatus], _ fixtures: [GoldenFixtureCheck.Outcome]) -> String {
        let runFixtures = fixtures.filter { if case .skip = $0 { return false }; return true }
        let badFixtures = runFixtures.filter { $0 != .pass }.count
        let badProperties = properties.filter { $0 != .pass && $0 != .skip }.count
        let total = properties.count + runFixtures.count
        guard total > 0 else { return properties.isEmpty && fixtures.isEmpty ? "—" : "SKIP" }
        let bad = badFixtures + badProperties
        return bad == 0 ? "PASS \(total)" : "FAIL \(bad)/\(total)"
    }
}
