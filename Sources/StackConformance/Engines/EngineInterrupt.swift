#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Wakes every wait on an external engine at once, for good: SIGINT or SIGTERM during a run.
///
/// Why a pipe: an engine's requests wait in `poll()` on its pipes (for up to the per-request timeout). Polling this
/// pipe too makes a fired interrupt end each wait at once, on whatever thread it runs, without signals aimed at
/// threads. Nothing ever reads the pipe, so once fired it stays readable and every later wait ends at once too.
public final class EngineInterrupt: @unchecked Sendable {
    /// The read end, for `poll()`; -1 if no pipe could be made (then `isFired` is still checked between waits).
    let fd: Int32
    private let writeFD: Int32
    private let lock = NSLock()
    private var fired = false

    /// An interrupt that has not fired.
    public init() {
        var fds: [Int32] = [-1, -1]
        if pipe(&fds) == 0 {
            for f in fds { _ = fcntl(f, F_SETFD, FD_CLOEXEC) }
            _ = fcntl(fds[1], F_SETFL, fcntl(fds[1], F_GETFL) | O_NONBLOCK)
            fd = fds[0]
            writeFD = fds[1]
        } else {
            fd = -1
            writeFD = -1
        }
    }

    deinit {
        if fd >= 0 { close(fd) }
        if writeFD >= 0 { close(writeFD) }
    }

    /// Fires the interrupt (idempotent; safe from any thread).
    public func fire() {
        let first: Bool = lock.withLock {
            defer { fired = true }
            return !fired
        }
        guard first, writeFD >= 0 else { return }
        var byte: UInt8 = 1
        _ = write(writeFD, &byte, 1)
    }

    /// Whether `fire()` was called.
    public var isFired: Bool { lock.withLock { fired } }
}
