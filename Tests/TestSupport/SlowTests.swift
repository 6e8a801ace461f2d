import Foundation

/// Tests kept out of plain `swift test` for their time (`swift test` stays within 3 minutes on 2 cores), run
/// by `scripts/slow-tests`, which sets `STACKCHECK_SLOW_TESTS`. A suite gated so says why in its documentation and
/// is skipped with the reason shown, never passed.
public enum SlowTests {
    /// Whether `STACKCHECK_SLOW_TESTS` is set (to anything).
    public static let enabled = ProcessInfo.processInfo.environment["STACKCHECK_SLOW_TESTS"] != nil
}
