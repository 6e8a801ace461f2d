import StackLayout

/// A result's status (ENGINE-PROTOCOL.md, "Results").
public enum ResultStatus: String, CaseIterable, Sendable, Comparable {
    /// Every case passed.
    case pass = "PASS"
    /// A case broke the property; the result carries its shrunk counterexample.
    case fail = "FAIL"
    /// The engine answered the same request twice with different frames (the shrunk case, asked again): a verdict
    /// on such an engine depends on the run. UIKit's Auto Layout gives the same frames to the same constraints.
    case nondeterministic = "NONDETERMINISTIC"
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

    /// Whether the status is a failure: a wrong layout, untrustworthy answers, or an engine that errs, hangs or dies
    /// (everything but PASS, SKIP and NOTRUN).
    public var isFailure: Bool { self != .pass && self != .skip && self != .notRun }

    /// How bad a failure of this status is, for a property with several (its status is the worst): a wrong layout,
    /// then answers that cannot be trusted, then an engine that errs, hangs or dies. 0 for the other statuses.
    var severity: Int {
        switch self {
        case .fail: return 1
        case .nondeterministic: return 2
        case .error: return 3
        case .timeout: return 4
        case .crash: return 5
        case .pass, .skip, .notRun: return 0
        }
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
    /// Why shrinking stopped before a fixed point, or was not tried: `notReproducible` (a CRASH whose case did not
    /// crash again when sent to the engine just restarted: it depends on the engine's history, not on the case),
    /// `shrinkBudget`, `restartBudget`, `callCap` or `timeLimit`; nil when it reached one (or the case was not
    /// shrunk by this run: a regression, a replay).
    public var shrinkStop: StopReason? = nil
    /// A failing case of the same property that a person can look at (`PresentableSearch`), beside the minimal one;
    /// nil when none was found within the search's budget, or for a view-tree property.
    public var presentable: PresentableCase? = nil
    /// What an external engine wrote while answering `scenario` for this report (the runner moves it to the result).
    var replayStandardError: StandardErrorExcerpt? = nil
    /// The engine's answer when `scenario` was sent once more for the report, to compare with `actual`.
    var secondAnswer: Layout? = nil
    /// For a metamorphic property, the variant the check was judging when it failed (the last it laid out), with
    /// the engine's answer the check judged and the reference's layout: what a picture of the failure shows.
    public var variant: PresentableCase? = nil

    /// The case to draw: what failed, as readably as it can be shown. For a metamorphic check whose engine answer
    /// for the case itself agrees with the reference's, the variant it failed on (the difference is there); else
    /// the presentable case when the search found one; else the minimal one.
    public var drawnCase: PresentableCase? { shownCase?.case }

    /// `drawnCase`, with what it is for a caption: "the variant the check failed on", "a presentable case" or
    /// "the minimal case".
    public var shownCase: (case: PresentableCase, what: String)? {
        if let variant, variant.actual != nil, variantShowsTheFailure {
            return (variant, "the variant the check failed on")
        }
        if let presentable, presentable.scenario != scenario { return (presentable, "a presentable case; the replay token is the minimal one") }
        return scenario.map { (PresentableCase(scenario: $0, actual: actual, reference: reference), "the minimal case") }
    }

    /// Whether the engine's answer for the case itself matches the reference's, so that a picture of it would show
    /// no difference: a metamorphic check's failure then lies in its variant.
    var variantShowsTheFailure: Bool {
        guard let actual, let reference else { return true }
        return LayoutComparison.differences(actual: actual, expected: reference, tolerance: 1e-6).isEmpty
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
    /// ERROR: the shrunk case no longer fails when replayed (reports of suite 0.2; since suite 0.3 such a failure is
    /// NONDETERMINISTIC).
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

/// The commands that run a failing case again, for the engine that was checked (`ReplayLineFormat`): a report
/// prints them, and reads them back, as they were written.
public struct FailureCommands: Sendable, Hashable {
    /// Reruns the case (`stackcheck replay TOKEN …`, or `STACKCHECK_REPLAY=TOKEN swift test --filter …`).
    public var replay: String
    /// Reruns it and keeps it as a regression.
    public var keep: String

    /// Commands from their parts.
    public init(replay: String, keep: String) {
        self.replay = replay
        self.keep = keep
    }
}

/// One distinct failure of a property (a property can have several: `PropertyResult.failures`).
public struct PropertyFailureRecord: Sendable {
    /// FAIL, NONDETERMINISTIC, ERROR, TIMEOUT or CRASH.
    public var status: ResultStatus
    /// What failed: the check's statement that did not hold, or the engine's fault.
    public var message: String
    /// What tells this failure apart from the property's others: its status and the check's clause (where it is
    /// written), or the engine's message with numbers and quoted ids stripped.
    public var signature: String
    /// The shrunk case, with the engine's answer that failed and the reference's layout.
    public var counterexample: Counterexample?
    /// What an external engine wrote while answering the request this failure is about.
    public var standardError: StandardErrorExcerpt?
    /// For NONDETERMINISTIC: the two answers the engine gave to the same request, and where they differ.
    public var nondeterminism: Nondeterminism?
    /// For a FAIL (and a NONDETERMINISTIC failure's first answer): what the engine's answer breaks among UIKit's
    /// constraints, on the case itself or on the variant the check compared it with (`CaseDiagnosis.shown`).
    public var diagnosis: ReportedDiagnosis?
    /// The commands that replay its minimal case and keep it as a regression (nil when the run was given no
    /// `ReplayLineFormat`, or the case has no token).
    public var commands: FailureCommands?

    /// The family of UIKit's constraints the diagnosis names (a UISV identifier, a priority level, a rule), which
    /// groups failures into causes across properties; nil without a diagnosis that names one.
    public var diagnosisFamily: String? {
        guard let d = diagnosis, d.namesCause else { return nil }
        return d.family
    }

    /// The diagnosis to draw on a picture of `shown`: the failure's own when it is of that scenario, else `shown`'s
    /// own diagnosis (a presentable case is another scenario); nil when there is nothing to draw.
    public func diagnosis(for shown: PresentableCase) -> LayoutDiagnosis? {
        guard status == .fail || nondeterminism != nil, let actual = shown.actual else { return nil }
        if let d = diagnosis, d.scenario == shown.scenario { return d.forPicture }
        return ReferenceEngine.diagnose(shown.scenario, engineLayout: actual, tolerance: Tolerance.standard.absolute)
    }

    /// The diagnosis in one line, when it names a cause.
    public var diagnosisSummary: String? {
        guard let d = diagnosis, d.namesCause else { return nil }
        return d.lines.first
    }

    /// A failure from its parts.
    public init(status: ResultStatus, message: String, signature: String, counterexample: Counterexample?,
                standardError: StandardErrorExcerpt? = nil, nondeterminism: Nondeterminism? = nil) {
        self.status = status
        self.message = message
        self.signature = signature
        self.counterexample = counterexample
        self.standardError = standardError
        self.nondeterminism = nondeterminism
    }
}

/// The engine answered one request twice, with different frames.
public struct Nondeterminism: Sendable {
    /// The first answer (the one the check judged; nil when that request failed).
    public var first: Layout?
    /// The second answer to the same scenario (nil when that request failed).
    public var second: Layout?
    /// Where they differ, each naming a field and both values ("v1.x: 0 then 8").
    public var differences: [String]

    /// The nondeterminism in one line, for people.
    public var summary: String {
        "the engine answered the same request twice with different frames: "
            + differences.prefix(3).joined(separator: "; ") + (differences.count > 3 ? "; …" : "")
    }
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
    /// The commands that replay the result's counterexample (the lead failure's, or an ERROR's aborted case).
    public var commands: FailureCommands? = nil
    /// The minimal case of a non-PASS result, with both layouts.
    public var counterexample: Counterexample?
    /// What an external engine wrote to its standard error while answering the request this result is about.
    public var standardError: StandardErrorExcerpt?
    /// Wall-clock seconds (shrinking included); never part of a comparison between runs.
    public var seconds: Double
    /// The statuses the expectations file accepts (nil: the default expectation).
    public var expected: [ResultStatus]?
    /// Every distinct failure found, worst first (ties in the order found); the result's status, message,
    /// counterexample and standard error are the first one's. Empty for a result that did not fail.
    public var failures: [PropertyFailureRecord] = []
    /// Cases that failed among `cases` (each failure's first case, and every later case that failed again).
    public var failingCases = 0
    /// The budget the property reached (`RunOptions.restartBudget`, `shrinkBudget`): `restartBudget` when the
    /// engine's restarts stopped its cases, `shrinkBudget` when the requests spent shrinking a CRASH or TIMEOUT
    /// stopped that shrink; nil when neither did.
    public var budgetReached: StopReason? = nil
    /// The requests the property sent to the engine, by stage; nil for a property that was not run (a SKIP for
    /// features) and in a report written before suite 0.9.0.
    public var requests: RequestCounts? = nil

    /// Whether the property's evidence level is TENTATIVE.
    public var isTentative: Bool { level == .tentative }
}
