import StackLayout

/// A failure's diagnosis (`ReferenceEngine.diagnose`) as a report keeps it: what a report prints, draws and groups
/// causes by, and the whole diagnosis as JSON. It reads back from a JSON report unchanged, so that a page rendered
/// from the report is the page of the run.
public struct ReportedDiagnosis: Sendable, Equatable {
    /// Whether the diagnosed layout is a variant the check compared the case with, rather than the case's own.
    public var isVariant: Bool
    /// The diagnosed layout's scenario: the case's, or the variant's.
    public var scenario: Scenario
    /// Whether the diagnosis names a UIKit constraint or one of the project's rules (`LayoutDiagnosis.namesCause`).
    public var namesCause: Bool
    /// `LayoutDiagnosis.family`: what groups the same cause across properties.
    public var family: String
    /// `LayoutDiagnosis.lines`: one or two lines for people.
    public var lines: [String]
    /// `LayoutDiagnosis.marks`: what a picture draws.
    public var marks: [DiagnosisMark]
    /// The report's `diagnosis` member: `of` (`case` or `variant`), the variant's scenario, `namesCause`, then
    /// `LayoutDiagnosis.jsonValue`'s members and `marks`.
    public var json: JSONValue

    /// The diagnosis of a case's layout (or of a variant's) as reported.
    public init(_ d: CaseDiagnosis) {
        isVariant = d.isVariant
        scenario = d.scenario
        namesCause = d.diagnosis.namesCause
        family = d.diagnosis.family
        lines = d.diagnosis.lines
        marks = d.diagnosis.marks
        var members: [(key: String, value: JSONValue)] = [("of", .string(isVariant ? "variant" : "case"))]
        if isVariant { members.append(("scenario", scenario.jsonValue)) }
        members.append(("namesCause", .bool(namesCause)))
        if case .object(let own) = d.diagnosis.jsonValue { members += own }
        members.append(("marks", .array(marks.map(Self.markValue))))
        json = .object(members)
    }

    /// What a picture needs of the diagnosis: its lines and marks.
    public var forPicture: LayoutDiagnosis {
        LayoutDiagnosis(verdict: namesCause ? .differsInRounding : .agrees, family: family, lines: lines, marks: marks)
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
        json = v
    }
}
