// swift-tools-version: 6.0
// The libFuzzer executable of the fuzz targets (`StackFuzzing`), outside the root package so that the root's default
// build and `swift test` never build it. Built by `scripts/fuzz` with `--sanitize=fuzzer --sanitize=address`: one
// executable for every target, the target named by STACKCHECK_FUZZ_TARGET.
import PackageDescription

// The root package's identity is its directory's name (a path dependency's identity), whatever the clone is called.
let root = String(Context.packageDirectory.split(separator: "/").dropLast().last ?? "StackConformance")

let package = Package(
    name: "StackFuzz",
    dependencies: [.package(path: "..")],
    targets: [
        // No main.swift: libFuzzer brings `main`, and the target's one file is compiled as a library.
        .executableTarget(name: "stack-fuzz", dependencies: [.product(name: "StackFuzzing", package: root)]),
    ],
    swiftLanguageModes: [.v6]
)
