import PropertyCheck
import StackLayout

/// From PropertyCheck's report to a property's result ("From cases to results", ENGINE-PROTOCOL.md): every distinct
/// failure becomes a `PropertyFailureRecord` with its own status, and the result takes the worst.
enum FailureRecords {
    /// Builds a failure's counterexample from its shrunk token and the failure the check judged on it.
    typealias CounterexampleBuilder = (ReplayToken, CaseFailure?) -> Counterexample?

    /// Maps PropertyCheck's report to the protocol's statuses.
    static func result(_ property: ConformanceProperty, _ report: PropertyReport, _ evaluator: Evaluator,
                       counterexample: CounterexampleBuilder) -> PropertyResult {
        let unsupported = report.labels.first { $0.label == Evaluator.unsupportedLabel }?.count ?? 0
        let notComputed = report.labels.first { $0.label == Evaluator.baselinesNotComputedLabel }?.count ?? 0
        var r = ConformanceRunner.blank(property, .pass, "")
        r.cases = report.cases - unsupported - notComputed
        r.unsupported = unsupported
        r.failingCases = report.failingCases
        r.failures = report.failures.map { failure in
            // The answer shown is the one judged when the shrunk case was replayed, the last time it failed; the
            // answer to the same case during shrinking, when the shrinker ran it, is the earlier one.
            let earlier = failure.error as? CaseFailure
            let judged = failure.replayError as? CaseFailure ?? earlier
            return record(judged, earlier: failure.replayError == nil ? nil : earlier, flaky: failure.flaky,
                          counterexample(failure.counterexample.token, judged), evaluator)
        }
        switch report.status {
        case .passed:
            passed(&r, unsupported: unsupported, notComputed: notComputed)
        case .failed, .flaky:
            lead(&r, property, evaluator)
        case .health:
            if report.cases == 0 {
                r.status = .skip
                r.reason = .domain
                r.message = "no generated case lies inside the property's domain on this engine (\(report.invalid) discarded)"
            } else {
                r.status = .error
                r.reason = .health
                r.message = report.problem ?? "the generator's health check failed"
            }
        case .coverage:
            r.status = .error
            r.reason = .coverage
            r.message = report.problem ?? "a coverage requirement was not met"
        case .aborted:
            let abort = report.abort ?? PropertyAbort(kind: "ERROR", message: report.problem ?? "")
            var a = aborted(property, abort, cases: r.cases, evaluator)
            a.unsupported = unsupported
            a.failures = r.failures
            a.failingCases = r.failingCases
            return a
        }
        return r
    }

    /// A result whose cases all held: PASS, or SKIP when no case was answered.
    static func passed(_ r: inout PropertyResult, unsupported: Int, notComputed: Int) {
        if r.cases == 0 && notComputed > 0 {
            r.status = .skip
            r.reason = .baselinesNotComputed
            r.message = "the engine computed no root baseline (omitted or null in all \(notComputed) layouts)"
        } else if r.cases == 0 {
            r.status = .skip
            r.reason = .unsupported
            r.message = "every case was answered unsupported (\(unsupported))"
        } else {
            var apart: [String] = []
            if unsupported > 0 { apart.append("\(unsupported) unsupported") }
            if notComputed > 0 { apart.append("\(notComputed) without root baselines") }
            r.message = "\(r.cases) cases passed" + (apart.isEmpty ? "" : " (" + apart.joined(separator: ", ") + ")")
        }
    }

    /// One failure: its status, what failed, its shrunk case, and whether the engine answered that case the same
    /// way each time. The case was sent three times in all (the shrink step that found it, PropertyCheck's replay,
    /// and once more for the report and the engine's standard error): requests the run makes anyway, compared here.
    static func record(_ judged: CaseFailure?, earlier: CaseFailure?, flaky: Bool = false, _ c: Counterexample?,
                       _ evaluator: Evaluator) -> PropertyFailureRecord {
        var record = PropertyFailureRecord(status: judged?.status ?? .fail, message: judged?.message ?? "",
                                           signature: judged?.failureIdentity ?? "", counterexample: c,
                                           standardError: c?.replayStandardError)
        if record.standardError == nil, judged?.status != .fail, let external = evaluator.engine as? any EngineWithStandardError {
            record.standardError = external.faultStandardError
        }
        let tolerance = evaluator.tolerance.absolute
        let first = judged?.layout
        for (first, second) in [(earlier?.layout, first), (first, c?.secondAnswer)] {
            guard let first, let second else { continue }
            let changes = LayoutComparison.changes(from: first, to: second, tolerance: tolerance)
            if !changes.isEmpty {
                record.nondeterminism = Nondeterminism(first: first, second: second, differences: changes)
                break
            }
        }
        if record.nondeterminism == nil && flaky && judged?.status == .fail {
            record.nondeterminism = Nondeterminism(first: first, second: c?.secondAnswer,
                                                   differences: ["the shrunk case failed, then passed when sent again"])
        }
        if record.nondeterminism != nil { record.status = .nondeterministic }
        if judged?.status == .fail { record.diagnosis = diagnosis(judged, c, evaluator) }
        return record
    }

