import PropertyCheck
import StackLayout

/// The saved regressions of a property (`RunOptions.regressions`, `Fixtures/regressions/`), replayed before any
/// new case of it.
///
/// A regression replays on the engine it was found on and, when they have the features its scenario needs, on the
/// built-in engines: a counterexample found on any engine is a case the built-in engines must get right.
enum RegressionReplay {
    /// The result of the first regression of `property` that fails again (one case, its failure not shrunk: the
    /// saved case is already the one to look at), or nil when none does.
    static func firstFailing(_ property: ConformanceProperty, _ check: LayoutCheck,
                             _ evaluator: Evaluator) -> PropertyResult? {
        let engine = evaluator.engine
        for regression in evaluator.options.regressions where regression.property == property.id
            && (regression.engine == engine.name
                || (evaluator.builtIn && requiredFeatures(of: regression.scenario).subtracting(engine.features).isEmpty)) {
            do {
                try evaluator.evaluate(check, regression.scenario, TestCase.replaying([]))
            } catch let failure as CaseFailure {
                let c = evaluator.counterexample(regression.scenario, replay: "regression \(regression.token)",
                                                 cutShort: false, judged: failure)
                var record = FailureRecords.record(failure, earlier: nil, c, evaluator)
                record.message = "A saved regression fails again: \(record.message)"
                return PropertyResult(checked: property, tally: CaseTally(cases: 1, unsupported: 0, failingCases: 1),
                                      failures: [record],
                                      message: FailureRecords.message(record, property, evaluator))
            } catch let abort as PropertyAbort {
                return StatusMapping.aborted(property, abort, tally: CaseTally(), failures: [], evaluator)
            } catch {}
        }
        return nil
    }
}
