import PropertyCheck
import StackLayout

/// Evaluates one case of a layout property on one engine: the precondition, the domain (`Section4Domain`) with the
/// reference layout, the engine's answer, then the check.
struct Evaluator: Sendable {
    static let unsupportedLabel = "engine answered unsupported"
    static let baselinesNotComputedLabel = "engine did not compute the root baselines"
    let engine: any LayoutEngine
    /// The engine's layouts are the reference's (`EngineCapabilities.layoutsAreTheReference`): its answer and its
    /// variants' are taken from the case's reference solves, never solved twice.
    let isReference: Bool
    let tolerance: Tolerance
    /// The engine ships with the package (`EngineCapabilities.builtIn`).
    let builtIn: Bool
    /// The run's options: its cases, its regressions, how its replay lines are written.
    var options = RunOptions()
    /// The property's account of requests and restarts (`FaultBudget`), when a run checks one; nil elsewhere (a
    /// replay, a fixture, a fuzz target), which has no budget.
    var faults: FaultBudget? = nil

    init(engine: any LayoutEngine, isReference: Bool, tolerance: Tolerance, builtIn: Bool) {
        self.engine = engine
        self.isReference = isReference
        self.tolerance = tolerance
        self.builtIn = builtIn
    }

    /// The evaluator of `engine`'s cases under `options`, as its description says (`EngineCapabilities`).
    init(engine: any LayoutEngine, options: RunOptions) {
        self.init(engine: engine, isReference: engine.capabilities.contains(.layoutsAreTheReference),
                  tolerance: options.tolerance, builtIn: engine.capabilities.contains(.builtIn))
        self.options = options
    }

    /// What an external engine wrote around the last request that did not end with a layout
    /// (`EngineWithStandardError`); nil for an engine that keeps no standard error.
    var faultStandardError: StandardErrorExcerpt? {
        (engine as? any EngineWithStandardError)?.faultStandardError
    }

    func evaluate(_ check: LayoutCheck, _ scenario: Scenario, _ tc: TestCase) throws {
        // The precondition first: it reads the scenario and the tolerance only, and most discarded cases fail it, so
        // they cost no layout and are never sent to the engine.
        guard check.precondition(scenario, tolerance) else { throw StopTest.invalid }
        // This case's reference solves: the domain check and, on the reference engine, the property's variants
        // reuse them (a variant in another scale or direction is the same solve).
        let references = CaseReferenceLayouts()
        let reference: Layout
        if check.domain == .section4 {
            guard let inside = Section4Domain.reference(of: scenario, references) else { throw StopTest.invalid }
            reference = inside
        } else {
            reference = references.layout(scenario)
        }
        let layout: Layout
        if isReference {
            layout = reference
        } else {
            do { layout = try ask(scenario) } catch {
                if case .unsupported = error { tc.label(Self.unsupportedLabel); return }
                throw failure(error)
            }
        }
        // The variants a metamorphic check lays out, with the answers it judges: a failure carries them.
        let log = VariantLog()
        let relayout: @Sendable (Scenario) throws -> Layout
        if isReference {
            relayout = { s in references.layout(s) }
        } else {
            relayout = { s in
                let answer = try self.relayout(s)
                log.record(s, answer)
                return answer
            }
        }
        let ctx = CaseContext(scenario: scenario, layout: layout, reference: reference, tolerance: tolerance,
                              builtIn: builtIn, relayout: relayout,
                              resize: isReference ? { @Sendable s in references.size(of: s) } : nil,
                              referenceLayout: { s in references.layout(s) })
        do { try check.check(ctx) } catch is BaselinesNotComputed {
            tc.label(Self.baselinesNotComputedLabel)
        } catch let failure as CheckFailure {
            throw CaseFailure(check: failure.failure, measured: failure.measured, layout: layout,
                              variants: log.variants, scenario: scenario, reference: reference,
                              tolerance: tolerance.absolute)
        } catch let failure as PropertyFailure {
            throw CaseFailure(check: failure, measured: nil, layout: layout, variants: log.variants,
                              scenario: scenario, reference: reference, tolerance: tolerance.absolute)
        } catch var fault as CaseFailure {
            // A variant's request failed: the case's own answer and the variants before it go with the fault.
            fault.layout = layout
            fault.variants = log.variants
            throw fault
        }
    }

    /// The engine's layout of a variant: `unsupported` discards the case; a fault fails it (`CaseFailure`), and an
    /// engine that cannot be restarted stops the run.
    func relayout(_ scenario: Scenario) throws -> Layout {
        do { return try ask(scenario) } catch {
            if case .unsupported = error { throw StopTest.invalid }
            throw failure(error)
        }
    }

    /// The engine's layout of `scenario`: its earlier answer to the same scenario where the property's account
    /// has one to give (`FaultBudget.earlierAnswer`), else a request, counted. Only layouts are remembered: a fault
    /// or an `unsupported` answer is asked again.
    func ask(_ scenario: Scenario) throws(LayoutError) -> Layout {
        let key = faults?.remembersAnswers == true ? scenario.jsonString(pretty: false) : nil
        if let key, let earlier = faults?.earlierAnswer(key) { return earlier }
        faults?.countRequest()
        let answer = try engine.layout(scenario)
        if let key { faults?.remember(key, answer) }
        return answer
    }

    /// What a fault throws: a case failure (ERROR, TIMEOUT, CRASH), shrunk like any failure within the run's
    /// shrink budget, or for an engine that cannot be started again the abort that stops the property and the run.
    /// A restart it caused is told to the property's `FaultBudget`.
    func failure(_ error: LayoutError) -> any Error {
        if case .cannotStart(let m) = error {
            return PropertyAbort(kind: "cannot start", message: m, cause: EngineCannotStart(message: m))
        }
        faults?.noticeFault(error)
        return CaseFailure(fault: error, shrinkBudget: options.shrinkBudget)
    }

    /// A minimal scenario for the report: the engine's answer the check judged (`judged`, when the case failed a
    /// check), the reference's layout, and for a metamorphic check the variant it was judging. The engine is sent
    /// the scenario once more: what an external engine writes to its standard error meanwhile goes with the result,
    /// and the answer (`secondAnswer`) is compared with the judged one, so that an engine that answers the same
    /// request differently is named. Without a judged answer (a fault, a view-tree program), the second answer is
    /// the one shown.
    func counterexample(_ scenario: Scenario, replay: String, cutShort: Bool, judged: CaseFailure?) -> Counterexample {
        let second: Layout?
        var excerpt: StandardErrorExcerpt?
        faults?.countRequest()
        if let external = engine as? any EngineWithStandardError {
            let during = replay.hasPrefix(ReplayToken.prefix) ? "the shrunk counterexample, replayed" : "the saved \(replay), replayed"
            let (answer, written) = external.layoutRecordingStandardError(scenario, during: during)
            second = try? answer.get()
            excerpt = written
        } else {
            second = try? engine.layout(scenario)
        }
        var c = Counterexample(scenario: scenario, program: nil, actual: judged?.layout ?? second,
                               reference: try? ReferenceEngine().layout(scenario), replay: replay, shrinkCutShort: cutShort)
        c.replayStandardError = excerpt
        c.secondAnswer = second
        if let last = judged?.variants.last {
            c.variant = PresentableCase(scenario: last.scenario, actual: last.layout,
                                        reference: try? ReferenceEngine().layout(last.scenario))
        }
        return c
    }
}
