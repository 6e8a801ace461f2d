import StackLayout

/// An engine's expectations file (ENGINE-PROTOCOL.md, "Expectations owned by the engine"): the failures its
/// maintainers know about, so known differences keep CI green and new ones turn it red.
///
/// `stackcheck.expectations/2` lists known causes by their identity (`FailureCause.key`: the constraint role and
/// the residual's explanation, the model edit that reproduces the layout, or a fault's status and signature), so a
/// second bug inside a property already red for a first one is a new cause and fails the run. It may also accept
/// statuses per property, as `stackcheck.expectations/1` does (still read): such an entry accepts its statuses
/// whatever the causes behind them, which is what a property that cannot pass on this engine needs (a feature it
/// will never have) and what a cause list cannot say for a result without failures (a SKIP).
public struct Expectations: Sendable {
    /// The `format` written; `readableFormats` lists what is read.
    public static let formatIdentifier = "stackcheck.expectations/2"
    /// The formats read: /2, and /1 (statuses per property only).
    public static let readableFormats = [formatIdentifier, "stackcheck.expectations/1"]

    /// What the maintainers accept for one property.
    public struct Entry: Sendable, Equatable {
        /// The statuses accepted.
        public var statuses: [ResultStatus]
        /// Why, for people (the report prints it beside the result).
        public var reason: String

        /// An entry accepting `statuses`.
        public init(statuses: [ResultStatus], reason: String) {
            self.statuses = statuses
            self.reason = reason
        }
    }

    /// A cause the maintainers know about: its failures are expected wherever they show.
    public struct KnownCause: Sendable, Equatable {
        /// The cause's identity, `FailureCause.key` (`FAIL edit: margins-relative across`).
        public var key: String
        /// Why it is expected, for people.
        public var reason: String
        /// The properties it broke when it was written down: a cause is called fixed only by a run in which one of
        /// them ran (a run of other properties says nothing about it). Empty: any run that lacks it.
        public var properties: [String]
        /// The cause's summary when it was written down, for people reading the file; never matched.
        public var summary: String

        /// A known cause.
        public init(key: String, reason: String, properties: [String] = [], summary: String = "") {
            self.key = key
            self.reason = reason
            self.properties = properties
            self.summary = summary
        }
    }

    /// The reason an `expectations` command writes for a cause nobody has explained yet.
    public static let placeholderReason = "TODO: say why this cause is expected, or fix it"

    /// By property id.
    public var entries: [String: Entry]
    /// The known causes, in the file's order.
    public var causes: [KnownCause]
    /// Whether a known cause that no longer appears fails the run (`--strict`), as an unexpected pass does.
    public var strict: Bool

    /// Expectations with these entries and causes (none: the default expectation for every property).
    public init(entries: [String: Entry] = [:], causes: [KnownCause] = [], strict: Bool = false) {
        self.entries = entries
        self.causes = causes
        self.strict = strict
    }

    /// Whether `result` matches its expectation by its status alone: this file's entry for the property, else the
    /// default one (`PropertyResult.matchesExpectation(builtIn:)`). The known causes can accept a failing result
    /// too; the report's verdict weighs both (`RunVerdict`).
    public func matches(_ result: PropertyResult, builtIn: Bool) -> Bool {
        var r = result
        r.expected = entries[result.property]?.statuses
        return r.matchesExpectation(builtIn: builtIn)
    }

    /// Sets each result's `expected` from the file (nil when the default applies) and the report's known causes,
    /// in one assignment of the results: setting a report's results groups its causes again.
    public func annotate(_ report: inout ConformanceReport) {
        report.setExpected { entries[$0.property]?.statuses }
        report.expectedCauses = causes.isEmpty && !strict ? nil : ExpectedCauses(known: causes, strict: strict)
    }
}

/// The known causes a report was checked against (`ConformanceReport.expectedCauses`), kept in the report so that
/// its verdict can be computed again from the report alone (`stackcheck report` reads it back from JSON).
public struct ExpectedCauses: Sendable, Equatable {
    /// The causes the expectations file lists.
    public var known: [Expectations.KnownCause]
    /// `--strict`: a known cause that no longer appears fails the run.
    public var strict: Bool

    /// Known causes, strict or not.
    public init(known: [Expectations.KnownCause], strict: Bool) {
        self.known = known
        self.strict = strict
    }
}
