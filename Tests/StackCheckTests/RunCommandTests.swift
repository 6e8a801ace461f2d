import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import StackCheckCommands
import StackConformance
import StackConformanceMutants
import StackLayout
import TestSupport

/// `stackcheck run` end to end: exit statuses, external engines and their faults, reports, expectations,
/// shards and jobs, pictures, interruption.
@Suite(.serialized) struct RunCommandTests {
    static var fake: String { BuildProducts.path(of: "fake-engine") ?? "fake-engine" }
    static var example: String { BuildProducts.path(of: "example-engine") ?? "example-engine" }

    func json(_ path: String) throws -> JSONValue { try JSONParser.parse(try String(contentsOfFile: path, encoding: .utf8)) }

    func statuses(_ report: JSONValue) -> [String: String] {
        guard case .array(let results)? = report["results"] else { return [:] }
        var out: [String: String] = [:]
        for r in results { if case .string(let p)? = r["property"], case .string(let s)? = r["status"] { out[p] = s } }
        return out
    }

    @Test func bothEngineOptionsAreAUsageError() async {
        #expect(await runTool(["run", "--engine", "direct", "--engine-command", "x"]).status == 2)
        #expect(await runTool(["layout", "x.json", "--engine", "direct", "--engine-command", "x"]).status == 2)
        #expect(await runTool(["replay", "pc1_x", "--engine", "direct", "--engine-command", "x"]).status == 2)
    }

