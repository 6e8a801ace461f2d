#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// One running engine process: its pipes, line I/O with deadlines, and its end (ENGINE-PROTOCOL.md, "Faults the
/// suite survives").
///
/// Why not Foundation's `Process`: the suite must put the engine in its own process group (so that it can signal
/// an engine and everything the engine started, and a Ctrl-C at the terminal reaches the suite only), read with a
/// deadline, cap line lengths, and reap deterministically; `posix_spawnp`, `poll` and `waitpid` say exactly that.
///
/// Not thread-safe: `ExternalEngine` serializes every use under its lock. Only the standard-error drain runs on
/// its own thread, and it owns its descriptor.
final class EngineProcess {
    /// ENGINE-PROTOCOL.md: the suite caps the length of a line it reads; a longer line is a protocol error.
    static let maximumLineLength = 16 << 20

    enum ReadOutcome: Equatable {
        case line(String)
        /// The engine closed its standard output (it exited, or closed it and lives on).
        case endOfFile
        case timedOut
        case tooLong
        case notUTF8
        /// The suite was interrupted (SIGINT, SIGTERM) while waiting.
        case interrupted
        case failed(String)
    }

    enum WriteOutcome: Equatable {
        case written
        /// The engine closed its standard input (normally: it exited).
        case closed
        case timedOut
        /// The suite was interrupted (SIGINT, SIGTERM) while waiting.
        case interrupted
        case failed(String)
    }

    let pid: pid_t
    private var input: Int32
    private var output: Int32
    private let drain: StandardErrorDrain
    private var pending: [UInt8] = []
    /// `pending[..<scanned]` holds no newline: each byte is searched once, even for a 16 MiB line.
    private var scanned = 0
    private var termination: Termination?
    /// Ends every wait at once when fired (nil: waits end only at their deadline).
    let interrupt: EngineInterrupt?

    private init(pid: pid_t, input: Int32, output: Int32, drain: StandardErrorDrain, interrupt: EngineInterrupt?) {
        self.pid = pid
        self.input = input
        self.output = output
        self.drain = drain
        self.interrupt = interrupt
    }

    deinit { _ = terminate() }

    // MARK: Starting

    struct SpawnError: Error, CustomStringConvertible {
        let description: String
    }

    /// Starts `words[0]`, looked up in PATH, with `words` as its arguments, the suite's working directory and
    /// environment, pipes for its standard streams, in a new process group. Its standard error goes to `tail`.
    static func spawn(_ words: [String], standardError tail: StandardErrorTail,
                      interrupt: EngineInterrupt? = nil) throws(SpawnError) -> EngineProcess {
        precondition(!words.isEmpty, "CommandWords never returns an empty command")
        _ = ignoreBrokenPipes
        // Pipes are created and marked close-on-exec under one lock with the spawn, so that no engine started by
        // another thread at the same time (with `--jobs N`) inherits them and keeps a pipe open.
        spawnLock.lock()
        defer { spawnLock.unlock() }
        var fds: [Int32] = []
        func closeAll() { for fd in fds where fd >= 0 { close(fd) } }
        // [engine's stdin read, our write, our read, engine's stdout write, our stderr read, engine's stderr write]
        for _ in 0..<3 {
            guard let pair = makePipe() else {
                let reason = String(cString: strerror(errno))
                closeAll()
                throw SpawnError(description: "cannot create a pipe: \(reason)")
            }
            fds += [pair.read, pair.write]
        }
        let (childIn, parentIn, parentOut, childOut, parentErr, childErr) = (fds[0], fds[1], fds[2], fds[3], fds[4], fds[5])

        let actions = FileActions()
        // The pipes are close-on-exec, so the engine keeps only its copies as 0, 1 and 2; nothing else leaks into
        // it, or into another engine started at the same time (with `--jobs N`), which would keep a pipe open.
        posix_spawn_file_actions_adddup2(&actions.value, childIn, 0)
        posix_spawn_file_actions_adddup2(&actions.value, childOut, 1)
        posix_spawn_file_actions_adddup2(&actions.value, childErr, 2)

        let attributes = engineAttributes()

        let argv: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
        defer { for p in argv { free(p) } }
        var pid: pid_t = 0
        #if canImport(Darwin)
        let environment = _NSGetEnviron().pointee
        #else
        let environment = environ
        #endif
        let rc = posix_spawnp(&pid, words[0], &actions.value, &attributes.value, argv, environment)
        close(childIn); close(childOut); close(childErr)
        guard rc == 0 else {
            close(parentIn); close(parentOut); close(parentErr)
            let lookedUp = words[0].contains("/") ? "" : " (looked up in PATH)"
            throw SpawnError(description: "cannot run '\(words[0])'\(lookedUp): \(String(cString: strerror(rc)))")
        }
        // Our end of the engine's stdin is non-blocking, so that a request to an engine that stopped reading
        // cannot block the suite past its deadline.
        _ = fcntl(parentIn, F_SETFL, fcntl(parentIn, F_GETFL) | O_NONBLOCK)
        return EngineProcess(pid: pid, input: parentIn, output: parentOut,
                             drain: StandardErrorDrain(fd: parentErr, tail: tail), interrupt: interrupt)
    }

