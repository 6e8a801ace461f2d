import PropertyCheck
import StackLayout

/// The machine-readable report, `stackcheck.report/4` (ENGINE-PROTOCOL.md, "Results"), written with the project's
/// own serializer so it is byte-stable for the same run.
public enum JSONReport {
    /// The `format` of the report document.
    public static let formatIdentifier = "stackcheck.report/4"

    /// The whole report as a document.
    public static func value(_ report: ConformanceReport) -> JSONValue {
        var run: [(key: String, value: JSONValue)] = [
            ("seed", .string(Seed.format(report.seed))), ("casesPerProperty", .number(Double(report.casesPerProperty))),
            ("shard", .string("\(report.shard.index)/\(report.shard.count)")), ("started", .string(report.started)),
            ("seconds", .number((report.seconds * 1000).rounded() / 1000)),
        ]
        if let requests = report.requests { run.append(("requests", Self.requests(requests))) }
        if let stop = report.stop {
            run.append(("stopped", .string(stop.message)))
            run.append(("stop", .string(stop.kind.rawValue)))
        }
        var engine: [(key: String, value: JSONValue)] = [
            ("name", .string(report.engineName)), ("version", .string(report.engineVersion)),
            ("features", .array(report.features.sorted.map { .string($0.rawValue) })), ("builtIn", .bool(report.builtIn)),
        ]
        if !report.unknownFeatures.isEmpty { engine.append(("unknownFeatures", .array(report.unknownFeatures.map { .string($0) }))) }
        return .object([
            ("format", .string(formatIdentifier)),
            ("suite", .object([("version", .string(report.suiteVersion))])),
            ("engine", .object(engine)),
            ("run", .object(run)),
            ("results", .array(report.results.map(result))),
            ("summary", .object(report.summary.map { ($0.status.rawValue, .number(Double($0.count))) })),
        ] + (report.fixtures.map { [("fixtures", fixtures($0))] } ?? []) + [
            ("causes", .array(report.causes.map(cause))),
        ] + (report.expectedCauses.map { [("expectations", expectations($0))] } ?? []) + [
            ("verdict", verdict(report.verdict)),
        ])
    }

    /// One cause behind failures of several properties (`ConformanceReport.causes`): what groups it, its identity
    /// and explaining edit when it has them, and every failure it groups (format 4).
    static func cause(_ c: FailureCause) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("status", .string(c.status.rawValue)), ("summary", .string(c.summary)), ("key", .string(c.key)),
        ]
        if let i = c.identity { members.append(("identity", ReportedDiagnosis.identityValue(i))) }
        if let edit = c.edit, let key = c.editKey {
            members.append(("edit", .object([("text", .string(edit)), ("key", .string(key))])))
        }
        members += [
            ("properties", .array(c.properties.map { .string($0) })), ("smallestIn", .string(c.smallestIn)),
            ("smallestCase", .string(c.smallestCase)), ("replay", .string(c.replay)),
            ("failures", .array(c.members.map { m in
                .object([("property", .string(m.property)), ("replay", .string(m.replay))]
                        + (m.alsoShows.map { [("alsoShows", .string($0))] } ?? []))
            })),
        ]
        return .object(members)
    }

    /// The golden fixtures' tally.
    static func fixtures(_ f: FixtureTally) -> JSONValue {
        .object([("passed", .number(Double(f.passed))), ("skipped", .number(Double(f.skipped))),
                 ("problems", .array(f.problems.map { .string($0) }))])
    }

    /// The known causes the run was checked against: the expectations file's `causes`, as it lists them, and
    /// whether `--strict` made a fixed one fail the run.
    static func expectations(_ e: ExpectedCauses) -> JSONValue {
        let file = Expectations(causes: e.known).document
        return .object([("strict", .bool(e.strict)), ("causes", file["causes"] ?? .array([]))])
    }

    /// The run's verdict: the outcome, the exit status `stackcheck run` gives it, and what it rests on.
    static func verdict(_ v: RunVerdict) -> JSONValue {
        .object([
            ("outcome", .string(v.outcome.rawValue)), ("exitStatus", .number(Double(v.exitStatus))),
            ("headline", .string(v.headline)),
            ("unexpected", .array(v.unexpected.map { u in
                .object([("property", .string(u.property)), ("status", .string(u.status.rawValue)),
                         ("expected", .array((u.expected ?? [.pass]).map { .string($0.rawValue) })),
                         ("newCauses", .array(u.newCauses.map { .string($0) }))])
            })),
            ("newCauses", .array(v.newCauses.map { .string($0) })),
            ("fixedCauses", .array(v.fixedCauses.map { .string($0) })),
            ("tentativeDifferences", .array(v.tentativeDifferences.map { .string($0) })),
            ("notRun", .array(v.notRun.map { .string($0) })),
        ])
    }

    /// One result as the report's `results` element.
    public static func result(_ r: PropertyResult) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("property", .string(r.property)), ("rules", .array(r.rules.map { .string($0) })), ("level", .string(r.level.rawValue)),
            ("status", .string(r.status.rawValue)),
            ("expected", r.expected.map { list in list.count == 1 ? .string(list[0].rawValue) : .array(list.map { .string($0.rawValue) }) }
                ?? .string("PASS")),
            ("cases", .number(Double(r.cases))),
        ]
        if let reason = r.reason { members.append(("reason", .string(reason.rawValue))) }
        if let budget = r.budgetReached { members.append(("budgetReached", .string(budget.rawValue))) }
        members.append(("message", .string(r.message)))
        if let c = r.counterexample { members.append(("counterexample", counterexample(c))) }
        if let commands = r.commands { members.append(("commands", Self.commands(commands))) }
        if let d = r.failures.first?.diagnosis { members.append(("diagnosis", d.json)) }
        if let e = r.standardError, r.status != .pass { members.append(("standardError", standardError(e))) }
        if !r.failures.isEmpty {
            members.append(("failingCases", .number(Double(r.failingCases))))
            members.append(("failures", .array(r.failures.map(failure))))
        }
        if let requests = r.requests { members.append(("requests", Self.requests(requests))) }
        members.append(("seconds", .number((r.seconds * 1000).rounded() / 1000)))
        return .object(members)
    }

    /// Requests by stage, then their total (a reader takes the stages and checks the total), then the answers
    /// reused instead of sent.
    static func requests(_ c: RequestCounts) -> JSONValue {
        .object(c.stages.map { ($0.name, .number(Double($0.count))) }
                + [("total", .number(Double(c.total))), ("reused", .number(Double(c.reused)))])
    }
}

