import StackLayout

/// The cases a result counts (`PropertyResult.cases`, `unsupported`, `failingCases`).
struct CaseTally: Sendable {
    /// Answered cases (unsupported answers and discarded cases are not counted).
    var cases = 0
    /// Cases the engine answered `unsupported`.
    var unsupported = 0
    /// Cases that failed among `cases`.
    var failingCases = 0
}

/// A result is built whole, by the kind of outcome it records: a property that did not run (skipped, not run), one
/// stopped by an error, and one whose cases were checked (PASS, or led by its worst failure). `seconds` is 0 until
/// the runner times the check.
extension PropertyResult {
    /// SKIP: the property does not apply on this engine; `reason` says why.
    init(skipped property: ConformanceProperty, reason: ResultReason, message: String, tally: CaseTally = CaseTally(),
         failures: [PropertyFailureRecord] = []) {
        self.init(property, status: .skip, reason: reason, message: message, tally: tally, failures: failures)
    }

    /// NOTRUN: the run stopped before the property (`message` says why).
    init(notRun property: ConformanceProperty, message: String) {
        self.init(property, status: .notRun, reason: nil, message: message, tally: CaseTally(), failures: [])
    }

    /// ERROR for a cause that is not one case's failure (`reason`): the generator's health check, a coverage
    /// requirement, an engine stopped. `failures` are those found before, in the order found; `standardError` is
    /// what an external engine wrote around its last fault.
    init(errored property: ConformanceProperty, reason: ResultReason, message: String, tally: CaseTally,
         failures: [PropertyFailureRecord], standardError: StandardErrorExcerpt?) {
        self.init(property, status: .error, reason: reason, message: message, tally: tally, failures: failures)
        self.standardError = standardError
    }

    /// A property whose cases were checked: PASS when `failures` is empty, else the first failure leads (`failures`
    /// worst first, `FailureRecords.worstFirst`): the result takes its status (reason `engine` for an ERROR), its
    /// case and its standard error. `message` is the count of passed cases, or the lead failure's message.
    init(checked property: ConformanceProperty, tally: CaseTally, failures: [PropertyFailureRecord], message: String) {
        let lead = failures.first
        self.init(property, status: lead?.status ?? .pass, reason: lead?.status == .error ? .engine : nil,
                  message: message, tally: tally, failures: failures)
        counterexample = lead?.counterexample
        standardError = lead?.standardError
    }

    /// The fields every outcome sets; no case, no standard error, not timed.
    private init(_ property: ConformanceProperty, status: ResultStatus, reason: ResultReason?, message: String,
                 tally: CaseTally, failures: [PropertyFailureRecord]) {
        self.init(property: property.id, rules: property.rules, level: property.level, status: status, reason: reason,
                  cases: tally.cases, unsupported: tally.unsupported, message: message, counterexample: nil,
                  standardError: nil, seconds: 0, expected: nil, failures: failures, failingCases: tally.failingCases)
    }
}