    /// The engine's spawn attributes. Its own process group (terminate signals the group); SIGPIPE back to its
    /// default, since ignored signals survive exec and the suite ignores SIGPIPE; no blocked signals inherited from a
    /// suite thread.
    private static func engineAttributes() -> SpawnAttributes {
        let attributes = SpawnAttributes()
        posix_spawnattr_setflags(&attributes.value, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        posix_spawnattr_setpgroup(&attributes.value, 0)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGPIPE)
        posix_spawnattr_setsigdefault(&attributes.value, &defaults)
        var mask = sigset_t()
        sigemptyset(&mask)
        posix_spawnattr_setsigmask(&attributes.value, &mask)
        return attributes
    }

    /// ENGINE-PROTOCOL.md: "The suite ignores SIGPIPE", so writing to an engine that died is an error (EPIPE) and
    /// not the death of the suite. Done once, the first time an engine starts.
    private static let ignoreBrokenPipes: Void = { _ = signal(SIGPIPE, SIG_IGN) }()

    private static let spawnLock = NSLock()

    /// A pipe whose ends are close-on-exec (`pipe2` is not visible to Swift without `_GNU_SOURCE`; the spawn lock
    /// makes the two steps atomic for the suite's own spawns).
    private static func makePipe() -> (read: Int32, write: Int32)? {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { return nil }
        _ = fcntl(fds[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(fds[1], F_SETFD, FD_CLOEXEC)
        return (fds[0], fds[1])
    }

    // MARK: Lines

    /// Polls `fd` for `events` until `deadline`, or until the interrupt fires (`interrupted`); `ready` is poll's
    /// sign: 1 when `fd` is ready, 0 when the deadline passed, -1 on an error (errno set).
    private func wait(_ fd: Int32, _ events: Int32, until deadline: Deadline, interruptible: Bool) -> (ready: Int32, interrupted: Bool) {
        var pfds = [pollfd(fd: fd, events: Int16(events), revents: 0)]
        if interruptible, let interrupt {
            if interrupt.isFired { return (0, true) }
            if interrupt.fd >= 0 { pfds.append(pollfd(fd: interrupt.fd, events: Int16(POLLIN), revents: 0)) }
        }
        let ready = poll(&pfds, nfds_t(pfds.count), deadline.pollMilliseconds)
        if pfds.count > 1 && pfds[1].revents != 0 { return (0, true) }
        return (ready < 0 ? -1 : (pfds[0].revents != 0 ? 1 : 0), false)
    }

    /// Writes `text` and a newline, giving up at `deadline` (or at once when the interrupt fires, if `interruptible`).
    func writeLine(_ text: String, until deadline: Deadline, interruptible: Bool = true) -> WriteOutcome {
        var bytes = Array(text.utf8)
        bytes.append(0x0A)
        var offset = 0
        while offset < bytes.count {
            guard input >= 0 else { return .closed }
            let n = bytes.withUnsafeBytes { write(input, $0.baseAddress! + offset, $0.count - offset) }
            if n >= 0 { offset += n; continue }
            switch errno {
            case EINTR: continue
            case EPIPE: return .closed
            case EAGAIN, EWOULDBLOCK:
                guard !deadline.hasPassed else { return .timedOut }
                if wait(input, Int32(POLLOUT), until: deadline, interruptible: interruptible).interrupted { return .interrupted }
            default:
                return .failed("cannot write to the engine: \(String(cString: strerror(errno)))")
            }
        }
        return .written
    }

    /// Reads the next `\n`-terminated line (without its newline), giving up at `deadline` (or at once when the
    /// interrupt fires).
    func readLine(until deadline: Deadline) -> ReadOutcome {
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            if let newline = pending[scanned...].firstIndex(of: 0x0A) {
                let line = Array(pending[..<newline])
                pending.removeSubrange(...newline)
                scanned = 0
                guard line.count <= Self.maximumLineLength else { return .tooLong }
                guard let text = String(validating: line, as: UTF8.self) else { return .notUTF8 }
                return .line(text)
            }
            scanned = pending.count
            if pending.count > Self.maximumLineLength { return .tooLong }
            guard output >= 0 else { return .endOfFile }
            guard !deadline.hasPassed else { return .timedOut }
            let (ready, interrupted) = wait(output, Int32(POLLIN), until: deadline, interruptible: true)
            if interrupted { return .interrupted }
            if ready < 0 && errno != EINTR {
                return .failed("cannot wait for the engine's output: \(String(cString: strerror(errno)))")
            }
            if ready <= 0 { continue }
            let n = chunk.withUnsafeMutableBytes { read(output, $0.baseAddress, $0.count) }
            if n > 0 {
                pending.append(contentsOf: chunk[..<n])
            } else if n == 0 {
                // A partial last line is dropped: the answer was cut off, which is the crash being reported.
                close(output)
                output = -1
                return .endOfFile
            } else if errno != EINTR && errno != EAGAIN {
                return .failed("cannot read the engine's output: \(String(cString: strerror(errno)))")
            }
        }
    }

    /// Closes the engine's standard input: the end of the conversation, which an engine sees as end of input.
    /// Waits briefly until the engine's standard error written so far is in the tail (`StandardErrorDrain.catchUp`).
    func catchUpStandardError() { drain.catchUp(waitingUpTo: 0.05) }

    func closeInput() {
        if input >= 0 { close(input); input = -1 }
    }

    // MARK: Ending

    /// How the engine process ended, for people.
    struct Termination: CustomStringConvertible {
        /// The raw `waitpid` status.
        let status: Int32
        /// The suite signalled the process group before the engine exited on its own.
        let signalledBySuite: Bool

        var exitStatus: Int32? { status & 0x7F == 0 ? (status >> 8) & 0xFF : nil }
        var signal: Int32? { status & 0x7F != 0 && status & 0x7F != 0x7F ? status & 0x7F : nil }

        var description: String {
            let how: String
            if let code = exitStatus {
                how = "exited with status \(code)"
            } else if let signal {
                how = "was killed by signal \(signal) (\(Self.signalName(signal)))"
            } else {
                how = "ended with wait status \(status)"
            }
            return signalledBySuite ? "did not exit by itself: the suite signalled it, and it " + how : how
        }

        static func signalName(_ signal: Int32) -> String {
            let names: [Int32: String] = [SIGHUP: "SIGHUP", SIGINT: "SIGINT", SIGQUIT: "SIGQUIT", SIGILL: "SIGILL",
                                          SIGTRAP: "SIGTRAP", SIGABRT: "SIGABRT", SIGBUS: "SIGBUS", SIGFPE: "SIGFPE",
                                          SIGKILL: "SIGKILL", SIGSEGV: "SIGSEGV", SIGPIPE: "SIGPIPE", SIGALRM: "SIGALRM",
                                          SIGTERM: "SIGTERM", SIGUSR1: "SIGUSR1", SIGUSR2: "SIGUSR2"]
            return names[signal] ?? String(cString: strsignal(signal))
        }
    }

    /// Whether the engine has exited, without reaping it: while it is unreaped (a zombie at worst) its pid cannot
    /// be reused, so signalling its process group can only reach the engine and what it started.
    private var hasExited: Bool {
        var info = siginfo_t()
        guard waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT) == 0 else { return true }
        #if canImport(Glibc)
        return info._sifields._kill.si_pid != 0
        #else
        return info.si_pid != 0
        #endif
    }

