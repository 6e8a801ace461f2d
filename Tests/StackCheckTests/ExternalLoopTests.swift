import Foundation
import Testing
import StackCheckCommands
@testable import StackConformance
import StackLayout

/// The loop with an external engine, end to end, through the real `stackcheck` executable where it
/// matters (signals, a shell): interrupting a run, replaying a failure from the line the report prints, keeping it
/// as a regression, and restarts that leak no process or descriptor.
///
/// No timed assertions: waits are bounded at 60 s or more, only so that a hang fails instead of blocking the tests.
/// Each test runs on a thread of its own (`onOwnThread`): its polling and waiting never depend on the cooperative
/// pool, which other suites' CPU-bound tests may hold for a minute on a 2-core machine.
@Suite(.serialized) struct ExternalLoopTests {
    static var stackcheck: String { BuildProducts.path(of: "stackcheck") ?? "missing-build-product-stackcheck" }

    /// A fresh directory for one test.
    static func directory(_ name: String) throws -> String {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("stackcheck-loop-\(getpid())-\(name)-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// A child process whose standard output and error go to files, waited for without blocking a thread of the
    /// cooperative pool (its termination handler resumes the test).
    final class Child: @unchecked Sendable {
        let process = Process()
        let outPath: String, errPath: String
        private let lock = NSLock()
        private var continuation: CheckedContinuation<Void, Never>?
        private var ended = false

        init(_ executable: String, _ arguments: [String], directory: String, environment: [String: String] = [:]) throws {
            outPath = directory + "/stdout.txt"
            errPath = directory + "/stderr.txt"
            _ = FileManager.default.createFile(atPath: outPath, contents: nil)
            _ = FileManager.default.createFile(atPath: errPath, contents: nil)
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = arguments
            process.currentDirectoryURL = URL(fileURLWithPath: directory)
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
            process.standardInput = FileHandle.nullDevice
            process.standardOutput = FileHandle(forWritingAtPath: outPath)
            process.standardError = FileHandle(forWritingAtPath: errPath)
            process.terminationHandler = { [self] _ in
                let c: CheckedContinuation<Void, Never>? = lock.withLock {
                    ended = true
                    defer { continuation = nil }
                    return continuation
                }
                c?.resume()
            }
            try process.run()
        }

        var out: String { (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? "" }
        var err: String { (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? "" }

        /// Waits for the exit, at most `bound` seconds (then kills the child: a hang). The exit status, or minus
        /// the signal that ended it.
        func exitStatus(bound: Double = 120) async -> Int32 {
            let process = self.process
            let watchdog = Task {
                try await Task.sleep(for: .seconds(bound))
                kill(process.processIdentifier, SIGKILL)
            }
            await withCheckedContinuation { (c: CheckedContinuation<Void, Never>) in
                let done: Bool = lock.withLock {
                    if ended { return true }
                    continuation = c
                    return false
                }
                if done { c.resume() }
            }
            watchdog.cancel()
            return process.terminationReason == .exit ? process.terminationStatus : -process.terminationStatus
        }

        /// Waits until standard error contains `text`, at most `bound` seconds; false if it never did (or the child
        /// ended first).
        func waitForError(containing text: String, bound: Double = 300) async -> Bool {
            let deadline = ContinuousClock.now + .seconds(bound)
            while ContinuousClock.now < deadline {
                if err.contains(text) { return true }
                if !process.isRunning { return err.contains(text) }
                try? await Task.sleep(for: .milliseconds(20))
            }
            return false
        }
    }

    static func json(_ path: String) throws -> JSONValue { try JSONParser.parse(try String(contentsOfFile: path, encoding: .utf8)) }

    static func results(_ report: JSONValue) -> [(property: String, status: String, message: String)] {
        guard case .array(let list)? = report["results"] else { return [] }
        return list.compactMap { r in
            guard case .string(let p)? = r["property"], case .string(let s)? = r["status"], case .string(let m)? = r["message"] else { return nil }
            return (p, s, m)
        }
    }

    static func isGone(_ pid: Int32) -> Bool { kill(pid, 0) == -1 && errno == ESRCH }

    /// Polls `condition` until it holds, at most `bound` seconds (a bound against a hang, not a timing).
    static func eventually(bound: Double = 60, _ condition: () -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + .seconds(bound)
        while ContinuousClock.now < deadline {
            if condition() { return true }
            try? await Task.sleep(for: .milliseconds(50))
        }
        return condition()
    }

    /// The lines `FAKE_ENGINE_RECORD` collected: each engine process's pid and its three standard streams.
    static func recorded(_ path: String) -> [(pid: Int32, streams: [String])] {
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { line in
            let words = line.split(separator: " ").map(String.init)
            guard let pid = words.first.flatMap({ Int32($0) }) else { return nil }
            return (pid, Array(words.dropFirst()))
        }
    }

    // MARK: Interrupting a run

    /// SIGINT (or SIGTERM) while both jobs wait on an engine that stopped answering stops the
    /// run: exit 130, both reports written with the finished properties' results and every other property NOTRUN,
    /// and no engine process left. Each engine process answers 8 requests, then hangs (the timeout is an hour):
    /// enough for a property of 2 cases to finish, far too few for the 13 properties (at least 26 requests), so the
    /// run cannot end by itself however slowly this test process is scheduled.
    @Test(arguments: [SIGINT, SIGTERM])
    func aSignalDuringARunOnAStalledEngineWritesTheReportsAndExits130(signal: Int32) async throws { try await onOwnThread {
        let dir = try Self.directory("interrupt")
        let record = dir + "/engines.txt"
        let command = "env FAKE_ENGINE_RECORD=\(BuildProducts.shellQuoted(record)) FAKE_ENGINE_ANSWERS=8 "
            + BuildProducts.command("fake-engine", "hang-later")
        let child = try Child(Self.stackcheck, ["run", "--engine-command", command, "--timeout", "3600", "--property", "hidden",
                                                "--property", "alignment", "--cases", "2", "--jobs", "2",
                                                "--json", "report.json", "--markdown", "report.md", "--html", "report.html",
                                                "--junit", "report.xml"],
                              directory: dir)
        // Once one property has finished, the engines soon stall with requests waiting.
        let started = await child.waitForError(containing: "[1/13]")
        #expect(started, "no property finished: \(child.err)")
        kill(child.process.processIdentifier, signal)
        let status = await child.exitStatus()
        #expect(status == 130, "\(child.err)")
        #expect(child.err.contains("interrupted"))

        let results = Self.results(try Self.json(dir + "/report.json"))
        #expect(results.count == 13)
        let finished = results.filter { $0.status != "NOTRUN" }
        let notRun = results.filter { $0.status == "NOTRUN" }
        #expect(finished.count >= 1 && finished.allSatisfy { $0.status == "PASS" }, "\(results)")
        #expect(notRun.count >= 1 && notRun.allSatisfy { $0.message == "not run: interrupted" }, "\(results)")
        let markdown = try String(contentsOfFile: dir + "/report.md", encoding: .utf8)
        #expect(markdown.contains("NOTRUN") && markdown.contains(finished.first?.property ?? "?"))
        let html = try String(contentsOfFile: dir + "/report.html", encoding: .utf8)
        #expect(html.contains("Interrupted (exit status 130)") && html.contains(#"<section id="notrun">"#))
        // The JUnit file too: every property a testcase, the ones not run skipped.
        let junit = try XMLTree(Data(contentsOf: URL(fileURLWithPath: dir + "/report.xml"))).root
        #expect(JUnitStructure.problems(junit) == [])
        let testcases = JUnitStructure.testcases(junit)
        #expect(testcases.count == 13)
        let skipped = testcases.filter { JUnitStructure.result($0)?.name == "skipped" }.compactMap { $0.attribute("name") }
        #expect(skipped == notRun.map(\.property))
        // Every engine process the run started is gone (ended and reaped).
        let engines = Self.recorded(record)
        #expect(engines.count >= 2)
        #expect(await Self.eventually { engines.allSatisfy { Self.isGone($0.pid) } }, "\(engines.map(\.pid))")
    } }

    @Test func aSignalDuringAReplayOnAHungEngineExits130() async throws { try await onOwnThread {
        let dir = try Self.directory("replay-interrupt")
        let record = dir + "/engines.txt"
        let command = "env FAKE_ENGINE_RECORD=\(BuildProducts.shellQuoted(record)) " + BuildProducts.command("fake-engine", "hang")
        // A token of alignment.leading (any case will do: the engine never answers, and the timeout is an hour).
        let token = "pc2_YWxpZ25tZW50LmxlYWRpbmcAZjdmZmZmZmYAAQAAAAAAAAEAAAAAAAAAAAAAAAAAAAA"
        let child = try Child(Self.stackcheck, ["replay", token, "--engine-command", command, "--timeout", "3600"], directory: dir)
        #expect(await Self.eventually { !Self.recorded(record).isEmpty }, "the engine never started: \(child.err)")
        kill(child.process.processIdentifier, SIGINT)
        #expect(await child.exitStatus() == 130, "\(child.err)")
        let engines = Self.recorded(record)
        #expect(await Self.eventually { engines.allSatisfy { Self.isGone($0.pid) } })
    } }

    // MARK: Replaying from the printed lines

    /// `/bin/sh -c` running `line`, in which `swift run stackcheck ARGS` runs the built `stackcheck` with ARGS (a
    /// shell function named `swift`): the printed line goes through a real POSIX shell's quoting, without building
    /// the package from inside its own tests. (A function, not a script on PATH: executing a file just written
    /// races with other tests' spawns, which can hold it open for writing: ETXTBSY.)
    static func shell(_ line: String, in directory: String) throws -> Child {
        let script = """
            swift() {
              [ "$1" = run ] && [ "$2" = stackcheck ] || { echo "not a stackcheck line: $*" >&2; return 99; }
              shift 2
              \(BuildProducts.shellQuoted(stackcheck)) "$@"
            }
            \(line)
            """
        return try Child("/bin/sh", ["-c", script], directory: directory)
    }

    /// The failure of `alignment.leading` on the `shifted` fake engine (every frame 1 pt to the right), with a
    /// non-default tolerance and timeout that the printed lines must carry over.
    static func shiftedFailure() async throws -> (message: String, replay: String, keep: String) {
        let path = try temporaryFile("shifted-\(UUID().uuidString.prefix(8)).json", "")
        let r = await runTool(["run", "--engine-command", BuildProducts.command("fake-engine", "shifted"), "--timeout", "30",
                               "--tolerance", "0.01", "--property", "alignment.leading", "--cases", "20", "--json", path])
        #expect(r.status == 1, "\(r.out)\(r.err)")
        let result = try #require(results(try json(path)).first)
        #expect(result.status == "FAIL")
        let lines = result.message.split(separator: "\n").map(String.init)
        let replay = try #require(lines.first { $0.hasPrefix("Replay: ") }).dropFirst("Replay: ".count)
        let keep = try #require(lines.first { $0.hasPrefix("Keep it as a regression: ") }).dropFirst("Keep it as a regression: ".count)
        // The text report prints the same lines.
        #expect(r.out.contains("  Replay: \(replay)\n"))
        return (lines[0], String(replay), String(keep))
    }

    @Test func thePrintedReplayLineReproducesAnExternalFailureThroughAShell() async throws { try await onOwnThread {
        let failure = try await Self.shiftedFailure()
        #expect(failure.replay.contains("--engine-command '"), "\(failure.replay)")
        #expect(failure.replay.contains("--timeout 30") && failure.replay.contains("--tolerance 0.01"), "\(failure.replay)")
        let child = try Self.shell(failure.replay, in: try Self.directory("replay"))
        #expect(await child.exitStatus() == 1, "\(child.out)\(child.err)")
        #expect(child.out.contains("on engine fake-engine"), "\(child.out)\(child.err)")
        #expect(child.out.contains("Status: FAIL: \(failure.message)"), "\(child.out)\n---\n\(failure.message)")
    } }

    @Test func thePrintedRegressionLineSavesARegressionThatReplaysOnEveryEngine() async throws { try await onOwnThread {
        let failure = try await Self.shiftedFailure()
        #expect(failure.keep.hasPrefix(failure.replay + " --save-regression "), "\(failure.keep)")
        let dir = try Self.directory("regression")
        let child = try Self.shell(failure.keep, in: dir)
        #expect(await child.exitStatus() == 1, "\(child.out)\(child.err)")
        #expect(child.out.contains("Saved the case as "), "\(child.out)")
        let regressions = dir + "/Fixtures/regressions"
        let saved = try RegressionStore.load(directory: regressions)
        let regression = try #require(saved.first)
        #expect(saved.count == 1)
        #expect(regression.property == "alignment.leading" && regression.engine == "fake-engine")

        // On the external engine it fails again, first, before any new case.
        let json = try temporaryFile("regression-run.json", "")
        let again = await runTool(["run", "--engine-command", BuildProducts.command("fake-engine", "shifted"), "--property",
                                   "alignment.leading", "--cases", "5", "--regressions", regressions, "--json", json])
        #expect(again.status == 1)
        let result = try #require(Self.results(try Self.json(json)).first)
        #expect(result.status == "FAIL" && result.message.hasPrefix("A saved regression fails again"), "\(result)")
        // The built-in engines get the case right: its replay passes on both, and so do runs that replay it.
        for engine in ["reference", "direct"] {
            let replay = await runTool(["replay", regression.token, "--engine", engine])
            #expect(replay.status == 0, "\(engine): \(replay.out)\(replay.err)")
            #expect(replay.out.contains("Status: PASS"), "\(engine): \(replay.out)")
            let run = await runTool(["run", "--engine", engine, "--property", "alignment.leading", "--cases", "5",
                                     "--regressions", regressions])
            #expect(run.status == 0, "\(engine): \(run.out)")
        }
    } }

    // MARK: Restarts leak nothing

    #if os(Linux)
    /// The targets of this process's open descriptors (`pipe:[inode]`, paths…).
    static func openDescriptors() -> Set<String> {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return Set(names.compactMap { try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + $0) })
    }

    /// An engine that crashes on every request is restarted after each crash (and after three in a row the run
    /// stops); afterwards no engine process is left (none running, none a zombie) and the suite holds no descriptor
    /// of any engine's pipes.
    @Test func restartsAfterCrashesLeakNoProcessAndNoDescriptor() async throws { try await onOwnThread {
        let dir = try Self.directory("leak")
        let record = dir + "/engines.txt"
        for mode in ["crash", "hang"] {
            try? FileManager.default.removeItem(atPath: record)
            let command = "env FAKE_ENGINE_RECORD=\(BuildProducts.shellQuoted(record)) " + BuildProducts.command("fake-engine", mode)
            // A hang never answers, so 0.5 s a request gives the same TIMEOUTs as 2 s, four times sooner; the crashes
            // keep 2 s, so that a loaded machine cannot turn a crash into a timeout.
            let r = await runTool(["run", "--engine-command", command, "--timeout", mode == "hang" ? "0.5" : "2", "--property", "hidden",
                                   "--cases", "2", "--jobs", "2"])
            #expect(r.status == 1, "\(mode): \(r.out)\(r.err)")
            #expect(r.out.contains(mode == "crash" ? "CRASH" : "TIMEOUT"), "\(r.out)")
            let engines = Self.recorded(record)
            // Two engines at the start, one more after each of at least three faults.
            #expect(engines.count >= 5, "\(mode): \(engines)")
            #expect(await Self.eventually { engines.allSatisfy { Self.isGone($0.pid) } }, "\(mode): \(engines.map(\.pid))")
            let theirPipes = Set(engines.flatMap(\.streams).filter { $0.hasPrefix("pipe:") })
            #expect(theirPipes.count == 3 * engines.count, "\(engines)")
            #expect(await Self.eventually { Self.openDescriptors().isDisjoint(with: theirPipes) },
                    "\(mode): \(Self.openDescriptors().intersection(theirPipes))")
        }
    } }
    #endif
}
