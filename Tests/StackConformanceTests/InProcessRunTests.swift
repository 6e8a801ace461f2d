import Foundation
import StackConformance
import StackLayout
import Testing

/// `InProcessRun` and `expectConforms`: an engine in a test target gets `stackcheck run`'s verdict, replay lines that
/// are `swift test` commands and work when their variables are set, and its saved regressions replayed first.
@Suite struct InProcessRunTests {
    static let features: FeatureSet = [.fill, .fillEqually, .alignFill, .leading, .center, .trailing, .hidden]

    /// Answers every request `unsupported`: it implements nothing, so it conforms to nothing.
    struct UnsupportedEngine: LayoutEngine {
        let engineDescription = EngineDescription(name: "answers-nothing", version: "1", features: InProcessRunTests.features)
        func layout(_ scenario: Scenario) throws(LayoutError) -> Layout { throw .unsupported("not yet") }
    }

    /// The direct engine, restricted to a few features and judged as an engine outside the package.
    struct CorrectEngine: LayoutEngine {
        let engineDescription = EngineDescription(name: "correct", version: "1", features: InProcessRunTests.features)
        func layout(_ scenario: Scenario) throws(LayoutError) -> Layout { try DirectEngine().layout(scenario) }
    }

    /// A planted bug: alignment center laid out as leading.
    struct CenterAsLeadingEngine: LayoutEngine {
        let engineDescription = EngineDescription(name: "center-as-leading", version: "1", features: InProcessRunTests.features)
        func layout(_ scenario: Scenario) throws(LayoutError) -> Layout {
            var s = scenario
            if s.stack.alignment == .center { s.stack.alignment = .leading }
            return try DirectEngine().layout(s)
        }
    }

    static let center = Catalogue.property("alignment.center")!

