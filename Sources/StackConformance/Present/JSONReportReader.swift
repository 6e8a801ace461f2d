import Foundation
import PropertyCheck
import StackLayout

/// Reading a JSON report back (`stackcheck report A.json B.json …`): `stackcheck.report/4`; `/3`, whose causes
/// were keyed by the largest residual's constraint family and the case's shape (its failures are grouped again
/// here, by what the report holds: without findings, by property and clause); `/2`, which had one
/// failure per property, no verdict and no causes; and `/1`, which had the process's `stderrTail` instead of a
/// labelled `standardError` and no `presentable` case. Every error names the JSON
/// path of the offending value, in the style of `Expectations.init(json:)`.
///
/// What the JSON does not hold comes back empty: `unsupported` counts are 0, and an `expected` of `"PASS"` reads as
/// the default expectation (nil), because the writer prints both the same way.
extension ConformanceReport {
    /// The formats this reader accepts, newest first.
    public static let readableFormats = [JSONReport.formatIdentifier, "stackcheck.report/3", "stackcheck.report/2",
                                         "stackcheck.report/1"]

    /// Reads a JSON report of one of `readableFormats`; an error names the JSON path and the reason.
    public init(json text: String) throws(ScenarioError) {
        let v: JSONValue
        do { v = try JSONParser.parse(text) } catch { throw ScenarioError(path: "", reason: "\(error)") }
        guard case .object = v else { throw ScenarioError(path: "", reason: "expected an object, found \(v.typeName)") }
        guard let f = v["format"] else { throw ScenarioError(path: "format", reason: "missing") }
        let format = try ReportReading.string(f, "format")
        guard Self.readableFormats.contains(format) else {
            throw ScenarioError(path: "format", reason: "expected \(Self.readableFormats.joined(separator: " or ")), got \(format)")
        }
        let r = ReportReading.self
        let engine = try r.object(v, "engine")
        let run = try r.object(v, "run")
        var known: [Feature] = [], unknown: [String] = []
        for (i, item) in try r.array(engine, "features", "engine").enumerated() {
            let name = try r.string(item, "engine.features[\(i)]")
            if let feature = Feature(rawValue: name) { known.append(feature) } else { unknown.append(name) }
        }
        if let extra = engine["unknownFeatures"] {
            for (i, item) in try r.arrayValue(extra, "engine.unknownFeatures").enumerated() {
                unknown.append(try r.string(item, "engine.unknownFeatures[\(i)]"))
            }
        }
        let seedText = try r.string(r.member(run, "seed", "run"), "run.seed")
        guard let seed = Seed.parse(seedText) else { throw ScenarioError(path: "run.seed", reason: "not a seed: '\(seedText)'") }
        let shardText = try r.string(r.member(run, "shard", "run"), "run.shard")
        let shardParts = shardText.split(separator: "/", omittingEmptySubsequences: false).map { Int($0) }
        guard shardParts.count == 2, let k = shardParts[0], let n = shardParts[1], n >= 1, k >= 1, k <= n else {
            throw ScenarioError(path: "run.shard", reason: "expected K/N with 1 <= K <= N, got '\(shardText)'")
        }
        var results: [PropertyResult] = []
        for (i, item) in try r.array(v, "results", "").enumerated() {
            results.append(try r.result(item, "results[\(i)]", format: format))
        }
        self.init(engineName: try r.string(r.member(engine, "name", "engine"), "engine.name"),
                  engineVersion: try r.string(r.member(engine, "version", "engine"), "engine.version"),
                  features: FeatureSet(known), seed: seed,
                  casesPerProperty: try r.integer(r.member(run, "casesPerProperty", "run"), "run.casesPerProperty"),
                  shard: (k, n), started: try r.string(r.member(run, "started", "run"), "run.started"),
                  seconds: try r.number(r.member(run, "seconds", "run"), "run.seconds"), results: results)
        unknownFeatures = unknown
        if let suite = v["suite"] { suiteVersion = try r.string(r.member(suite, "version", "suite"), "suite.version") }
        if let stop = run["stopped"] {
            let message = try r.string(stop, "run.stopped")
            // Formats 1 and 2 had only the message; an interrupted run's said so.
            var kind: RunStop.Kind = message.contains("interrupted") ? .interrupted : .engineUnavailable
            if let k = run["stop"] {
                let text = try r.string(k, "run.stop")
                guard let known = RunStop.Kind(rawValue: text) else { throw ScenarioError(path: "run.stop", reason: "unknown stop '\(text)'") }
                kind = known
            }
            self.stop = RunStop(kind, message: message)
        }
        if case .bool(let b)? = engine["builtIn"] { builtIn = b } else {
            // Formats 1 and 2 did not say; the built-in engines are known by name.
            builtIn = [ReferenceEngine().name, DirectEngine().name].contains(engineName)
        }
        if let f = v["fixtures"] { fixtures = try r.fixtures(f, "fixtures") }
        if format == JSONReport.formatIdentifier, let list = v["causes"] { causes = try r.causes(list) }
        if let e = v["expectations"] { expectedCauses = try r.expectedCauses(e) }
    }
}

