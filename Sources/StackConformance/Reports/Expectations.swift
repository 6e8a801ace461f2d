import StackLayout

/// An engine's expectations file, `stackcheck.expectations/1` (ENGINE-PROTOCOL.md, "Expectations owned by the
/// engine"): the statuses its maintainers accept per property, so known differences keep CI green and new ones (or
/// unexpected passes) turn it red.
public struct Expectations: Sendable {
    /// The `format` of an expectations document.
    public static let formatIdentifier = "stackcheck.expectations/1"
    /// What the maintainers accept for one property.
    public struct Entry: Sendable {
        /// The statuses accepted.
        public var statuses: [ResultStatus]
        /// Why, for people (the report prints it beside the result).
        public var reason: String
    }
    /// By property id.
    public var entries: [String: Entry]

    /// Expectations with these entries (none: the default expectation for every property).
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

    /// Whether `result` matches its expectation: this file's entry for the property, else the default one
    /// (`PropertyResult.matchesExpectation(builtIn:)`).
    public func matches(_ result: PropertyResult, builtIn: Bool) -> Bool {
        var r = result
        r.expected = entries[result.property]?.statuses
        return r.matchesExpectation(builtIn: builtIn)
    }

    /// Sets each result's `expected` from the file (nil when the default applies), in one assignment: setting a
    /// report's results groups its causes again.
    public func annotate(_ report: inout ConformanceReport) {
        report.results = report.results.map { result in
            var r = result
            r.expected = entries[result.property]?.statuses
            return r
        }
    }
}
