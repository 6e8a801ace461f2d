import Foundation
import Testing
@testable import StackConformance
import StackLayout
import TestSupport

/// The report's account of requests (`PropertyResult.requests`, `run.requests` in JSON) against the engine's own
/// count: every request line the engine reads, but for the golden fixtures checked first (one each, outside any
/// property), is in exactly one stage of one property.
@Suite struct RequestAccountTests {
    @Test func theAccountIsEveryRequestTheEngineRead() async throws {
        guard let python3 = ProgramsOnPath.python3 else {
            Issue.record("python3 is not on PATH")
            return
        }
        let log = try temporaryFile("requests-read.log", "")
        let report = try temporaryFile("requests-report.json", "")
        let engine = RepositoryPaths.root + "/Tests/StackCheckTests/Engines/multibug/frame_py.py"
        // tee writes each line the engine reads: the hello, one line per request, the goodbye.
        let command = "sh -c " + BuildProducts.shellQuoted("tee -a " + BuildProducts.shellQuoted(log) + " | "
            + BuildProducts.shellQuoted(python3) + " " + BuildProducts.shellQuoted(engine))
        // 20 cases: enough for failures, shrinking and cases to look at in several properties.
        let run = await runTool(["run", "--engine-command", command, "--cases", "20", "--json", report])
        #expect(run.status == 1, "\(run.err)")
        let read = try ConformanceReport(json: try String(contentsOfFile: report, encoding: .utf8))
        let lines = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n")
        let requests = lines.filter { $0.hasPrefix("{\"id\":") }.count
        let fixtures = try #require(read.fixtures)
        let account = try #require(read.requests)
        #expect(account.total + fixtures.passed + fixtures.problems.count == requests,
                "\(account.stages) and \(fixtures.passed + fixtures.problems.count) fixtures against \(requests) read")
        // Each stage a run of this engine goes through is there.
        #expect(account.generation > 0 && account.shrinking > 0 && account.replays > 0 && account.presentable > 0,
                "\(account.stages)")
        #expect(read.results.allSatisfy { $0.status == .skip || $0.requests != nil })
        // The text report says where they went.
        #expect(TextReport.render(read).contains("\(account.total) requests to the engine: generation \(account.generation)"))
    }

    @Test func aTotalThatIsNotTheSumIsAClearError() throws {
        var result = PropertyResult(property: "alignment.leading", rules: [], level: .doc, status: .pass, reason: nil,
                                    cases: 1, unsupported: 0, message: "", counterexample: nil, standardError: nil,
                                    seconds: 0, expected: nil)
        var counts = RequestCounts()
        counts.generation = 3
        result.requests = counts
        let report = ConformanceReport(engineName: "e", engineVersion: "1", features: FeatureSet.all, seed: 0,
                                       casesPerProperty: 1, shard: (1, 1), started: "", seconds: 0, results: [result])
        let text = JSONReport.value(report).prettyText
        #expect(try ConformanceReport(json: text).results.first?.requests == counts)
        let wrong = text.replacingOccurrences(of: "\"total\": 3", with: "\"total\": 4")
        #expect(wrong != text)
        #expect(throws: ScenarioError.self) { try ConformanceReport(json: wrong) }
        do { _ = try ConformanceReport(json: wrong) } catch {
            #expect("\(error)".contains("requests.total"), "\(error)")
        }
    }
}
