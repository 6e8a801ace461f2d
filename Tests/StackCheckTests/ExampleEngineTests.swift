import Foundation
import Testing
@testable import StackConformance
import StackLayout
import TestSupport

/// The `example-engine` template, which users copy: it answers like the in-process engine it serves on every golden
/// fixture and fails clearly on bad input.
@Suite struct ExampleEngineTests {
    static let goldenDirectory = RepositoryPaths.golden

    static func goldenScenarios() throws -> [(name: String, scenario: Scenario)] {
        let names = try FileManager.default.contentsOfDirectory(atPath: goldenDirectory).filter { $0.hasSuffix(".json") }.sorted()
        return try names.map { name in
            let text = try String(contentsOfFile: goldenDirectory + "/" + name, encoding: .utf8)
            return (name, try GoldenFixture(json: text).scenario)
        }
    }

    @Test(arguments: ["reference", "direct"])
    func exampleEngineAnswersLikeTheInProcessEngineOnEveryGoldenFixture(engineName: String) async throws { try await offThePool {
        let local = try BuiltInEngines.select(engineName).get()
        let external = try ExternalEngine.start(command: BuildProducts.command("example-engine", "--engine", engineName),
                                                suiteVersion: ConformanceSuite.version)
        defer { external.stop() }
        #expect(external.name == "example-engine")
        #expect(external.features == local.features)
        let fixtures = try Self.goldenScenarios()
        #expect(fixtures.count >= 60)
        var compared = 0
        for (name, scenario) in fixtures {
            let expected: Result<Layout, LayoutError> = Result { () throws(LayoutError) in try local.layout(scenario) }
            let actual = EngineHarness.outcome(external, scenario)
            #expect(actual == expected, "\(name)")
            if case .success = expected { compared += 1 }
        }
        if engineName == "reference" { #expect(compared == fixtures.count) }
        #expect(external.restartCount == 0)
    } }

    @Test func exampleEngineRefusesAnotherProtocolVersionAndExits() async throws { try await offThePool {
        let process = try EngineProcess.spawn([BuildProducts.path(of: "example-engine")!], standardError: StandardErrorTail())
        let deadline = Deadline(after: 10)
        #expect(process.writeLine(#"{"protocol":"stackcheck.engine/2","hello":{"suite":"9"}}"#, until: deadline) == .written)
        guard case .line(let line) = process.readLine(until: deadline) else {
            Issue.record("no answer to the hello")
            return
        }
        let answer = try JSONParser.parse(line)
        guard case .string(let message)? = answer["error"]?["message"] else {
            Issue.record("not an error answer: \(line)")
            return
        }
        #expect(message.contains("stackcheck.engine/2"))
        let end = process.terminate(grace: 5)
        #expect(!end.signalledBySuite)
        #expect(end.exitStatus == 1)
    } }

    @Test func exampleEngineNamesTheJSONPathOfAMalformedScenarioAndExitsAtEndOfInput() async throws { try await offThePool {
        let process = try EngineProcess.spawn([BuildProducts.path(of: "example-engine")!], standardError: StandardErrorTail())
        let deadline = Deadline(after: 10)
        _ = process.writeLine(EngineGreeting.hello(suiteVersion: "test"), until: deadline)
        guard case .line(let hello) = process.readLine(until: deadline) else {
            Issue.record("no answer to the hello")
            return
        }
        #expect(try EngineGreeting(answer: hello).name == "example-engine")
        let bad = #"{"id":5,"layout":{"format":"stackcheck.scenario/1","stack":{"arrangedSubviews":[{"id":"a"},"#
            + #"{"id":"b","intrinsicContentSize":{"width":-3,"height":1}}]}}}"#
        _ = process.writeLine(bad, until: deadline)
        guard case .line(let line) = process.readLine(until: deadline) else {
            Issue.record("no answer to the request")
            return
        }
        guard case .answered(.failed(let message)) = EngineAnswer.read(line, id: 5, scenario: EngineHarness.scenario) else {
            Issue.record("not an error answer: \(line)")
            return
        }
        #expect(message.contains("layout.stack.arrangedSubviews[1].intrinsicContentSize.width"), "\(message)")
        // End of input without `bye` is a normal end: exit status 0.
        process.closeInput()
        let end = process.terminate(grace: 5)
        #expect(!end.signalledBySuite)
        #expect(end.exitStatus == 0)
    } }
}
