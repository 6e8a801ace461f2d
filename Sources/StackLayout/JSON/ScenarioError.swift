/// An invalid scenario (or layout, fixture, regression) document: the JSON path of the offending value and why.
/// Paths look like `stack.arrangedSubviews[2].intrinsicContentSize.width`; the document root is `$`.
public struct ScenarioError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Where the offending value is (`$` for the document root).
    public let path: String
    /// What is wrong with it, for people.
    public let reason: String
    /// An error at `path` (empty for the root).
    public init(path: String, reason: String) {
        self.path = path.isEmpty ? "$" : path
        self.reason = reason
    }
    public var description: String { "\(path): \(reason)" }
}

/// Path arithmetic and typed reads over `JSONValue`, each failure naming its path.
struct JSONPath {
    static func member(_ path: String, _ key: String) -> String { path.isEmpty ? key : path + "." + key }
    static func element(_ path: String, _ index: Int) -> String { path + "[\(index)]" }

    static func object(_ v: JSONValue, _ path: String) throws(ScenarioError) -> JSONValue {
        guard case .object = v else { throw ScenarioError(path: path, reason: "expected an object, found \(v.typeName)") }
        return v
    }

    static func array(_ v: JSONValue, _ path: String) throws(ScenarioError) -> [JSONValue] {
        guard case .array(let a) = v else { throw ScenarioError(path: path, reason: "expected an array, found \(v.typeName)") }
        return a
    }

    static func number(_ v: JSONValue, _ path: String) throws(ScenarioError) -> Double {
        guard case .number(let n) = v else { throw ScenarioError(path: path, reason: "expected a number, found \(v.typeName)") }
        return n
    }

    static func string(_ v: JSONValue, _ path: String) throws(ScenarioError) -> String {
        guard case .string(let s) = v else { throw ScenarioError(path: path, reason: "expected a string, found \(v.typeName)") }
        return s
    }

    static func bool(_ v: JSONValue, _ path: String) throws(ScenarioError) -> Bool {
        guard case .bool(let b) = v else { throw ScenarioError(path: path, reason: "expected a boolean, found \(v.typeName)") }
        return b
    }

    /// A member that may be absent (or null, when `nullMeansAbsent`).
    static func optional(_ object: JSONValue, _ key: String) -> JSONValue? { object[key] }

    static func enumValue<E: RawRepresentable & CaseIterable>(_ v: JSONValue, _ path: String, _: E.Type) throws(ScenarioError) -> E
    where E.RawValue == String {
        let s = try string(v, path)
        guard let e = E(rawValue: s) else {
            let names = E.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
            throw ScenarioError(path: path, reason: "unknown value \"\(s)\" (expected one of \(names))")
        }
        return e
    }

    /// Parses a document, turning a syntax error into a path error at the root.
    static func parse(_ text: String) throws(ScenarioError) -> JSONValue {
        do {
            return try JSONParser.parse(text)
        } catch {
            throw ScenarioError(path: "$", reason: error.description)
        }
    }

    /// Checks a document's `format` member against the one this reader accepts (SCENARIO-FORMAT.md, "Compatibility").
    static func checkFormat(_ v: JSONValue, _ path: String, expected: String) throws(ScenarioError) {
        try checkFormat(v, path, accepted: [expected])
    }

    /// Checks `format` against the versions a reader accepts (the newest last); returns the one found.
    @discardableResult
    static func checkFormat(_ v: JSONValue, _ path: String, accepted: [String]) throws(ScenarioError) -> String {
        let formatPath = member(path, "format")
        let names = accepted.map { "\"\($0)\"" }.joined(separator: " or ")
        guard let f = v["format"] else { throw ScenarioError(path: formatPath, reason: "missing; expected \(names)") }
        let found = try string(f, formatPath)
        guard accepted.contains(found) else {
            throw ScenarioError(path: formatPath, reason: "unsupported format \"\(found)\"; this reader accepts \(names)")
        }
        return found
    }
}
