import StackLayout

/// An engine's expectations file, `stackcheck.expectations/1` (ENGINE-PROTOCOL.md, "Expectations owned by the
/// engine"): the statuses its maintainers accept per property, so known differences keep CI green and new ones (or
/// unexpected passes) turn it red.
public struct Expectations: Sendable {
    public static let formatIdentifier = "stackcheck.expectations/1"
    public struct Entry: Sendable {
        public var statuses: [ResultStatus]
        public var reason: String
    }
    /// By property id.
    public var entries: [String: Entry]

    public init(entries: [String: Entry] = [:]) { self.entries = entries }

    /// Reads a file; an unknown property id, status or format is an error naming the JSON path.
    public init(json text: String) throws(ScenarioError) {
        let v: JSONValue
        do { v = try JSONParser.parse(text) } catch { throw ScenarioError(path: "", reason: "\(error)") }
        guard case .object = v else { throw ScenarioError(path: "", reason: "expected an object") }
        guard case .string(let format)? = v["format"] else { throw ScenarioError(path: "format", reason: "missing") }
        guard format == Self.formatIdentifier else {
            throw ScenarioError(path: "format", reason: "expected \(Self.formatIdentifier), got \(format)")
        }
        guard case .object(let members)? = v["expected"] else { throw ScenarioError(path: "expected", reason: "expected an object") }
        var entries: [String: Entry] = [:]
        for (id, value) in members {
            let path = "expected.\(id)"
            guard Catalogue.property(id) != nil else { throw ScenarioError(path: path, reason: "unknown property '\(id)'") }
            var statuses: [ResultStatus] = []
            func status(_ s: String, _ p: String) throws(ScenarioError) -> ResultStatus {
                guard let st = ResultStatus(rawValue: s) else { throw ScenarioError(path: p, reason: "unknown status '\(s)'") }
                return st
            }
            switch value["status"] {
            case .string(let s)?: statuses = [try status(s, path + ".status")]
            case .array(let list)?:
                for (i, item) in list.enumerated() {
                    guard case .string(let s) = item else { throw ScenarioError(path: "\(path).status[\(i)]", reason: "expected a status") }
                    statuses.append(try status(s, "\(path).status[\(i)]"))
                }
            default: throw ScenarioError(path: path + ".status", reason: "expected a status or a list of statuses")
            }
            var reason = ""
            if case .string(let r)? = value["reason"] { reason = r }
            entries[id] = Entry(statuses: statuses, reason: reason)
        }
        self.entries = entries
    }

    /// Whether `result` matches its expectation. Without one, a property expects PASS, except that a SKIP for
    /// something the engine says it does not do (a missing feature, root baselines it does not compute) always
    /// matches, and for an engine other than the built-in ones a FAIL of a TENTATIVE property matches (it is listed
    /// apart as a tentative difference).
    ///
    /// INF properties count like DOC, OBS and RT: they follow from the constraints UIKit installs, and the four
    /// founding invariants (fitting size, alignment fill, …) are INF. A gate that let them fail would not be one.
    public func matches(_ result: PropertyResult, builtIn: Bool) -> Bool {
        if let e = entries[result.property] { return e.statuses.contains(result.status) }
        if result.status == .pass { return true }
        if result.status == .skip && [.features, .reference, .baselinesNotComputed].contains(result.reason) { return true }
        if result.status == .fail && !builtIn && result.level == .tentative { return true }
        return false
    }

    /// Sets each result's `expected` from the file (nil when the default applies).
    public func annotate(_ report: inout ConformanceReport) {
        for i in report.results.indices {
            report.results[i].expected = entries[report.results[i].property]?.statuses
        }
    }
}
