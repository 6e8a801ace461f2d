import StackLayout
import Testing

/// `serve(_:)`'s conversation (`EngineServer`), line by line: ENGINE-PROTOCOL.md's hello, answers and bye.
@Suite struct EngineServerTests {
    struct PartialEngine: LayoutEngine {
        let engineDescription = EngineDescription(name: "partial", version: "2.1", features: [.fill, .center, .hidden])
        func layout(_ scenario: Scenario) throws(LayoutError) -> Layout {
            if scenario.stack.arrangedSubviews.count > 2 { throw .unsupported("more than two views") }
            if scenario.stack.arrangedSubviews.isEmpty { throw .failed("no views") }
            return try DirectEngine().layout(scenario)
        }
    }

    static let server = EngineServer(engine: PartialEngine())
    static let hello = #"{"protocol":"stackcheck.engine/1","hello":{"suite":"0.3.0"}}"#

    static func scenario(views: Int) -> String {
        let items = (0..<views).map { #"{"id":"v\#($0)","intrinsicContentSize":{"width":10,"height":4}}"# }
        return #"{"format":"stackcheck.scenario/1","container":{"width":30},"stack":{"arrangedSubviews":["#
            + items.joined(separator: ",") + "]}}"
    }

    @Test func theHelloNamesTheEngineAndExactlyItsFeatures() throws {
        let (answer, proceed) = Self.server.greet(Self.hello)
        #expect(proceed)
        let engine = try JSONParser.parse(answer)["engine"]
        #expect(engine?["name"] == .string("partial"))
        #expect(engine?["version"] == .string("2.1"))
        #expect(engine?["features"] == .array([.string("fill"), .string("center"), .string("hidden")]))
        let renamed = EngineServer(engine: PartialEngine(), name: "served", version: "9")
        #expect(try JSONParser.parse(renamed.greet(Self.hello).answer)["engine"]?["name"] == .string("served"))
    }

    @Test func anotherProtocolVersionEndsTheConversation() throws {
        let (answer, proceed) = Self.server.greet(#"{"protocol":"stackcheck.engine/2","hello":{}}"#)
        #expect(!proceed)
        #expect(try JSONParser.parse(answer)["error"]?["message"]
                == .string(#"partial speaks stackcheck.engine/1, not "stackcheck.engine/2""#))
    }

    @Test func eachRequestGetsItsAnswerWithItsId() throws {
        let layout = try #require(Self.server.answer(#"{"id":7,"layout":"# + Self.scenario(views: 2) + "}"))
        let answer = try JSONParser.parse(layout)
        #expect(answer["id"] == .number(7))
        let expected = try DirectEngine().layout(Scenario(json: Self.scenario(views: 2)))
        #expect(try Layout(jsonValue: #require(answer["result"]), path: "result") == expected)

        let unsupported = try JSONParser.parse(try #require(Self.server.answer(#"{"id":8,"layout":"# + Self.scenario(views: 3) + "}")))
        #expect(unsupported["unsupported"]?["message"] == .string("more than two views"))
        #expect(unsupported["id"] == .number(8))
        let failed = try JSONParser.parse(try #require(Self.server.answer(#"{"id":9,"layout":"# + Self.scenario(views: 0) + "}")))
        #expect(failed["error"]?["message"] == .string("no views"))
    }

    @Test func badRequestsAreErrorsAndByeEnds() throws {
        let notJSON = try JSONParser.parse(try #require(Self.server.answer("not json")))
        #expect(notJSON["error"]?["message"] == .string("partial could not read the request as a JSON object"))
        let noLayout = try JSONParser.parse(try #require(Self.server.answer(#"{"id":3}"#)))
        #expect(noLayout["id"] == .number(3))
        #expect(noLayout["error"]?["message"] == .string(#"the request has no "layout" member"#))
        let invalid = try JSONParser.parse(try #require(Self.server.answer(#"{"id":4,"layout":{"format":"nope"}}"#)))
        #expect(invalid["error"] != nil)
        #expect(Self.server.answer("   ") == "")
        #expect(Self.server.answer(#"{"bye":true}"#) == nil)
    }
}
