import Foundation
import Testing
import StackConformance
import StackLayout

/// Expectations per cause (`stackcheck.expectations/2`) on an engine with two bugs in one property: the file that
/// lists one of them keeps CI red for the other, accepts the run once the other is added, and names the first as
/// fixed once it is gone (a failure of the run only with `--strict`).
///
/// The engine is the direct engine with two documented bugs under `alignment = .center`: a horizontal stack lays
/// its views out as `.leading`, a vertical one as `.trailing`. Both break `alignment.center`, on cases of different
/// axes, so each is a cause of its own, and each is UIKit's layout with one alignment read as another: the causes'
/// keys are those model edits, which is what the file lists.
@Suite struct ExpectationsPerCauseTests {
    enum Bug: String, CaseIterable, Sendable {
        /// A horizontal stack's `.center` laid out as `.leading`.
        case horizontalCenterAsLeading
        /// A vertical stack's `.center` laid out as `.trailing`.
        case verticalCenterAsTrailing
    }

    struct TwoBugEngine: LayoutEngine {
        let bugs: Set<Bug>
        var engineDescription: EngineDescription {
            EngineDescription(name: "two-bugs", version: "1", features: [.fill, .fillEqually, .alignFill, .leading, .center, .trailing])
        }
        func layout(_ scenario: Scenario) throws(LayoutError) -> Layout {
            var s = scenario
            if s.stack.alignment == .center {
                if s.stack.axis == .horizontal && bugs.contains(.horizontalCenterAsLeading) { s.stack.alignment = .leading }
                if s.stack.axis == .vertical && bugs.contains(.verticalCenterAsTrailing) { s.stack.alignment = .trailing }
            }
            return try DirectEngine().layout(s)
        }
    }

    /// The keys the documentation above gives each bug: the model edit that reproduces it.
    static let key: [Bug: String] = [.horizontalCenterAsLeading: "FAIL edit: alignment center as leading",
                                     .verticalCenterAsTrailing: "FAIL edit: alignment center as trailing"]

    static func run(_ bugs: Set<Bug>) async -> ConformanceReport {
        var options = RunOptions(cases: 60)
        options.properties = ["alignment.center"]
        options.searchesPresentable = false
        options.regressionsDirectory = FileManager.default.temporaryDirectory.path + "/no-regressions-" + UUID().uuidString
        return await CatalogueRun.run(engines: [TwoBugEngine(bugs: bugs)], options: options)
    }

    static func checked(_ report: ConformanceReport, _ expectations: Expectations) -> ConformanceReport {
        var r = report
        expectations.annotate(&r)
        return r
    }

    @Test func aNewCauseInARedPropertyFailsAndAFixedOneIsListed() async throws {
        let one = await Self.run([.horizontalCenterAsLeading])
        let both = await Self.run(Set(Bug.allCases))
        let other = await Self.run([.verticalCenterAsTrailing])
        #expect(both.causes.map(\.key).sorted() == Bug.allCases.map { Self.key[$0]! }.sorted(),
                "\(both.causes.map(\.summary))")

        // The file written from the one-bug run lists its bug alone, for its author to explain.
        var known = Expectations().updated(from: one).expectations
        #expect(known.causes.map(\.key) == [Self.key[.horizontalCenterAsLeading]!])
        #expect(known.causes.map(\.reason) == [Expectations.placeholderReason])
        known.causes[0].reason = "leading is what our flexbox gives"

        // The second bug, in the same red property, fails the run.
        let red = Self.checked(both, known).verdict
        #expect(!red.conforms)
        #expect(red.unexpected.map(\.property) == ["alignment.center"])
        #expect(red.newCauses == [Self.key[.verticalCenterAsTrailing]!])
        // With a status per property instead (stackcheck.expectations/1), the same run would pass: what /2 is for.
        let perProperty = Expectations(entries: ["alignment.center": .init(statuses: [.fail], reason: "known")])
        #expect(Self.checked(both, perProperty).verdict.conforms)

