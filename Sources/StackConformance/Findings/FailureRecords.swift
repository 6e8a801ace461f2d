import PropertyCheck
import StackLayout

/// A property's distinct failures, as PropertyCheck found and shrank them ("From cases to results",
/// ENGINE-PROTOCOL.md): each becomes a `PropertyFailureRecord` with its own status (FAIL, NONDETERMINISTIC when the
/// engine answered its case differently twice, or the engine's fault), its shrunk case, the diagnosis of what its
/// answer breaks, and the message that leads a result (`StatusMapping` takes the worst).
enum FailureRecords {
    /// Builds a failure's counterexample from its shrunk token and the failure the check judged on it.
    typealias CounterexampleBuilder = (ReplayToken, CaseFailure?) -> Counterexample?

    /// Every distinct failure of PropertyCheck's `report`, in the order found, each with its shrunk case.
    static func records(_ report: PropertyReport, _ evaluator: Evaluator,
                        counterexample: CounterexampleBuilder) -> [PropertyFailureRecord] {
        report.failures.map { failure in
            // The answer shown is the one judged when the shrunk case was replayed, the last time it failed; the
            // answer to the same case during shrinking, when the shrinker ran it, is the earlier one.
            let earlier = failure.error as? CaseFailure
            let judged = failure.replayError as? CaseFailure ?? earlier
            var r = record(judged, earlier: failure.replayError == nil ? nil : earlier, flaky: failure.flaky,
                           counterexample(failure.counterexample.token, judged), evaluator)
            r.commands = commands(r.counterexample, evaluator)
            return r
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
        if record.standardError == nil, judged?.status != .fail {
            record.standardError = evaluator.faultStandardError
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

    /// What the answers a failing check judged break among UIKit's constraints, with the headline chosen by what
    /// the check measured (`CaseFinding`): the finding the run already made to tell the failure apart, or made now
    /// for the shown case. From the recorded answers: no request is sent for it.
    static func diagnosis(_ judged: CaseFailure?, _ c: Counterexample?, _ evaluator: Evaluator) -> ReportedDiagnosis? {
        if let finding = judged?.finding { return ReportedDiagnosis(finding) }
        guard let c, let scenario = c.scenario, let layout = judged?.layout ?? c.actual else { return nil }
        return CaseFinding.make(scenario: scenario, layout: layout, variants: judged?.variants ?? [],
                                measured: judged?.measured, reference: c.reference, tolerance: evaluator.tolerance.absolute)
            .map(ReportedDiagnosis.init)
    }

    /// The failures worst first (`ResultStatus.severity`), ties in the order found: the first leads its result.
    static func worstFirst(_ failures: [PropertyFailureRecord]) -> [PropertyFailureRecord] {
        let order = failures.indices.sorted { a, b in
            let (x, y) = (failures[a].status.severity, failures[b].status.severity)
            return x != y ? x > y : a < b
        }
        return order.map { failures[$0] }
    }

    /// The commands of a case's token, as the run's `ReplayLineFormat` writes them.
    static func commands(_ c: Counterexample?, _ evaluator: Evaluator) -> FailureCommands? {
        guard let c, c.replay.hasPrefix(ReplayToken.prefix),
              let written = evaluator.options.replayLines?.lines(c.replay, engine: evaluator.engine, options: evaluator.options)
        else { return nil }
        return FailureCommands(replay: written.replay, keep: written.keep)
    }

    /// What failed, for people: the check's message (for NONDETERMINISTIC, the two answers first) and the diagnosis;
    /// a result's message goes on with the statement and the commands.
    static func body(_ failure: PropertyFailureRecord) -> [String] {
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
        return lines
    }

    /// A failure's message for people: what failed (and for NONDETERMINISTIC, the two answers), the statement,
    /// and the replay lines.
    static func message(_ failure: PropertyFailureRecord, _ property: ConformanceProperty, _ evaluator: Evaluator) -> String {
        var lines = body(failure)
        lines.append("Statement (\(property.rules.joined(separator: ", "))): \(property.statement)")
        if let commands = failure.commands {
            lines.append("Replay: \(commands.replay)")
            lines.append("Keep it as a regression: \(commands.keep)")
        }
        return lines.joined(separator: "\n")
    }
}
