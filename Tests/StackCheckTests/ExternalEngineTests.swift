import Foundation
import Testing
@testable import StackConformance
import StackLayout

/// ENGINE-PROTOCOL.md end to end: the suite's side (`ExternalEngine`) against real processes, the misbehaving
/// `fake-engine` (one mode per row of the fault table) and the `example-engine` template.
@Suite struct ExternalEngineTests {
    // MARK: Helpers

    /// A scenario with a hidden item and a nested stack, so that "every arranged item at every depth, hidden ones
    /// included" is exercised; pre-order: a, b (hidden), inner, c.
    static let scenario: Scenario = try! Scenario(json: """
        {"format":"stackcheck.scenario/1","container":{"width":300,"height":null},
         "stack":{"axis":"horizontal","distribution":"fill","alignment":"center","arrangedSubviews":[
           {"id":"a","intrinsicContentSize":{"width":40,"height":20}},
           {"id":"b","isHidden":true,"intrinsicContentSize":{"width":30,"height":10}},
           {"id":"inner","stack":{"axis":"vertical","arrangedSubviews":[
             {"id":"c","intrinsicContentSize":{"width":10,"height":10}}]}}]}}
        """)

    static var reference: Layout { try! ReferenceEngine().layout(scenario) }

    static func fake(_ mode: String, timeout: Double = 10) throws -> ExternalEngine {
        try ExternalEngine.start(command: BuildProducts.command("fake-engine", mode), timeout: timeout,
                                 suiteVersion: ConformanceSuite.version)
    }

    /// `fake-engine <mode>` with a fresh `FAKE_ENGINE_MARKER`, set through `env` so that tests running in
    /// parallel do not share the test process's environment.
    static func fakeWithMarker(_ mode: String) throws -> ExternalEngine {
        let marker = FileManager.default.temporaryDirectory.appendingPathComponent("fake-engine-marker-\(UUID().uuidString)").path
        let command = "env FAKE_ENGINE_MARKER=\(BuildProducts.shellQuoted(marker)) " + BuildProducts.command("fake-engine", mode)
        return try ExternalEngine.start(command: command, suiteVersion: ConformanceSuite.version)
    }

    /// The error of starting `command`, which has `startTimeout` seconds to answer the hello.
    static func startError(_ command: String, startTimeout: Double = 10) -> ExternalEngineStartError? {
        do {
            let engine = try ExternalEngine.start(command: command, startTimeout: startTimeout,
                                                  suiteVersion: ConformanceSuite.version)
            engine.stop()
            return nil
        } catch {
            return error
        }
    }

    static func outcome(_ engine: ExternalEngine, _ scenario: Scenario = scenario) -> Result<Layout, LayoutError> {
        do { return .success(try engine.layout(scenario)) } catch { return .failure(error) }
    }

    /// The error's case name and message, for `#expect`.
    static func failure(_ result: Result<Layout, LayoutError>) -> (kind: String, message: String)? {
        guard case .failure(let error) = result else { return nil }
        switch error {
        case .unsupported(let m): return ("unsupported", m)
        case .failed(let m): return ("failed", m)
        case .invalidAnswer(let m): return ("invalidAnswer", m)
        case .timedOut(let m): return ("timedOut", m)
        case .crashed(let m): return ("crashed", m)
        case .cannotStart(let m): return ("cannotStart", m)
        }
    }

    static func isGone(_ pid: Int32) -> Bool { kill(pid, 0) == -1 && errno == ESRCH }

    // MARK: Command words

