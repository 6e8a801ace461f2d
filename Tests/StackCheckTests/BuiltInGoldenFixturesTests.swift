import Foundation
import Testing
@testable import StackCheckCommands
import StackConformance
import StackLayout
import TestSupport

/// The copy of `Fixtures/golden` that the tool carries (`BuiltInGoldenFixtures`) is the directory's, file for file,
/// and a run far from any checkout checks it.
@Suite struct BuiltInGoldenFixturesTests {
    /// Fails when a fixture was added, removed or edited without `scripts/embed-golden-fixtures`.
    @Test func theBuiltInCopyIsTheDirectoryFileForFile() throws {
        let directory = RepositoryPaths.golden
        let names = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".json") }.sorted()
        #expect(BuiltInGoldenFixtures.files.map { $0.name + ".json" } == names,
                "the built-in fixtures are not Fixtures/golden's: rerun scripts/embed-golden-fixtures")
        for (name, json) in BuiltInGoldenFixtures.files where names.contains(name + ".json") {
            let text = try String(contentsOfFile: directory + "/" + name + ".json", encoding: .utf8)
            #expect(json == text, "\(name).json differs from its built-in copy: rerun scripts/embed-golden-fixtures")
        }
    }

    @Test func theBuiltInEntriesParseAsTheDirectoryDoes() throws {
        let builtIn = try BuiltInGoldenFixtures.entries()
        let loaded = try GoldenFixtureCheck.load(directory: RepositoryPaths.golden)
        #expect(builtIn.count == loaded.count && builtIn.count > 0)
        for (b, l) in zip(builtIn, loaded) {
            #expect(b.name == l.name && b.fixture == l.fixture, "\(b.name)")
        }
    }

    /// The built tool, started in an empty directory (no `Fixtures/golden` to read), checks the built-in fixtures
    /// first: all of them pass on the reference engine, and a mutant engine fails some, so the line is the
    /// fixtures' verdict and not a constant.
    @Test func aRunWithoutACheckoutChecksTheBuiltInFixtures() async throws { try await onOwnThread {
        let count = BuiltInGoldenFixtures.files.count
        for engine in ["reference", "mutant:centerAsLeading"] {
            let dir = try ExternalLoopTests.directory("built-in-fixtures")
            let child = try ExternalLoopTests.Child(ExternalLoopTests.stackcheck,
                                                    ["run", "--engine", engine, "--shard", "1/1000", "--cases", "2"],
                                                    directory: dir)
            _ = await child.exitStatus()
            // "golden fixtures: P passed[, F failed][, S skipped (…)] of N"
            let line = child.out.split(separator: "\n").first { $0.hasPrefix("golden fixtures: ") } ?? ""
            let numbers = line.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
            #expect(numbers.count >= 2 && numbers.last == count, "\(engine): \(child.out)\(child.err)")
            let passed = numbers.first ?? -1
            #expect(engine == "reference" ? passed == count : passed < count, "\(engine): \(line)")
        }
    } }
}
