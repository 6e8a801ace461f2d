import Foundation
import StackLayout

/// An engine that runs as a child process and speaks ENGINE-PROTOCOL.md: JSON lines over its standard input and
/// output. It conforms to `LayoutEngine`, so the suite checks it exactly as it checks a built-in engine.
///
/// Every fault of the engine becomes a `LayoutError` of the request that caused it, never a hang or a crash of the
/// suite: an answer that is not valid is `.invalidAnswer`; no answer within the timeout is `.timedOut` (the engine
/// is killed and started again); an exit or a closed output is `.crashed` (started again); a line that is out of
/// step with the requests (not JSON, another id) is `.invalidAnswer` and the engine is started again too. A restart
/// greets the engine again and requires the same features; if that fails the engine stays dead and every later
/// request throws `.cannotStart`, which stops the run (exit status 3).
///
/// One request at a time: an internal lock serializes callers. With `--jobs N` the suite starts N engines.
public final class ExternalEngine: LayoutEngine, EngineWithCommandLine, @unchecked Sendable {
    /// From the engine's hello: its name, version and features, and the feature names protocol version 1 does not
    /// know (sorted; the report lists them). No capabilities: the suite judges it on its answers alone.
    public let engineDescription: EngineDescription
    /// The command as given.
    public let command: String
    /// Seconds allowed for each request.
    public let timeout: Double
    /// Seconds allowed for the engine to start and answer the hello, at the start and after each restart: a JVM or
    /// an interpreter that imports a large library takes seconds to start, which is not a request's time.
    public let startTimeout: Double
    /// `startTimeout`'s default.
    /// How long a request may take, in seconds, unless `--timeout` says otherwise (ENGINE-PROTOCOL.md, "Faults the
    /// suite handles").
    public static let defaultTimeout = 10.0
    public static let defaultStartTimeout = 30.0

    private let words: [String]
    private let suiteVersion: String
    private let tail: StandardErrorTail
    /// Fired on SIGINT/SIGTERM: every wait on this engine ends at once and the engine is not restarted.
    private let interrupt: EngineInterrupt
    private let lock = NSLock()
    /// The running process's id, readable without `lock` (which a request holds while it waits).
    private let pidLock = NSLock()
    private var runningPID: Int32?
    // Guarded by `lock`:
    private var process: EngineProcess?
    private var nextID = 1
    private var restarts = 0
    /// Set once the engine cannot be used any more (a failed restart, or `stop()`): every request throws it.
    private var deadReason: String?
    private var lastEnd: EngineProcess.Termination?
    /// The last request that did not end with a layout (an `error` or `unsupported` answer, an invalid answer, a
    /// timeout, a crash): its id and the standard-error positions around it. `end` is nil until the next request
    /// starts, so that what the engine writes right after an error answer still belongs to it.
    private var lastFault: (id: Int, start: Int, end: Int?)?

    private init(command: String, words: [String], timeout: Double, startTimeout: Double, suiteVersion: String,
                 tail: StandardErrorTail, interrupt: EngineInterrupt, process: EngineProcess, greeting: EngineGreeting) {
        self.command = command
        self.interrupt = interrupt
        runningPID = process.pid
        self.words = words
        self.timeout = timeout
        self.startTimeout = startTimeout
        self.suiteVersion = suiteVersion
        self.tail = tail
        self.process = process
        engineDescription = EngineDescription(name: greeting.name, version: greeting.version, features: greeting.features,
                                              unknownFeatures: greeting.unknownFeatures)
    }

    deinit { stop() }

    /// Starts the engine command (split by `CommandWords`, first word looked up in PATH) and greets it. Throws if
    /// the command is malformed or cannot run, or if the engine does not answer the hello with a greeting within
    /// `startTimeout` seconds (it refused, went silent, exited, or wrote something else); the CLI exits with status 3.
    /// Each request then has `timeout` seconds.
    ///
    /// `interrupt`, when fired (SIGINT, SIGTERM), ends at once every wait on the engine, the hello included; pass the
    /// same one to every engine of a run.
    public static func start(command: String, timeout: Double = defaultTimeout, startTimeout: Double = defaultStartTimeout,
                             suiteVersion: String,
                             interrupt: EngineInterrupt = EngineInterrupt()) throws(ExternalEngineStartError) -> ExternalEngine {
        for t in [timeout, startTimeout] where !(t > 0 && t.isFinite) {
            throw ExternalEngineStartError(message: "cannot start the engine: the timeout must be a positive number of "
                                           + "seconds (found \(t))")
        }
        let words: [String]
        do {
            words = try CommandWords.split(command)
        } catch {
            throw ExternalEngineStartError(message: "cannot start the engine: \(error.message)")
        }
        let tail = StandardErrorTail()
        switch launch(words, timeout: startTimeout, suiteVersion: suiteVersion, tail: tail, interrupt: interrupt) {
        case .success(let (process, greeting)):
            return ExternalEngine(command: command, words: words, timeout: timeout, startTimeout: startTimeout,
                                  suiteVersion: suiteVersion, tail: tail, interrupt: interrupt, process: process,
                                  greeting: greeting)
        case .failure(let error):
            throw ExternalEngineStartError(message: "cannot start the engine `\(command)`: \(error.message)")
        }
    }

