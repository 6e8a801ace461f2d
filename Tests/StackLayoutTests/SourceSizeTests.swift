import Foundation
import Testing
import TestSupport

/// The package's size rules, which CI (`swift test` only) enforces through this suite: no file in Sources over 400
/// lines (PropertyCheck aside), no function, initializer, subscript, computed property or closure assigned to a
/// `let` over 60 lines. `scripts/check-source-sizes` does the counting; these tests run it over Sources and show
/// that it catches each kind of long body on a file written for the purpose.
///
/// Needs python3 on PATH; skipped, with the reason shown, without it.
@Suite struct SourceSizeTests {
    /// The package's root directory, found from this file.
    static let root = RepositoryPaths.root

    /// The absolute path of python3 on PATH, or nil.
    static let python3 = ProgramsOnPath.python3

    /// Runs the checker with `arguments` in `directory`; returns its exit status and standard output.
    static func check(_ arguments: [String], in directory: String) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(python3))
        process.arguments = [root + "/scripts/check-source-sizes"] + arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    @Test(.enabled(if: python3 != nil, "python3 is not on PATH: scripts/check-source-sizes cannot run"))
    func sourcesKeepTheSizeRules() throws {
        let (status, output) = try Self.check(["Sources"], in: Self.root)
        #expect(status == 0, "scripts/check-source-sizes flags, in Sources:\n\(output)")
    }

    /// A file whose long bodies are each of one kind, with braces in strings, interpolations and comments that must
    /// not count, a default argument's closure before a body, a body-less protocol requirement, and a body exactly
    /// at the limit; a long file, and one as long under PropertyCheck, which is exempt from the file rule only.
    @Test(.enabled(if: python3 != nil, "python3 is not on PATH: scripts/check-source-sizes cannot run"))
    func checkerFlagsEachKindOfLongBodyWithItsLine() throws {
        let directory = NSTemporaryDirectory() + "check-source-sizes-\(ProcessInfo.processInfo.processIdentifier)"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.createDirectory(atPath: directory + "/src/PropertyCheck", withIntermediateDirectories: true)
        let bodies = #"""
            protocol P {
                func required() -> Int
                var size: Int { get }
            }
            struct S {
                init(make: () -> Int = { 0 }, text: String = "}") {
                    let a = "{ not a brace"
                    // } nor this
                    /* { nor /* nested */ this */
                    let b = "\(make() + [1].map { $0 }.count) }"
                    _ = (a, b, text)
                }
                var area: Int {
                    let w = 2
                    let h = 3
                    let d = 4
                    return w * h * d
                }
                let build = {
                    var xs: [Int] = []
                    xs.append(1)
                    xs.append(2)
                    xs.append(3)
                    return xs
                }
                func short() -> Int {
                    """
                    } } }
                    """.count
                }
            }

            """#
        try bodies.write(toFile: directory + "/src/A.swift", atomically: true, encoding: .utf8)
        let long = String(repeating: "// a line\n", count: 51)
        try long.write(toFile: directory + "/src/B.swift", atomically: true, encoding: .utf8)
        try long.write(toFile: directory + "/src/PropertyCheck/C.swift", atomically: true, encoding: .utf8)

        let (status, output) = try Self.check(["--max-function", "5", "--max-file", "50", "src"], in: directory)
        #expect(status == 1)
        #expect(output.split(separator: "\n") == [
            "src/A.swift:6: init is 7 lines (limit 5)",
            "src/A.swift:13: var area is 6 lines (limit 5)",
            "src/A.swift:19: closure build is 7 lines (limit 5)",
            "src/B.swift: 51 lines (limit 50)",
        ])
        // The braces in the multi-line string do not end `short` early: at a lower limit it is flagged whole.
        let lower = try Self.check(["--max-function", "4", "--max-file", "51", "src"], in: directory)
        #expect(lower.output.split(separator: "\n").last == "src/A.swift:26: func short is 5 lines (limit 4)")
        // Under the limits nothing is printed and the status is 0.
        let clean = try Self.check(["--max-function", "7", "--max-file", "51", "src"], in: directory)
        #expect(clean.status == 0)
        #expect(clean.output.isEmpty)
    }
}
