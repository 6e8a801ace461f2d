// example-engine: one of the package's built-in engines served over ENGINE-PROTOCOL.md, to be checked with
//
//     stackcheck run --engine-command "example-engine --engine reference"
//
// The suite checks the protocol path itself with it. It is also the template of a Swift engine checked by the
// command line, the static binary or the HTML page's commands: an executable whose main.swift is
//
//     import StackLayout
//     serve(MyEngine())
//
// speaks the protocol (hello with the engine's name, version and features; one answer per request; `bye`). Only
// the argument handling below is particular to this example.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import StackLayout

func usageError(_ text: String) -> Never {
    let line = "example-engine: \(text)\nusage: example-engine [--engine reference|direct]\n"
    _ = line.withCString { write(2, $0, strlen($0)) }
    exit(2)
}

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
switch BuiltInEngines.select(engineName) {
case .success(let engine): serve(engine, name: "example-engine", version: "1.0 (\(engine.name) \(engine.version))")
case .failure(let error): usageError(error.message)
}
