import PropertyCheck
import StackLayout

/// From PropertyCheck's report to a property's result ("From cases to results", ENGINE-PROTOCOL.md): how the
/// property's run ended becomes one of the protocol's statuses, with its reason and its message.
///
/// - passed: PASS; SKIP when no case was answered (every case unsupported, or no root baseline computed).
/// - failed (or flaky): the worst of its failures (`FailureRecords`) leads: its status, message and case.
/// - health: SKIP (`domain`) when no generated case lies inside the property's domain, else ERROR (`health`).
/// - coverage: ERROR (`coverage`).
/// - aborted: ERROR (`engine`, or `cannotStart` when the engine cannot be started again, which stops the run).
enum StatusMapping {
    /// The result of `property` from PropertyCheck's `report` and its `failures` in the order they were found.
    static func result(_ property: ConformanceProperty, _ report: PropertyReport, _ failures: [PropertyFailureRecord],
                       _ evaluator: Evaluator) -> PropertyResult {
        let unsupported = report.labels.first { $0.label == Evaluator.unsupportedLabel }?.count ?? 0
        let notComputed = report.labels.first { $0.label == Evaluator.baselinesNotComputedLabel }?.count ?? 0
        let tally = CaseTally(cases: report.cases - unsupported - notComputed, unsupported: unsupported,
                              failingCases: report.failingCases)
        switch report.status {
        case .passed:
            return passed(property, tally, notComputed: notComputed, failures: failures)
        case .failed, .flaky:
            let ordered = FailureRecords.worstFirst(failures)
            return PropertyResult(checked: property, tally: tally, failures: ordered,
                                  message: ordered.first.map { FailureRecords.message($0, property, evaluator) } ?? "")
        case .health:
            if report.cases == 0 {
                return PropertyResult(skipped: property, reason: .domain,
                                      message: "no generated case lies inside the property's domain on this engine (\(report.invalid) discarded)",
                                      tally: tally, failures: failures)
            }
            return PropertyResult(errored: property, reason: .health,
                                  message: report.problem ?? "the generator's health check failed",
                                  tally: tally, failures: failures, standardError: faultStandardError(failures, evaluator))
        case .coverage:
            return PropertyResult(errored: property, reason: .coverage,
                                  message: report.problem ?? "a coverage requirement was not met",
                                  tally: tally, failures: failures, standardError: faultStandardError(failures, evaluator))
        case .aborted:
            let abort = report.abort ?? PropertyAbort(kind: "ERROR", message: report.problem ?? "")
            return aborted(property, abort, tally: tally, failures: failures, evaluator)
        }
    }

    /// A result whose cases all held: PASS, or SKIP when no case was answered.
    static func passed(_ property: ConformanceProperty, _ tally: CaseTally, notComputed: Int,
                       failures: [PropertyFailureRecord]) -> PropertyResult {
        if tally.cases == 0 && notComputed > 0 {
            return PropertyResult(skipped: property, reason: .baselinesNotComputed,
                                  message: "the engine computed no root baseline (omitted or null in all \(notComputed) layouts)",
                                  tally: tally, failures: failures)
        }
        if tally.cases == 0 {
            return PropertyResult(skipped: property, reason: .unsupported,
                                  message: "every case was answered unsupported (\(tally.unsupported))",
                                  tally: tally, failures: failures)
        }
        var apart: [String] = []
        if tally.unsupported > 0 { apart.append("\(tally.unsupported) unsupported") }
        if notComputed > 0 { apart.append("\(notComputed) without root baselines") }
        return PropertyResult(checked: property, tally: tally, failures: failures,
                              message: "\(tally.cases) cases passed" + (apart.isEmpty ? "" : " (" + apart.joined(separator: ", ") + ")"))
    }

    /// A property stopped by an engine fault that is not one case's failure: ERROR, with the reason `cannotStart`
    /// when the engine cannot be started again (which stops the run, exit status 3), else `engine`. Its failures
    /// stay in the order found.
    static func aborted(_ property: ConformanceProperty, _ abort: PropertyAbort, tally: CaseTally,
                        failures: [PropertyFailureRecord], _ evaluator: Evaluator) -> PropertyResult {
        PropertyResult(errored: property, reason: abort.cause is EngineCannotStart ? .cannotStart : .engine,
                       message: abort.message, tally: tally, failures: failures,
                       standardError: faultStandardError(failures, evaluator))
    }

    /// What an external engine wrote around its last fault, for an ERROR that no failure record explains (a
    /// failure carries its own).
    static func faultStandardError(_ failures: [PropertyFailureRecord], _ evaluator: Evaluator) -> StandardErrorExcerpt? {
        failures.isEmpty ? evaluator.faultStandardError : nil
    }
}
