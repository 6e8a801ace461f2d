import StackConformance
import StackLayout

/// An external engine's answers (ENGINE-PROTOCOL.md): the first byte picks the answer to the hello (even) or to a
/// layout request (odd), the rest is the engine's line. Every line gives a greeting or a hello failure, a reading
/// of the answer or "out of step", never a trap; an accepted answer, written back the way the protocol's engine
/// side writes it (`EngineServer`), reads again as the same answer.
enum EngineAnswerTarget {
    /// The scenario of every layout request: a row of two views and a nested column of two, so that an answer's
    /// frames are matched against nested ids too.
    static let scenario = Scenario(container: Container(width: 200), stack: Stack(spacing: 8, arrangedSubviews: [
        .view("a", width: 40, height: 30),
        .stack("s", Stack(axis: .vertical, arrangedSubviews: [.view("b", width: 20, height: 10), .view("c", width: nil, height: 12)])),
    ]))
    static let requestID = 1

    static let target = FuzzTarget(
        name: "engine-answers",
        summary: "bytes as an engine's answer line, to the hello (first byte even) or to a layout request (odd); an "
            + "accepted answer written back by the engine side reads again as the same answer") { bytes throws(FuzzFinding) in
        guard let selector = bytes.first else { return }
        let line = text(Array(bytes.dropFirst()))
        if selector & 1 == 0 { try hello(line) } else { try layout(line) }
    }

    static func hello(_ line: String) throws(FuzzFinding) {
        let greeting: EngineGreeting
        do { greeting = try EngineGreeting(answer: line) } catch { return }
        let engine = Described(description: EngineDescription(name: greeting.name, version: greeting.version,
                                                               features: greeting.features))
        let (written, proceed) = EngineServer(engine: engine).greet(EngineGreeting.hello(suiteVersion: "fuzz"))
        try expect(proceed, "the engine side refused the suite's hello")
        let again: EngineGreeting
        do { again = try EngineGreeting(answer: written) } catch {
            throw FuzzFinding("the greeting written back does not read (\(error.message)): \(written)")
        }
        try expect(again.name == greeting.name && again.version == greeting.version && again.features == greeting.features,
                   "the greeting written back reads as another one: \(written)")
    }

    static func layout(_ line: String) throws(FuzzFinding) {
        let reading = EngineAnswer.read(line, id: requestID, scenario: scenario)
        let answer: Result<Layout, LayoutError>
        switch reading {
        case .outOfStep: return
        case .answered(.invalidAnswer): return
        case .answered(let error): answer = .failure(error)
        case .layout(let layout): answer = .success(layout)
        }
        let request = EngineAnswer.request(id: requestID, scenario: scenario)
        guard let written = EngineServer(engine: Answering(answer: answer)).answer(request) else {
            throw FuzzFinding("the engine side ended the conversation on a request")
        }
        let again = EngineAnswer.read(written, id: requestID, scenario: scenario)
        switch (reading, again) {
        case (.layout(let a), .layout(let b)):
            try expect(a == b, "the layout answer written back reads as another layout: \(written)")
        case (.answered(let a), .answered(let b)):
            try expect(a == b, "the answer written back reads as another answer: \(written)")
        default:
            throw FuzzFinding("the answer written back reads as another kind of answer: \(written)")
        }
    }

    /// An engine that only describes itself, for the engine side's greeting.
    struct Described: LayoutEngine {
        let description: EngineDescription
        var engineDescription: EngineDescription { description }
        func layout(_ scenario: Scenario) throws(LayoutError) -> Layout { throw .unsupported("describes itself only") }
    }

    /// An engine that gives one answer to every request.
    struct Answering: LayoutEngine {
        let answer: Result<Layout, LayoutError>
        var engineDescription: EngineDescription { EngineDescription(name: "fuzz", version: "1", features: .all) }
        func layout(_ scenario: Scenario) throws(LayoutError) -> Layout { try answer.get() }
    }
}
