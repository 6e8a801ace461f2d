import StackLayout

/// The hello of ENGINE-PROTOCOL.md (step 1): what the suite says first, and what it learns from the answer.
///
/// Why its own type: the hello happens at start and again after every restart, and both must read the answer the
/// same way, since a restarted engine must declare the same features as the first one.
package struct EngineGreeting: Equatable {
    static let protocolVersion = "stackcheck.engine/1"

    package let name: String
    package let version: String
    /// Exactly the declared known features; every feature when the answer has no `features` key.
    package let features: FeatureSet
    /// Declared names that protocol version 1 does not know, sorted (the report lists them as a warning).
    package let unknownFeatures: [String]

    /// `{"protocol":"stackcheck.engine/1","hello":{"suite":"<suite version>"}}`
    package static func hello(suiteVersion: String) -> String {
        JSONValue.object([("protocol", .string(protocolVersion)),
                          ("hello", .object([("suite", .string(suiteVersion))]))]).compactText
    }

    /// Why a hello answer was not a greeting; `message` is for people.
    package struct HelloFailure: Error {
        package let message: String
        /// The engine answered `{"error":…}`: it does not speak this protocol version, and exits by itself.
        var engineRefused = false
    }

    /// Reads the engine's answer to the hello: `{"engine":{"name":…,"version":…,"features":[…]?}}`, or an
    /// `{"error":{"message":…}}` from an engine that does not speak this protocol version.
    package init(answer text: String) throws(HelloFailure) {
        let value: JSONValue
        do {
            value = try JSONParser.parse(text)
        } catch {
            throw HelloFailure(message: "the engine's answer to the hello is not JSON (\(error)): \(excerpt(text))")
        }
        guard case .object = value else {
            throw HelloFailure(message: "the engine's answer to the hello is \(value.typeName), not a JSON object: \(excerpt(text))")
        }
        if let error = value["error"] {
            let message = error["message"].flatMap { m -> String? in if case .string(let s) = m { return s } else { return nil } }
            throw HelloFailure(message: "the engine refused the hello: \(message ?? error.compactText)", engineRefused: true)
        }
        guard let engine = value["engine"], case .object = engine else {
            throw HelloFailure(message: "the engine's answer to the hello has no \"engine\" object: \(excerpt(text))")
        }
        guard case .string(let name)? = engine["name"], !name.isEmpty else {
            throw HelloFailure(message: "the engine's answer to the hello has no \"engine.name\" string: \(excerpt(text))")
        }
        switch engine["version"] {
        case .string(let v)?: version = v
        case .number?: version = engine["version"]!.compactText   // lenient: `"version": 2` means "2"
        default: throw HelloFailure(message: "the engine's answer to the hello has no \"engine.version\" string: \(excerpt(text))")
        }
        self.name = name
        switch engine["features"] {
        case nil:
            features = .all
            unknownFeatures = []
        case .array(let list)?:
            var names: [String] = []
            for (i, item) in list.enumerated() {
                guard case .string(let s) = item else {
                    throw HelloFailure(message: "the engine's hello answer has \(item.typeName) at engine.features[\(i)]; "
                                  + "features are names (strings)")
                }
                names.append(s)
            }
            features = FeatureSet(names.compactMap(Feature.init(rawValue:)))
            unknownFeatures = Set(names.filter { Feature(rawValue: $0) == nil }).sorted()
        case let other?:
            throw HelloFailure(message: "the engine's hello answer has \(other.typeName) for engine.features; "
                          + "expected a list of feature names (or no \"features\" key for all of them)")
        }
    }
}

/// The start of a line an engine wrote, for error messages: enough to recognize it, never megabytes.
func excerpt(_ text: String, limit: Int = 200) -> String {
    if text.isEmpty { return "(an empty line)" }
    let head = text.prefix(limit)
    return head.endIndex < text.endIndex ? String(head) + "…" : text
}
