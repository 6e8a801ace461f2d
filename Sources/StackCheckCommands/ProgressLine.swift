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

    /// Clears a live line.
    func finish() {
        if live { console.err("\r\u{1B}[2K") }
    }
}
