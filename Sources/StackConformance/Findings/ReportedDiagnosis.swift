import StackLayout

/// A failure's diagnosis as a report keeps it: the finding (`CaseFinding`) in values that print, draw, group causes
/// and read back from a JSON report unchanged, so that a page rendered from the report is the page of the run.
public struct ReportedDiagnosis: Sendable, Equatable {
    /// Whether the diagnosed layout is a variant the check compared the case with, rather than the case's own.
    public var isVariant: Bool
    /// The diagnosed layout's scenario: the case's, or the variant's.
    public var scenario: Scenario
    /// Whether the diagnosis names a UIKit constraint or one of the project's rules (`LayoutDiagnosis.namesCause`).
    public var namesCause: Bool
    /// `LayoutDiagnosis.family`: the largest-excess constraint's identifier, or the rule.
    public var family: String
    /// One or two lines for people: the headline (with its residual explained), then what else breaks.
    public var lines: [String]
    /// What a picture draws: the headline constraint's mark.
    public var marks: [DiagnosisMark]
    /// What the check measured, as `v0.leading` terms (empty when it does not say).
    public var measured: [String]
    /// The headline's index in the diagnosis's `constraints`, and how it was chosen.
    public var headline: Int?
    /// `Headline.Basis`'s raw value.
    public var headlineBasis: String?
    /// The headline's residual explained ("−8 = −layoutMargins.top").
    public var explanation: String?
    /// The cause identity (`CauseIdentity`), nil when the diagnosis names nothing.
    public var identity: CauseIdentity?
    /// Every key that explains the headline's residual (`ResidualExplanation.keys`): the identity names the first,
    /// a cause the one its cases share.
    public var explanationKeys: [String]
    /// Their words, in the same order.
    public var explanationTexts: [String]
    /// The headline's residual (actual − expected), when there is a headline.
    public var residual: Double?
    /// The report's `diagnosis` member: `of` (`case` or `variant`), the variant's scenario, `namesCause`, then
    /// `LayoutDiagnosis.jsonValue`'s members, `marks`, and the finding's members (`measured`, `headline`,
    /// `headlineBasis`, `explanation`, `cause`).
    public var json: JSONValue

    /// The finding of a case's layout (or of a variant's) as reported.
    public init(_ f: CaseFinding) {
        let d = f.diagnosis
        isVariant = d.isVariant
        scenario = d.scenario
        namesCause = d.diagnosis.namesCause
        family = d.diagnosis.family
        measured = f.measured?.terms.map(\.text) ?? []
        headline = f.headline?.index
        headlineBasis = f.headline?.basis.rawValue
        explanation = f.explanation?.text
        identity = f.identity
        explanationKeys = f.identity?.role.isEmpty == false ? f.explanation?.keys ?? [] : []
        explanationTexts = explanationKeys.isEmpty ? [] : f.explanation?.texts ?? []
        residual = f.explanation?.residual
        let constraints = d.diagnosis.constraints
        if let h = f.headline {
            lines = [f.summary]
            let others = constraints.indices.filter { $0 != h.index }.map { constraints[$0].shortText }
            if !others.isEmpty {
                lines.append("also breaks " + others.prefix(3).joined(separator: "; ")
                             + (others.count > 3 ? "; and \(others.count - 3) more" : ""))
            }
            let marks = d.diagnosis.constraintMarks
            self.marks = h.index < marks.count ? marks[h.index].map { [$0] } ?? [] : d.diagnosis.marks
        } else {
            lines = d.diagnosis.lines
            marks = d.diagnosis.marks
        }
        var members: [(key: String, value: JSONValue)] = [("of", .string(isVariant ? "variant" : "case"))]
        if isVariant { members.append(("scenario", scenario.jsonValue)) }
        members.append(("namesCause", .bool(namesCause)))
        if case .object(let own) = d.diagnosis.jsonValue {
            // The lead lines are the finding's (headline first), not the largest excess's.
            let leadLines = JSONValue.array(lines.map { .string($0) })
            members += own.map { $0.key == "lines" ? (key: "lines", value: leadLines) : $0 }
        }
        members.append(("marks", .array(marks.map(Self.markValue))))
        members.append(("measured", .array(measured.map { .string($0) })))
        if let headline { members.append(("headline", .number(Double(headline)))) }
        if let headlineBasis { members.append(("headlineBasis", .string(headlineBasis))) }
        if let explanation { members.append(("explanation", .string(explanation))) }
        if let identity { members.append(("cause", Self.identityValue(identity))) }
        if !explanationKeys.isEmpty {
            members.append(("explanationKeys", .array(explanationKeys.map { .string($0) })))
            members.append(("explanationTexts", .array(explanationTexts.map { .string($0) })))
        }
        if let residual { members.append(("residual", .number(residual))) }
        json = .object(members)
    }

