import PropertyCheck
import StackLayout

/// Checks an engine against the catalogue. Each property runs its cases from (seed, property id,
/// engine features), so properties can run in any order, on any number of jobs, with identical results. Every
/// distinct failure (`RunOptions.maxFailures`) is shrunk over the scenario generator and carries the minimal
/// scenario, the engine's answer that failed, the reference's layout, the violated statement and a replay token.
public enum ConformanceRunner {
    /// Runs one property on `engine`.
    public static func check(_ property: ConformanceProperty, on engine: any LayoutEngine,
                             options: RunOptions = RunOptions()) async -> PropertyResult {
        let stopwatch = Stopwatch()
        var result = await checkUntimed(property, on: engine, options: options)
        if let external = engine as? any EngineWithStandardError, result.failures.isEmpty,
           [.error, .timeout, .crash].contains(result.status) {
            result.standardError = external.faultStandardError
        }
        result.seconds = stopwatch.seconds
        return result
    }

    static func blank(_ p: ConformanceProperty, _ status: ResultStatus, _ message: String, reason: ResultReason? = nil) -> PropertyResult {
        PropertyResult(property: p.id, rules: p.rules, level: p.level, status: status, reason: reason, cases: 0,
                       unsupported: 0, message: message, counterexample: nil, standardError: nil, seconds: 0, expected: nil)
    }

    static func checkUntimed(_ property: ConformanceProperty, on engine: any LayoutEngine,
                             options: RunOptions) async -> PropertyResult {
        let missing = property.features.subtracting(engine.features)
        if !missing.isEmpty {
            return blank(property, .skip, "needs the features \(missing.sorted.map(\.rawValue).joined(separator: ", "))", reason: .features)
        }
        if engine.capabilities.contains(.layoutsAreTheReference) && property.id == ConformanceProperty.agreement.id {
            return blank(property, .skip, "the reference engine is what the agreement property compares with", reason: .reference)
        }
        let evaluator = Evaluator(engine: engine, options: options)
        switch property.body {
        case .layout(let check):
            if let alternatives = check.missingAlternatives(in: engine.features) {
                return blank(property, .skip, "needs one of the features " + alternatives.map(\.rawValue).joined(separator: ", "),
                             reason: .features)
            }
            if let failed = replayRegressions(property, check, evaluator, options) { return failed }
            return await checkLayout(property, check, evaluator, options)
        case .viewTree(let check):
            return await checkViewTree(property, check, evaluator, options)
        }
    }

    /// The PropertyCheck configuration of a run's property.
    static func configuration(_ options: RunOptions) -> Configuration {
        var configuration = Configuration(seed: options.seed, cases: options.cases)
        configuration.maxShrinkCalls = options.maxShrinkCalls
        configuration.maxFailures = options.maxFailures
        configuration.maxShrinkCallsPerLaterFailure = options.maxShrinkCallsPerLaterFailure
        configuration.maxRepeatedFailures = options.maxRepeatedFailures
        configuration.shrinkTimeLimit = options.shrinkTimeLimit
        configuration.maxInvalidRatio = 20
        configuration.replay = options.replay
        return configuration
    }

    /// The saved regressions of `property` that apply, replayed before any new case: the result of the first that
    /// fails again, nil when none does. A regression replays on the engine it was found on and, when they have its
    /// features, on the built-in engines (a counterexample found on any engine is a case the built-in engines must
    /// get right).
    static func replayRegressions(_ property: ConformanceProperty, _ check: LayoutCheck, _ evaluator: Evaluator,
                                  _ options: RunOptions) -> PropertyResult? {
        let engine = evaluator.engine
        for regression in options.regressions where regression.property == property.id
            && (regression.engine == engine.name
                || (evaluator.builtIn && requiredFeatures(of: regression.scenario).subtracting(engine.features).isEmpty)) {
            do {
                try evaluator.evaluate(check, regression.scenario, TestCase.replaying([]))
            } catch let failure as CaseFailure {
                let c = evaluator.counterexample(regression.scenario, replay: "regression \(regression.seed)",
                                                 cutShort: false, judged: failure)
                var record = FailureRecords.record(failure, earlier: nil, c, evaluator)
                record.message = "A saved regression fails again: \(record.message)"
                var r = blank(property, record.status, "")
                r.cases = 1
                r.failingCases = 1
                r.failures = [record]
                FailureRecords.lead(&r, property, evaluator)
                return r
            } catch let abort as PropertyAbort {
                return FailureRecords.aborted(property, abort, cases: 0, evaluator)
            } catch {}
        }
        return nil
    }