    @Test func commandWordsSplitLikeAShellWithoutExpanding() async throws {
        let cases: [(String, [String])] = [
            ("python3 my_engine.py", ["python3", "my_engine.py"]),
            ("  a \t b\nc  ", ["a", "b", "c"]),
            ("'a b' c", ["a b", "c"]),
            (#"'a\b' '$HOME' 'say "hi"'"#, [#"a\b"#, "$HOME", #"say "hi""#]),
            (#""a b" "c\"d" "e\\f" "g\h" "\$x""#, ["a b", #"c"d"#, #"e\f"#, #"g\h"#, "$x"]),
            (#"a\ b \'q\' c\\"#, ["a b", "'q'", #"c\"#]),
            (#"ab'c d'"e"f"#, ["abc def"]),
            (#"a '' """#, ["a", "", ""]),
            ("~/engine $HOME/x *.py `date`", ["~/engine", "$HOME/x", "*.py", "`date`"]),
            ("a\\\nb c", ["ab", "c"]),
            ("trailing\\", [#"trailing\"#]),
            (#"'it'\''s'"#, ["it's"]),
        ]
        for (command, words) in cases {
            #expect(try CommandWords.split(command) == words, "\(command)")
        }
    }

    /// `quote` is the inverse of `split` (and of a POSIX shell, which ExternalLoopTests checks through /bin/sh).
    @Test func quotedWordsSplitBackIntoTheSameWords() async throws {
        let words = ["plain", "with space", "it's", #"a\b"#, "$HOME", "*.py", "", "'", #"say "hi""#, "tab\there", "a=b,c:d/e"]
        #expect(try CommandWords.split(CommandWords.join(["x"] + words)) == ["x"] + words)
        #expect(CommandWords.quote("/usr/bin/engine") == "/usr/bin/engine")
        #expect(CommandWords.quote("python3 my_engine.py") == "'python3 my_engine.py'")
        #expect(CommandWords.quote("it's") == #"'it'\''s'"#)
    }

    @Test func commandWordsRejectUnterminatedQuotesAndEmptyCommands() async {
        for (command, needle) in [("'abc", "unterminated single quote"), (#"a "bc"#, "unterminated double quote"),
                                  (#""a\""#, "unterminated double quote"), ("", "empty"), ("  \t\n", "empty"),
                                  ("'' x", "program name is empty")] {
            #expect(throws: CommandWordsError.self, "\(command)") { try CommandWords.split(command) }
            do {
                _ = try CommandWords.split(command)
            } catch {
                #expect(error.message.contains(needle), "\(command): \(error.message)")
            }
        }
    }

    // MARK: Messages

    @Test func helloAndRequestLinesAreExactlyTheProtocols() async {
        #expect(EngineGreeting.hello(suiteVersion: "0.1.0") == #"{"protocol":"stackcheck.engine/1","hello":{"suite":"0.1.0"}}"#)
        #expect(EngineAnswer.request(id: 17, scenario: Self.scenario) == #"{"id":17,"layout":"# + Self.scenario.jsonValue.compactText + "}")
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
        var wrong = Self.reference
        wrong.frames[0].frame.width = -1234
        let line = JSONValue.object([("id", .number(3)), ("result", wrong.jsonValue)]).compactText
        guard case .layout(let layout) = EngineAnswer.read(line, id: 3, scenario: Self.scenario) else {
            Issue.record("not read as a layout")
            return
        }
        #expect(layout == wrong)
    }

    @Test func answersWithNoneOrSeveralKindsOrNoMessageAreInvalid() async {
        for (line, needle) in [(#"{"id":1}"#, "none of"),
                               (#"{"id":1,"error":{"message":"x"},"unsupported":{"message":"y"}}"#, "more than one of"),
                               (#"{"id":1,"error":"boom"}"#, #""error" must be an object with a "message" string"#)] {
            guard case .answered(.invalidAnswer(let message)) = EngineAnswer.read(line, id: 1, scenario: Self.scenario) else {
                Issue.record("\(line) not invalid")
                continue
            }
            #expect(message.contains(needle), "\(message)")
        }
        guard case .outOfStep(let message) = EngineAnswer.read(#"{"result":{}}"#, id: 1, scenario: Self.scenario) else {
            Issue.record("an answer without id is out of step")
            return
        }
        #expect(message.contains("no \"id\""))
    }

    // MARK: Hello

    @Test func buildProductsAreFound() async {
        #expect(BuildProducts.path(of: "fake-engine") != nil)
        #expect(BuildProducts.path(of: "example-engine") != nil)
    }

    @Test func goodEngineGreetsAndAnswersLikeTheReference() async throws { try await offThePool {
        let engine = try Self.fake("good")
        defer { engine.stop() }
        #expect(engine.name == "fake-engine")
        #expect(engine.version == "good")
        #expect(engine.features == .all)
        #expect(engine.unknownFeatures.isEmpty)
        #expect(try engine.layout(Self.scenario) == Self.reference)
        #expect(try engine.layout(Self.scenario) == Self.reference)
        #expect(engine.restartCount == 0)
    } }

    @Test func aFeatureListIsTheExactSetAndUnknownNamesAreReported() async throws { try await offThePool {
        let engine = try Self.fake("features")
        defer { engine.stop() }
        #expect(engine.features == [.fill, .leading])
        #expect(engine.unknownFeatures == ["bogusFeature"])
    } }

    @Test func noFeaturesKeyMeansAllFeatures() async throws { try await offThePool {
        let engine = try Self.fake("no-features")
        defer { engine.stop() }
        #expect(engine.features == .all)
        #expect(engine.unknownFeatures.isEmpty)
    } }

    @Test func helloAnsweredWithAnErrorIsAStartError() async throws { try await offThePool {
        let error = try #require(Self.startError(BuildProducts.command("fake-engine", "hello-error")))
        #expect(error.message.contains("refused the hello: fake-engine speaks stackcheck.engine/0 only"), "\(error)")
        #expect(error.message.contains("exited with status 1"), "\(error)")
    } }

    @Test(arguments: ["hang-hello", "never-greet"])
    func noAnswerToTheHelloIsAStartErrorWithinTheStartTimeout(mode: String) async throws { try await offThePool {
        let e = try #require(Self.startError(BuildProducts.command("fake-engine", mode), startTimeout: 0.5))
        #expect(e.message.contains("did not answer the hello within 0.5 s"), "\(e)")
    } }

    @Test func aProgramNotInPathIsAStartError() async throws { try await offThePool {
        let error = try #require(Self.startError("no-such-engine-for-stackcheck --flag"))
        #expect(error.message.contains("no-such-engine-for-stackcheck"), "\(error)")
        #expect(error.message.contains("PATH"), "\(error)")
    } }

    @Test func aMalformedCommandIsAStartError() async throws { try await offThePool {
        let empty = try #require(Self.startError(""))
        #expect(empty.message.contains("empty"))
        let unterminated = try #require(Self.startError("engine 'unterminated"))
        #expect(unterminated.message.contains("unterminated single quote"))
        let noTimeout = try #require(Self.startError(BuildProducts.command("fake-engine", "good"), startTimeout: 0))
        #expect(noTimeout.message.contains("timeout"))
    } }

    @Test func anExitBeforeTheHelloIsAStartErrorWithStatusAndStandardError() async throws { try await offThePool {
        let error = try #require(Self.startError(BuildProducts.command("fake-engine", "no-such-mode")))
        #expect(error.message.contains("exited with status 2"), "\(error)")
        #expect(error.message.contains("unknown mode 'no-such-mode'"), "\(error)")
    } }

    // MARK: Answers (fault table: ERROR, unsupported)

    @Test func anErrorAnswerIsFailedWithItsMessage() async throws { try await offThePool {
        let engine = try Self.fake("error")
        defer { engine.stop() }
        let f = Self.failure(Self.outcome(engine))
        #expect(f?.kind == "failed")
        #expect(f?.message == "fake-engine always fails")
        #expect(engine.restartCount == 0)
    } }

    @Test func anUnsupportedAnswerIsUnsupported() async throws { try await offThePool {
        let engine = try Self.fake("unsupported")
        defer { engine.stop() }
        let f = Self.failure(Self.outcome(engine))
        #expect(f?.kind == "unsupported")
        #expect(f?.message == "fake-engine supports nothing")
    } }

    @Test func aLineThatIsNotJSONIsInvalidAndTheEngineIsRestarted() async throws { try await offThePool {
        let engine = try Self.fake("garbage")
        defer { engine.stop() }
        let pid = engine.processIdentifier
        let f = Self.failure(Self.outcome(engine))
        #expect(f?.kind == "invalidAnswer")
        #expect(f?.message.contains("not JSON") == true, "\(String(describing: f))")
        #expect(f?.message.contains("this is not JSON") == true, "the line is quoted: \(String(describing: f))")
        #expect(engine.restartCount == 1)
        #expect(engine.processIdentifier != pid)
        #expect(Self.failure(Self.outcome(engine))?.kind == "invalidAnswer")
    } }

    @Test func anAnswerWithAnotherIdIsInvalidAndTheEngineIsRestarted() async throws { try await offThePool {
        let engine = try Self.fake("wrong-id")
        defer { engine.stop() }
        let f = Self.failure(Self.outcome(engine))
        #expect(f?.kind == "invalidAnswer")
        #expect(f?.message.contains("the answer is for id 1001, not 1") == true, "\(String(describing: f))")
        #expect(engine.restartCount == 1)
        // Ids keep increasing across restarts.
        #expect(Self.failure(Self.outcome(engine))?.message.contains("for id 1002, not 2") == true)
    } }

    @Test func aResultWithoutAFrameForANestedItemIsInvalid() async throws { try await offThePool {
        let engine = try Self.fake("missing-frame")
        defer { engine.stop() }
        let f = Self.failure(Self.outcome(engine))
        #expect(f?.kind == "invalidAnswer")
        #expect(f?.message.contains(#"no frame for arranged item "c""#) == true, "\(String(describing: f))")
        #expect(engine.restartCount == 0, "the conversation is still in step")
    } }

    @Test func aResultWithAFrameForAnUnknownIdIsInvalid() async throws { try await offThePool {
        let engine = try Self.fake("extra-frame")
        defer { engine.stop() }
        let f = Self.failure(Self.outcome(engine))
        #expect(f?.kind == "invalidAnswer")
        #expect(f?.message.contains(#""fake-engine-extra", which the scenario does not have"#) == true, "\(String(describing: f))")
    } }

    @Test func aResultThatIsNotALayoutIsInvalid() async throws { try await offThePool {
        let engine = try Self.fake("not-layout")
        defer { engine.stop() }
        let f = Self.failure(Self.outcome(engine))
        #expect(f?.kind == "invalidAnswer")
        #expect(f?.message.contains("not a layout document: result.format: missing") == true, "\(String(describing: f))")
    } }

    @Test func framesInAnotherOrderAreAcceptedInScenarioPreOrder() async throws {
        // The answer's `frames` member order carries no meaning; validation is by id. (The fake's frames are in
        // pre-order already; this checks the reader directly with a shuffled document.)
        var shuffled = Self.reference
        shuffled.frames.reverse()
        let line = JSONValue.object([("id", .number(7)), ("result", shuffled.jsonValue)]).compactText
        guard case .layout(let layout) = EngineAnswer.read(line, id: 7, scenario: Self.scenario) else {
            Issue.record("not read as a layout")
            return
        }
        #expect(layout == Self.reference)
    }

    // MARK: Timeouts (fault table: TIMEOUT)

    @Test func aHangingEngineTimesOutIsKilledAndRestarted() async throws { try await offThePool {
        // 2 s: the timeout also bounds the hello of the start and of the restart, which a busy machine may slow.
        let engine = try Self.fake("hang", timeout: 2)
        defer { engine.stop() }
        let pid = try #require(engine.processIdentifier)
        let f = Self.failure(Self.outcome(engine))
        #expect(f?.kind == "timedOut")
        #expect(f?.message.contains("no answer within 2 s") == true, "\(String(describing: f))")
        #expect(Self.isGone(pid))
        #expect(engine.restartCount == 1)
        // The new process was greeted (else `.cannotStart`) and hangs again.
        #expect(Self.failure(Self.outcome(engine))?.kind == "timedOut")
    } }

    @Test func aSlowEngineWithinTheTimeoutIsFineAndBeyondItTimesOut() async throws { try await offThePool {
        // Margins no busy machine closes: 0.3 s answers within 60 s; 3 s answers beyond 2 s (which the hello, answered
        // at once, is well within).
        let patient = try Self.fake("slow", timeout: 60)
        defer { patient.stop() }
        #expect(try patient.layout(Self.scenario) == Self.reference)
        let hurried = try Self.fake("slow-3", timeout: 2)
        defer { hurried.stop() }
        #expect(Self.failure(Self.outcome(hurried))?.kind == "timedOut")
    } }

    // MARK: Crashes (fault table: CRASH)

    @Test func anEngineThatExitsIsACrashWithItsStatusAndIsRestarted() async throws { try await offThePool {
        let engine = try Self.fake("crash")
        defer { engine.stop() }
        let f = Self.failure(Self.outcome(engine))
        #expect(f?.kind == "crashed")
        #expect(f?.message.contains("exited with status 3") == true, "\(String(describing: f))")
        #expect(engine.restartCount == 1)
        #expect(Self.failure(Self.outcome(engine))?.kind == "crashed")
        #expect(engine.restartCount == 2)
    } }

    @Test func afterACrashTheRestartedEngineServesTheNextRequest() async throws { try await offThePool {
        let engine = try Self.fakeWithMarker("crash-once")
        defer { engine.stop() }
        #expect(Self.failure(Self.outcome(engine))?.kind == "crashed")
        #expect(try engine.layout(Self.scenario) == Self.reference)
        #expect(try engine.layout(Self.scenario) == Self.reference)
        #expect(engine.restartCount == 1)
    } }

    @Test func anEngineThatClosesItsOutputIsACrash() async throws { try await offThePool {
        let engine = try Self.fake("close-stdout")
        defer { engine.stop() }
        let f = Self.failure(Self.outcome(engine))
        #expect(f?.kind == "crashed")
        #expect(f?.message.contains("closed its output") == true, "\(String(describing: f))")
    } }

    @Test func aFailedRestartLeavesTheEngineDead() async throws { try await offThePool {
        let engine = try Self.fakeWithMarker("rehello-error")
        defer { engine.stop() }
        let f = Self.failure(Self.outcome(engine))
        #expect(f?.kind == "cannotStart")
        #expect(f?.message.contains("could not be started again") == true, "\(String(describing: f))")
        #expect(f?.message.contains("refused the hello") == true, "\(String(describing: f))")
        #expect(Self.failure(Self.outcome(engine))?.kind == "cannotStart")
        #expect(engine.processIdentifier == nil)
    } }

    @Test func aRestartThatDeclaresOtherFeaturesLeavesTheEngineDead() async throws { try await offThePool {
        let engine = try Self.fakeWithMarker("rehello-features")
        defer { engine.stop() }
        let f = Self.failure(Self.outcome(engine))
        #expect(f?.kind == "cannotStart")
        #expect(f?.message.contains("declared other features") == true, "\(String(describing: f))")
        #expect(Self.failure(Self.outcome(engine))?.kind == "cannotStart")
    } }

    // MARK: Lines and deadlines (EngineProcess)

    @Test func aLineLongerThan16MiBIsTooLong() async throws { try await offThePool {
        // 17 MB without a newline.
        let process = try EngineProcess.spawn(["head", "-c", "17000000", "/dev/zero"], standardError: StandardErrorTail())
        #expect(process.readLine(until: Deadline(after: 10)) == .tooLong)
        process.terminate()
    } }

    @Test func aWriteToAnEngineThatDoesNotReadGivesUpAtTheDeadline() async throws { try await offThePool {
        let process = try EngineProcess.spawn(["sleep", "30"], standardError: StandardErrorTail())
        let pid = process.pid
        let deadline = Deadline(after: 0.3)
        #expect(process.writeLine(String(repeating: "x", count: 1 << 20), until: deadline) == .timedOut)
        #expect(deadline.hasPassed, "gave up before its deadline")
        let end = process.terminate()
        #expect(end.signalledBySuite)
        #expect(end.signal == SIGTERM)
        #expect(Self.isGone(pid))
    } }

    @Test func aReadGivesUpAtTheDeadline() async throws { try await offThePool {
        let process = try EngineProcess.spawn(["sleep", "30"], standardError: StandardErrorTail())
        let deadline = Deadline(after: 0.2)
        #expect(process.readLine(until: deadline) == .timedOut)
        #expect(deadline.hasPassed, "gave up before its deadline")
        process.terminate()
    } }

    // MARK: Standard error and the end

    @Test func aFloodOfStandardErrorDoesNotBlockAndOnlyTheTailIsKept() async throws { try await offThePool {
        let engine = try Self.fake("flood-stderr")
        defer { engine.stop() }
        // 8 MiB before each answer, 128 times a pipe's buffer: answered (no TIMEOUT) only if standard error is drained.
        let answers = [Self.outcome(engine), Self.outcome(engine)]
        #expect(answers == [.success(Self.reference), .success(Self.reference)])
        let tail = engine.standardErrorTail
        #expect(tail.utf8.count <= 4096)
        // The drain runs on its own thread; the last line may arrive just after the answer (60 s: a bound against a
        // hang only).
        let deadline = ContinuousClock.now + .seconds(60)
        while !engine.standardErrorTail.contains("before answering request 2"), ContinuousClock.now < deadline {
            usleep(10_000)
        }
        #expect(engine.standardErrorTail.hasSuffix("fake-engine: flooded 8 MiB before answering request 2\n"))
    } }

    @Test func stopEndsAGoodEngineByItsOwnExitAfterBye() async throws { try await offThePool {
        let engine = try Self.fake("good")
        let pid = try #require(engine.processIdentifier)
        engine.stop()
        let end = try #require(engine.lastTermination)
        #expect(!end.signalledBySuite, "\(end)")
        #expect(end.exitStatus == 0, "\(end)")
        #expect(Self.isGone(pid))
        #expect(Self.failure(Self.outcome(engine))?.kind == "cannotStart")
        engine.stop()   // idempotent
    } }

    @Test func anEngineThatIgnoresByeAndTermIsKilledOnStop() async throws { try await offThePool {
        let engine = try Self.fake("ignore-bye")
        #expect(try engine.layout(Self.scenario) == Self.reference)
        let pid = try #require(engine.processIdentifier)
        engine.stop()
        // It outlived bye and TERM: only the KILL that follows ended it.
        let end = try #require(engine.lastTermination)
        #expect(end.signalledBySuite, "\(end)")
        #expect(end.signal == SIGKILL, "\(end)")
        #expect(Self.isGone(pid))
    } }

    // MARK: Interrupts (SIGINT, SIGTERM)

    /// A request waiting on an engine that never answers ends when the interrupt fires from another thread: no
    /// TIMEOUT (the 120 s timeout only bounds the test if interrupts were broken), no restart, and
    /// `stopAfterInterrupt` ends the process.
    @Test func anInterruptEndsARequestInFlightWithoutARestart() async throws { try await offThePool {
        let interrupt = EngineInterrupt()
        let engine = try ExternalEngine.start(command: BuildProducts.command("fake-engine", "hang"), timeout: 120,
                                              suiteVersion: ConformanceSuite.version, interrupt: interrupt)
        let pid = try #require(engine.processIdentifier)
        Thread.detachNewThread {
            usleep(200_000)   // most likely while the request waits; before it, the outcome is the same
            interrupt.fire()
        }
        let f = Self.failure(Self.outcome(engine))
        #expect(f?.kind == "cannotStart")
        #expect(f?.message.contains("interrupted") == true, "\(String(describing: f))")
        #expect(engine.restartCount == 0)
        #expect(Self.failure(Self.outcome(engine))?.kind == "cannotStart", "later requests fail at once")
        engine.stopAfterInterrupt()
        #expect(Self.isGone(pid))
        #expect(engine.processIdentifier == nil)
    } }

    /// The board an interrupt stops keeps the results recorded before, drops those that arrive after (a property
    /// cut off by the interrupt), hands out no more properties, and reports the rest NOTRUN with the reason.
    @Test func aStoppedBoardKeepsFinishedResultsAndReportsTheRestNotRun() async throws {
        var options = RunOptions(cases: 1)
        options.properties = ["hidden"]
        let properties = options.selectedProperties
        let board = CatalogueRun.Board(count: properties.count)
        #expect(board.next() == 0 && board.next() == 1)
        let passed = PropertyResult(checked: properties[0], tally: CaseTally(cases: 1), failures: [], message: "1 cases passed")
        #expect(board.finish(0, passed) == 1)
        board.stop(.interrupted)
        #expect(board.finish(1, PropertyResult(errored: properties[1], reason: .cannotStart, message: "cut off",
                                                    tally: CaseTally(), failures: [], standardError: nil)) == nil)
        #expect(board.next() == nil)
        let report = board.report(engine: ReferenceEngine(), options: options, started: "", seconds: 0)
        #expect(report.results.map(\.status) == [.pass] + Array(repeating: .notRun, count: properties.count - 1))
        #expect(report.results.dropFirst().allSatisfy { $0.message == "not run: interrupted" })
        #expect(report.stop == .interrupted)
    }

    // MARK: The example engine

    static let goldenDirectory: String = {
        var parts = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)
        return parts.joined(separator: "/") + "/Fixtures/golden"
    }()

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
            let actual = Self.outcome(external, scenario)
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
        guard case .answered(.failed(let message)) = EngineAnswer.read(line, id: 5, scenario: Self.scenario) else {
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