    /// A run with `environment` as the process's environment, `cases` per property, regressions in `directory`.
    static func run(_ environment: [String: String] = [:], cases: Int = 20, directory: String? = nil) -> InProcessRun {
        var options = RunOptions(cases: cases)
        options.searchesPresentable = false
        options.regressionsDirectory = directory ?? FileManager.default.temporaryDirectory.path + "/no-regressions-" + UUID().uuidString
        return InProcessRun(options: options, filter: "MyTests.conformance", testFile: #filePath, environment: environment)
    }

    /// The words of a printed line's `NAME=value` assignments, as a shell would set them for the command after them.
    static func assignments(_ line: String) -> [String: String] {
        var out: [String: String] = [:]
        for word in line.split(separator: " ") {
            guard let eq = word.firstIndex(of: "="), word.first?.isUppercase == true else { break }
            out[String(word[..<eq])] = String(word[word.index(after: eq)...])
        }
        return out
    }

    static func line(_ prefix: String, in text: String) -> String? {
        text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .first { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count)) }
    }

    @Test func anEngineThatAnswersOnlyUnsupportedDoesNotConform() async {
        let outcome = await Self.run().check(Self.center, on: UnsupportedEngine())
        #expect(outcome.report.results.map(\.status) == [.skip])
        #expect(outcome.verdict.outcome == .doesNotConform)
        #expect(outcome.verdict.exitStatus == 1)
        #expect(outcome.issues.count == 1)
        #expect(outcome.issues.first?.hasPrefix("SKIP alignment.center (OBS, unsupported), expected PASS") == true)
    }

    /// The Swift Testing entry point records that verdict as an issue: without one, `withKnownIssue` fails.
    @Test func expectConformsRecordsTheIssue() async {
        await withKnownIssue {
            await expectConforms(UnsupportedEngine(), property: Self.center, options: RunOptions(cases: 5))
        }
    }

    @Test func aCorrectEngineConformsWithTheGoldenFixtures() async {
        let outcome = await Self.run(cases: 5).checkCatalogue(on: CorrectEngine())
        #expect(outcome.verdict.conforms, "\(outcome.issues)")
        #expect(outcome.issues.isEmpty)
        let fixtures = outcome.report.fixtures
        #expect(fixtures.map { $0.passed > 0 && $0.problems.isEmpty } == true, "\(String(describing: fixtures))")
        #expect(outcome.report.results.count == Catalogue.all.count)
    }

    @Test func aTentativeFailureIsANoteNotAnIssue() async {
        let agreement = Catalogue.property("agreement.matchesReference")!
        #expect(agreement.level == .tentative)
        let outcome = await Self.run().check(agreement, on: CenterAsLeadingEngine())
        #expect(outcome.report.results.first?.status == .fail)
        #expect(outcome.verdict.conforms)
        #expect(outcome.issues.isEmpty)
        #expect(outcome.notes.contains { $0.contains("Tentative differences") && $0.contains("agreement.matchesReference") })
    }

    @Test func anImperfectEnginesIssueHoldsTheScenarioAndBothLayouts() async throws {
        let outcome = await Self.run().check(Self.center, on: CenterAsLeadingEngine())
        let issue = try #require(outcome.issues.first)
        let c = try #require(outcome.report.results.first?.counterexample)
        #expect(issue.hasPrefix("FAIL alignment.center (OBS), expected PASS\n"))
        // Each document as printed parses back into the case's own.
        let parts = issue.components(separatedBy: "\nEngine layout:\n")
        let scenarioText = try #require(parts.first?.components(separatedBy: "Minimal scenario:\n").last)
        #expect(try Scenario(json: scenarioText) == c.scenario)
        let layouts = try #require(parts.last?.components(separatedBy: "\nReference layout:\n"))
        #expect(layouts.count == 2)
        #expect(try Layout(json: layouts[0]) == c.actual)
        // The reference layout's document ends at its closing brace; the property's other failures may follow.
        let referenceText = try #require(layouts.last?.components(separatedBy: "\n}").first) + "\n}"
        #expect(try Layout(json: referenceText) == c.reference)
        #expect(c.actual != c.reference)
        let replay = try #require(Self.line("Replay: ", in: issue))
        #expect(replay.hasSuffix(" swift test --filter MyTests.conformance"))
        #expect(Self.assignments(replay)[SwiftTestReplayLines.replayVariable] == c.replay)
    }

    /// The Replay line's variables, set for another run, replay that very case first; the Keep line's save it into
    /// the regression directory, and the next run without any variable replays it before any new case.
    @Test func thePrintedLinesReplayAndKeepTheCase() async throws {
        let directory = FileManager.default.temporaryDirectory.path + "/in-process-regressions-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let first = await Self.run(directory: directory).check(Self.center, on: CenterAsLeadingEngine())
        let issue = try #require(first.issues.first)
        let replay = Self.assignments(try #require(Self.line("Replay: ", in: issue)))
        let token = try #require(replay[SwiftTestReplayLines.replayVariable])

        let replayed = await Self.run(replay, directory: directory).check(Self.center, on: CenterAsLeadingEngine())
        #expect(replayed.notes.contains { $0.hasPrefix("STACKCHECK_REPLAY: the case of alignment.center on center-as-leading: FAIL") })
        #expect(replayed.report.results.first?.counterexample?.scenario == first.report.results.first?.counterexample?.scenario)
        #expect((try? FileManager.default.contentsOfDirectory(atPath: directory)) == nil, "replaying saved something")

        let keep = Self.assignments(try #require(Self.line("Keep it as a regression: ", in: issue)))
        #expect(keep == [SwiftTestReplayLines.replayVariable: token, SwiftTestReplayLines.saveRegressionVariable: "1"])
        let kept = await Self.run(keep, directory: directory).check(Self.center, on: CenterAsLeadingEngine())
        #expect(kept.notes.contains { $0.contains("Saved the case as \(directory)/alignment.center--center-as-leading--") })
        let saved = try RegressionStore.load(directory: directory)
        #expect(saved.map(\.scenario) == [first.report.results.first?.counterexample?.scenario])

        let next = await Self.run(directory: directory).check(Self.center, on: CenterAsLeadingEngine())
        let result = try #require(next.report.results.first)
        #expect(result.message.hasPrefix("A saved regression fails again"))
        #expect(result.cases == 1)
        #expect(next.verdict.exitStatus == 1)
    }

    @Test func theEnvironmentSetsCasesAndSeed() async {
        let run = Self.run(["STACKCHECK_CASES": "7", "STACKCHECK_SEED": "2a"])
        #expect(run.options.cases == 7)
        #expect(run.options.seed == 0x2a)
        #expect(run.problems.isEmpty)
        let outcome = await run.check(Self.center, on: CorrectEngine())
        #expect(outcome.report.results.first?.cases == 7)
        #expect(outcome.report.seed == 0x2a)
    }

    /// A variable that cannot be read is an issue of every check, never a silent default.
    @Test func anUnreadableVariableIsAnIssue() async {
        let run = Self.run(["STACKCHECK_CASES": "many", "STACKCHECK_REPLAY": "pc2_%%", "STACKCHECK_SAVE_REGRESSION": "yes"])
        #expect(run.options.cases == 20)
        #expect(run.problems.count == 3)
        let outcome = await run.check(Self.center, on: CorrectEngine())
        #expect(outcome.verdict.conforms, "the results themselves pass")
        #expect(outcome.issues.count == 3)
        #expect(outcome.issues.first == "STACKCHECK_CASES=many is not a positive count")
        let alone = Self.run(["STACKCHECK_SAVE_REGRESSION": "1"])
        #expect(alone.problems == ["STACKCHECK_SAVE_REGRESSION=1 needs STACKCHECK_REPLAY=pc2_… (the case to save)"])
    }

    @Test func theFilterIsTheTestsModuleAndName() {
        #expect(InProcessRun.filter(module: "MyStackTests", nameComponents: ["conformance(_:)"]) == "MyStackTests.conformance")
        #expect(InProcessRun.filter(module: "M", nameComponents: ["Suite", "check()"]) == "M.Suite/check")
    }

    /// Inside a test the filter names that test, as `swift test --filter` selects it.
    @Test func theRunningTestNamesItself() {
        #expect(InProcessRun.currentTestFilter() == "StackConformanceTests.InProcessRunTests/theRunningTestNamesItself")
    }

    @Test func thePackageRootIsTheNearestPackageSwift() {
        let root = InProcessRun.packageRoot(of: #filePath)
        #expect(FileManager.default.fileExists(atPath: root + "/Package.swift"))
        #expect(#filePath.hasPrefix(root + "/Tests/"))
    }
}
