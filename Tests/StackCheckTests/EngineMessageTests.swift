import Foundation
import Testing
@testable import StackConformance
import StackLayout
import TestSupport

/// ENGINE-PROTOCOL.md's messages, read and written without a process: the hello, the requests and every kind of
/// answer.
@Suite struct EngineMessageTests {
    @Test func helloAndRequestLinesAreExactlyTheProtocols() async {
        #expect(EngineGreeting.hello(suiteVersion: "0.1.0") == #"{"protocol":"stackcheck.engine/1","hello":{"suite":"0.1.0"}}"#)
        #expect(EngineAnswer.request(id: 17, scenario: EngineHarness.scenario) == #"{"id":17,"layout":"# + EngineHarness.scenario.jsonValue.compactText + "}")
    }

    @Test func helloAnswersAreReadAsSpecified() async throws {
        let full = try EngineGreeting(answer: #"{"engine":{"name":"taffy-adapter","version":"0.3","features":["fill","hidden","fill","zzz","aaa"]}}"#)
        #expect(full.name == "taffy-adapter" && full.version == "0.3")
        #expect(full.features == [.fill, .hidden])
        #expect(full.unknownFeatures == ["aaa", "zzz"])
        #expect(try EngineGreeting(answer: #"{"engine":{"name":"e","version":"1","features":[]}}"#).features == .empty)
        #expect(try EngineGreeting(answer: #"{"engine":{"name":"e","version":"1"}}"#).features == .all)
        for (bad, needle) in [(#"{"engine":{"name":"e","version":"1","features":"fill"}}"#, "engine.features"),
                              (#"{"engine":{"name":"e","version":"1","features":[1]}}"#, "engine.features[0]"),
                              (#"{"engine":{"version":"1"}}"#, "engine.name"),
                              (#"{"engine":{"name":"e"}}"#, "engine.version"),
                              (#"{"hello":true}"#, "no \"engine\" object"),
                              (#"[1]"#, "not a JSON object"),
                              ("hello there", "not JSON"),
                              (#"{"error":{"message":"only v2"}}"#, "refused the hello: only v2")] {
            do {
                _ = try EngineGreeting(answer: bad)
                Issue.record("accepted \(bad)")
            } catch {
                #expect(error.message.contains(needle), "\(bad): \(error.message)")
            }
        }
    }

    @Test func aWellFormedLayoutWithWrongNumbersIsALayoutForThePropertiesToJudge() async {
        // Fault table: "answers with frames that break a property" is FAIL, decided by the properties, not here.
        var wrong = EngineHarness.reference
        wrong.frames[0].frame.width = -1234
        let line = JSONValue.object([("id", .number(3)), ("result", wrong.jsonValue)]).compactText
        guard case .layout(let layout) = EngineAnswer.read(line, id: 3, scenario: EngineHarness.scenario) else {
            Issue.record("not read as a layout")
            return
        }
        #expect(layout == wrong)
    }

    @Test func answersWithNoneOrSeveralKindsOrNoMessageAreInvalid() async {
        for (line, needle) in [(#"{"id":1}"#, "none of"),
                               (#"{"id":1,"error":{"message":"x"},"unsupported":{"message":"y"}}"#, "more than one of"),
                               (#"{"id":1,"error":"boom"}"#, #""error" must be an object with a "message" string"#)] {
            guard case .answered(.invalidAnswer(let message)) = EngineAnswer.read(line, id: 1, scenario: EngineHarness.scenario) else {
                Issue.record("\(line) not invalid")
                continue
            }
            #expect(message.contains(needle), "\(message)")
        }
        guard case .outOfStep(let message) = EngineAnswer.read(#"{"result":{}}"#, id: 1, scenario: EngineHarness.scenario) else {
            Issue.record("an answer without id is out of step")
            return
        }
        #expect(message.contains("no \"id\""))
    }
}
