/// Why a run stopped before every property ran (`ConformanceReport.stop`). The kind decides the exit status; the
/// message is for people.
public struct RunStop: Sendable, Equatable {
    /// What stopped the run.
    public enum Kind: String, Sendable, CaseIterable {
        /// SIGINT or SIGTERM (exit status 130).
        case interrupted
        /// An external engine could not be started or restarted (exit status 3).
        case engineUnavailable
        /// The engine answered no request of three properties in a row: each timed out or crashed on every case it
        /// was sent (exit status 1, the remaining properties NOTRUN).
        case engineUnresponsive
    }
    /// What stopped the run.
    public var kind: Kind
    /// What the remaining properties say as their message ("not run: interrupted").
    public var message: String

    /// A stop of `kind`, with the message the remaining properties carry.
    public init(_ kind: Kind, message: String) {
        self.kind = kind
        self.message = message
    }

    /// The stop of an interrupted run.
    public static let interrupted = RunStop(.interrupted, message: "not run: interrupted")
}

/// How the golden fixtures checked before a run's properties ended (SCENARIO-FORMAT.md, "Fixtures and regressions").
public struct FixtureTally: Sendable, Equatable {
    /// Fixtures whose layout matched.
    public var passed = 0
    /// Fixtures skipped: a feature the engine lacks, or an `unsupported` answer.
    public var skipped = 0
    /// Each fixture that failed or erred, as `FAIL name: differences` or `ERROR name: message`.
    public var problems: [String] = []

    /// A tally with nothing counted.
    public init() {}

    /// Every fixture checked.
    public var total: Int { passed + skipped + problems.count }
}

/// The verdict of a run: whether every result matches what is expected of the engine, and the exit status that says
/// so. The command line's exit status, the HTML page's headline, the JSON report's `verdict` and the Swift Testing
/// entry points all come from this one value, computed from the report alone (its results' `expected` statuses,
/// `builtIn`, `fixtures` and `stop`).
public struct RunVerdict: Sendable, Equatable {
    /// The outcome, in the order the exit statuses take precedence: a stop outranks any result.
    public enum Outcome: String, Sendable {
        /// Every result matches its expectation and every golden fixture that ran passed (exit status 0).
        case conforms
        /// A result does not match its expectation, a property was not run, or a golden fixture failed (exit 1).
        case doesNotConform
        /// The engine could not be started or restarted (exit status 3).
        case engineUnavailable
        /// The run was interrupted (exit status 130).
        case interrupted
    }

    /// A result that does not match its expectation.
    public struct Unexpected: Sendable, Equatable {
        /// The property's id.
        public var property: String
        /// Its status.
        public var status: ResultStatus
        /// What was expected: the expectations file's statuses, or nil for the default expectation.
        public var expected: [ResultStatus]?
        /// The keys of its failures' causes that the expectations file does not list, in failure order; empty
        /// for a result without failures (an unexpected PASS or SKIP).
        public var newCauses: [String] = []
    }

    /// The outcome.
    public var outcome: Outcome
    /// The results that do not match their expectation (NOTRUN aside), in catalogue order.
    public var unexpected: [Unexpected]
    /// FAILs of TENTATIVE properties that the default expectation accepts for an engine other than the built-in
    /// ones: listed apart, never hidden.
    public var tentativeDifferences: [String]
    /// The properties that did not run.
    public var notRun: [String]
    /// Golden fixtures that failed or erred.
    public var fixtureProblems: Int
    /// The causes of unexpected results that the expectations file does not list, in the report's cause order.
    public var newCauses: [String]
    /// The properties whose status alone does not match but whose every failure is in a known cause, in catalogue
    /// order: as expected, through the expectations file's causes.
    public var acceptedByKnownCauses: [String] = []
    /// The known causes that did not show although a property they broke ran, in the file's order. They fail the
    /// run only with `--strict` (`ExpectedCauses.strict`), as an unexpected PASS of a property would.
    public var fixedCauses: [String]

    /// Whether `result`, of the report this verdict is of, matches its expectation (by its status or by its known
    /// causes): what every report format marks, so that none judges a result otherwise than the exit status does.
    public func matches(_ result: PropertyResult) -> Bool { !unexpected.contains { $0.property == result.property } }

