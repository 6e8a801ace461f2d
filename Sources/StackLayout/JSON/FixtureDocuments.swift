/// A golden fixture (`Fixtures/golden/*.json`, SCENARIO-FORMAT.md "Fixtures and regressions"): an engine-neutral
/// scenario with its hand-worked expected layout.
public struct GoldenFixture: Sendable, Equatable {
    /// The `format` of a fixture document.
    public static let formatIdentifier = "stackcheck.fixture/1"
    /// What the fixture shows, for people.
    public var note: String
    /// The rule ids of UISTACKVIEW.md the expected layout follows from.
    public var rules: [String]
    /// The stack to lay out.
    public var scenario: Scenario
    /// Frames and size at least; baselines compared only where present.
    public var expected: Layout
    /// |Δ| allowed in points; `nil` means the default (0.001 without a scale, 0 with one).
    public var tolerance: Double?

    /// A fixture from its parts.
    public init(note: String, rules: [String], scenario: Scenario, expected: Layout, tolerance: Double? = nil) {
        self.note = note
        self.rules = rules
        self.scenario = scenario
        self.expected = expected
        self.tolerance = tolerance
    }

    /// Reads a fixture document; throws with the JSON path of the first problem.
    public init(json text: String) throws(ScenarioError) {
        let v = try JSONPath.parse(text)
        _ = try JSONPath.object(v, "")
        try JSONPath.checkFormat(v, "", expected: Self.formatIdentifier)
        note = try v["note"].map { x throws(ScenarioError) in try JSONPath.string(x, "note") } ?? ""
        rules = []
        if let r = v["rules"] {
            for (i, x) in try JSONPath.array(r, "rules").enumerated() { rules.append(try JSONPath.string(x, "rules[\(i)]")) }
        }
        guard let s = v["scenario"] else { throw ScenarioError(path: "scenario", reason: "missing") }
        scenario = try Scenario(jsonValue: s, path: "scenario")
        guard let e = v["expected"] else { throw ScenarioError(path: "expected", reason: "missing") }
        // The expected layout may omit its own `format`; it is a layout document by position.
        var expectedValue = e
        if case .object(let members) = e, e["format"] == nil {
            expectedValue = .object([("format", .string(Layout.formatIdentifier))] + members)
        }
        expected = try Layout(jsonValue: expectedValue, path: "expected")
        tolerance = try v["tolerance"].flatMap { x throws(ScenarioError) -> Double? in
            x == .null ? nil : try JSONPath.number(x, "tolerance")
        }
    }

    /// The fixture as a document (`stackcheck.fixture/1`).
    public var jsonValue: JSONValue {
        var m: [(key: String, value: JSONValue)] = [("format", .string(Self.formatIdentifier)), ("note", .string(note)),
                                                    ("rules", .array(rules.map { .string($0) })),
                                                    ("scenario", scenario.jsonValue), ("expected", expected.jsonValue)]
        if let tolerance { m.append(("tolerance", .number(tolerance))) }
        return .object(m)
    }

    public static func == (a: GoldenFixture, b: GoldenFixture) -> Bool {
        a.note == b.note && a.rules == b.rules && a.scenario == b.scenario && a.expected == b.expected
            && a.tolerance == b.tolerance
    }
}

/// A minimal counterexample kept forever (`Fixtures/regressions/*.json`) and replayed before any new case.
public struct RegressionCase: Sendable, Equatable {
    /// The `format` of a regression document.
    public static let formatIdentifier = "stackcheck.regression/1"
    /// The id of the property the case failed.
    public var property: String
    /// The name of the engine it failed on (its hello name for an external engine).
    public var engine: String
    /// The suite version that found it.
    public var suiteVersion: String
    /// The replay token that rebuilt the case when it was saved (the document's `seed` member, so named since
    /// `stackcheck.regression/1`).
    public var token: String
    /// The shrunk scenario itself: it replays even when the token's suite version can no longer rebuild it.
    public var scenario: Scenario
    /// The outcome the case must now have, normally `PASS`.
    public var expect: String
    /// The members of the document's scenario that the reader ignored (`Scenario.init(json:ignoredFields:)`);
    /// empty for a regression built in Swift.
    public var ignoredFields: [String] = []

    /// A regression from its parts.
    public init(property: String, engine: String, suiteVersion: String, token: String, scenario: Scenario,
                expect: String = "PASS") {
        self.property = property
        self.engine = engine
        self.suiteVersion = suiteVersion
        self.token = token
        self.scenario = scenario
        self.expect = expect
    }

    /// Reads a regression document; throws with the JSON path of the first problem.
    public init(json text: String) throws(ScenarioError) {
        let v = try JSONPath.parse(text)
        _ = try JSONPath.object(v, "")
        try JSONPath.checkFormat(v, "", expected: Self.formatIdentifier)
        func field(_ key: String) throws(ScenarioError) -> String {
            guard let x = v[key] else { throw ScenarioError(path: key, reason: "missing") }
            return try JSONPath.string(x, key)
        }
        property = try field("property")
        engine = try field("engine")
        suiteVersion = try field("suiteVersion")
        token = try field("seed")
        expect = try field("expect")
        guard let s = v["scenario"] else { throw ScenarioError(path: "scenario", reason: "missing") }
        scenario = try Scenario(jsonValue: s, path: "scenario", ignoredFields: &ignoredFields)
    }

    /// The regression as a document (`stackcheck.regression/1`).
    public var jsonValue: JSONValue {
        .object([("format", .string(Self.formatIdentifier)), ("property", .string(property)), ("engine", .string(engine)),
                 ("suiteVersion", .string(suiteVersion)), ("seed", .string(token)), ("scenario", scenario.jsonValue),
                 ("expect", .string(expect))])
    }
}
