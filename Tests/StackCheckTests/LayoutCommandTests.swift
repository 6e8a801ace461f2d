import Foundation
import Testing
@testable import StackCheckCommands
import StackConformance
import StackLayout
import TestSupport

/// Captures what a command writes.
final class Captured: @unchecked Sendable {
    private let lock = NSLock()
    private var outText = ""
    private var errText = ""
    var out: String { lock.withLock { outText } }
    var err: String { lock.withLock { errText } }
    var console: Console {
        Console(out: { s in self.lock.withLock { self.outText += s } }, err: { s in self.lock.withLock { self.errText += s } })
    }
}

func runTool(_ arguments: [String]) async -> (status: Int32, out: String, err: String) {
    let captured = Captured()
    let status = await StackCheck.main(arguments, console: captured.console)
    return (status, captured.out, captured.err)
}

func temporaryFile(_ name: String, _ contents: String) throws -> String {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("stackcheck-tests-\(getpid())")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    let url = dir.appendingPathComponent(name)
    try contents.write(to: url, atomically: true, encoding: .utf8)
    return url.path
}

@Suite struct LayoutCommandTests {
    static let golden = RepositoryPaths.golden

    /// `stackcheck layout` reproduces every golden fixture (on the engines that support it).
    @Test func layoutReproducesEveryGoldenFixture() async throws {
        let entries = try GoldenFixtureCheck.load(directory: Self.golden)
        #expect(entries.count >= 60)
        for entry in entries {
            let path = try temporaryFile(entry.name + ".json", entry.fixture.scenario.jsonString())
            for engine in BuiltInEngines.all {
                let (status, out, err) = await runTool(["layout", path, "--engine", engine.name])
                if status == ExitStatus.failure && err.contains("unsupported") { continue }
                #expect(status == 0, "\(entry.name) on \(engine.name): \(err)")
                guard status == 0 else { continue }
                let layout = try Layout(json: out)
                let tolerance = entry.fixture.tolerance ?? (entry.fixture.scenario.scale == nil ? 0.001 : 0)
                let differences = LayoutComparison.differences(actual: layout, expected: entry.fixture.expected, tolerance: tolerance)
                #expect(differences.isEmpty, "\(entry.name) on \(engine.name): \(differences)")
            }
        }
    }

    /// Output form: byte-stable, keys in the spec's order, one frame per line.
    @Test func layoutOutputIsByteExact() async throws {
        let path = try temporaryFile("two.json", #"{"format": "stackcheck.scenario/1", "container": {"width": 30}, "stack": {"spacing": 2.5, "arrangedSubviews": [{"id": "a", "intrinsicContentSize": {"width": 10, "height": 4}}, {"id": "b", "intrinsicContentSize": {"width": null, "height": 4}}]}}"#)
        let (status, out, _) = await runTool(["layout", path, "--engine", "direct"])
        #expect(status == 0)
        #expect(out == """
            {
              "format": "stackcheck.layout/1",
              "size": { "width": 30, "height": 4 },
              "frames": {
                "a": { "x": 0, "y": 0, "width": 10, "height": 4 },
                "b": { "x": 12.5, "y": 0, "width": 17.5, "height": 4 }
              },
              "firstBaseline": 4,
              "lastBaseline": 4,
              "diagnostics": []
            }

            """)
    }

    @Test func invalidOrMissingFilesExitWithStatus2AndNameThePath() async throws {
        let bad = try temporaryFile("bad.json", #"{"format": "stackcheck.scenario/1", "stack": {"arrangedSubviews": [{"id": "a", "intrinsicContentSize": {"width": "wide"}}]}}"#)
        let (status, out, err) = await runTool(["layout", bad])
        #expect(status == 2)
        #expect(out.isEmpty)
        #expect(err.contains("stack.arrangedSubviews[0].intrinsicContentSize.width: expected a number, found a string"))
        let missing = await runTool(["layout", "/nonexistent/scenario.json"])
        #expect(missing.status == 2)
        #expect(missing.err.contains("/nonexistent/scenario.json: cannot read the file"))
    }

    @Test func unsupportedExitsWithStatus1() async throws {
        let path = try temporaryFile("user.json", #"{"format": "stackcheck.scenario/1", "stack": {"arrangedSubviews": [{"id": "a", "constraints": [{"attribute": "width", "relation": "==", "constant": 5, "priority": 500}]}]}}"#)
        let (status, _, err) = await runTool(["layout", path, "--engine", "direct"])
        #expect(status == 1)
        #expect(err.contains("unsupported"))
    }

    @Test func usageErrors() async {
        #expect(await runTool(["layout"]).status == 2)
        #expect(await runTool(["layout", "a.json", "--engine"]).status == 2)
        #expect(await runTool(["layout", "a.json", "--engine", "nope"]).err.contains("Unknown engine 'nope'"))
        #expect(await runTool(["frobnicate"]).status == 2)
        #expect(await runTool(["layout", "a.json", "--colour"]).err.contains("Unknown option '--colour'"))
        let help = await runTool(["layout", "--help"])
        #expect(help.status == 0 && help.out.contains("USAGE: stackcheck layout <file>"))
    }

    @Test func runChecksTheGoldenFixturesFirst() async {
        let quick = ["--property", "tree.arrangedSubsetOfSubviews", "--cases", "3"]
        let (status, out, _) = await runTool(["run", "--fixtures", Self.golden] + quick)
        #expect(status == 0, "\(out)")
        let count = ((try? FileManager.default.contentsOfDirectory(atPath: Self.golden)) ?? []).filter { $0.hasSuffix(".json") }.count
        #expect(out.hasPrefix("golden fixtures: \(count) passed of \(count)\n"), "\(out)")
        // A mutant that centres nothing fails the fixtures that align, and the run exits 1 although its property passes.
        let mutant = await runTool(["run", "--engine", "mutant:centerAsLeading", "--fixtures", Self.golden] + quick)
        #expect(mutant.status == 1, "\(mutant.out)")
        #expect(mutant.out.contains(" passed, ") && mutant.out.contains(" failed of \(count)") && mutant.out.contains("  FAIL "), "\(mutant.out)")
        // A poor engine's fixtures are not a wall: at most five are listed, then how many more and how to see them.
        let poor = await runTool(["run", "--engine-command", BuildProducts.command("fake-engine", "shifted"), "--fixtures", Self.golden] + quick)
        let listed = poor.out.split(separator: "\n").filter { $0.hasPrefix("  FAIL ") || $0.hasPrefix("  ERROR ") }
        #expect(poor.out.hasPrefix("golden fixtures: 0 passed, \(count) failed of \(count)\n"), "\(poor.out)")
        #expect(listed.count == 5 && poor.out.contains("  … and \(count - 5) more (--verbose lists every one)"), "\(poor.out)")
        // Another shard than the first leaves the fixtures out; a missing directory is a usage error.
        let otherShard = await runTool(["run", "--fixtures", Self.golden, "--shard", "2/2"] + quick)
        #expect(!otherShard.out.contains("golden fixtures"))
        #expect(await runTool(["run", "--fixtures", "/nonexistent"] + quick).status == 2)
    }
}
