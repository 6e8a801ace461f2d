#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// The last 4 KiB an engine wrote to its standard error, across restarts.
///
/// Why across restarts: after a crash the suite restarts the engine before it reports the crash, and the report
/// wants the crashed process's last words (a stack trace, an exception), not the new process's greeting.
final class StandardErrorTail: @unchecked Sendable {
    /// ENGINE-PROTOCOL.md: the report keeps the last 4 KiB with each non-PASS result.
    static let capacity = 4096

    private let lock = NSLock()
    private var bytes: [UInt8] = []

    func append(_ chunk: UnsafeRawBufferPointer) {
        lock.withLock {
            if chunk.count >= Self.capacity {
                bytes = Array(chunk[(chunk.count - Self.capacity)...])
            } else {
                bytes.append(contentsOf: chunk)
                if bytes.count > Self.capacity { bytes.removeFirst(bytes.count - Self.capacity) }
            }
        }
    }

    /// The tail as text, at most `capacity` bytes of UTF-8: a character cut by the 4 KiB boundary is dropped, and
    /// invalid UTF-8 is replaced (U+FFFD), then trimmed from the front again if the replacements made it longer.
    var text: String {
        var kept = lock.withLock { bytes[...] }
        while let first = kept.first, first & 0xC0 == 0x80 { kept.removeFirst() }
        var text = String(decoding: kept, as: UTF8.self)
        while text.utf8.count > Self.capacity { text.removeFirst() }
        return text
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
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n > 0 {
                buffer.withUnsafeBytes { tail.append(UnsafeRawBufferPointer(rebasing: $0[..<n])) }
            } else if n < 0 && errno == EINTR {
                continue
            } else {
                break   // end of file (every writer is gone) or an error
            }
        }
        close(fd)
        finished.signal()
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