/// Typed reads for `ConformanceReport.init(json:)`, each failure naming its path.
enum ReportReading {
    /// The known causes a format-4 report was checked against (`expectations`).
    static func expectedCauses(_ e: JSONValue) throws(ScenarioError) -> ExpectedCauses {
        guard case .bool(let strict)? = e["strict"] else {
            throw ScenarioError(path: "expectations.strict", reason: "expected true or false")
        }
        do { return ExpectedCauses(known: try Expectations.causes(e["causes"]), strict: strict) } catch {
            throw ScenarioError(path: "expectations." + error.path, reason: error.reason)
        }
    }

    /// A format-4 report's causes, as the run grouped them.
    static func causes(_ v: JSONValue) throws(ScenarioError) -> [FailureCause] {
        try arrayValue(v, "causes").enumerated().map { i, c throws(ScenarioError) in try cause(c, "causes[\(i)]") }
    }

    /// A format-4 cause.
    static func cause(_ v: JSONValue, _ path: String) throws(ScenarioError) -> FailureCause {
        var members: [FailureCause.Member] = []
        for (i, m) in try array(v, "failures", path).enumerated() {
            let at = join(path, "failures") + "[\(i)]"
            var also: String? = nil
            if let a = m["alsoShows"] { also = try string(a, join(at, "alsoShows")) }
            members.append(FailureCause.Member(property: try string(member(m, "property", at), join(at, "property")),
                                               replay: try string(member(m, "replay", at), join(at, "replay")),
                                               alsoShows: also))
        }
        var identity: CauseIdentity? = nil
        if let i = v["identity"] {
            let at = join(path, "identity")
            identity = CauseIdentity(family: try string(member(i, "family", at), join(at, "family")),
                                     role: try string(member(i, "role", at), join(at, "role")),
                                     explanation: try string(member(i, "explanation", at), join(at, "explanation")))
        }
        var edit: String? = nil, editKey: String? = nil
        if let e = v["edit"] {
            let at = join(path, "edit")
            edit = try string(member(e, "text", at), join(at, "text"))
            editKey = try string(member(e, "key", at), join(at, "key"))
        }
        return FailureCause(status: try status(member(v, "status", path), join(path, "status")),
                            summary: try string(member(v, "summary", path), join(path, "summary")),
                            key: try string(member(v, "key", path), join(path, "key")), identity: identity,
                            edit: edit, editKey: editKey,
                            properties: try array(v, "properties", path).enumerated().map { i, p throws(ScenarioError) in
                                try string(p, join(path, "properties") + "[\(i)]") },
                            members: members,
                            smallestIn: try string(member(v, "smallestIn", path), join(path, "smallestIn")),
                            smallestCase: try string(member(v, "smallestCase", path), join(path, "smallestCase")),
                            replay: try string(member(v, "replay", path), join(path, "replay")))
    }

    static func fixtures(_ v: JSONValue, _ path: String) throws(ScenarioError) -> FixtureTally {
        var f = FixtureTally()
        f.passed = try integer(member(v, "passed", path), join(path, "passed"))
        f.skipped = try integer(member(v, "skipped", path), join(path, "skipped"))
        for (i, item) in try array(v, "problems", path).enumerated() {
            f.problems.append(try string(item, join(path, "problems") + "[\(i)]"))
        }
        return f
    }

