import StackLayout

/// Renders CONFORMANCE.md, the catalogue a user reads, from the code: the engines, every property (id, rules,
/// level, features, statement) with its status on each built-in engine, every rule with the properties and golden
/// fixtures that check it, the tentative decisions, the mutant table and the fixtures. A test fails when the file
/// in the repository is stale and prints the one command that rewrites it.
public enum ConformanceDocument {
    /// One fixture's outcome on each engine, in `engines` order.
    public struct FixtureRow: Sendable {
        /// The fixture's file name without `.json`.
        public let name: String
        /// The rule ids the fixture cites.
        public let rules: [String]
        /// Its outcome on each engine, in the columns' order.
        public let outcomes: [GoldenFixtureCheck.Outcome]
        /// A row from its parts.
        public init(name: String, rules: [String], outcomes: [GoldenFixtureCheck.Outcome]) {
            self.name = name
            self.rules = rules
            self.outcomes = outcomes
        }
    }

    /// One mutant (a deliberately broken engine or view tree, module `StackConformanceMutants`) in the mutant table.
    public struct MutantRow: Sendable {
        /// The mutant's id (`--engine mutant:<id>`).
        public let id: String
        /// The bug, as a user would describe it.
        public let bug: String
        /// The property designated to catch it.
        public let killedBy: String
        /// Whether it breaks the view tree rather than the layout.
        public let isViewTree: Bool
        /// A row from its parts.
        public init(id: String, bug: String, killedBy: String, isViewTree: Bool) {
            self.id = id
            self.bug = bug
            self.killedBy = killedBy
            self.isViewTree = isViewTree
        }
    }

    /// One engine's column: its name, features, and each property's status (by id) at the default seed and case count.
    public struct EngineColumn: Sendable {
        /// The engine's name.
        public let name: String
        /// The engine's features.
        public let features: FeatureSet
        /// Each property's status on the engine, by property id.
        public let statuses: [String: ResultStatus]
        /// A column from its parts.
        public init(name: String, features: FeatureSet, statuses: [String: ResultStatus]) {
            self.name = name
            self.features = features
            self.statuses = statuses
        }
    }

    /// The command that rewrites CONFORMANCE.md, printed in its header and by the test that finds it stale.
    public static let rewriteCommand = "swift run stackcheck conformance --write CONFORMANCE.md"

    /// The statuses the tests require of a built-in engine: PASS, or SKIP where it lacks a feature the property
    /// needs (and the agreement property on the reference itself). `CatalogueTests` asserts exactly this.
    public static func expectedStatuses(for engine: any LayoutEngine) -> [String: ResultStatus] {
        var out: [String: ResultStatus] = [:]
        for p in Catalogue.all {
            let skip = !p.features.subtracting(engine.features).isEmpty
                || (engine.capabilities.contains(.layoutsAreTheReference) && p.id == ConformanceProperty.agreement.id)
            out[p.id] = skip ? .skip : .pass
        }
        return out
    }

    /// Runs every fixture on every engine and renders the document with the given property statuses.
    public static func generate(fixtures: [GoldenFixtureCheck.Entry], engines: [any LayoutEngine],
                                statuses: [[String: ResultStatus]], mutants: [MutantRow]) -> String {
        let rows = fixtures.map { entry in
            FixtureRow(name: entry.name, rules: entry.fixture.rules,
                       outcomes: engines.map { GoldenFixtureCheck.check(entry.fixture, on: $0) })
        }
        let columns = zip(engines, statuses).map { EngineColumn(name: $0.0.name, features: $0.0.features, statuses: $0.1) }
        return render(rows: rows, engines: columns, mutants: mutants)
    }

    /// The document from rows and columns already computed.
    public static func render(rows: [FixtureRow], engines: [EngineColumn], mutants: [MutantRow]) -> String {
        let sections = [header(), enginesSection(engines), propertiesSection(engines), rulesSection(rows, engines),
                        tentativeSection(), mutantsSection(mutants), fixturesSection(rows, engines), changesSection()]
        return sections.joined().joined(separator: "\n")
    }

    /// A table's header row and its separator.
    static func tableHead(_ columns: [String]) -> [String] {
        ["| " + columns.joined(separator: " | ") + " |", "|" + String(repeating: "---|", count: columns.count)]
    }

    static func header() -> [String] {
        ["# StackConformance: conformance catalogue",
         "",
         "<!-- Generated from the code; do not edit by hand. Rewrite with: \(rewriteCommand) -->",
         "",
         "The rules are those of [`Spec/UISTACKVIEW.md`](Spec/UISTACKVIEW.md); the spec is the authority, the statements below are",
         "summaries. Evidence levels: DOC > OBS > RT > INF > TENTATIVE; a property's level is the weakest among the rules",
         "it checks. DOC, OBS, RT and INF properties are required of every engine (INF: what the constraints UIKit",
         "installs imply); TENTATIVE properties (this project's decisions, §9) are reported apart: an engine that differs",
         "there is not non-conforming. Statuses are those of `stackcheck run` at the default seed (0) and case count",
         "(200 per property); `swift test` runs every property on both built-in engines and asserts them.",
         ""]
    }

