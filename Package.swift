// swift-tools-version: 6.0
// StackConformance: a property-based conformance suite for UIStackView layout.
// No package dependencies, by design: a user adds us and pulls in nothing else.
import PackageDescription

// The standard library's rounding (`rounded()`, `.toNearestOrAwayFromZero`…) calls libm on Linux; link it
// explicitly so modules that do not import Foundation still link.
let libm: [LinkerSetting] = [.linkedLibrary("m", .when(platforms: [.linux]))]

let package = Package(
    name: "StackConformance",
    products: [
        .library(name: "PropertyCheck", targets: ["PropertyCheck"]),
        .library(name: "Cassowary", targets: ["Cassowary"]),
        .library(name: "StackLayout", targets: ["StackLayout"]),
        .library(name: "StackConformance", targets: ["StackConformance"]),
        .executable(name: "stackcheck", targets: ["stackcheck"]),
        .library(name: "StackFuzzing", targets: ["StackFuzzing"]),
    ],
    targets: [
        // Generic property-based testing engine (minithesis model). Knows nothing about layout.
        .target(name: "PropertyCheck", linkerSettings: libm),
        // PropertyCheck's self-test problems (known minimal counterexamples), shared by its tests and the benchmark.
        .target(name: "ShrinkingProblems", dependencies: ["PropertyCheck"]),
        // Incremental simplex with lexicographic priority levels. Knows nothing about stacks.
        .target(name: "Cassowary", linkerSettings: libm),
        // Scenario model, view tree, engines (direct and reference), engine protocol.
        .target(name: "StackLayout", dependencies: ["Cassowary"], linkerSettings: libm),
        // Generators, property catalogue, runner, reports.
        .target(name: "StackConformance", dependencies: ["PropertyCheck", "StackLayout"], exclude: ["README.md"]),
        // Deliberately broken engines and view trees ("mutants") that show every property able to fail. Used by the
        // tests and by `stackcheck run --engine mutant:<id>`; not part of the StackConformance library.
        .target(name: "StackConformanceMutants", dependencies: ["StackConformance", "StackLayout"],
                path: "Sources/Mutants"),
        // The command-line tool's commands, as a library so tests can run them in-process.
        .target(name: "StackCheckCommands", dependencies: ["StackConformance", "StackConformanceMutants", "StackLayout",
                                                           "PropertyCheck"]),
        .executableTarget(name: "stackcheck", dependencies: ["StackCheckCommands"]),
        // The fuzz targets' checks (readers, engines, solver), run by the libFuzzer executable of Fuzz/Package.swift
        // (`scripts/fuzz`) and replayed by `swift test`. A product only so that the Fuzz package can depend on it;
        // it has no unsafe flags (the fuzzer's flags are the Fuzz package's).
        .target(name: "StackFuzzing", dependencies: ["PropertyCheck", "Cassowary", "StackLayout", "StackConformance"]),
        // An example external engine: serves a built-in engine over ENGINE-PROTOCOL.md. Users copy it as a template.
        .executableTarget(name: "example-engine", dependencies: ["StackLayout"], path: "Sources/ExampleEngine"),
        // Misbehaving engines for the protocol's fault table (crash, hang, garbage, …), one mode per argument.
        .executableTarget(name: "fake-engine", dependencies: ["StackLayout"], path: "Sources/FakeEngine"),
        // The benchmark executable: `swift run -c release stackcheck-bench`.
        .executableTarget(name: "stackcheck-bench",
                          dependencies: ["StackConformance", "StackConformanceMutants", "StackLayout", "PropertyCheck",
                                         "Cassowary", "ShrinkingProblems"],
                          path: "Sources/Benchmarks"),
        // Examples/SwiftEngine, README's Swift package ("In Swift"), built and tested here from its own files; its
        // Package.swift, which needs a clone named StackConformance beside it, is built by SwiftEnginePackageTests.
        .target(name: "MyStack", dependencies: ["StackLayout"], path: "Examples/SwiftEngine/Sources/MyStack"),
        .executableTarget(name: "my-stack-engine", dependencies: ["MyStack", "StackLayout"],
                          path: "Examples/SwiftEngine/Sources/my-stack-engine"),
        .testTarget(name: "MyStackTests", dependencies: ["MyStack", "StackConformance", "StackLayout"],
                    path: "Examples/SwiftEngine/Tests/MyStackTests"),

        // What several test targets share: the repository's folders and programs on PATH. Not a product.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "PropertyCheckTests", dependencies: ["PropertyCheck", "ShrinkingProblems"]),
        .testTarget(name: "CassowaryTests", dependencies: ["Cassowary", "PropertyCheck", "StackFuzzing"]),
        // Tests find Fixtures/ through #filePath, so CI's clean checkout needs no install step.
        .testTarget(name: "StackLayoutTests", dependencies: ["TestSupport", "StackLayout", "PropertyCheck"]),
        .testTarget(name: "StackConformanceTests", dependencies: ["TestSupport", "StackConformance", "StackConformanceMutants",
                                                                 "StackLayout", "PropertyCheck", "StackFuzzing"]),
        // The executables are dependencies so `swift test` builds them; the tests start them as processes
        // (`stackcheck` itself to send it real signals and to run printed replay lines through /bin/sh).
        .testTarget(name: "StackCheckTests", dependencies: ["TestSupport", "StackCheckCommands", "StackLayout", "StackConformance",
                                                            "StackConformanceMutants", "PropertyCheck",
                                                            "example-engine", "fake-engine", "stackcheck", "my-stack-engine", "MyStack"],
                    // Python engines the tests start by path (#filePath), not sources of the target.
                    exclude: ["Engines"]),
    ],
    swiftLanguageModes: [.v6]
)
