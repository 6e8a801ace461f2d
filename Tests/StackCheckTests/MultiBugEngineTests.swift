import Foundation
import Testing
import PropertyCheck
@testable import StackConformance
import StackLayout
import TestSupport

/// The cause list against an engine's bug list. `Engines/multibug/frame_py.py` has four planted bugs, documented in
/// its `BUG` table and each switched off by `MULTIBUG_FIXED`; one of them (the cross axis inset by margins that are
/// not relative, 8 pt and more) shares cases with the others, whose residuals are a point or less.
///
/// Which bugs a cause is about is read off the engine, never off the suite: each failure of the run is replayed
/// against the engine with one bug fixed, and a failure is about the bugs whose fix makes it pass
/// (`scripts/attribute-causes` does the same for any multi-bug engine, at any case count).
@Suite(.serialized) struct MultiBugEngineTests {
    static let file = RepositoryPaths.root + "/Tests/StackCheckTests/Engines/multibug/frame_py.py"

    /// The ids of the file's `# BUG <id>: …` lines, in order.
    static func plantedBugs() throws -> [String] {
        try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n").compactMap { line in
            guard line.hasPrefix("# BUG "), let colon = line.firstIndex(of: ":") else { return nil }
            return String(line[line.index(line.startIndex, offsetBy: 6)..<colon])
        }
    }

    static func command(_ python3: String, fixed: String? = nil) -> String {
        (fixed.map { "env MULTIBUG_FIXED=\($0) " } ?? "") + BuildProducts.shellQuoted(python3) + " "
            + BuildProducts.shellQuoted(file)
    }

    @Test func theCausesOfAMultiBugEngineAreItsBugs() async throws {
        guard let python3 = ProgramsOnPath.python3 else {
            Issue.record("python3 is not on PATH")
            return
        }
        let bugs = try Self.plantedBugs()
        #expect(bugs == ["cross-margins", "first-inset", "eqspacing-hidden-count", "center-floor"])
        // 100 cases, as the attribution of the closing figures: every bug but one shows by then at seed 0.
        let path = try temporaryFile("multibug-frame_py.json", "")
        let run = await runTool(["run", "--engine-command", Self.command(python3), "--cases", "100", "--json", path])
        #expect(run.status == 1, "\(run.out)")
        let report = try ConformanceReport(json: try String(contentsOfFile: path, encoding: .utf8))

        // One engine per fixed bug; each failure replayed on each.
        var fixedEngines: [String: ExternalEngine] = [:]
        for bug in bugs {
            fixedEngines[bug] = try ExternalEngine.start(command: Self.command(python3, fixed: bug),
                                                        suiteVersion: ConformanceSuite.version)
        }
        defer { for e in fixedEngines.values { e.stop() } }
        func about(_ token: String) throws -> Set<String> {
            let parsed = try ReplayToken(parsing: token)
            return Set(try bugs.filter { bug in try Replay.run(parsed, on: fixedEngines[bug]!).status == .pass })
        }
        var bugsOfCause: [[String]] = []
        for cause in report.causes {
            var union = Set<String>()
            for member in cause.members where member.replay.hasPrefix(ReplayToken.prefix) {
                let found = try about(member.replay)
                #expect(found.count == 1, "a failure of '\(cause.summary)' is about \(found.sorted())")
                union.formUnion(found)
            }
            bugsOfCause.append(bugs.filter(union.contains))
        }
        let described = zip(report.causes, bugsOfCause).map { "\($0.1): \($0.0.summary)" }.joined(separator: "\n")
        // No cause mixes two bugs.
        #expect(bugsOfCause.allSatisfy { $0.count == 1 }, "\(described)")
        // The large-residual bug is one cause, explained by the model edit its BUG line documents.
        let margins = report.causes.indices.filter { bugsOfCause[$0] == ["cross-margins"] }
        #expect(margins.count == 1, "\(described)")
        #expect(margins.first.map { report.causes[$0].editKey } == "margins-relative across", "\(described)")
        // The smaller bugs it shares cases with are found, each with a cause of its own.
        #expect(bugsOfCause.contains(["first-inset"]) && bugsOfCause.contains(["center-floor"]), "\(described)")
        // One cause per bug found: none split.
        #expect(report.causes.count == Set(bugsOfCause.joined()).count, "\(described)")
        // Not reached yet: every bug found. eqspacing-hidden-count shows only where first-inset's leading-edge clause
        // passes (spacing 0), which the cases of 100 at seed 0 that show it do not.
        withKnownIssue("a bug whose clause another bug's clause fails first is not found", isIntermittent: true) {
            #expect(Set(bugsOfCause.joined()).count == bugs.count, "\(described)")
        }
    }
}