    static func enginesSection(_ engines: [EngineColumn]) -> [String] {
        var out = ["## Engines", ""] + tableHead(["engine", "features"])
        for e in engines {
            let missing = FeatureSet.all.subtracting(e.features)
            out.append("| \(e.name) | " + (missing.isEmpty ? "all" : "all but " + missing.sorted.map { "`\($0.rawValue)`" }.joined(separator: ", ")) + " |")
        }
        return out + [""]
    }

    static func propertiesSection(_ engines: [EngineColumn]) -> [String] {
        var out = ["## Properties",
                   "",
                   "Property ids are a public contract (`group.name`); `--property GROUP` selects a group. Each applies, unless its",
                   "statement says otherwise, to scenarios inside the spec's §4 domain: no broken constraint in the reference, no",
                   "priority equal to an internal UISV priority, no output number at R-SOLVE-6's clamp, no nested stack stretched",
                   "or compressed along its parent's axis.",
                   ""]
        out += tableHead(["#", "property", "rules", "level", "needs"] + engines.map(\.name))
        for (i, p) in Catalogue.all.enumerated() {
            let needs = p.features.isEmpty ? "—" : p.features.sorted.map { "`\($0.rawValue)`" }.joined(separator: ", ")
            let cells = engines.map { $0.statuses[p.id]?.rawValue ?? "—" }
            out.append("| \(i) | `\(p.id)` | \(p.rules.joined(separator: ", ")) | \(p.level.rawValue) | \(needs) | " + cells.joined(separator: " | ") + " |")
        }
        out += ["", "### Statements", ""]
        for p in Catalogue.all {
            out.append("- **`\(p.id)`** (\(p.rules.joined(separator: ", ")); \(p.level.rawValue)). \(p.statement)")
        }
        return out + [""]
    }

    static func rulesSection(_ rows: [FixtureRow], _ engines: [EngineColumn]) -> [String] {
        var out = ["## Rules",
                   "",
                   "A rule's status on an engine summarises the properties that check it (`PASS n`: all n pass or skip for a",
                   "missing feature; `FAIL k/n`), and the golden fixtures that cite it are counted alongside.",
                   ""]
        out += tableHead(["rule", "level", "statement", "properties", "fixtures"] + engines.map(\.name))
        for rule in Rules.all {
            let properties = Catalogue.all.filter { $0.rules.contains(rule.id) }
            let citing = rows.filter { $0.rules.contains(rule.id) }
            let level = rule.level.rawValue + (rule.tentativePart != nil && rule.level != .tentative ? " (part TENTATIVE)" : "")
            var cells = ["[`\(rule.id)`](\(rule.specLink))", level, rule.statement,
                         properties.isEmpty ? "—" : properties.map { "`\($0.id)`" }.joined(separator: ", "), "\(citing.count)"]
            for (e, engine) in engines.enumerated() {
                cells.append(ruleStatus(properties.map { engine.statuses[$0.id] ?? .notRun }, citing.map { $0.outcomes[e] }))
            }
            out.append("| " + cells.joined(separator: " | ") + " |")
        }
        out += ["", "### Rules no property checks", "", "Each with the reason, and what checks it instead where something does.", ""]
        for rule in Rules.all {
            if let why = rule.uncheckedBecause { out.append("- [`\(rule.id)`](\(rule.specLink)): \(why).") }
        }
        return out + [""]
    }

    static func tentativeSection() -> [String] {
        var out = ["## Tentative decisions", ""]
        for rule in Rules.all where rule.level == .tentative || rule.tentativePart != nil {
            out.append("- `\(rule.id)`: " + (rule.tentativePart.map { "\(rule.statement) Tentative: \($0)." } ?? rule.statement))
        }
        return out + [""]
    }

    static func mutantsSection(_ mutants: [MutantRow]) -> [String] {
        var out = ["## Mutants",
                   "",
                   "Deliberately broken engines and view trees (`Sources/Mutants/`), each a bug a real",
                   "implementation could have. `swift test` asserts that each is caught by its property at the default seed and",
                   "case count, with a small shrunk counterexample, and that every property but the agreement property catches",
                   "one. Try one: `swift run stackcheck run --engine mutant:<id>`.",
                   ""]
        out += tableHead(["mutant", "bug", "caught by"])
        for m in mutants {
            out.append("| `\(m.id)`\(m.isViewTree ? " (view tree)" : "") | \(m.bug) | `\(m.killedBy)` |")
        }
        return out + [""]
    }

    static func fixturesSection(_ rows: [FixtureRow], _ engines: [EngineColumn]) -> [String] {
        var out = ["## Golden fixtures", ""] + tableHead(["fixture", "rules"] + engines.map(\.name))
        for row in rows {
            out.append("| `\(row.name)` | " + row.rules.joined(separator: ", ") + " | " + row.outcomes.map(\.label).joined(separator: " | ") + " |")
        }
        return out + [""]
    }

    static func changesSection() -> [String] {
        ["## Changes to property ids", "", "None yet. A renamed or removed id is a breaking change and is recorded here.", ""]
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
