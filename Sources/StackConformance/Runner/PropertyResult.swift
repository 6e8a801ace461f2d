import StackLayout

/// A result's status (ENGINE-PROTOCOL.md, "Results").
public enum ResultStatus: String, CaseIterable, Sendable, Comparable {
    /// Every case passed.
    case pass = "PASS"
    /// A case broke the property; the result carries its shrunk counterexample.
    case fail = "FAIL"
    /// The property did not apply (see `ResultReason`).
    case skip = "SKIP"
    /// The engine answered an error or an invalid answer, or the run's checks failed (see `ResultReason`).
    case error = "ERROR"
    /// An external engine did not answer within the timeout.
    case timeout = "TIMEOUT"
    /// An external engine exited or was killed by a signal while answering.
    case crash = "CRASH"
    /// The run stopped before the property (interrupted, or the engine could not be restarted).
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
    /// A failing case of the same property that a person can look at (`PresentableSearch`), beside the minimal one;
    /// nil when none was found within the search's budget, or for a view-tree property.
    public var presentable: PresentableCase? = nil
    /// What an external engine wrote while answering `scenario` for this report (the runner moves it to the result).
    var replayStandardError: StandardErrorExcerpt? = nil

    /// The case to draw: the presentable one when the search found one, else the minimal one.
    public var drawnCase: PresentableCase? {
        presentable ?? scenario.map { PresentableCase(scenario: $0, actual: actual, reference: reference) }
    }

    /// The presentable case when it is another case than the minimal one (a minimal case that is presentable
    /// already is its own presentable case), for reports that show the two apart.
    public var otherPresentableCase: PresentableCase? {
        presentable.flatMap { $0.scenario == scenario ? nil : $0 }
    }

    /// Arranged items at every depth: the size of the counterexample.
    public var viewCount: Int {
        var n = 0
        scenario?.stack.forEachItem { _, _ in n += 1 }
        return n
    }
}

/// A failing case chosen to be drawn: no more views than the minimal case, every visible view with an intrinsic size
/// at least `PresentableSearch.minimumSide` points on each side in the reference layout, ids that do not overlap in
/// the picture. It is not minimal; the minimal case stays the one replayed and kept as a regression.
public struct PresentableCase: Sendable {
    /// The failing scenario to draw.
    public var scenario: Scenario
    /// The engine's layout of `scenario` (nil when it did not answer with one).
    public var actual: Layout?
    /// The reference engine's layout of `scenario`.
    public var reference: Layout?

    /// A case from its parts.
    public init(scenario: Scenario, actual: Layout?, reference: Layout?) {
        self.scenario = scenario
        self.actual = actual
        self.reference = reference
    }
}

/// The lines an external engine wrote to its standard error while it answered one request: for a FAIL, the replay
/// of the shrunk case at the end of the property; for an ERROR, TIMEOUT or CRASH, the request that caused it.
public struct StandardErrorExcerpt: Sendable, Hashable {
    /// The request's `id` in the protocol conversation.
    public var request: Int
    /// Which request that was, for people ("the replay of the shrunk counterexample", "the request that failed").
    public var during: String
    /// At most the last 4 KiB of what the engine wrote between the request and the next one (or the end of a short
    /// grace period after its answer).
    public var text: String

    /// An excerpt from its parts.
    public init(request: Int, during: String, text: String) {
        self.request = request
        self.during = during
        self.text = text
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
    /// SKIP: the engine computed none of the root baselines the property checks (omitted or `null` in every layout).
    case baselinesNotComputed
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
    /// The property's id.
    public var property: String
    /// The property's rule ids.
    public var rules: [String]
    /// The property's evidence level.
    public var level: EvidenceLevel
    /// How the property ended on the engine.
    public var status: ResultStatus
    /// Why the status, where it needs saying (a SKIP's or an ERROR's cause).
    public var reason: ResultReason?
    /// Answered cases (unsupported answers and discarded cases are not counted).
    public var cases: Int
    /// Cases the engine answered `unsupported`.
    public var unsupported: Int
    /// The failure or the reason for the status, for people; a failure ends with its replay lines.
    public var message: String
    /// The minimal case of a non-PASS result, with both layouts.
    public var counterexample: Counterexample?
    /// What an external engine wrote to its standard error while answering the request this result is about.
    public var standardError: StandardErrorExcerpt?
    /// Wall-clock seconds (shrinking included); never part of a comparison between runs.
    public var seconds: Double
    /// The statuses the expectations file accepts (nil: the default expectation).
    public var expected: [ResultStatus]?

    /// Whether the property's evidence level is TENTATIVE.
    public var isTentative: Bool { level == .tentative }
}
