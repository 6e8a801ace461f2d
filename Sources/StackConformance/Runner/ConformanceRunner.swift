import PropertyCheck
import StackLayout

/// Checks an engine against the catalogue. Each property runs its cases from (seed, property id,
/// engine features), so properties can run in any order, on any number of jobs, with identical results. A failure
/// is shrunk over the scenario generator and carries the minimal scenario, both layouts, the violated statement and
/// a replay token.
public enum ConformanceRunner {
    /// Runs one property on `engine`.
    public static func check(_ property: ConformanceProperty, on engine: any LayoutEngine,
                             options: RunOptions = RunOptions()) async -> PropertyResult {
        let stopwatch = Stopwatch()
        var result = await checkUntimed(property, on: engine, options: options)
        if let external = engine as? any EngineWithStandardError {
            switch result.status {
            case .fail: result.standardError = result.counterexample?.replayStandardError
            case .error, .timeout, .crash: result.standardError = external.faultStandardError
            default: break
            }
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
        configuration.shrinkTimeLimit = options.shrinkTimeLimit
        configuration.maxInvalidRatio = 20
        configuration.replay = options.replay
        return configuration
    }

    /// The saved regressions of `property` that apply, replayed before any new case: the result of the first that
    /// fails again or stops the engine, nil when none does. A regression replays on the engine it was found on and,
    /// when they have its features, on the built-in engines (a counterexample found on any engine is a case the
    /// built-in engines must get right).
    static func replayRegressions(_ property: ConformanceProperty, _ check: LayoutCheck, _ evaluator: Evaluator,
                                  _ options: RunOptions) -> PropertyResult? {
        let engine = evaluator.engine
        for regression in options.regressions where regression.property == property.id
            && (regression.engine == engine.name
                || (evaluator.builtIn && requiredFeatures(of: regression.scenario).subtracting(engine.features).isEmpty)) {
            do {
                try evaluator.evaluate(check, regression.scenario, TestCase.replaying([]))
            } catch let failure as PropertyFailure {
                var r = blank(property, .fail, "A saved regression fails again: \(failure.message)\n\(property.statement)")
                r.cases = 1
                r.counterexample = evaluator.counterexample(regression.scenario, replay: "regression \(regression.seed)", cutShort: false)
                return r
            } catch let abort as PropertyAbort {
                return aborted(property, abort, cases: 0, scenario: regression.scenario, token: nil, evaluator)
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
        var r = result(property, report, evaluator) { token in
            guard let scenario = PropertyRunner.value(of: token, generator) else { return nil }
            return evaluator.counterexample(scenario, replay: token.encoded, cutShort: report.counterexample?.shrink.cutShort ?? false)
        }
        if r.status == .fail, let c = r.counterexample, let minimal = c.scenario {
            if PresentableSearch.showsASizedView(minimal) && PresentableSearch.isPresentable(minimal, reference: c.reference) {
                r.counterexample?.presentable = PresentableCase(scenario: minimal, actual: c.actual, reference: c.reference)
            } else if options.searchesPresentable {
                let search = PresentableSearch(evaluator: evaluator, check: check, propertyID: property.id, seed: options.seed)
                r.counterexample?.presentable = await search.search(from: minimal)
            }
        }
        return r
    }

    /// A view-tree property's generated programs, each on a fresh tree of `options.viewTree`.
    static func checkViewTree(_ property: ConformanceProperty, _ check: ViewTreeCheck, _ evaluator: Evaluator,
                              _ options: RunOptions) async -> PropertyResult {
        let treeType = options.viewTree
        let layout: @Sendable (Scenario) throws -> Layout = { s in try evaluator.relayout(s) }
        let p = Property(property.id, ViewTreeOperation.programs,
                         describe: { $0.map(\.description).joined(separator: "; ") }) { program, _ in
            try check.check(program, treeType.init(), layout, options.tolerance)
        }
        let report = await PropertyRunner.run(p, context: evaluator.engine.features.code, configuration: configuration(options))
        let cutShort = report.counterexample?.shrink.cutShort ?? false
        return result(property, report, evaluator) { token in
            guard let program = PropertyRunner.value(of: token, ViewTreeOperation.programs) else { return nil }
            let tree = treeType.init()
            for op in program { _ = try? tree.perform(op) }
            var c = (try? tree.root.scenario()).map { evaluator.counterexample($0, replay: token.encoded, cutShort: cutShort) }
                ?? Counterexample(scenario: nil, program: nil, actual: nil, reference: nil, replay: token.encoded,
                                  shrinkCutShort: cutShort)
            c.program = program.map(\.description)
            return c
        }
    }

    /// Maps PropertyCheck's report to the protocol's statuses ("From cases to results").
    static func result(_ property: ConformanceProperty, _ report: PropertyReport, _ evaluator: Evaluator,
                       counterexample: (ReplayToken) -> Counterexample?) -> PropertyResult {
        let unsupported = report.labels.first { $0.label == Evaluator.unsupportedLabel }?.count ?? 0
        let notComputed = report.labels.first { $0.label == Evaluator.baselinesNotComputedLabel }?.count ?? 0
        var r = blank(property, .pass, "")
        r.cases = report.cases - unsupported - notComputed
        r.unsupported = unsupported
        switch report.status {
        case .passed:
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
        case .failed, .flaky:
            r.status = report.status == .failed ? .fail : .error
            r.reason = report.status == .flaky ? .flaky : nil
            if let c = report.counterexample {
                r.counterexample = counterexample(c.token)
                r.message = failureMessage(property, c.message, r.counterexample, evaluator,
                                           flaky: report.status == .flaky)
            }
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
            var a = aborted(property, abort, cases: r.cases, scenario: nil, token: report.abortedCase, evaluator)
            if let token = report.abortedCase, a.counterexample == nil { a.counterexample = counterexample(token) }
            a.unsupported = unsupported
            return a
        }
        return r
    }

    static func aborted(_ property: ConformanceProperty, _ abort: PropertyAbort, cases: Int, scenario: Scenario?,
                        token: ReplayToken?, _ evaluator: Evaluator) -> PropertyResult {
        let status = ResultStatus(rawValue: abort.kind) ?? .error
        var r = blank(property, status, abort.message, reason: status == .error && abort.kind == "ERROR" ? .engine : nil)
        if abort.kind == Evaluator.cannotStart { r.status = .error; r.reason = .cannotStart }
        r.cases = cases
        if let scenario {
            r.counterexample = Counterexample(scenario: scenario, program: nil, actual: nil,
                                              reference: try? ReferenceEngine().layout(scenario),
                                              replay: token?.encoded ?? "", shrinkCutShort: false)
        }
        return r
    }

    static func failureMessage(_ property: ConformanceProperty, _ failure: String, _ c: Counterexample?,
                               _ evaluator: Evaluator, flaky: Bool) -> String {
        var lines: [String] = []
        if flaky { lines.append("Flaky: the shrunk case no longer fails on replay.") }
        lines.append(failure)
        lines.append("Statement (\(property.rules.joined(separator: ", "))): \(property.statement)")
        if let c, !c.replay.isEmpty, c.replay.hasPrefix(ReplayToken.prefix) {
            let (replay, keep) = evaluator.options.replayLines.lines(c.replay, engine: evaluator.engine,
                                                                     options: evaluator.options)
            lines.append("Replay: \(replay)")
            lines.append("Keep it as a regression: \(keep)")
        }
        return lines.joined(separator: "\n")
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