    /// Every command that lays out takes --engine-command and --timeout; constraints says why it cannot use one.
    @Test func theCommandsThatLayOutTakeAnExternalEngine() async throws {
        let scenario = try temporaryFile("external.json", #"{"format": "stackcheck.scenario/1", "container": {"width": 30}, "stack": {"arrangedSubviews": [{"id": "a", "intrinsicContentSize": {"width": 10, "height": 4}}]}}"#)
        let command = "\(Self.example) --engine direct"
        let layout = await runTool(["layout", scenario, "--engine-command", command, "--timeout", "30"])
        #expect(layout.status == 0, "\(layout.err)")
        #expect(layout.out == (await runTool(["layout", scenario, "--engine", "direct"])).out)
        let svg = try temporaryFile("external.svg", "")
        #expect(await runTool(["render", scenario, "-o", svg, "--engine-command", command, "--against", "reference"]).status == 0)
        #expect(isWellFormedXML(try Data(contentsOf: URL(fileURLWithPath: svg))))
        let constraints = await runTool(["constraints", scenario, "--engine-command", command])
        #expect(constraints.status == 2)
        #expect(constraints.err.contains("an external engine cannot answer them"), "\(constraints.err)")
        #expect(await runTool(["constraints", scenario, "--engine", "reference"]).status == 0)
        #expect(await runTool(["layout", scenario, "--engine-command", command, "--timeout", "0"]).status == 2)
        #expect(await runTool(["replay", "pc1_x", "--engine-command", "/nonexistent/engine"]).status == 2, "the token is read first")
    }

    @Test func anEngineThatNeverGreetsExitsThree() async {
        // The hello is waited for by --start-timeout (30 s by default), not --timeout: 0.5 s keeps the test from waiting 30.
        let r = await runTool(["run", "--engine-command", "\(Self.fake) never-greet", "--timeout", "0.5", "--start-timeout", "0.5",
                               "--cases", "2"])
        #expect(r.status == 3)
        #expect(r.err.contains("hello"))
        #expect(await runTool(["run", "--engine-command", "/nonexistent/engine", "--cases", "2"]).status == 3)
    }

    @Test func theExampleEngineConformsOverTheProtocol() async throws {
        let path = try temporaryFile("example.json", "")
        let r = await runTool(["run", "--engine-command", "\(Self.example) --engine direct", "--cases", "4",
                         "--property", "hidden", "--property", "alignment.leading", "--json", path])
        #expect(r.status == 0, "\(r.out)\(r.err)")
        let report = try json(path)
        #expect(report["format"] == .string("stackcheck.report/4"))
        #expect(statuses(report).values.allSatisfy { $0 == "PASS" })
        #expect(report["engine"]?["name"] == .string("example-engine"))
    }

    /// Fault table: a crashing engine gives CRASH, and after three in a row the rest is NOTRUN; a hanging one gives
    /// TIMEOUT within its timeout; the report is still written.
    @Test func crashesAndTimeoutsBecomeStatuses() async throws {
        let path = try temporaryFile("crash.json", "")
        let r = await runTool(["run", "--engine-command", "\(Self.fake) crash", "--cases", "3", "--property", "hidden", "--json", path])
        #expect(r.status == 1)
        let s = statuses(try json(path))
        #expect(s["hidden.collapsesAlongAxis"] == "CRASH")
        #expect(s.values.filter { $0 == "CRASH" }.count == 3)
        #expect(s["hidden.allHiddenFitsZero"] == "NOTRUN")
        let start = Date()
        // A hang never answers, so any timeout gives TIMEOUT: 0.5 s a request keeps the wait short.
        let t = await runTool(["run", "--engine-command", "\(Self.fake) hang", "--timeout", "0.5", "--cases", "2",
                         "--property", "hidden.collapsesAlongAxis", "--json", path])
        #expect(t.status == 1)
        #expect(statuses(try json(path))["hidden.collapsesAlongAxis"] == "TIMEOUT")
        // Not a timing assertion (the test process runs other suites at the same time): a bound a hang could not meet.
        #expect(Date().timeIntervalSince(start) < 120)
    }

    @Test func garbageAndWrongAnswersAreErrors() async throws {
        let path = try temporaryFile("garbage.json", "")
        for mode in ["garbage", "wrong-id", "missing-frame", "error"] {
            let r = await runTool(["run", "--engine-command", "\(Self.fake) \(mode)", "--cases", "2",
                             "--property", "alignment.leading", "--json", path])
            #expect(r.status == 1, "\(mode)")
            #expect(statuses(try json(path))["alignment.leading"] == "ERROR", "\(mode)")
        }
    }

    @Test func expectationsTurnKnownFailuresGreenAndUnexpectedPassesRed() async throws {
        let known = try temporaryFile("known.json", #"{"format":"stackcheck.expectations/1","expected":{"alignment.center":{"status":"FAIL","reason":"known"}}}"#)
        let r = await runTool(["run", "--engine", "mutant:centerAsLeading", "--cases", "30", "--property", "alignment.center", "--expectations", known])
        #expect(r.status == 0, "\(r.out)")
        let pass = await runTool(["run", "--engine", "direct", "--cases", "5", "--property", "alignment.center", "--expectations", known])
        #expect(pass.status == 1, "an expected FAIL that passes is unexpected")
        let unknown = try temporaryFile("unknown.json", #"{"format":"stackcheck.expectations/1","expected":{"no.such":{"status":"FAIL"}}}"#)
        #expect(await runTool(["run", "--expectations", unknown]).status == 2)
    }

    /// The union of the shard reports equals the unsharded report (sorted by property, without timings), and
    /// `--jobs 2` gives the same results as `--jobs 1`.
    @Test func shardsAndJobsGiveTheSameResults() async throws {
        func results(_ extra: [String]) async throws -> [String] {
            let path = try temporaryFile("shard.json", "")
            let r = await runTool(["run", "--engine", "mutant:centerAsLeading", "--cases", "5", "--property", "alignment",
                             "--property", "distribution.pinnedToCanvasEnds", "--json", path] + extra)
            #expect(r.status == 0 || r.status == 1)
            guard case .array(let list)? = try json(path)["results"] else { return [] }
            return list.map { r -> String in
                guard case .object(let members) = r else { return "" }
                return JSONValue.object(members.filter { $0.key != "seconds" }).compactText
            }
        }
        let whole = try await results([]).sorted()
        var shards: [String] = []
        for k in 1...3 { shards += try await results(["--shard", "\(k)/3"]) }
        shards.sort()
        #expect(whole == shards)
        #expect(try await results(["--jobs", "2"]).sorted() == whole)
    }

    @Test func counterexamplePicturesAreWellFormedSVG() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("stackcheck-svg-\(getpid())").path
        let r = await runTool(["run", "--engine", "mutant:ignoresHidden", "--cases", "30", "--property", "hidden.collapsesAlongAxis", "--svg-dir", dir])
        #expect(r.status == 1)
        let files = try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasSuffix(".svg") }
        #expect(!files.isEmpty)
        for f in files { #expect(isWellFormedXML(try Data(contentsOf: URL(fileURLWithPath: dir + "/" + f))), "\(f)") }
    }

    /// The README's picture is what a run draws for the centerAsLeading mutant's failure, found and presented
    /// automatically (rerun the command in the README to update it).
    @Test func theReadmePictureIsCurrent() async throws {
        let root = RepositoryPaths.root
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("stackcheck-readme-svg-\(getpid())").path
        let r = await runTool(["run", "--engine", "mutant:centerAsLeading", "--property", "alignment.center",
                               "--cases", "100", "--seed", "7", "--svg-dir", dir])
        #expect(r.status == 1, "\(r.err)")
        let drawn = try String(contentsOfFile: dir + "/alignment.center.svg", encoding: .utf8)
        let committed = try String(contentsOfFile: root + "/Fixtures/pictures/alignment.center.svg", encoding: .utf8)
        #expect(drawn == committed, "Fixtures/pictures/alignment.center.svg is stale")
    }

    @Test func renderWritesWellFormedSVGForEveryFixture() async throws {
        let entries = try GoldenFixtureCheck.load(directory: RepositoryPaths.golden)
        for entry in entries.prefix(20) {
            let file = try temporaryFile("\(entry.name).json", entry.fixture.scenario.jsonString())
            let out = file + ".svg"
            let r = await runTool(["render", file, "-o", out, "--against", "reference"])
            #expect(r.status == 0, "\(entry.name): \(r.err)")
            #expect(isWellFormedXML(try Data(contentsOf: URL(fileURLWithPath: out))), "\(entry.name)")
        }
        // Ids with XML metacharacters are escaped.
        var s = Scenario(stack: Stack(arrangedSubviews: [.view("<a&b>\"'", width: 10, height: 10).hidden()]))
        s.name = "x < y & z"
        #expect(isWellFormedXML(Data(LayoutPicture.svg(s, actual: try ReferenceEngine().layout(s), reference: nil).utf8)))
    }

    @Test func listPrintsTheCatalogue() async throws {
        let r = await runTool(["list", "--json"])
        #expect(r.status == 0)
        guard case .array(let list) = try JSONParser.parse(r.out) else { Issue.record("not a list"); return }
        #expect(list.count == Catalogue.all.count)
        #expect(await runTool(["list"]).out.contains("hidden.collapsesAlongAxis"))
    }

    @Test func replayReproducesAFailureAndSavesARegression() async throws {
        let path = try temporaryFile("mutant.json", "")
        _ = await runTool(["run", "--engine", "mutant:fillEquallyAsFill", "--cases", "60", "--property", "distribution.fillEqually", "--json", path])
        guard case .array(let results)? = try json(path)["results"], case .string(let token)? = results.first?["counterexample"]?["replay"] else {
            Issue.record("no counterexample"); return
        }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("stackcheck-regressions-\(getpid())").path
        let r = await runTool(["replay", token, "--engine", "mutant:fillEquallyAsFill", "--save-regression", dir])
        #expect(r.status == 1)
        #expect(r.out.contains("Statement"))
        #expect(await runTool(["replay", token, "--engine", "reference"]).status == 0)
        #expect(await runTool(["replay", "pc1_garbage"]).status == 2)
        let saved = try RegressionStore.load(directory: dir)
        #expect(saved.count == 1)
        // The saved regression is replayed first, before any new case.
        var options = RunOptions(cases: 1)
        options.regressions = saved
        let property = Catalogue.property("distribution.fillEqually.equalLengths")!
        let mutant = Mutants.all.first { $0.id == "fillEquallyAsFill" }!.engine!
        let result = await ConformanceRunner.check(property, on: mutant, options: options)
        #expect(result.status == .fail)
        #expect(result.message.contains("regression"))
    }
}

/// Parses `data` as XML with Foundation's parser.
func isWellFormedXML(_ data: Data) -> Bool {
    let parser = XMLParser(data: data)
    return parser.parse()
}