        // Updated from that run, the file keeps the written reason and adds the new cause; the run then passes.
        let (updated, change) = known.updated(from: both)
        #expect(change.kept == [Self.key[.horizontalCenterAsLeading]!])
        #expect(change.added == [Self.key[.verticalCenterAsTrailing]!])
        #expect(updated.causes.first { $0.key == Self.key[.horizontalCenterAsLeading]! }?.reason == "leading is what our flexbox gives")
        #expect(Self.checked(both, updated).verdict.conforms)
        // Every format judges the result as the verdict does: no mark, no failing testcase, no issue in swift test.
        let accepted = Self.checked(both, updated)
        #expect(!HTMLReport.render(accepted).contains("badge unexpected"))
        #expect(HTMLReport.render(accepted).contains("expected: every failure in a known cause"))
        #expect(!JUnitReport.render(accepted).contains("<failure"))
        #expect(JUnitReport.render(accepted).contains("every failure is in a known cause"))
        var inProcessOptions = RunOptions(cases: 60)
        inProcessOptions.regressionsDirectory = FileManager.default.temporaryDirectory.path + "/no-regressions-" + UUID().uuidString
        let inProcess = await InProcessRun(options: inProcessOptions, expectations: updated, filter: "T.t", testFile: #filePath,
                                           environment: [:]).check(Catalogue.property("alignment.center")!,
                                                                   on: TwoBugEngine(bugs: Set(Bug.allCases)))
        #expect(inProcess.issues.isEmpty, "\(inProcess.issues)")

        // The first bug fixed: listed as fixed, which fails the run only with --strict; an update drops it.
        let fixed = Self.checked(other, updated).verdict
        #expect(fixed.conforms)
        #expect(fixed.fixedCauses == [Self.key[.horizontalCenterAsLeading]!])
        var strict = updated
        strict.strict = true
        #expect(!Self.checked(other, strict).verdict.conforms)
        #expect(updated.updated(from: other).update.dropped == [Self.key[.horizontalCenterAsLeading]!])
    }

    @Test func theFileAndTheReportKeepTheKnownCausesThroughJSON() async throws {
        let both = await Self.run(Set(Bug.allCases))
        let known = Expectations(causes: [.init(key: Self.key[.horizontalCenterAsLeading]!, reason: "why",
                                                properties: ["alignment.center"], summary: "s")])
        let again = try Expectations(json: known.document.prettyText)
        #expect(again.causes == known.causes)
        let report = Self.checked(both, known)
        let read = try ConformanceReport(json: JSONReport.value(report).prettyText)
        #expect(read.expectedCauses == report.expectedCauses)
        #expect(read.verdict == report.verdict)
        #expect(read.verdict.newCauses == [Self.key[.verticalCenterAsTrailing]!])
    }

    /// The command line: `expectations --from` writes the file a run then passes with; a run without one fails.
    @Test func theExpectationsCommandWritesAFileTheRunAccepts() async throws {
        let report = try temporaryFile("exp-run.json", "")
        let file = try temporaryFile("exp-file.json", "")
        try? FileManager.default.removeItem(atPath: file)
        let run = ["run", "--engine", "mutant:centerAsLeading", "--cases", "30", "--property", "alignment.center"]
        #expect(await runTool(run + ["--json", report]).status == 1)
        let written = await runTool(["expectations", "--from", report, "--update", file])
        #expect(written.status == 0, "\(written.err)")
        let expectations = try Expectations(json: try String(contentsOfFile: file, encoding: .utf8))
        #expect(expectations.causes.count == 1 && expectations.entries.isEmpty, "\(expectations.causes)")
        let green = await runTool(run + ["--expectations", file])
        #expect(green.status == 0, "\(green.out)")
        let strictOnAFixedEngine = await runTool(["run", "--engine", "direct", "--cases", "5", "--property",
                                                  "alignment.center", "--expectations", file, "--strict"])
        #expect(strictOnAFixedEngine.status == 1, "\(strictOnAFixedEngine.out)")
        #expect(strictOnAFixedEngine.out.contains("Known causes not shown by this run"))
        #expect(await runTool(["expectations"]).status == 2)
        #expect(await runTool(["expectations", "--from", file]).status == 2, "an expectations file is not a report")
    }
}
