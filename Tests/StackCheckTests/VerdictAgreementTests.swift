import Foundation
import MyStack
import StackCheckCommands
import StackConformance
import StackConformanceMutants
import StackLayout
import Testing
import TestSupport

/// `stackcheck run`'s exit status and the Swift entry point's verdict agree on every kind of test engine: built-in,
/// mutants, external engines that answer nothing or answer wrong, and a Swift engine checked in-process and served
/// over the protocol (`serve`). Each pair checks the golden fixtures, then the same properties with the same options:
/// the groups that tell these engines apart (the whole catalogue, on six engines and both sides, would cost minutes
/// of a debug CI run; `InProcessRunTests` runs it once).
@Suite(.serialized) struct VerdictAgreementTests {
    static let cases = 10
    static let properties = ["alignment", "hidden", "distribution.fill"]

    /// The in-process side: the catalogue run that `expectConforms(_:options:…)` records.
    static func swiftVerdict(_ engine: some LayoutEngine) async throws -> RunVerdict {
        var options = RunOptions(cases: cases)
        options.searchesPresentable = false
        options.properties = properties
        let run = InProcessRun(options: options, filter: "VerdictAgreementTests", testFile: #filePath, environment: [:])
        let outcome = await run.checkCatalogue(on: engine, fixtures: try BuiltInGoldenFixtures.entries())
        #expect((outcome.report.fixtures?.total ?? 0) > 0 && outcome.report.results.count > 10)
        return outcome.verdict
    }

    /// The command line's exit status for the engine `arguments` select, with the same fixtures and properties.
    static func commandLineStatus(_ arguments: [String]) async -> Int32 {
        await runTool(["run"] + arguments + ["--cases", "\(cases)", "--no-presentable", "--fixtures", RepositoryPaths.golden]
                      + properties.flatMap { ["--property", $0] }).status
    }

    static func mutant(_ id: String) -> any LayoutEngine { Mutants.all.first { $0.id == id }!.engine! }

    @Test(arguments: [("direct", 0), ("mutant:centerAsLeading", 1), ("mutant:allHiddenKeepsSize", 1)] as [(String, Int32)])
    func builtInAndMutantEngines(_ name: String, _ expected: Int32) async throws {
        let engine: any LayoutEngine = name.hasPrefix("mutant:") ? Self.mutant(String(name.dropFirst(7)))
            : try BuiltInEngines.select(name).get()
        let verdict = try await Self.swiftVerdict(engine)
        #expect(verdict.exitStatus == expected, "\(verdict.detail)")
        #expect(await Self.commandLineStatus(["--engine", name]) == verdict.exitStatus)
    }

    /// External engines, the same process started by both sides: one that answers every case `unsupported`, one that
    /// draws every frame 1 pt off, and `example-engine` serving the direct engine.
    @Test(arguments: [(["fake-engine", "unsupported"], 1), (["fake-engine", "shifted"], 1),
                      (["example-engine", "--engine", "direct"], 0)] as [([String], Int32)])
    func externalEngines(_ words: [String], _ expected: Int32) async throws {
        let command = words.count == 1 ? BuildProducts.command(words[0])
            : words.dropFirst().reduce(BuildProducts.command(words[0])) { $0 + " " + BuildProducts.shellQuoted($1) }
        let engine = try await offThePool {
            try ExternalEngine.start(command: command, suiteVersion: ConformanceSuite.version)
        }
        let verdict = try await Self.swiftVerdict(engine)
        engine.stop()
        #expect(verdict.exitStatus == expected, "\(verdict.detail)")
        #expect(await Self.commandLineStatus(["--engine-command", command]) == verdict.exitStatus)
    }

    /// README's Swift engine: checked in-process by its tests, and served by `my-stack-engine` (`serve`).
    @Test func aSwiftEngineInProcessAndServed() async throws {
        let verdict = try await Self.swiftVerdict(MyStackEngine())
        #expect(verdict.conforms, "\(verdict.detail)")
        #expect(await Self.commandLineStatus(["--engine-command", BuildProducts.command("my-stack-engine")]) == verdict.exitStatus)
    }
}
