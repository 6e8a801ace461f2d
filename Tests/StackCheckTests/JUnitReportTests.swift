import Foundation
import Testing
import PropertyCheck
@testable import StackConformance
import StackConformanceMutants
import StackLayout
import TestSupport

/// The JUnit XML report (`JUnitReport`, `--junit`), read back through a strict XML parser (`XMLTree`) and, where
/// python3 has it, through `junitparser`, the reader several CI tools build on (`scripts/check-junit` installs it
/// and runs this suite). The run read is a real failing one: `Engines/multibug/frame_py.py`, whose planted bugs
/// give one property failures of several causes.
@Suite struct JUnitReportTests {
    /// `stackcheck run` on the multi-bug engine with `--json` and `--junit`, once for the suite (about 2 s).
    static let multiBugRun = Task { () -> (status: Int32, json: String, xml: String, jsonPath: String, xmlPath: String)? in
        guard let python3 = ProgramsOnPath.python3 else { return nil }
        let stem = "junit-multibug-\(UUID().uuidString.prefix(8))"
        guard let json = try? temporaryFile(stem + ".json", ""), let xml = try? temporaryFile(stem + ".xml", "") else { return nil }
        let run = await runTool(["run", "--engine-command", MultiBugEngineTests.command(python3), "--cases", "30", "--jobs", "2",
                                 "--json", json, "--junit", xml])
        guard let jsonText = try? String(contentsOfFile: json, encoding: .utf8),
              let xmlText = try? String(contentsOfFile: xml, encoding: .utf8) else { return nil }
        return (run.status, jsonText, xmlText, json, xml)
    }

    /// The `centerAsLeading` mutant's run of its property, in-process as a Swift test runs it, once for the suite.
    static let mutantRun = Task { () -> ConformanceReport in
        let mutant = Mutants.all.first { $0.id == "centerAsLeading" }!
        var options = RunOptions(cases: 50, seed: 0)
        options.properties = [mutant.killedBy]
        return await CatalogueRun.run(engines: [mutant.engine!], options: options)
    }

    /// The run, or an issue saying why there is none.
    static func run() async -> (status: Int32, json: String, xml: String, jsonPath: String, xmlPath: String)? {
        guard ProgramsOnPath.python3 != nil else {
            Issue.record("python3 is not on PATH: the multi-bug engine cannot run")
            return nil
        }
        guard let run = await multiBugRun.value else {
            Issue.record("the multi-bug run wrote no reports")
            return nil
        }
        return run
    }