    /// `--engine-command CMD`, and `--timeout S` and `--start-timeout S` when they are not the defaults: the
    /// arguments that start this engine again, for the replay lines of a report.
    public var engineArguments: [String] {
        ["--engine-command", command] + (timeout == Self.defaultTimeout ? [] : ["--timeout", formatNumber(timeout)])
            + (startTimeout == Self.defaultStartTimeout ? [] : ["--start-timeout", formatNumber(startTimeout)])
    }

    /// The last 4 KiB the engine (this process or the ones before a restart) wrote to its standard error, for the
    /// report with each non-PASS result. Readable while a request is in flight.
    public var standardErrorTail: String { tail.text }

    /// How many times the engine was started again after a fault.
    public var restartCount: Int { lock.withLock { restarts } }

    /// How the engine process ended at the last `stop()` (tests check how it ended, not how long it took).
    var lastTermination: EngineProcess.Termination? { lock.withLock { lastEnd } }

    /// The engine's process id, while it runs (tests check that it is gone after `stop()`).
    var processIdentifier: Int32? { lock.withLock { process?.pid } }

    /// Ends the conversation: `{"bye":true}`, closes the engine's input, gives it 2 s to exit, then signals its
    /// process group (TERM, KILL after 1 s) and reaps it. Later requests throw `.cannotStart`.
    public func stop() {
        lock.withLock {
            if let end = process?.sayGoodbye() { lastEnd = end }
            process = nil
            setRunningPID(nil)
            if deadReason == nil { deadReason = "the engine was stopped" }
        }
    }

    /// Stops the engine after an interrupt, from any thread, within about a second: fires `interrupt` (the request
    /// in flight, if any, ends at once and releases the engine), then `bye`, TERM and KILL with short waits. If the
    /// engine stays busy anyway, its process group is signalled TERM then KILL directly.
    public func stopAfterInterrupt() {
        interrupt.fire()
        if lock.lock(before: Date(timeIntervalSinceNow: 1)) {
            process?.sayGoodbye()
            process = nil
            setRunningPID(nil)
            if deadReason == nil { deadReason = "the run was interrupted" }
            lock.unlock()
        } else if let pid = pidLock.withLock({ runningPID }) {
            kill(-pid, SIGTERM)
            usleep(300_000)
            kill(-pid, SIGKILL)
        }
    }

    /// Kills the engine's process group at once (SIGKILL), without waiting or reaping: the suite is exiting now (a
    /// second Ctrl-C).
    public func killNow() {
        if let pid = pidLock.withLock({ runningPID }) { kill(-pid, SIGKILL) }
    }

    private func setRunningPID(_ pid: Int32?) { pidLock.withLock { runningPID = pid } }

    public func layout(_ scenario: Scenario) throws(LayoutError) -> Layout {
        try layout(scenario, started: { _, _ in })
    }

    /// `layout(_:)`, telling `started` the request's id and the standard-error position at its start.
    private func layout(_ scenario: Scenario, started: (Int, Int) -> Void) throws(LayoutError) -> Layout {
        lock.lock()
        defer { lock.unlock() }
        if interrupt.isFired && deadReason == nil { deadReason = "the run was interrupted" }
        guard deadReason == nil, let process else { throw .cannotStart(deadReason ?? "the engine is not running") }
        let id = nextID
        nextID += 1
        process.catchUpStandardError()
        let start = tail.mark
        if let fault = lastFault, fault.end == nil { lastFault?.end = start }
        started(id, start)
        switch exchange(with: process, id: id, scenario: scenario) {
        case .layout(let layout): return layout
        case .answered(let error):
            lastFault = (id, start, nil)
            throw error
        case .fault(var fault):
            // The old process has ended and its standard error is drained: what it wrote is this request's.
            lastFault = (id, start, tail.mark)
            // A crash is told apart by what the engine said last (an exception's type and message), not only by how
            // its process ended.
            if case .crashed = fault, let words = Self.lastWords(tail.text(from: start, to: tail.mark)) {
                fault = fault.appending("; its last words on standard error: \(words)")
            }
            // Interrupted: no restart; `stopAfterInterrupt` (holding the lock next) ends the process.
            if interrupt.isFired {
                deadReason = "the run was interrupted"
                throw .cannotStart("request \(id): the run was interrupted")
            }
            try restart(after: fault)
        }
    }

