#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// What an engine wrote to its standard error, across restarts: the last `kept` bytes, and a running count of every
/// byte ever written, so that a request can be given the bytes written while it was answered
/// (`text(from:to:)` with the counts taken at its start and end).
///
/// Why across restarts: after a crash the suite restarts the engine before it reports the crash, and the report
/// wants the crashed process's last words (a stack trace, an exception), not the new process's greeting.
final class StandardErrorTail: @unchecked Sendable {
    /// ENGINE-PROTOCOL.md: a report shows at most 4 KiB of standard error with a result.
    static let capacity = 4096
    /// How far back a request's excerpt can reach: a request whose output scrolled further than this is cut at the
    /// front (and says so).
    static let kept = 65_536

    private let lock = NSLock()
    private var bytes: [UInt8] = []
    /// Every byte ever appended; `bytes` holds the last ones, ending at this count.
    private var total = 0

    func append(_ chunk: UnsafeRawBufferPointer) {
        lock.withLock {
            total += chunk.count
            if chunk.count >= Self.kept {
                bytes = Array(chunk[(chunk.count - Self.kept)...])
            } else {
                bytes.append(contentsOf: chunk)
                if bytes.count > Self.kept { bytes.removeFirst(bytes.count - Self.kept) }
            }
        }
    }

    /// The count of bytes written so far: a position to take an excerpt from.
    var mark: Int { lock.withLock { total } }

    /// The last 4 KiB of everything written.
    var text: String { text(from: 0, to: nil) }

    /// The bytes written between the positions `from` and `to` (nil: now), at most the last `capacity` of them, as
    /// text: a character cut at the front is dropped, invalid UTF-8 is replaced (U+FFFD), and text cut at the front
    /// starts with "…".
    func text(from: Int, to: Int?) -> String {
        var (kept, cut): (ArraySlice<UInt8>, Bool) = lock.withLock {
            let start = total - bytes.count
            let end = min(to ?? total, total)
            let lower = max(from, start, end - Self.capacity)
            guard lower < end else { return ([], false) }
            return (bytes[(lower - start)..<(end - start)], lower > from)
        }
        while let first = kept.first, first & 0xC0 == 0x80 { kept.removeFirst(); cut = true }
        var text = String(decoding: kept, as: UTF8.self)
        // The mark of a cut front ("…", 3 bytes) counts in the capacity too.
        while text.utf8.count > Self.capacity - (cut ? 3 : 0) { text.removeFirst(); cut = true }
        return cut ? "…" + text : text
    }
}

/// Reads an engine's standard error on its own thread for as long as the engine writes it.
///
/// Why a thread: an engine that writes more than a pipe's buffer (64 KiB on Linux) to its standard error blocks
/// until someone reads it; if the suite read standard error only between requests, such an engine would hang in
/// the middle of an answer and be reported as a TIMEOUT it does not deserve. The thread keeps only the tail.
final class StandardErrorDrain: @unchecked Sendable {
    private let fd: Int32
    private let tail: StandardErrorTail
    private let finished = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    /// Held by the drain thread while it reads a chunk and appends it, so that `catchUp` sees either the chunk in the
    /// pipe or the chunk in the tail, never neither. Guards `isClosed` too.
    private let busy = NSLock()
    private var isClosed = false
    private var stopRequested = false
    private var hasFinished = false

    /// Takes ownership of `fd` (the read end of the engine's standard error) and starts draining it.
    init(fd: Int32, tail: StandardErrorTail) {
        self.fd = fd
        self.tail = tail
        Thread.detachNewThread { [self] in run() }
    }

    private func run() {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            // A bounded poll, so that the thread can end even if a grandchild of the engine that escaped its
            // process group keeps the pipe open after the engine is gone.
            let ready = poll(&pfd, 1, 250)
            if ready < 0 { if errno == EINTR { continue } else { break } }
            if ready == 0 {
                if lock.withLock({ stopRequested }) { break }
                continue
            }
            busy.lock()
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            let readError = errno
            if n > 0 { buffer.withUnsafeBytes { tail.append(UnsafeRawBufferPointer(rebasing: $0[..<n])) } }
            busy.unlock()
            if n > 0 {
                continue
            } else if n < 0 && readError == EINTR {
                continue
            } else {
                break   // end of file (every writer is gone) or an error
            }
        }
        busy.withLock {
            isClosed = true
            close(fd)
        }
        finished.signal()
    }

    /// Waits (up to `seconds`) until what is already in the pipe is in the tail. The engine writes a request's log
    /// lines before its answer, but the drain thread may read them after the suite has read the answer; a request's
    /// excerpt starts after this, so that they count for the request before it.
    func catchUp(waitingUpTo seconds: Double) {
        let deadline = DispatchTime.now() + seconds
        while true {
            let pending: Bool = busy.withLock {
                if isClosed { return false }
                var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                return poll(&pfd, 1, 0) > 0 && pfd.revents & Int16(POLLIN) != 0
            }
            if !pending || DispatchTime.now() >= deadline { return }
            usleep(200)
        }
    }

    /// Once the engine is gone: lets the thread read what is left in the pipe, then end. Waits up to `seconds` so
    /// that the tail is complete when the caller reports.
    func finish(waitingUpTo seconds: Double) {
        let alreadyDone: Bool = lock.withLock {
            stopRequested = true
            return hasFinished
        }
        if alreadyDone { return }
        if finished.wait(timeout: .now() + seconds) == .success {
            lock.withLock { hasFinished = true }
        }
    }
}