    /// Waits up to `seconds` for the engine to exit on its own; true if it did. Once the interrupt has fired, waits
    /// at most `whenInterrupted` seconds: an interrupted suite ends its engines within its 2 s.
    func waitForExit(upTo seconds: Double, whenInterrupted: Double = 0.3) -> Bool {
        var deadline = Deadline(after: seconds)
        var shortened = false
        while !hasExited {
            if !shortened, interrupt?.isFired == true {
                shortened = true
                deadline = Deadline(after: min(deadline.remaining, whenInterrupted))
            }
            if deadline.hasPassed { return false }
            usleep(5_000)
        }
        return true
    }

    /// Ends the engine: after `grace` seconds for it to exit on its own, closes its input, signals its process group
    /// TERM, then KILL after 1 s, and reaps it (no zombies). Idempotent: later calls return the first termination.
    @discardableResult
    func terminate(grace: Double = 0) -> Termination {
        if let termination { return termination }
        // The input stays open during the grace period: an engine that exits then does so by itself.
        let exitedAlone = waitForExit(upTo: grace)
        closeInput()
        // The group is signalled even when the engine exited alone: what it started dies with it.
        kill(-pid, SIGTERM)
        if !exitedAlone { _ = waitForExit(upTo: 1) }
        kill(-pid, SIGKILL)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        if output >= 0 { close(output); output = -1 }
        drain.finish(waitingUpTo: interrupt?.isFired == true ? 0.1 : 0.5)
        let result = Termination(status: status, signalledBySuite: !exitedAlone)
        termination = result
        return result
    }

