import Foundation
import Testing
import StackConformance
import StackLayout
import TestSupport

/// What changed between two runs (`RunComparison`, `stackcheck report --against EARLIER CURRENT`): fixing one bug
/// of an engine with several lists exactly that bug's cause as fixed and nothing new; bringing a bug back lists it
/// as new and exits 1.
@Suite struct RunComparisonTests {
    typealias Bug = ExpectationsPerCauseTests.Bug
    static let key = ExpectationsPerCauseTests.key

    /// A report as `report` reads it: written as JSON and read back, as the command does.
    static func throughJSON(_ report: ConformanceReport) throws -> ConformanceReport {
        try ConformanceReport(json: JSONReport.value(report).prettyText)
    }

    @Test func fixingOneOfTwoBugsListsExactlyThatCauseAsFixed() async throws {
        let both = try Self.throughJSON(await ExpectationsPerCauseTests.run(Set(Bug.allCases)))
        let one = try Self.throughJSON(await ExpectationsPerCauseTests.run([.verticalCenterAsTrailing]))
        let none = try Self.throughJSON(await ExpectationsPerCauseTests.run([]))

        // The horizontal bug fixed: its cause is fixed, the vertical one unchanged, and nothing is new. The property
        // stays red for the other bug, so no status changed.
        let fix = RunComparison(earlier: both, current: one)
        #expect(fix.fixed.map(\.key) == [Self.key[.horizontalCenterAsLeading]!], "\(fix.fixed.map(\.summary))")
        #expect(fix.unchanged.map(\.current.key) == [Self.key[.verticalCenterAsTrailing]!])
        #expect(fix.new.isEmpty && fix.notChecked.isEmpty && fix.statusChanges.isEmpty)
        #expect(!fix.hasNewFailures)
        #expect(fix.caveats.isEmpty, "the runs were made alike: \(fix.caveats)")

        // The other way round the same bug is new, inside a property that was already red: a new failure.
        let regress = RunComparison(earlier: one, current: both)
        #expect(regress.new.map(\.key) == [Self.key[.horizontalCenterAsLeading]!])
        #expect(regress.fixed.isEmpty && regress.hasNewFailures)

        // Both fixed: the property passes, which is a fix, not a new failure.
        let clean = RunComparison(earlier: both, current: none)
        #expect(clean.fixed.map(\.key).sorted() == Bug.allCases.map { Self.key[$0]! }.sorted())
        #expect(clean.statusChanges == [.init(property: "alignment.center", earlier: .fail, current: .pass)])
        #expect(clean.statusChanges.allSatisfy(\.isFix) && !clean.hasNewFailures)
        let broken = RunComparison(earlier: none, current: one)
        #expect(broken.statusChanges.map(\.isNewFailure) == [true] && broken.hasNewFailures)
    }

    /// A cause of a property the current run did not check is not called fixed; runs made differently say so.
    @Test func aCauseOfAPropertyNotRunIsNotCheckedAndDifferencesAreCaveats() async throws {
        let both = await ExpectationsPerCauseTests.run(Set(Bug.allCases))
        var other = await ExpectationsPerCauseTests.run([])
        other.results = other.results.map { r in var r = r; r.status = .notRun; r.cases = 0; return r }
        other.seed = 7
        let c = RunComparison(earlier: both, current: other)
        #expect(c.fixed.isEmpty)
        #expect(c.notChecked.count == 2)
        #expect(!c.hasNewFailures)
        #expect(c.caveats.contains { $0.contains("seeds differ") }, "\(c.caveats)")
    }

    /// The command on a real engine with four planted bugs (`Engines/multibug/frame_py.py`), before and after fixing
    /// one: exit 0 and exactly that cause listed as fixed; the other way round, exit 1 and that cause new; `--html`
    /// puts the comparison on the current run's page.
    @Test func theCommandComparesTwoRunsOfARealEngine() async throws {
        let engine = RepositoryPaths.root + "/Tests/StackCheckTests/Engines/multibug/frame_py.py"
        let before = try temporaryFile("against-before.json", ""), after = try temporaryFile("against-after.json", "")
        // alignment.center is the one property where center-floor shows without cross-margins (the engine's own
        // notes); 40 cases find both causes there and in alignment.leading at seed 0.
        let run = ["run", "--cases", "40", "--property", "alignment.center", "--property", "alignment.leading"]
        #expect(await runTool(run + ["--engine-command", "python3 \(engine)", "--json", before]).status == 1)
        // The fix goes through the engine's command, not this process's environment, which other tests share.
        let second = await runTool(run + ["--engine-command", "env MULTIBUG_FIXED=center-floor python3 \(engine)", "--json", after])
        #expect(second.status == 1, "cross-margins still breaks alignment.leading")

        let earlier = try ConformanceReport(json: String(contentsOfFile: before, encoding: .utf8))
        let rounding = try #require(earlier.causes.first { $0.properties == ["alignment.center"] },
                                    "center-floor's cause: \(earlier.causes.map(\.summary))")
        let fixed = await runTool(["report", "--against", before, after])
        #expect(fixed.status == 0, "\(fixed.out)\(fixed.err)")
        #expect(fixed.out.contains("Fixed: 1 cause ("), "\(fixed.out)")
        #expect(fixed.out.contains("key: \(rounding.key)"))
        #expect(fixed.out.contains("New: 0 causes."))
        #expect(fixed.out.contains("alignment.center") && fixed.out.contains("FAIL -> PASS  (fixed)"))

        let page = try temporaryFile("against.html", "")
        let regressed = await runTool(["report", "--against", after, before, "--html", page])
        #expect(regressed.status == 1, "\(regressed.out)")
        #expect(regressed.out.contains("New: 1 cause ("))
        #expect(regressed.out.contains("Something fails that did not before: 1 new cause, 1 property newly failing"))
        // The new cause's replay line is a command for this engine.
        #expect(regressed.out.contains("Replay: ") && regressed.out.contains("frame_py.py"), "\(regressed.out)")
        let html = try String(contentsOfFile: page, encoding: .utf8)
        #expect(html.contains(#"<section id="changes">"#) && html.contains("newly failing"))

        #expect(await runTool(["report", "--against", before]).status == 2, "a current report is needed")
        #expect(await runTool(["report", "--against", before, before, after]).status == 2, "one current report")
    }
}
