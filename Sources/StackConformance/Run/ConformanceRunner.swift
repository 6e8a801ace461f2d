import PropertyCheck
import StackLayout

/// Checks one property of the catalogue on an engine, in these steps, each a type of its own:
///
/// 1. `FeatureGate`: a property the engine cannot run is a SKIP that says why.
/// 2. `RegressionReplay`: the property's saved regressions that apply are replayed before any new case; the first
///    that fails again is the result.
/// 3. `PropertyCheckAdapter`: the property's generated cases run through PropertyCheck, which shrinks every distinct
///    failure (`RunOptions.maxFailures`).
/// 4. `FailureRecords` and `StatusMapping`: each failure and PropertyCheck's report become the protocol's statuses
///    (ENGINE-PROTOCOL.md, "From cases to results"); a failure carries the minimal scenario, the engine's answer
///    that failed, the reference's layout, the violated statement and a replay token.
/// 5. `PresentableSearch`: a case to look at beside the first FAIL's minimal case.
///
/// A property's cases come from (seed, property id, engine features) alone, so properties can run in any order, on
/// any number of jobs, with identical results.
public enum ConformanceRunner {
    /// Runs one property on `engine`.
    public static func check(_ property: ConformanceProperty, on engine: any LayoutEngine,
                             options: RunOptions = RunOptions()) async -> PropertyResult {
        let stopwatch = Stopwatch()
        var result = await checkUntimed(property, on: engine, options: options)
        result.commands = result.failures.first?.commands
            ?? FailureRecords.commands(result.counterexample, Evaluator(engine: engine, options: options))
        result.seconds = stopwatch.seconds
        return result
    }

    /// `check` without the wall-clock time (`seconds` is 0).
    static func checkUntimed(_ property: ConformanceProperty, on engine: any LayoutEngine,
                             options: RunOptions) async -> PropertyResult {
        if let skipped = FeatureGate.skip(property, on: engine) { return skipped }
        var evaluator = Evaluator(engine: engine, options: options)
        let faults = FaultBudget(property: property.id, engine: engine, options: options)
        evaluator.faults = faults
        var result: PropertyResult
        switch property.body {
        case .layout(let check):
            faults.enter(.regressions)
            if let failed = RegressionReplay.firstFailing(property, check, evaluator) {
                result = failed
            } else {
                result = await checkLayout(property, check, evaluator)
            }
        case .viewTree(let check):
            result = await checkViewTree(property, check, evaluator)
        }
        result.requests = faults.counts
        return result
    }

    /// A layout property's generated cases, and for a failure the minimal case and one to look at.
    static func checkLayout(_ property: ConformanceProperty, _ check: LayoutCheck,
                            _ evaluator: Evaluator) async -> PropertyResult {
        let generator = check.generator(for: evaluator.engine.features)
        let p = Property(property.id, generator, describe: { $0.jsonString(pretty: false) }) { scenario, tc in
            try evaluator.evaluate(check, scenario, tc)
        }
        let report = await PropertyCheckAdapter.run(p, on: evaluator.engine, options: evaluator.options,
                                                    faults: evaluator.faults)
        evaluator.faults?.enter(.replays)
        let failures = FailureRecords.records(report, evaluator) { token, judged in
            guard let scenario = PropertyRunner.value(of: token, generator) else { return nil }
            var c = evaluator.counterexample(scenario, replay: token.encoded,
                                             cutShort: PropertyCheckAdapter.cutShort(report, token), judged: judged)
            c.shrinkStop = PropertyCheckAdapter.shrinkStop(report, token)
            return c
        }
        var result = StatusMapping.result(property, report, failures, evaluator)
        result.budgetReached = PropertyCheckAdapter.budgetReached(report)
        // A property that spent its restart budget sends no more requests, a case to look at included.
        if evaluator.faults?.reached != nil { return result }
        evaluator.faults?.enter(.presentable)
        return await PresentableSearch.withCaseToLookAt(result, property, check, evaluator)
    }

    /// A view-tree property's generated programs, each on a fresh tree of `RunOptions.viewTree`.
    static func checkViewTree(_ property: ConformanceProperty, _ check: ViewTreeCheck,
                              _ evaluator: Evaluator) async -> PropertyResult {
        let options = evaluator.options
        let treeType = options.viewTree
        let layout: @Sendable (Scenario) throws -> Layout = { s in try evaluator.relayout(s) }
        let p = Property(property.id, ViewTreeOperation.programs,
                         describe: { $0.map(\.description).joined(separator: "; ") }) { program, _ in
            do {
                try check.check(program, treeType.init(), layout, options.tolerance)
            } catch let failure as PropertyFailure {
                throw CaseFailure(check: failure, measured: nil, layout: nil, variants: [], scenario: nil, tolerance: 0)
            }
        }
        let report = await PropertyCheckAdapter.run(p, on: evaluator.engine, options: options, faults: evaluator.faults)
        evaluator.faults?.enter(.replays)
        let failures = FailureRecords.records(report, evaluator) { token, judged in
            guard let program = PropertyRunner.value(of: token, ViewTreeOperation.programs) else { return nil }
            let tree = treeType.init()
            for op in program { _ = try? tree.perform(op) }
            let cutShort = PropertyCheckAdapter.cutShort(report, token)
            var c = (try? tree.root.scenario()).map {
                evaluator.counterexample($0, replay: token.encoded, cutShort: cutShort, judged: nil)
            } ?? Counterexample(scenario: nil, program: nil, actual: nil, reference: nil, replay: token.encoded,
                                shrinkCutShort: cutShort)
            c.program = program.map(\.description)
            c.shrinkStop = PropertyCheckAdapter.shrinkStop(report, token)
            return c
        }
        var result = StatusMapping.result(property, report, failures, evaluator)
        result.budgetReached = PropertyCheckAdapter.budgetReached(report)
        return result
    }
}