    /// How long after an answer the engine's standard error is still read for that request's excerpt: the engine
    /// writes its log lines before its answer, but the drain thread may not have read them yet.
    static let standardErrorGrace = 0.1

    /// Lays `scenario` out and keeps what the engine wrote to its standard error from the request until
    /// `standardErrorGrace` seconds after the answer (for a FAIL: the shrunk case, replayed at the end); `during`
    /// says which case that is.
    public func layoutRecordingStandardError(_ scenario: Scenario, during: String) -> (Result<Layout, LayoutError>, StandardErrorExcerpt?) {
        var request: (id: Int, start: Int)?
        let result: Result<Layout, LayoutError>
        do { result = .success(try layout(scenario) { request = ($0, $1) }) } catch { result = .failure(error) }
        guard let request else { return (result, nil) }
        Thread.sleep(forTimeInterval: Self.standardErrorGrace)
        let text = tail.text(from: request.start, to: lastFaultEnd(ofRequest: request.id))
        return (result, StandardErrorExcerpt(request: request.id, during: during, text: text))
    }

    /// What the engine wrote to its standard error around the last request that did not end with a layout (for an
    /// ERROR, TIMEOUT or CRASH: the request that caused it).
    public var faultStandardError: StandardErrorExcerpt? {
        lock.withLock {
            guard let fault = lastFault else { return nil }
            return StandardErrorExcerpt(request: fault.id, during: "the request that failed",
                                        text: tail.text(from: fault.start, to: fault.end))
        }
    }

    private func lastFaultEnd(ofRequest id: Int) -> Int? {
        lock.withLock { lastFault.flatMap { $0.id == id ? $0.end : nil } }
    }

    private enum Exchange {
        case layout(Layout)
        /// An answer to the request that is not a layout: `unsupported`, `error`, or an invalid answer.
        case answered(LayoutError)
        /// A fault after which the process has been ended: the error to report once the engine runs again.
        case fault(LayoutError)
    }

    /// One request and its answer, within one timeout. On a fault the process is ended here, so that the message
    /// can say how it ended.
    private func exchange(with process: EngineProcess, id: Int, scenario: Scenario) -> Exchange {
        let deadline = Deadline(after: timeout)
        let request = "request \(id): "
        switch process.writeLine(EngineAnswer.request(id: id, scenario: scenario), until: deadline) {
        case .written:
            break
        case .timedOut:
            process.terminate()
            return .fault(.timedOut(request + "the engine did not read the request within \(formatSeconds(timeout)) and was killed"))
        case .interrupted:
            return .fault(.cannotStart(request + "the run was interrupted"))
        case .closed:
            return .fault(.crashed(request + "the engine closed its input and \(process.terminate(grace: 1))"))
        case .failed(let why):
            process.terminate()
            return .fault(.crashed(request + why + "; the engine was killed"))
        }
        switch process.readLine(until: deadline) {
        case .line(let text):
            switch EngineAnswer.read(text, id: id, scenario: scenario) {
            case .layout(let layout): return .layout(layout)
            case .answered(let error): return .answered(error)
            case .outOfStep(let what):
                process.terminate()
                return .fault(.invalidAnswer(what))
            }
        case .timedOut:
            process.terminate()
            return .fault(.timedOut(request + "no answer within \(formatSeconds(timeout)); the engine was killed"))
        case .endOfFile:
            return .fault(.crashed(request + "the engine closed its output and \(process.terminate(grace: 1))"))
        case .tooLong:
            process.terminate()
            return .fault(.invalidAnswer(request + "the answer line is longer than \(EngineProcess.maximumLineLength >> 20) MiB"))
        case .notUTF8:
            process.terminate()
            return .fault(.invalidAnswer(request + "the answer is not UTF-8"))
        case .interrupted:
            return .fault(.cannotStart(request + "the run was interrupted"))
        case .failed(let why):
            process.terminate()
            return .fault(.crashed(request + why + "; the engine was killed"))
        }
    }

