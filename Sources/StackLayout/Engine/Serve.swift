#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Serves `engine` over the JSON line protocol (`Spec/ENGINE-PROTOCOL.md`) on standard input and output, then
/// exits: status 0 after `bye` or the end of input, 1 when the suite speaks another protocol version or standard
/// output is gone. An executable whose `main.swift` is
///
/// ```swift
/// import StackLayout
/// serve(MyEngine())
/// ```
///
/// is an external engine that `stackcheck run --engine-command PATH` (the static binary included) checks, with
/// replay lines that run when pasted. The hello names the engine with its `engineDescription` (name, version and
/// exactly its features), unless `name` or `version` say otherwise. `unsupported` and `failed` errors are the
/// protocol's `unsupported` and `error` answers. Nothing else may write to standard output meanwhile; logs go to
/// standard error, which the suite keeps for its report.
public func serve(_ engine: some LayoutEngine, name: String? = nil, version: String? = nil) -> Never {
    let server = EngineServer(engine: engine, name: name, version: version)
    guard let hello = readLine(strippingNewline: true) else { exit(0) }
    let (greeting, proceed) = server.greet(hello)
    writeLine(greeting)
    guard proceed else { exit(1) }
    while let line = readLine(strippingNewline: true) {
        guard let answer = server.answer(line) else { exit(0) }
        if !answer.isEmpty { writeLine(answer) }
    }
    exit(0)
}

/// Writes one protocol line to standard output, unbuffered: the suite is waiting for it. If the suite is gone there
/// is nobody to answer, so the engine exits.
private func writeLine(_ text: String) {
    var bytes = Array(text.utf8)
    bytes.append(0x0A)
    var offset = 0
    while offset < bytes.count {
        let n = bytes.withUnsafeBytes { write(1, $0.baseAddress! + offset, $0.count - offset) }
        if n < 0 {
            if errno == EINTR { continue }
            exit(1)
        }
        offset += n
    }
}

/// The engine's side of the protocol conversation, without input or output: what `serve(_:name:version:)` answers
/// to each line.
package struct EngineServer<Engine: LayoutEngine>: Sendable {
    /// The protocol version the engine speaks.
    package static var protocolVersion: String { "stackcheck.engine/1" }
    let engine: Engine
    let name: String
    let version: String

    package init(engine: Engine, name: String? = nil, version: String? = nil) {
        self.engine = engine
        self.name = name ?? engine.name
        self.version = version ?? engine.version
    }

    /// The answer to the suite's hello, and whether the conversation goes on (false: another protocol version).
    package func greet(_ hello: String) -> (answer: String, proceed: Bool) {
        let value = try? JSONParser.parse(hello)
        guard let value, value["protocol"] == .string(Self.protocolVersion) else {
            let found = value?["protocol"]?.compactText ?? "no protocol"
            return (JSONValue.object([("error", message("\(name) speaks \(Self.protocolVersion), not \(found)"))]).compactText, false)
        }
        let features = Feature.all.filter(engine.features.contains).map { JSONValue.string($0.rawValue) }
        let description = JSONValue.object([("name", .string(name)), ("version", .string(version)),
                                            ("features", .array(features))])
        return (JSONValue.object([("engine", description)]).compactText, true)
    }

    /// The answer to one request line: "" for a blank line, nil for `bye` (the conversation ends).
    package func answer(_ line: String) -> String? {
        if line.allSatisfy(\.isWhitespace) { return "" }
        guard let request = try? JSONParser.parse(line), case .object = request else {
            // Without a readable id there is nothing to match; the suite reports the answer as invalid.
            return JSONValue.object([("error", message("\(name) could not read the request as a JSON object"))]).compactText
        }
        if request["bye"] != nil { return nil }
        let id = request["id"] ?? .null
        let reply = { (kind: String, body: JSONValue) in JSONValue.object([("id", id), (kind, body)]).compactText }
        guard let document = request["layout"] else { return reply("error", message("the request has no \"layout\" member")) }
        let scenario: Scenario
        do { scenario = try Scenario(jsonValue: document, path: "layout") } catch {
            return reply("error", message("invalid scenario: \(error)"))
        }
        do {
            return reply("result", try engine.layout(scenario).jsonValue)
        } catch {
            switch error {
            case .unsupported(let why): return reply("unsupported", message(why))
            case .failed(let why): return reply("error", message(why))
            default: return reply("error", message(error.description))
            }
        }
    }

    /// `{"message":"…"}`, the body of `unsupported` and `error` answers.
    func message(_ text: String) -> JSONValue { .object([("message", .string(text))]) }
}
