import Foundation
import StackConformance

/// Progress on standard error, one property at a time: a live line on a terminal, plain lines otherwise (CI).
final class ProgressLine: @unchecked Sendable {
    let console: Console
    let live: Bool
    private let lock = NSLock()

    init(console: Console) {
        self.console = console
        live = isatty(2) == 1
    }

    /// `[done/total] property: STATUS (N cases)`.
    func update(_ result: PropertyResult, _ done: Int, _ total: Int) {
        lock.lock()
        defer { lock.unlock() }
        let line = "[\(done)/\(total)] \(result.property): \(result.status.rawValue) (\(result.cases) cases)"
        console.err(live ? "\r\u{1B}[2K" + line : line + "\n")
    }

    /// `restarting the engine (3rd crash in alignment.center)`, when an external engine was started again after a
    /// fault. On a terminal every restart rewrites the live line; in a log (CI) only a property's first restart of
    /// each kind and the one that reaches the restart budget get a line, so that a crashing engine does not flood it.
    func restarting(_ property: String, count: Int, status: ResultStatus, budgetReached: Bool) {
        guard live || count == 1 || budgetReached else { return }
        let what: String
        switch status {
        case .crash: what = "crash"
        case .timeout: what = "timeout"
        default: what = "protocol error"
        }
        var line = "restarting the engine (\(Self.ordinal(count)) \(what) in \(property))"
        if budgetReached { line += "; its restart budget is reached: no more requests for it" }
        lock.withLock { console.err(live ? "\r\u{1B}[2K" + line : line + "\n") }
    }

    /// 1st, 2nd, 3rd, 4th, …, 11th, 12th, 13th, 21st.
    static func ordinal(_ n: Int) -> String {
        let suffix: String
        switch (n % 10, n % 100) {
        case (_, 11...13): suffix = "th"
        case (1, _): suffix = "st"
        case (2, _): suffix = "nd"
        case (3, _): suffix = "rd"
        default: suffix = "th"
        }
        return "\(n)\(suffix)"
    }

    /// Clears a live line.
    func finish() {
        if live { console.err("\r\u{1B}[2K") }
    }
}