    /// What the answers a failing check judged break among UIKit's constraints: the case's own answer and each
    /// variant's, in the order the check laid them out, the first that names a cause shown (`CaseDiagnosis.shown`).
    /// From the recorded answers: no request is sent for it.
    static func diagnosis(_ judged: CaseFailure?, _ c: Counterexample?, _ evaluator: Evaluator) -> ReportedDiagnosis? {
        guard let c, let scenario = c.scenario, let layout = judged?.layout ?? c.actual else { return nil }
        let tolerance = evaluator.tolerance.absolute
        var all = [CaseDiagnosis(scenario: scenario, layout: layout, diagnosis: ReferenceEngine.diagnose(
            scenario, engineLayout: layout, tolerance: tolerance), isVariant: false)]
        for v in judged?.variants ?? [] {
            all.append(CaseDiagnosis(scenario: v.scenario, layout: v.layout, diagnosis: ReferenceEngine.diagnose(
                v.scenario, engineLayout: v.layout, tolerance: tolerance), isVariant: true))
        }
        return CaseDiagnosis.shown(all).map(ReportedDiagnosis.init)
    }

    /// Orders the failures worst first (ties in the order found) and gives the result the first one's status,
    /// message, counterexample and standard error.
    static func lead(_ r: inout PropertyResult, _ property: ConformanceProperty, _ evaluator: Evaluator) {
        let order = r.failures.indices.sorted { a, b in
            let (x, y) = (r.failures[a].status.severity, r.failures[b].status.severity)
            return x != y ? x > y : a < b
        }
        r.failures = order.map { r.failures[$0] }
        guard let lead = r.failures.first else { return }
        r.status = lead.status
        r.reason = lead.status == .error ? .engine : nil
        r.counterexample = lead.counterexample
        r.standardError = lead.standardError
        r.message = message(lead, property, evaluator)
    }

    /// A failure's message for people: what failed (and for NONDETERMINISTIC, the two answers), the statement,
    /// and the replay lines.
    static func message(_ failure: PropertyFailureRecord, _ property: ConformanceProperty, _ evaluator: Evaluator) -> String {
        var lines: [String] = []
        if let n = failure.nondeterminism {
            lines.append("Nondeterministic: \(n.summary).")
            lines.append("The first answer failed: \(failure.message)")
        } else {
            lines.append(failure.message)
        }
        if let d = failure.diagnosis, d.namesCause {
            let which = d.isVariant ? " (on the variant the check compared it with)" : ""
            lines.append("Diagnosis\(which): " + d.lines.joined(separator: "\n  "))
        }
        lines.append("Statement (\(property.rules.joined(separator: ", "))): \(property.statement)")
        if let c = failure.counterexample, c.replay.hasPrefix(ReplayToken.prefix) {
            let (replay, keep) = evaluator.options.replayLines.lines(c.replay, engine: evaluator.engine,
                                                                     options: evaluator.options)
            lines.append("Replay: \(replay)")
            lines.append("Keep it as a regression: \(keep)")
        }
        return lines.joined(separator: "\n")
    }

    /// A property stopped by an engine that cannot be started again: ERROR with the reason `cannotStart`, which
    /// stops the run (exit status 3).
    static func aborted(_ property: ConformanceProperty, _ abort: PropertyAbort, cases: Int,
                        _ evaluator: Evaluator) -> PropertyResult {
        var r = ConformanceRunner.blank(property, .error, abort.message, reason: .engine)
        if abort.cause is EngineCannotStart { r.reason = .cannotStart }
        r.cases = cases
        return r
    }
}