    static func member(_ v: JSONValue, _ key: String, _ path: String) throws(ScenarioError) -> JSONValue {
        guard let m = v[key] else { throw ScenarioError(path: join(path, key), reason: "missing") }
        return m
    }

    static func join(_ path: String, _ key: String) -> String { path.isEmpty ? key : path + "." + key }

    /// A result's `requests`: a count per stage and their `total`, which must be their sum.
    static func requests(_ v: JSONValue, _ path: String) throws(ScenarioError) -> RequestCounts {
        guard case .object(let members) = v else { throw ScenarioError(path: path, reason: "expected an object, found \(v.typeName)") }
        var stages: [(name: String, count: Int)] = []
        var total: Int? = nil, reused = 0
        for (key, value) in members {
            let n = try integer(value, join(path, key))
            switch key {
            case "total": total = n
            case "reused": reused = n
            default: stages.append((key, n))
            }
        }
        guard var counts = RequestCounts(stages: stages) else {
            let known = RequestCounts().stages.map(\.name)
            let unknown = stages.map(\.name).first { !known.contains($0) } ?? ""
            throw ScenarioError(path: join(path, unknown), reason: "not a stage: expected one of \(known.joined(separator: ", ")), total or reused")
        }
        if let total, total != counts.total {
            throw ScenarioError(path: join(path, "total"), reason: "\(total) is not the sum of the stages, \(counts.total)")
        }
        counts.reused = reused
        return counts
    }

    static func object(_ v: JSONValue, _ key: String) throws(ScenarioError) -> JSONValue {
        let m = try member(v, key, "")
        guard case .object = m else { throw ScenarioError(path: key, reason: "expected an object, found \(m.typeName)") }
        return m
    }

    static func array(_ v: JSONValue, _ key: String, _ path: String) throws(ScenarioError) -> [JSONValue] {
        try arrayValue(try member(v, key, path), join(path, key))
    }

    static func arrayValue(_ v: JSONValue, _ path: String) throws(ScenarioError) -> [JSONValue] {
        guard case .array(let a) = v else { throw ScenarioError(path: path, reason: "expected an array, found \(v.typeName)") }
        return a
    }

    /// A `StopReason` by its name; any other name is an error at `path`.
    static func stopReason(_ v: JSONValue, _ path: String) throws(ScenarioError) -> StopReason {
        let name = try string(v, path)
        guard let reason = StopReason(rawValue: name) else {
            let names = StopReason.allCases.map(\.rawValue).joined(separator: ", ")
            throw ScenarioError(path: path, reason: "expected one of \(names), got '\(name)'")
        }
        return reason
    }

    static func string(_ v: JSONValue, _ path: String) throws(ScenarioError) -> String {
        guard case .string(let s) = v else { throw ScenarioError(path: path, reason: "expected a string, found \(v.typeName)") }
        return s
    }

    static func number(_ v: JSONValue, _ path: String) throws(ScenarioError) -> Double {
        guard case .number(let n) = v else { throw ScenarioError(path: path, reason: "expected a number, found \(v.typeName)") }
        return n
    }

    static func integer(_ v: JSONValue, _ path: String) throws(ScenarioError) -> Int {
        let n = try number(v, path)
        guard n == n.rounded(), abs(n) < 1e15 else { throw ScenarioError(path: path, reason: "expected an integer, found \(n)") }
        return Int(n)
    }

    static func status(_ v: JSONValue, _ path: String) throws(ScenarioError) -> ResultStatus {
        let s = try string(v, path)
        guard let status = ResultStatus(rawValue: s) else { throw ScenarioError(path: path, reason: "unknown status '\(s)'") }
        return status
    }