extension JSONReport {
    /// A case with its layouts, as a report shows it.
    static func shown(_ p: PresentableCase) -> JSONValue {
        .object([("scenario", p.scenario.jsonValue), ("actual", p.actual?.jsonValue ?? .null),
                 ("reference", p.reference?.jsonValue ?? .null)])
    }

    /// A counterexample: the minimal case, the engine's answer that failed, the reference's layout, and the cases
    /// drawn beside it (a presentable case, a metamorphic check's variant).
    static func counterexample(_ c: Counterexample) -> JSONValue {
        var ce: [(key: String, value: JSONValue)] = [
            ("scenario", c.scenario?.jsonValue ?? .null), ("actual", c.actual?.jsonValue ?? .null),
            ("reference", c.reference?.jsonValue ?? .null), ("replay", .string(c.replay)),
            ("shrinkCutShort", .bool(c.shrinkCutShort)),
        ]
        if let stop = c.shrinkStop { ce.append(("shrinkStop", .string(stop.rawValue))) }
        if let program = c.program { ce.append(("program", .array(program.map { .string($0) }))) }
        if let p = c.presentable { ce.append(("presentable", shown(p))) }
        if let v = c.variant { ce.append(("variant", shown(v))) }
        return .object(ce)
    }

    /// A failure's commands (format 4).
    static func commands(_ c: FailureCommands) -> JSONValue {
        .object([("replay", .string(c.replay)), ("keep", .string(c.keep))])
    }

    static func standardError(_ e: StandardErrorExcerpt) -> JSONValue {
        .object([("request", .number(Double(e.request))), ("during", .string(e.during)), ("text", .string(e.text))])
    }

    /// One distinct failure of a property.
    static func failure(_ f: PropertyFailureRecord) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("status", .string(f.status.rawValue)), ("message", .string(f.message)), ("signature", .string(f.signature)),
        ]
        if let c = f.counterexample { members.append(("counterexample", counterexample(c))) }
        if let commands = f.commands { members.append(("commands", Self.commands(commands))) }
        if let d = f.diagnosis { members.append(("diagnosis", d.json)) }
        if let e = f.standardError { members.append(("standardError", standardError(e))) }
        if let n = f.nondeterminism {
            members.append(("nondeterminism", .object([
                ("first", n.first?.jsonValue ?? .null), ("second", n.second?.jsonValue ?? .null),
                ("differences", .array(n.differences.map { .string($0) })),
            ])))
        }
        return .object(members)
    }
}
