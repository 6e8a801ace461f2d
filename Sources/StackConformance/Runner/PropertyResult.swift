import StackLayout

/// A result's status (ENGINE-PROTOCOL.md, "Results").
public enum ResultStatus: String, CaseIterable, Sendable, Comparable {
    case pass = "PASS"
    case fail = "FAIL"
    case skip = "SKIP"
    case error = "ERROR"
    case timeout = "TIMEOUT"
    case crash = "CRASH"
    case notRun = "NOTRUN"

    public static func < (a: ResultStatus, b: ResultStatus) -> Bool {
        (allCases.firstIndex(of: a) ?? 0) < (allCases.firstIndex(of: b) ?? 0)
    }
}

/// The minimal case of a non-PASS result, with both layouts, for people and for replay.
public struct Counterexample: Sendable {
    /// The (shrunk) scenario; for a view-tree property, the final tree's scenario.
    public var scenario: Scenario?
    /// For a view-tree property, the program of operations, one per line.
    public var program: [String]?
    /// The engine's layout of `scenario` (nil when it did not answer with one).
    public var actual: Layout?
    /// The reference engine's layout of `scenario`.
    public var reference: Layout?
    /// `pc2_…`: reruns exactly this case (`stackcheck replay TOKEN`), or the regression file it came from.
    public var replay: String
    /// Shrinking stopped at its call cap or time limit before a fixed point.
    public var shrinkCutShort: Bool

    /// Arranged items at every depth: the size of the counterexample.
    public var viewCount: Int {
        var n = 0
        scenario?.stack.forEachItem { _, _ in n += 1 }
        return n
    }
}

/// Why a property ended as it did, beyond its status. The raw values are the JSON report's `reason` strings.
public enum ResultReason: String, Sendable {
    /// SKIP: the engine lacks a feature the property needs.
    case features
    /// SKIP: the agreement property on the reference engine itself.
    case reference
    /// SKIP: every case was answered unsupported.
    case unsupported
    /// SKIP: no generated case lies inside the property's domain on this engine.
    case domain
    /// ERROR: the shrunk case no longer fails when replayed.
    case flaky
    /// ERROR: the generator's health check failed (too many cases discarded).
    case health
    /// ERROR: a coverage requirement was not met.
    case coverage
    /// ERROR: the engine answered error or an invalid answer.
    case engine
    /// ERROR: an external engine could not be started or restarted; the run stops (exit status 3).
    case cannotStart
}

/// One property's result on one engine.
public struct PropertyResult: Sendable {
    public var property: String
    public var rules: [String]
    public var level: EvidenceLevel
    public var status: ResultStatus
    /// Why the status, where it needs saying (a SKIP's or an ERROR's cause).
    public var reason: ResultReason?
    /// Answered cases (unsupported answers and discarded cases are not counted).
    public var cases: Int
    /// Cases the engine answered `unsupported`.
    public var unsupported: Int
    public var message: String
    public var counterexample: Counterexample?
    /// The last 4 KiB of an external engine's standard error, with each non-PASS result.
    public var stderrTail: String?
    /// Wall-clock seconds (shrinking included); never part of a comparison between runs.
    public var seconds: Double
    /// The statuses the expectations file accepts (nil: the default expectation).
    public var expected: [ResultStatus]?

    public var isTentative: Bool { level == .tentative }
}
