// example-engine: an external layout engine that speaks ENGINE-PROTOCOL.md, to be checked with
//
//     stackcheck run --engine-command "example-engine --engine reference"
//
// It serves one of the package's built-in engines over the protocol, so the suite can check the protocol path
// itself. It is also a template: to check your own engine, copy this file, keep the conversation as it is, and
// replace `engine.layout(scenario)` (and the features in the hello) with your code. The conversation is:
//
//   1. hello   suite → {"protocol":"stackcheck.engine/1","hello":{"suite":"0.2.0"}}
//              engine → {"engine":{"name":"…","version":"…","features":["fill",…]}}
//   2. request suite → {"id":17,"layout":<scenario document>}
//              engine → {"id":17,"result":<layout document>}
//                    or {"id":17,"unsupported":{"message":"…"}}   (knowingly not implemented: the case is skipped)
//                    or {"id":17,"error":{"message":"…"}}         (the engine failed)
//   3. end     suite → {"bye":true}, then end of input; the engine exits with status 0.
//
// Rules that matter when you write your own: one JSON object per line, and write each answer at once (flush!)
// because the suite waits for it; never write anything else to standard output (logs go to standard error, which
// the suite keeps for its report); answer every request, even one you cannot read, with the request's id.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import StackLayout

let protocolVersion = "stackcheck.engine/1"
let exampleVersion = "1.0"

/// Writes one protocol line to standard output, unbuffered: the suite is waiting for it. If the suite is gone
/// there is nobody to answer, so the engine exits.
func send(_ value: JSONValue) {
    var bytes = Array(value.compactText.utf8)
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

/// `{"message":"…"}`, the body of `unsupported` and `error` answers.
func message(_ text: String) -> JSONValue { .object([("message", .string(text))]) }

/// An answer to request `id`: `kind` is `result`, `unsupported` or `error`.
func answer(_ id: JSONValue, _ kind: String, _ body: JSONValue) {
    send(.object([("id", id), (kind, body)]))
}

func usageError(_ text: String) -> Never {
    let line = "example-engine: \(text)\nusage: example-engine [--engine reference|direct]\n"
    _ = line.withCString { write(2, $0, strlen($0)) }
    exit(2)
}

// MARK: Which engine to serve (your adapter would not need this).

var arguments = CommandLine.arguments.dropFirst()
var engineName: String?
while let argument = arguments.popFirst() {
    switch argument {
    case "--engine":
        guard let value = arguments.popFirst() else { usageError("--engine needs a value") }
        engineName = value
    default:
        usageError("unknown argument '\(argument)'")
    }
}
let engine: any LayoutEngine
switch BuiltInEngines.select(engineName) {
case .success(let selected): engine = selected
case .failure(let error): usageError(error.message)
}

// MARK: 1. Hello

// The first line is the suite's hello. An engine that does not speak its protocol version says so and exits.
guard let helloLine = readLine(strippingNewline: true) else { exit(0) }
let hello = try? JSONParser.parse(helloLine)
guard let hello, hello["protocol"] == .string(protocolVersion) else {
    let found = hello?["protocol"]?.compactText ?? "no protocol"
    send(.object([("error", message("example-engine speaks \(protocolVersion), not \(found)"))]))
    exit(1)
}
// Declare exactly the features the engine implements (omit "features" to claim all of them). The suite generates
// only scenarios inside this set and reports the properties that need other features as SKIP.
let features = Feature.all.filter(engine.features.contains).map { JSONValue.string($0.rawValue) }
send(.object([("engine", .object([("name", .string("example-engine")),
                                  ("version", .string("\(exampleVersion) (\(engine.name) \(engine.version))")),
                                  ("features", .array(features))]))]))

// MARK: 2. Requests, one at a time, until `bye` or the end of input

while let line = readLine(strippingNewline: true) {
    if line.allSatisfy(\.isWhitespace) { continue }
    guard let request = try? JSONParser.parse(line), case .object = request else {
        // Without a readable id there is nothing to match; the suite reports the answer as invalid.
        send(.object([("error", message("example-engine could not read the request as a JSON object"))]))
        continue
    }
    if request["bye"] != nil { exit(0) }
    let id = request["id"] ?? .null
    guard let document = request["layout"] else {
        answer(id, "error", message("the request has no \"layout\" member"))
        continue
    }
    // A scenario that cannot be read is an `error` answer whose message names the JSON path, e.g.
    // `layout.stack.arrangedSubviews[2].intrinsicContentSize.width: a size cannot be negative (found -3)`.
    let scenario: Scenario
    do {
        scenario = try Scenario(jsonValue: document, path: "layout")
    } catch {
        answer(id, "error", message("invalid scenario: \(error)"))
        continue
    }
    // Your engine goes here: lay out `scenario` and answer a layout document with a frame for every arranged item
    // at every depth, hidden ones included, keyed by id (SCENARIO-FORMAT.md, "Layout").
    do {
        let layout = try engine.layout(scenario)
        answer(id, "result", layout.jsonValue)
    } catch {
        switch error {
        case .unsupported(let why): answer(id, "unsupported", message(why))
        case .failed(let why): answer(id, "error", message(why))
        default: answer(id, "error", message(error.description))
        }
    }
}

// MARK: 3. End of input without `bye`: also a normal end.
exit(0)