    /// The verdict of `report`: a result matches its expectation by its status (`matchesExpectation(builtIn:)`),
    /// or, when it has failures, by each of them belonging to a known cause.
    public init(_ report: ConformanceReport) {
        let known = report.expectedCauses?.known ?? []
        unexpected = report.results.compactMap { r in
            guard r.status != .notRun, !r.matchesExpectation(builtIn: report.builtIn) else { return nil }
            // Without known causes there is nothing a cause is new against.
            guard report.expectedCauses != nil else {
                return Unexpected(property: r.property, status: r.status, expected: r.expected)
            }
            let keys = report.causeKeys(of: r)
            var fresh: [String] = []
            for key in keys where !key.isEmpty && !known.contains(where: { $0.key == key }) && !fresh.contains(key) {
                fresh.append(key)
            }
            if !keys.isEmpty && !keys.contains("") && fresh.isEmpty { return nil }
            return Unexpected(property: r.property, status: r.status, expected: r.expected, newCauses: fresh)
        }
        let unexpectedProperties = unexpected.map(\.property)
        acceptedByKnownCauses = report.results.filter {
            $0.status != .notRun && !$0.matchesExpectation(builtIn: report.builtIn) && !unexpectedProperties.contains($0.property)
        }.map(\.property)
        let fresh = unexpected.flatMap(\.newCauses)
        newCauses = report.causes.map(\.key).filter { fresh.contains($0) }
        let ran = report.results.filter { $0.status != .notRun }.map(\.property)
        fixedCauses = known.filter { k in
            !report.causes.contains { $0.key == k.key } && (k.properties.isEmpty || k.properties.contains(where: ran.contains))
        }.map(\.key)
        tentativeDifferences = report.results.filter {
            $0.status == .fail && $0.expected == nil && $0.matchesExpectation(builtIn: report.builtIn)
        }.map(\.property)
        notRun = report.results.filter { $0.status == .notRun }.map(\.property)
        fixtureProblems = report.fixtures?.problems.count ?? 0
        switch report.stop?.kind {
        case .interrupted?: outcome = .interrupted
        case .engineUnavailable?: outcome = .engineUnavailable
        case .engineUnresponsive?, nil:
            let strictlyFixed = report.expectedCauses?.strict == true && !fixedCauses.isEmpty
            outcome = unexpected.isEmpty && notRun.isEmpty && fixtureProblems == 0 && !strictlyFixed
                ? .conforms : .doesNotConform
        }
    }

    /// `stackcheck run`'s exit status for this verdict (ENGINE-PROTOCOL.md, "Results").
    public var exitStatus: Int32 {
        switch outcome {
        case .conforms: return 0
        case .doesNotConform: return 1
        case .engineUnavailable: return 3
        case .interrupted: return 130
        }
    }

    /// Whether the run conforms: exit status 0.
    public var conforms: Bool { outcome == .conforms }

    /// The verdict in one line, with its exit status ("Does not conform as expected (exit status 1)").
    public var headline: String {
        switch outcome {
        case .conforms: return "Every result matches its expectation (exit status 0)"
        case .doesNotConform: return "Does not conform as expected (exit status 1)"
        case .engineUnavailable: return "The engine could not be started (exit status 3)"
        case .interrupted: return "Interrupted (exit status 130)"
        }
    }

    /// What the headline rests on, for people: the unexpected results, the properties not run and the fixtures
    /// that failed; empty when there is nothing to add.
    public var detail: String {
        var parts: [String] = []
        if !unexpected.isEmpty {
            parts.append("\(unexpected.count) result\(unexpected.count == 1 ? "" : "s") not as expected: "
                         + unexpected.map { "\($0.property) \($0.status.rawValue)" }.joined(separator: ", "))
        }
        if !newCauses.isEmpty {
            parts.append("\(newCauses.count) new cause\(newCauses.count == 1 ? "" : "s")")
        }
        if !fixedCauses.isEmpty {
            parts.append("\(fixedCauses.count) known cause\(fixedCauses.count == 1 ? "" : "s") fixed")
        }
        if fixtureProblems > 0 {
            parts.append("\(fixtureProblems) golden fixture\(fixtureProblems == 1 ? "" : "s") failed")
        }
        if !notRun.isEmpty { parts.append("\(notRun.count) not run") }
        return parts.isEmpty ? "" : parts.joined(separator: "; ") + "."
    }
}

extension PropertyResult {
    /// Whether this result matches what is expected of the engine: the expectations file's statuses when it has an
    /// entry (`expected`), else the default expectation. The default expects PASS, except that a SKIP for
    /// something the engine says it does not do (a missing feature, the reference itself, root baselines it does
    /// not compute) matches, and for an engine other than the built-in ones a FAIL of a TENTATIVE property matches
    /// (listed apart as a tentative difference). A property whose every case was answered `unsupported` does not
    /// match: an engine that answers nothing conforms to nothing.
    ///
    /// INF properties count like DOC, OBS and RT: they follow from the constraints UIKit installs, and the four
    /// founding invariants (fitting size, alignment fill, …) are INF. A gate that let them fail would not be one.
    public func matchesExpectation(builtIn: Bool) -> Bool {
        if let expected { return expected.contains(status) }
        if status == .pass { return true }
        if status == .skip && [.features, .reference, .baselinesNotComputed].contains(reason) { return true }
        if status == .fail && !builtIn && level == .tentative { return true }
        return false
    }
}
