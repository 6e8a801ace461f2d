#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A point in time on the monotonic clock, after which the suite stops waiting for an engine.
///
/// Why a deadline and not a timeout per call: a request is a write and a read (each possibly several system calls),
/// and the protocol's per-request timeout bounds all of them together. The monotonic clock is immune to wall-clock
/// changes, which must never turn a slow engine into a hung suite.
struct Deadline: Sendable {
    let time: Double

    init(after seconds: Double) { time = Deadline.now() + max(0, seconds) }

    static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    var remaining: Double { time - Deadline.now() }
    var hasPassed: Bool { remaining <= 0 }

    /// The remaining time as a `poll()` timeout: rounded up, so a poll never returns just before the deadline and
    /// spins; capped at a minute, so a far deadline is reached by polling again.
    var pollMilliseconds: Int32 {
        let ms = (remaining * 1000).rounded(.up)
        return ms <= 0 ? 0 : Int32(min(ms, 60_000))
    }
}

/// Seconds for people: `10 s`, `0.5 s`.
func formatSeconds(_ seconds: Double) -> String {
    seconds == seconds.rounded() && abs(seconds) < 1e9 ? "\(Int(seconds)) s" : "\(seconds) s"
}

