#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import StackConformance

/// SIGINT and SIGTERM for every command: the first signal stops the work within 2 s, writes the
/// reports a `run` asked for (finished results, every other property NOTRUN), ends the external engines (`bye`,
/// TERM, KILL) and exits with status 130; a second signal exits at once.
///
/// Why its own thread and no `await`: when the signal arrives, the threads doing the work may be blocked in an
/// engine's request or busy for seconds in a property. The handler runs on a dispatch queue and a thread of its
/// own, reads the run's board under a lock, and never waits for a task or the cooperative pool.
final class Interruption: @unchecked Sendable {
    static let shared = Interruption()

    /// Given to every external engine the commands start: fired first on a signal, it ends every wait on an
    /// engine at once (a request in flight, a hello, a restart).
    let engineInterrupt = EngineInterrupt()

    private let lock = NSLock()
    // Guarded by `lock`:
    private var installed = false
    private var console = Console.standard
    private var sources: [DispatchSourceSignal] = []
    private var signals = 0
    private var nextKey = 0
    private var reportWriters: [(key: Int, stop: @Sendable () -> Void, write: @Sendable () -> Void)] = []
    private var engines: [ExternalEngine] = []

    /// Whether a signal has arrived (only ever true in the `stackcheck` process, where `install` was called).
    var isInterrupted: Bool { lock.withLock { signals > 0 } }

    /// Takes over SIGINT and SIGTERM for the rest of the process (the `stackcheck` executable calls it once; tests
    /// running commands in-process do not).
    func install(console: Console) {
        lock.withLock {
            guard !installed else { return }
            installed = true
            self.console = console
            let queue = DispatchQueue(label: "stackcheck.signals")
            for sig in [SIGINT, SIGTERM] {
                signal(sig, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: sig, queue: queue)
                source.setEventHandler { [self] in received() }
                source.resume()
                sources.append(source)
            }
        }
    }

    private func received() {
        let count = lock.withLock {
            signals += 1
            return signals
        }
        // A second Ctrl-C: at once, whatever the first one is still doing; the engines' process groups are killed
        // on the way out (a `kill` does not wait), so that none outlives the suite.
        if count > 1 {
            for engine in lock.withLock({ engines }) { engine.killNow() }
            _exit(ExitStatus.interrupted)
        }
        // The runs' boards first: a property cut off by the engine interrupt below must not record its error.
        for stop in lock.withLock({ reportWriters.map(\.stop) }) { stop() }
        engineInterrupt.fire()
        Thread.detachNewThread { [self] in shutDown() }
    }

    private func shutDown() {
        let (writers, running, console) = lock.withLock { (reportWriters.map(\.write), engines, self.console) }
        // The reports first: they hold only finished results, and nothing below can then lose them.
        for write in writers { write() }
        // Every engine at once: bye, then TERM, then KILL, each within about a second.
        DispatchQueue.concurrentPerform(iterations: running.count) { running[$0].stopAfterInterrupt() }
        // A run that had finished before the signal may be writing its own reports: they complete first.
        finalOutput.lock()
        console.err("interrupted\n")
        exit(ExitStatus.interrupted)
    }

    /// Registers what a run does when interrupted: `stop` at once (freeze its board, before any engine request is
    /// cut off), then `write` its reports on the handler's thread; returns a key for `finish`.
    func onInterrupt(stop: @escaping @Sendable () -> Void, write: @escaping @Sendable () -> Void) -> Int {
        lock.withLock {
            nextKey += 1
            reportWriters.append((nextKey, stop, write))
            return nextKey
        }
    }

    /// The run is over and will write its own reports: unregisters its writer. If a signal came first, the
    /// interrupt's writer owns the reports, and this parks the calling thread (never a cooperative-pool thread: the
    /// commands run on a thread of their own) until the handler exits the process.
    func finish(_ key: Int) {
        let interrupted: Bool = lock.withLock {
            // Interrupted: the writer stays registered. The handler's thread may not have listed the writers yet
            // (a run cut off by the engine interrupt can end first), and without it no report would be written.
            if signals > 0 { return true }
            reportWriters.removeAll { $0.key == key }
            return false
        }
        if interrupted { parkUntilExit() }
    }

    /// Held while a finished run writes its reports, so that a signal arriving then cannot end the process in the
    /// middle of a file.
    private let finalOutput = NSLock()

    /// Runs `write` (a finished run's reports) so that an interrupt waits for it before exiting.
    func writingFinalOutput<T>(_ write: () -> T) -> T {
        finalOutput.withLock(write)
    }

    /// External engines a command started, for the handler to end.
    func register(_ engine: ExternalEngine) {
        let late: Bool = lock.withLock {
            engines.append(engine)
            return signals > 0
        }
        // Started just as a signal came: the handler may have listed the engines already.
        if late { engine.stopAfterInterrupt() }
    }

    func unregister(_ engine: ExternalEngine) {
        lock.withLock { engines.removeAll { $0 === engine } }
    }

    /// Once interrupted, the handler's thread ends the process (status 130); the command's thread waits for it.
    func parkUntilExit() -> Never {
        while true { sleep(60) }
    }
}
