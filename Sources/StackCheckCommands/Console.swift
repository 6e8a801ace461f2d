#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a command writes: the process's standard output and error, or buffers in tests.
public struct Console: Sendable {
    public var out: @Sendable (String) -> Void
    public var err: @Sendable (String) -> Void
    public init(out: @escaping @Sendable (String) -> Void, err: @escaping @Sendable (String) -> Void) {
        self.out = out
        self.err = err
    }

    /// The process's standard output and standard error, unbuffered enough for progress lines.
    public static let standard = Console(out: { writeAll(1, $0) }, err: { writeAll(2, $0) })
}

/// Exit statuses of every command (ENGINE-PROTOCOL.md, "Exit status").
public enum ExitStatus {
    public static let success: Int32 = 0
    /// A failure reproduced, an unexpected result, or an engine's unsupported/error answer.
    public static let failure: Int32 = 1
    /// A usage error, an invalid input file or token.
    public static let usage: Int32 = 2
    /// The engine could not be started or greeted.
    public static let engineUnavailable: Int32 = 3
    public static let interrupted: Int32 = 130
}

/// Writes all of `text` to a file descriptor, retrying short writes and EINTR (no stdio buffering, so output and
/// progress lines interleave in order).
func writeAll(_ fd: Int32, _ text: String) {
    var bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
        let n = bytes.withUnsafeMutableBytes { buffer in
            write(fd, buffer.baseAddress! + offset, buffer.count - offset)
        }
        if n < 0 {
            if errno == EINTR { continue }
            return
        }
        offset += n
    }
}