    @Test func theXMLOfAMultiBugRunIsWellFormedJUnitAndListsEveryCause() async throws {
        guard let run = await Self.run() else { return }
        #expect(run.status == 1)
        let report = try ConformanceReport(json: run.json)
        let root = try XMLTree(run.xml).root
        #expect(JUnitStructure.problems(root) == [])
        let suites = root.elements("testsuite")
        try #require(suites.count == 1)
        #expect(suites[0].attribute("name") == "stackcheck frame_py")
        #expect(suites[0].attribute("timestamp") == report.started)
        let properties = Dictionary(suites[0].elements("properties").flatMap { $0.elements("property") }
            .map { ($0.attribute("name") ?? "", $0.attribute("value") ?? "") }, uniquingKeysWith: { a, _ in a })
        #expect(properties["run.seed"] == "0000000000000000" && properties["run.casesPerProperty"] == "30")
        #expect(properties["suite.version"] == ConformanceSuite.version && properties["engine.version"] == report.engineVersion)

        let cases = JUnitStructure.testcases(root)
        // One testcase per property, plus the golden fixtures, plus one per further cause of a property.
        let causesOf = { (property: String) in Set(report.causes.indices.filter { i in report.causes[i].members.contains { $0.property == property } }) }
        let extra = report.results.map { max(0, causesOf($0.property).count - 1) }.reduce(0, +)
        #expect(cases.count == report.results.count + 1 + extra)
        // frame_py at 30 cases shows one cause per property since a rounding error is one cause; the naming of a
        // property's further causes is checked here whenever a run has them, not forced.
        // Every cause's every failure is under a failing testcase of its property, named by the cause's key
        // unless it is the cause of the property's lead failure, with the failure's replay token in its text.
        for (i, cause) in report.causes.enumerated() {
            for member in cause.members {
                let group = String(member.property.split(separator: ".")[0])
                let holders = cases.filter { c in
                    c.attribute("classname") == group
                        && (c.attribute("name") == member.property || c.attribute("name") == "\(member.property) [\(cause.key)]")
                        && JUnitStructure.result(c).map { $0.text.contains(member.replay) } == true
                }
                #expect(holders.count == 1, "cause \(i + 1) (\(cause.key)): \(member.property) \(member.replay) is in \(holders.count) testcases")
            }
        }
        // Failures and errors are what the exit status counts against the engine: its unexpected results, each
        // property once per cause, and the golden fixtures that failed.
        let failing = cases.filter { c in JUnitStructure.result(c).map { $0.name != "skipped" } == true }
        let unexpected = report.verdict.unexpected.map { max(1, causesOf($0.property).count) }.reduce(0, +)
        #expect(failing.count == unexpected + (report.fixtures?.problems.isEmpty == false ? 1 : 0))
        // The failure of a diagnosed FAIL holds the diagnosis, both commands and the minimal scenario as JSON.
        let lead = try #require(report.results.first { $0.failures.first?.diagnosis?.namesCause == true && $0.failures.first?.commands != nil })
        let body = try #require(cases.first { $0.attribute("name") == lead.property }.flatMap(JUnitStructure.result))
        #expect(body.name == "failure" && body.attribute("type") == "FAIL")
        for line in lead.failures[0].diagnosis!.lines { #expect(body.text.contains(line)) }
        #expect(body.text.contains(lead.failures[0].commands!.replay) && body.text.contains(lead.failures[0].commands!.keep))
        let scenario = try #require(lead.failures[0].counterexample?.scenario)
        #expect(body.text.contains(scenario.jsonString(pretty: true)))
    }

    /// `stackcheck report A.json --junit` writes what the run wrote: the XML depends on the report alone, and the
    /// JSON report holds all of it.
    @Test func theReportCommandWritesTheSameXMLFromTheJSONReport() async throws {
        guard let run = await Self.run() else { return }
        let path = try temporaryFile("junit-from-json-\(UUID().uuidString.prefix(8)).xml", "")
        let written = await runTool(["report", run.jsonPath, "--junit", path])
        #expect(written.status == 0, "\(written.err)")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == run.xml)
        let twice = await runTool(["report", run.jsonPath, run.jsonPath, "--junit", path])
        #expect(twice.status == 2 && twice.err.contains("--junit"))
    }

    /// A mutant's real FAIL beside hand-made results of every other status, with text that must be escaped: each
    /// status becomes its element, and every attribute reads back as written (characters XML cannot hold replaced).
    @Test func everyStatusBecomesItsElementAndTextSurvivesEscaping() async throws {
        let mutant = try #require(Mutants.all.first { $0.id == "centerAsLeading" })
        var report = await Self.mutantRun.value
        report.engineName = "my <engine> & \"co\" 'x'\u{1}\u{FFFF}\ttab"
        func result(_ id: String, _ status: ResultStatus, reason: ResultReason? = nil, expected: [ResultStatus]? = nil,
                    _ message: String) -> PropertyResult {
            PropertyResult(property: id, rules: ["R-SP-1"], level: .doc, status: status, reason: reason, cases: 1, unsupported: 0,
                           message: message, counterexample: nil, standardError: nil, seconds: 0.25, expected: expected)
        }
        report.results += [
            result("spacing.systemIsEight", .skip, reason: .features, "needs the features systemSpacing"),
            result("spacing.exactForFillDistributions", .skip, reason: .unsupported, "every case was answered unsupported"),
            result("alignment.fill", .error, reason: .engine, "the engine answered error: a < b && c > d ]]> \u{0}\r\nsecond line"),
            result("alignment.leading", .timeout, "took too long"),
            result("alignment.trailing", .crash, "exited with status 1"),
            result("hidden.placement", .fail, expected: [.fail], "an expected failure"),
            result("rounding.onPixelGrid", .notRun, "not run: interrupted"),
        ]
        let xml = JUnitReport.render(report)
        #expect(JUnitReport.render(report) == xml)
        let root = try XMLTree(xml).root
        #expect(JUnitStructure.problems(root) == [])
        #expect(root.elements("testsuite").first?.attribute("name") == "stackcheck my <engine> & \"co\" 'x'\u{FFFD}\u{FFFD}\ttab")
        let cases = JUnitStructure.testcases(root)
        func outcome(_ name: String) -> (kind: String, type: String?, message: String?)? {
            cases.first { $0.attribute("name") == name }.map { c in
                JUnitStructure.result(c).map { ($0.name, $0.attribute("type"), $0.attribute("message")) } ?? ("passed", nil, nil)
            }
        }
        #expect(outcome(mutant.killedBy)?.kind == "failure" && outcome(mutant.killedBy)?.type == "FAIL")
        #expect(outcome("spacing.systemIsEight")?.kind == "skipped")
        #expect(outcome("spacing.exactForFillDistributions")?.kind == "failure" && outcome("spacing.exactForFillDistributions")?.type == "SKIP")
        #expect(outcome("alignment.fill")?.kind == "error" && outcome("alignment.fill")?.type == "ERROR")
        #expect(outcome("alignment.fill")?.message == "the engine answered error: a < b && c > d ]]> \u{FFFD}")
        #expect(outcome("alignment.leading")?.kind == "error" && outcome("alignment.leading")?.type == "TIMEOUT")
        #expect(outcome("alignment.trailing")?.kind == "error" && outcome("alignment.trailing")?.type == "CRASH")
        #expect(outcome("hidden.placement")?.kind == "skipped")
        #expect(outcome("rounding.onPixelGrid")?.kind == "skipped" && outcome("rounding.onPixelGrid")?.message == "not run: interrupted")
        let error = try #require(cases.first { $0.attribute("name") == "alignment.fill" }.flatMap(JUnitStructure.result))
        #expect(error.text.contains("a < b && c > d ]]> \u{FFFD}\r\nsecond line"))
    }

    /// `ReportFiles(junit:)`, what `expectConforms` writes inside `swift test`, writes the same XML as `--junit`,
    /// relative to the package root it is given.
    @Test func reportFilesWritesTheJUnitXMLOfAnInProcessRun() async throws {
        let report = await Self.mutantRun.value
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("junit-files-\(UUID().uuidString.prefix(8))").path
        #expect(ReportFiles(junit: "stackcheck/report.xml").write(report, relativeTo: root) == [])
        let written = try String(contentsOfFile: root + "/stackcheck/report.xml", encoding: .utf8)
        #expect(written == JUnitReport.render(report))
        let tree = try XMLTree(written).root
        #expect(JUnitStructure.problems(tree) == [])
        // One failing testcase per cause: the run has the one property.
        #expect(tree.attribute("failures") == "\(report.causes.count)" && !report.causes.isEmpty)
    }

    /// The reader the other tests trust rejects what is not well-formed XML, so their passing means something.
    @Test(arguments: ["<a><b></a>", "<a>\u{1}</a>", "<a>&</a>", "<a b='1' b='2'/>", "<a/><b/>", "<a>&nbsp;</a>"])
    func theXMLReaderIsStrict(_ text: String) {
        #expect(throws: XMLTree.ParseError.self) { try XMLTree(text) }
    }

    /// `junitparser` reads the same testcases with the same results as the strict reader, and by its own reading
    /// of the elements the suite's counts are right and the failing testcases are the unexpected results, once per
    /// cause. Skipped, with the reason shown, where python3 lacks it; `scripts/check-junit` installs it.
    @Test(.enabled(if: Self.junitparserAvailable, "python3 has no junitparser module: scripts/check-junit installs it and runs this suite"))
    func junitparserReadsTheSameTestcases() async throws {
        guard let run = await Self.run() else { return }
        let script = """
            import sys, junitparser
            from junitparser import Failure, Error, Skipped
            xml = junitparser.JUnitXml.fromfile(sys.argv[1])
            for suite in xml:
                cases = list(suite)
                count = lambda kind: sum(1 for c in cases if any(isinstance(r, kind) for r in c.result))
                print("counts", suite.tests, suite.failures, suite.errors, suite.skipped, sep="\t")
                print("counts", len(cases), count(Failure), count(Error), count(Skipped), sep="\t")
                for case in cases:
                    kinds = ",".join(type(r).__name__.lower() + ":" + (r.type or "") for r in case.result)
                    print("case", case.classname, case.name, kinds, sep="\t")
            """
        let out = try Self.python(["-c", script, run.xmlPath])
        #expect(out.status == 0, "\(out.err)")
        let lines = out.text.split(separator: "\n").map(String.init)
        let counts = lines.filter { $0.hasPrefix("counts\t") }
        #expect(counts.count == 2 && counts[0] == counts[1], "the counts junitparser reads, then those it finds: \(counts)")
        let report = try ConformanceReport(json: run.json)
        let causesOf = { (property: String) in Set(report.causes.compactMap { c in c.members.contains { $0.property == property } ? c.key : nil }) }
        let unexpected = report.verdict.unexpected.map { max(1, causesOf($0.property).count) }.reduce(0, +)
        let failing = lines.filter { $0.hasPrefix("case\t") && ($0.hasSuffix("\tfailure:FAIL") || $0.contains("\terror:")) }
        #expect(failing.count == unexpected + (report.fixtures?.problems.isEmpty == false ? 1 : 0))
        var expected: [String] = []
        for c in JUnitStructure.testcases(try XMLTree(run.xml).root) {
            let kinds = JUnitStructure.result(c).map { $0.name + ":" + ($0.attribute("type") ?? "") } ?? ""
            expected.append("case\t\(c.attribute("classname") ?? "")\t\(c.attribute("name") ?? "")\t\(kinds)")
        }
        #expect(lines.filter { $0.hasPrefix("case\t") } == expected)
    }

    static let junitparserAvailable: Bool = ProgramsOnPath.python3 != nil
        && ((try? python(["-c", "import junitparser"]))?.status == 0)

    /// python3 with `arguments`: its exit status, standard output and standard error.
    static func python(_ arguments: [String]) throws -> (status: Int32, text: String, err: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ProgramsOnPath.python3 ?? "/usr/bin/python3")
        process.arguments = arguments
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let text = out.fileHandleForReading.readDataToEndOfFile()
        let errText = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: text, as: UTF8.self), String(decoding: errText, as: UTF8.self))
    }
}
