import StackLayout

extension Expectations {
    /// Reads a file of either readable format; an unknown format, property id or status is an error naming the
    /// JSON path. A cause key is not checked against the suite: a key no run shows is simply never matched (and is
    /// listed as fixed).
    public init(json text: String) throws(ScenarioError) {
        let v: JSONValue
        do { v = try JSONParser.parse(text) } catch { throw ScenarioError(path: "", reason: "\(error)") }
        guard case .object = v else { throw ScenarioError(path: "", reason: "expected an object") }
        guard case .string(let format)? = v["format"] else { throw ScenarioError(path: "format", reason: "missing") }
        guard Self.readableFormats.contains(format) else {
            throw ScenarioError(path: "format", reason: "expected \(Self.readableFormats.joined(separator: " or ")), got \(format)")
        }
        let entries = try Self.entries(v["expected"], required: format != Self.formatIdentifier)
        let causes = format == Self.formatIdentifier ? try Self.causes(v["causes"]) : []
        self.init(entries: entries, causes: causes)
    }

    /// The file as a document of the written format: causes in their order, then properties in id order, each
    /// entry's statuses as a list, reasons where there are any.
    public var document: JSONValue {
        let known = causes.map { c -> JSONValue in
            var members: [(key: String, value: JSONValue)] = [("cause", .string(c.key)), ("reason", .string(c.reason))]
            if !c.summary.isEmpty { members.append(("summary", .string(c.summary))) }
            if !c.properties.isEmpty { members.append(("properties", .array(c.properties.map { .string($0) }))) }
            return .object(members)
        }
        let properties = entries.keys.sorted().map { id -> (key: String, value: JSONValue) in
            let entry = entries[id]!
            var members: [(key: String, value: JSONValue)] = [("status", .array(entry.statuses.map { .string($0.rawValue) }))]
            if !entry.reason.isEmpty { members.append(("reason", .string(entry.reason))) }
            return (id, .object(members))
        }
        return .object([("format", .string(Self.formatIdentifier)), ("causes", .array(known)),
                        ("expected", .object(properties))])
    }

    /// `expected`: per property, a status or a list of statuses and a reason. Required by /1, optional in /2.
    static func entries(_ value: JSONValue?, required: Bool) throws(ScenarioError) -> [String: Entry] {
        if value == nil && !required { return [:] }
        guard case .object(let members)? = value else { throw ScenarioError(path: "expected", reason: "expected an object") }
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
        return entries
    }

    /// `causes`: a list of `{ "cause": key, "reason": …, "properties": [ids], "summary": … }`; absent is none.
    static func causes(_ value: JSONValue?) throws(ScenarioError) -> [KnownCause] {
        guard let value else { return [] }
        guard case .array(let list) = value else { throw ScenarioError(path: "causes", reason: "expected an array") }
        var out: [KnownCause] = []
        for (i, item) in list.enumerated() {
            let path = "causes[\(i)]"
            guard case .object = item else { throw ScenarioError(path: path, reason: "expected an object") }
            guard case .string(let key)? = item["cause"], !key.isEmpty else {
                throw ScenarioError(path: path + ".cause", reason: "expected the cause's key (a report's causes[].key)")
            }
            guard !out.contains(where: { $0.key == key }) else {
                throw ScenarioError(path: path + ".cause", reason: "'\(key)' is listed twice")
            }
            var reason = "", summary = ""
            if case .string(let r)? = item["reason"] { reason = r }
            if case .string(let s)? = item["summary"] { summary = s }
            var properties: [String] = []
            switch item["properties"] {
            case nil: break
            case .array(let ids)?:
                for (j, id) in ids.enumerated() {
                    guard case .string(let p) = id, Catalogue.property(p) != nil else {
                        throw ScenarioError(path: "\(path).properties[\(j)]", reason: "expected a property id")
                    }
                    properties.append(p)
                }
            default: throw ScenarioError(path: path + ".properties", reason: "expected a list of property ids")
            }
            out.append(KnownCause(key: key, reason: reason, properties: properties, summary: summary))
        }
        return out
    }
}