    /// What a picture needs of the diagnosis: its lines and marks.
    public var forPicture: LayoutDiagnosis {
        LayoutDiagnosis(verdict: namesCause ? .differsInRounding : .agrees, family: family, lines: lines, marks: marks)
    }

    static func identityValue(_ i: CauseIdentity) -> JSONValue {
        .object([("family", .string(i.family)), ("role", .string(i.role)), ("explanation", .string(i.explanation)),
                 ("key", .string(i.key))])
    }

    static func markValue(_ m: DiagnosisMark) -> JSONValue {
        .object([("axis", .string(m.axis.rawValue)), ("from", .number(m.from)), ("expected", .number(m.expected)),
                 ("actual", .number(m.actual)), ("acrossStart", .number(m.acrossStart)),
                 ("acrossEnd", .number(m.acrossEnd)), ("label", .string(m.label))])
    }

    /// Reads the report's `diagnosis` member back; `scenario` is the failure's case, for a diagnosis of it.
    init(json v: JSONValue, caseScenario: Scenario?, path: String) throws(ScenarioError) {
        func string(_ key: String) throws(ScenarioError) -> String {
            guard case .string(let s)? = v[key] else { throw ScenarioError(path: path + "." + key, reason: "expected a string") }
            return s
        }
        isVariant = try string("of") == "variant"
        if isVariant, let s = v["scenario"] {
            scenario = try Scenario(jsonValue: s, path: path + ".scenario")
        } else if let caseScenario {
            scenario = caseScenario
        } else {
            throw ScenarioError(path: path, reason: "a diagnosis of a case without a scenario")
        }
        namesCause = v["namesCause"] == .bool(true)
        family = try string("family")
        guard case .array(let lineValues)? = v["lines"], case .array(let markValues)? = v["marks"] else {
            throw ScenarioError(path: path, reason: "expected lines and marks")
        }
        lines = lineValues.compactMap { if case .string(let s) = $0 { return s } else { return nil } }
        marks = []
        for (i, m) in markValues.enumerated() {
            func number(_ key: String) throws(ScenarioError) -> Double {
                guard case .number(let n)? = m[key] else { throw ScenarioError(path: "\(path).marks[\(i)].\(key)", reason: "expected a number") }
                return n
            }
            guard case .string(let a)? = m["axis"], let axis = Axis(rawValue: a), case .string(let label)? = m["label"] else {
                throw ScenarioError(path: "\(path).marks[\(i)]", reason: "expected an axis and a label")
            }
            marks.append(DiagnosisMark(axis: axis, from: try number("from"), expected: try number("expected"),
                                       actual: try number("actual"), acrossStart: try number("acrossStart"),
                                       acrossEnd: try number("acrossEnd"), label: label))
        }
        (measured, headline, headlineBasis, explanation, identity, explanationKeys, explanationTexts, residual)
            = Self.finding(v)
        json = v
    }

    /// Report format 4's finding members; a format-3 report has none of them.
    static func finding(_ v: JSONValue) -> (measured: [String], headline: Int?, headlineBasis: String?,
                                            explanation: String?, identity: CauseIdentity?, keys: [String],
                                            texts: [String], residual: Double?) {
        func strings(_ key: String) -> [String] {
            guard case .array(let items)? = v[key] else { return [] }
            return items.compactMap { if case .string(let s) = $0 { return s } else { return nil } }
        }
        func string(_ key: String) -> String? { if case .string(let s)? = v[key] { return s } else { return nil } }
        var headline: Int? = nil, residual: Double? = nil, identity: CauseIdentity? = nil
        if case .number(let h)? = v["headline"] { headline = Int(h) }
        if case .number(let r)? = v["residual"] { residual = r }
        if let c = v["cause"], case .string(let f)? = c["family"] {
            var role = "", explanation = ""
            if case .string(let r)? = c["role"] { role = r }
            if case .string(let e)? = c["explanation"] { explanation = e }
            identity = CauseIdentity(family: f, role: role, explanation: explanation)
        }
        return (strings("measured"), headline, string("headlineBasis"), string("explanation"), identity,
                strings("explanationKeys"), strings("explanationTexts"), residual)
    }
}