    static func result(_ v: JSONValue, _ path: String, format: String) throws(ScenarioError) -> PropertyResult {
        guard case .object = v else { throw ScenarioError(path: path, reason: "expected an object, found \(v.typeName)") }
        let p = { (key: String) in join(path, key) }
        let levelText = try string(member(v, "level", path), p("level"))
        guard let level = EvidenceLevel(rawValue: levelText) else {
            throw ScenarioError(path: p("level"), reason: "unknown evidence level '\(levelText)'")
        }
        var rules: [String] = []
        for (i, item) in try array(v, "rules", path).enumerated() { rules.append(try string(item, p("rules") + "[\(i)]")) }
        var reason: ResultReason? = nil
        if let x = v["reason"] {
            let text = try string(x, p("reason"))
            guard let known = ResultReason(rawValue: text) else { throw ScenarioError(path: p("reason"), reason: "unknown reason '\(text)'") }
            reason = known
        }
        var expected: [ResultStatus]? = nil
        switch v["expected"] {
        case nil: break
        case .string(let s)?:
            let status = try status(.string(s), p("expected"))
            if status != .pass { expected = [status] }   // "PASS" is also how the default expectation is written.
        case .array(let list)?:
            expected = []
            for (i, item) in list.enumerated() { expected?.append(try status(item, p("expected") + "[\(i)]")) }
        case let other?: throw ScenarioError(path: p("expected"), reason: "expected a status or a list of statuses, found \(other.typeName)")
        }
        var standardError: StandardErrorExcerpt? = nil
        if let e = v["standardError"] {
            standardError = try excerpt(e, p("standardError"))
        } else if format == "stackcheck.report/1", let tail = v["stderrTail"] {
            // Format 1 kept the last 4 KiB the process wrote, not tied to one request.
            standardError = StandardErrorExcerpt(request: 0, during: "the engine's last output (report format 1)",
                                                 text: try string(tail, p("stderrTail")))
        }
        var result = PropertyResult(
            property: try string(member(v, "property", path), p("property")), rules: rules, level: level,
            status: try status(member(v, "status", path), p("status")), reason: reason,
            cases: try integer(member(v, "cases", path), p("cases")), unsupported: 0,
            message: try string(member(v, "message", path), p("message")),
            counterexample: try v["counterexample"].map { c throws(ScenarioError) in try counterexample(c, p("counterexample")) },
            standardError: standardError, seconds: try number(member(v, "seconds", path), p("seconds")), expected: expected)
        if let n = v["failingCases"] { result.failingCases = try integer(n, p("failingCases")) }
        if let b = v["budgetReached"] { result.budgetReached = try Self.stopReason(b, p("budgetReached")) }
        if let r = v["requests"] { result.requests = try Self.requests(r, p("requests")) }
        if let list = v["failures"] {
            for (i, item) in try arrayValue(list, p("failures")).enumerated() {
                result.failures.append(try failure(item, p("failures") + "[\(i)]"))
            }
        }
        if let c = v["commands"] {
            result.commands = try commands(c, p("commands"))
        } else if format != JSONReport.formatIdentifier {
            legacyCommands(&result)
        }
        return result
    }

    /// A `standardError` member.
    static func excerpt(_ e: JSONValue, _ path: String) throws(ScenarioError) -> StandardErrorExcerpt {
        StandardErrorExcerpt(request: try integer(member(e, "request", path), join(path, "request")),
                             during: try string(member(e, "during", path), join(path, "during")),
                             text: try string(member(e, "text", path), join(path, "text")))
    }

    /// A format-4 `commands` member.
    static func commands(_ v: JSONValue, _ path: String) throws(ScenarioError) -> FailureCommands {
        FailureCommands(replay: try string(member(v, "replay", path), join(path, "replay")),
                        keep: try string(member(v, "keep", path), join(path, "keep")))
    }

    /// Formats 1 to 3 kept a result's commands only as the "Replay:" and "Keep it as a regression:" lines of its
    /// message: they are read from there, and each other failure's are the lead's with its own token in place.
    static func legacyCommands(_ result: inout PropertyResult) {
        var replay: String?, keep: String?
        for line in result.message.split(separator: "\n").map(String.init) {
            if line.hasPrefix("Replay: ") { replay = String(line.dropFirst("Replay: ".count)) }
            if line.hasPrefix("Keep it as a regression: ") { keep = String(line.dropFirst("Keep it as a regression: ".count)) }
        }
        guard let replay, let keep, let token = result.counterexample?.replay, token.hasPrefix(ReplayToken.prefix) else { return }
        result.commands = FailureCommands(replay: replay, keep: keep)
        for i in result.failures.indices {
            guard let own = result.failures[i].counterexample?.replay, own.hasPrefix(ReplayToken.prefix) else { continue }
            result.failures[i].commands = FailureCommands(replay: replay.replacingOccurrences(of: token, with: own),
                                                          keep: keep.replacingOccurrences(of: token, with: own))
        }
    }