    /// The protocol's end: `{"bye":true}`, close the engine's input, 2 s to exit, then `terminate()`.
    /// After an interrupt the waits are shorter (0.3 s for the bye, 0.3 s after TERM), so that every engine is
    /// gone within the suite's 2 s.
    @discardableResult
    func sayGoodbye() -> Termination {
        if termination == nil {
            let interrupted = interrupt?.isFired == true
            let deadline = Deadline(after: interrupted ? 0.3 : 2)
            // Not interruptible: the bye is the polite part of ending an interrupted run too.
            _ = writeLine(#"{"bye":true}"#, until: deadline, interruptible: false)
            closeInput()
            _ = waitForExit(upTo: deadline.remaining)
        }
        return terminate()
    }
}

/// `posix_spawn_file_actions_t`, initialized and destroyed with its owner.
private final class FileActions {
    #if canImport(Glibc)
    var value = posix_spawn_file_actions_t()
    #else
    var value: posix_spawn_file_actions_t? = nil
    #endif
    init() { posix_spawn_file_actions_init(&value) }
    deinit { posix_spawn_file_actions_destroy(&value) }
}

/// `posix_spawnattr_t`, initialized and destroyed with its owner.
private final class SpawnAttributes {
    #if canImport(Glibc)
    var value = posix_spawnattr_t()
    #else
    var value: posix_spawnattr_t? = nil
    #endif
    init() { posix_spawnattr_init(&value) }
    deinit { posix_spawnattr_destroy(&value) }
}