    /// A layout property's generated cases, and for a failure the minimal case and one to look at.
    static func checkLayout(_ property: ConformanceProperty, _ check: LayoutCheck, _ evaluator: Evaluator,
                            _ options: RunOptions) async -> PropertyResult {
        let generator = check.generator(for: evaluator.engine.features)
        let p = Property(property.id, generator, describe: { $0.jsonString(pretty: false) }) { scenario, tc in
            try evaluator.evaluate(check, scenario, tc)
        }
        let report = await PropertyRunner.run(p, context: evaluator.engine.features.code, configuration: configuration(options))
        var r = FailureRecords.result(property, report, evaluator) { token, judged in
            guard let scenario = PropertyRunner.value(of: token, generator) else { return nil }
            return evaluator.counterexample(scenario, replay: token.encoded, cutShort: cutShort(report, token), judged: judged)
        }
        // A case to look at for the first FAIL: the result's own, or the one beside a crash or an error that leads.
        if let i = r.failures.firstIndex(where: { $0.status == .fail }), let c = r.failures[i].counterexample,
           let minimal = c.scenario {
            if PresentableSearch.showsASizedView(minimal) && PresentableSearch.isPresentable(minimal, reference: c.reference) {
                r.failures[i].counterexample?.presentable = PresentableCase(scenario: minimal, actual: c.actual, reference: c.reference)
            } else if options.searchesPresentable {
                let search = PresentableSearch(evaluator: evaluator, check: check, propertyID: property.id, seed: options.seed)
                r.failures[i].counterexample?.presentable = await search.search(from: minimal)
            }
            if i == 0 { r.counterexample = r.failures[0].counterexample }
        }
        return r
    }

    /// Whether shrinking the failure whose shrunk case is `token` stopped at its cap or time limit.
    static func cutShort(_ report: PropertyReport, _ token: ReplayToken) -> Bool {
        report.failures.first { $0.counterexample.token == token }?.counterexample.shrink.cutShort ?? false
    }

    /// A view-tree property's generated programs, each on a fresh tree of `options.viewTree`.
    static func checkViewTree(_ property: ConformanceProperty, _ check: ViewTreeCheck, _ evaluator: Evaluator,
                              _ options: RunOptions) async -> PropertyResult {
        let treeType = options.viewTree
        let layout: @Sendable (Scenario) throws -> Layout = { s in try evaluator.relayout(s) }
        let p = Property(property.id, ViewTreeOperation.programs,
                         describe: { $0.map(\.description).joined(separator: "; ") }) { program, _ in
            do {
                try check.check(program, treeType.init(), layout, options.tolerance)
            } catch let failure as PropertyFailure {
                throw CaseFailure(check: failure, layout: nil, variants: [])
            }
        }
        let report = await PropertyRunner.run(p, context: evaluator.engine.features.code, configuration: configuration(options))
        return FailureRecords.result(property, report, evaluator) { token, judged in
            guard let program = PropertyRunner.value(of: token, ViewTreeOperation.programs) else { return nil }
            let tree = treeType.init()
            for op in program { _ = try? tree.perform(op) }
            var c = (try? tree.root.scenario()).map {
                evaluator.counterexample($0, replay: token.encoded, cutShort: cutShort(report, token), judged: nil)
            } ?? Counterexample(scenario: nil, program: nil, actual: nil, reference: nil, replay: token.encoded,
                                shrinkCutShort: cutShort(report, token))
            c.program = program.map(\.description)
            return c
        }
    }
}

extension ConformanceRunner {
    /// `INVOCATION replay TOKEN` (`swift run stackcheck replay TOKEN` by default) with the arguments that select
    /// `engine` again (`--engine NAME`, or an external engine's `--engine-command CMD [--timeout S]`) and the
    /// tolerance when it is not the default, every word quoted for a POSIX shell: the line runs when pasted. (The
    /// token carries the feature set.)
    public static func replayCommand(_ token: String, engine: any LayoutEngine, tolerance: Tolerance,
                                     invocation: [String] = RunOptions.swiftRun) -> String {
        var words = invocation + ["replay", token]
        words += (engine as? any EngineWithCommandLine)?.engineArguments ?? ["--engine", engine.name]
        if tolerance.absolute != Tolerance.standard.absolute { words += ["--tolerance", formatNumber(tolerance.absolute)] }
        return CommandWords.join(words)
    }
}

/// An engine that keeps its standard error for reports (external engines): each non-PASS result shows what the
/// engine wrote while answering the request the result is about, labelled with that request.
public protocol EngineWithStandardError: LayoutEngine {
    /// Lays `scenario` out and returns, with the answer, what the engine wrote while it answered; `during` says which
    /// case that is, for people.
    func layoutRecordingStandardError(_ scenario: Scenario, during: String) -> (Result<Layout, LayoutError>, StandardErrorExcerpt?)
    /// What the engine wrote around the last request that did not end with a layout.
    var faultStandardError: StandardErrorExcerpt? { get }
}