    static func failure(_ v: JSONValue, _ path: String) throws(ScenarioError) -> PropertyFailureRecord {
        let p = { (key: String) in join(path, key) }
        var f = PropertyFailureRecord(
            status: try status(member(v, "status", path), p("status")), message: try string(member(v, "message", path), p("message")),
            signature: try string(member(v, "signature", path), p("signature")),
            counterexample: try v["counterexample"].map { c throws(ScenarioError) in try counterexample(c, p("counterexample")) })
        if let e = v["standardError"] { f.standardError = try excerpt(e, p("standardError")) }
        if let c = v["commands"] { f.commands = try commands(c, p("commands")) }
        if let d = v["diagnosis"] {
            f.diagnosis = try ReportedDiagnosis(json: d, caseScenario: f.counterexample?.scenario, path: p("diagnosis"))
        }
        if let n = v["nondeterminism"] {
            let np = p("nondeterminism")
            var differences: [String] = []
            for (i, item) in try array(n, "differences", np).enumerated() {
                differences.append(try string(item, join(np, "differences") + "[\(i)]"))
            }
            f.nondeterminism = Nondeterminism(first: try layout(n["first"], join(np, "first")),
                                              second: try layout(n["second"], join(np, "second")), differences: differences)
        }
        return f
    }

    static func counterexample(_ v: JSONValue, _ path: String) throws(ScenarioError) -> Counterexample {
        guard case .object = v else { throw ScenarioError(path: path, reason: "expected an object, found \(v.typeName)") }
        let p = { (key: String) in join(path, key) }
        var program: [String]? = nil
        if let list = v["program"] {
            program = []
            for (i, item) in try arrayValue(list, p("program")).enumerated() { program?.append(try string(item, p("program") + "[\(i)]")) }
        }
        var c = Counterexample(scenario: try scenario(v["scenario"], p("scenario")), program: program,
                               actual: try layout(v["actual"], p("actual")), reference: try layout(v["reference"], p("reference")),
                               replay: try string(member(v, "replay", path), p("replay")),
                               shrinkCutShort: v["shrinkCutShort"] == .bool(true))
        if let stop = v["shrinkStop"] { c.shrinkStop = try Self.stopReason(stop, p("shrinkStop")) }
        if let shown = v["presentable"] { c.presentable = try shownCase(shown, p("presentable")) }
        if let shown = v["variant"] { c.variant = try shownCase(shown, p("variant")) }
        return c
    }

    /// A case drawn beside the minimal one (`presentable`, `variant`): its scenario and both layouts.
    static func shownCase(_ v: JSONValue, _ path: String) throws(ScenarioError) -> PresentableCase {
        guard let s = try scenario(v["scenario"], join(path, "scenario")) else {
            throw ScenarioError(path: join(path, "scenario"), reason: "missing")
        }
        return PresentableCase(scenario: s, actual: try layout(v["actual"], join(path, "actual")),
                               reference: try layout(v["reference"], join(path, "reference")))
    }

    static func scenario(_ v: JSONValue?, _ path: String) throws(ScenarioError) -> Scenario? {
        guard let v, v != .null else { return nil }
        return try Scenario(jsonValue: v, path: path)
    }

    /// A layout; a frame number or size written `null` (the writer's form of a non-finite number) reads as NaN, so
    /// that an engine's non-finite frame survives the round trip and is written `null` again.
    static func layout(_ v: JSONValue?, _ path: String) throws(ScenarioError) -> Layout? {
        guard let v, v != .null else { return nil }
        guard case .object(let members) = v else { throw ScenarioError(path: path, reason: "expected an object, found \(v.typeName)") }
        func numbers(_ x: JSONValue) -> JSONValue {
            guard case .object(let m) = x else { return x }
            return .object(m.map { ($0.key, $0.value == .null ? .number(.nan) : $0.value) })
        }
        let lenient: [(key: String, value: JSONValue)] = members.map { key, value in
            switch key {
            case "size": return (key, numbers(value))
            case "frames":
                guard case .object(let frames) = value else { return (key, value) }
                return (key, .object(frames.map { ($0.key, numbers($0.value)) }))
            default: return (key, value)
            }
        }
        return try Layout(jsonValue: .object(lenient), path: path)
    }
}