    /// After a fault (the old process already ended): starts and greets the engine again, then throws `fault`; or,
    /// if the new engine cannot be greeted or declares other features, marks the engine dead and throws
    /// `.cannotStart`. Called with `lock` held.
    private func restart(after fault: LayoutError) throws(LayoutError) -> Never {
        process = nil
        setRunningPID(nil)
        restarts += 1
        switch Self.launch(words, timeout: startTimeout, suiteVersion: suiteVersion, tail: tail, interrupt: interrupt) {
        case .success(let (newProcess, greeting)):
            guard greeting.features == features else {
                newProcess.sayGoodbye()
                let lost = features.subtracting(greeting.features), gained = greeting.features.subtracting(features)
                var changes: [String] = []
                if !lost.isEmpty { changes.append("without \(lost)") }
                if !gained.isEmpty { changes.append("with \(gained)") }
                let reason = "after a fault (\(fault)), the engine was started again but declared other features "
                    + "than at the start (now " + changes.joined(separator: ", ") + ")"
                deadReason = reason
                throw .cannotStart(reason)
            }
            process = newProcess
            setRunningPID(newProcess.pid)
            throw fault.appending("; it was started again")
        case .failure(let error):
            let reason = "after a fault (\(fault)), the engine could not be started again: \(error.message)"
            deadReason = reason
            throw .cannotStart(reason)
        }
    }

    /// Spawns the engine and greets it; on failure the process is ended and the message says why, with the
    /// engine's last standard error when it has one.
    private static func launch(_ words: [String], timeout: Double, suiteVersion: String, tail: StandardErrorTail,
                               interrupt: EngineInterrupt) -> Result<(EngineProcess, EngineGreeting), EngineGreeting.HelloFailure> {
        let process: EngineProcess
        do {
            process = try EngineProcess.spawn(words, standardError: tail, interrupt: interrupt)
        } catch {
            return .failure(.init(message: error.description))
        }
        let deadline = Deadline(after: timeout)
        var failure: String
        // Where the engine is expected to exit by itself (it refused the hello, or closed a pipe), a second lets it
        // do so, and the message tells how it ended.
        var grace = 0.0
        switch process.writeLine(EngineGreeting.hello(suiteVersion: suiteVersion), until: deadline) {
        case .written:
            switch process.readLine(until: deadline) {
            case .line(let text):
                do {
                    return .success((process, try EngineGreeting(answer: text)))
                } catch {
                    failure = error.message
                    grace = error.engineRefused ? 1 : 0
                }
            case .timedOut: failure = "the engine did not answer the hello within \(formatSeconds(timeout))"
            case .endOfFile: failure = "the engine closed its output before answering the hello"; grace = 1
            case .tooLong: failure = "the engine's answer to the hello is longer than 16 MiB"
            case .notUTF8: failure = "the engine's answer to the hello is not UTF-8"
            case .interrupted: failure = "interrupted while waiting for the engine's answer to the hello"
            case .failed(let why): failure = why
            }
        case .closed: failure = "the engine closed its input before the hello"; grace = 1
        case .timedOut: failure = "the engine did not read the hello within \(formatSeconds(timeout))"
        case .interrupted: failure = "interrupted while sending the hello"
        case .failed(let why): failure = why
        }
        let t = process.terminate(grace: grace)
        if !t.signalledBySuite { failure += " (it \(t))" }
        let stderr = tail.text.trimmingCharacters(in: .whitespacesAndNewlines)
        if !stderr.isEmpty { failure += "\nThe engine's standard error ends with:\n" + stderr }
        return .failure(.init(message: failure))
    }
}

/// Why an external engine could not be started or greeted; `message` is for people. The CLI reports it and exits
/// with status 3 (ENGINE-PROTOCOL.md, "Exit status").
public struct ExternalEngineStartError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong, for people.
    public let message: String
    /// An error with `message`.
    public init(message: String) { self.message = message }
    public var description: String { message }
}

extension ExternalEngine {
    /// What a crashed engine said last, at most 200 characters: a traceback's exception, a panic's message. The last
    /// line that is not indented (stack frames are: Node's and Java's `at …`) and not a runtime's footer (Node's
    /// version line, Rust's backtrace hint); else the last non-empty line.
    static func lastWords(_ text: String) -> String? {
        let lines = text.split(separator: "\n").filter { !$0.allSatisfy(\.isWhitespace) }
        let footers = ["Node.js v", "note: run with `RUST_BACKTRACE"]
        let said = lines.last { line in
            !(line.first?.isWhitespace ?? true) && !footers.contains(where: { line.hasPrefix($0) })
        }
        guard let line = said ?? lines.last else { return nil }
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        return trimmed.count > 200 ? String(trimmed.prefix(200)) + "…" : trimmed
    }
}

extension LayoutError {
    /// The same error with `text` added to its message.
    fileprivate func appending(_ text: String) -> LayoutError {
        switch self {
        case .unsupported(let m): return .unsupported(m + text)
        case .failed(let m): return .failed(m + text)
        case .invalidAnswer(let m): return .invalidAnswer(m + text)
        case .timedOut(let m): return .timedOut(m + text)
        case .crashed(let m): return .crashed(m + text)
        case .cannotStart(let m): return .cannotStart(m + text)
        }
    }
}
