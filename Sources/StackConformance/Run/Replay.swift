import PropertyCheck
import StackLayout

/// `stackcheck replay TOKEN`: reruns exactly one case of a property, from its replay token, on an engine.
public enum Replay {
    /// The case and what became of it.
    public struct Outcome: Sendable {
        /// The property the token names.
        public var property: ConformanceProperty
        /// The case's status now: PASS, FAIL, SKIP (outside the domain, or unsupported), or the engine's fault.
        public var status: ResultStatus
        /// The violated statement and the failure, or why the case did not run.
        public var message: String
        /// The case with both layouts, when it was built.
        public var counterexample: Counterexample?
    }

    /// A token that names no property of this suite or does not rebuild a case.
    public struct Invalid: Error, Sendable, CustomStringConvertible {
        public let description: String
    }

    /// The features a token's case was generated with (its context: the engine's feature code, `FeatureSet.code`).
    public static func features(of token: ReplayToken) -> FeatureSet? { FeatureSet(code: token.context) }

    /// Rebuilds the token's case and checks its property on `engine` once, with `options`' tolerance; throws when
    /// the token cannot rebuild a case of this suite.
    public static func run(_ token: ReplayToken, on engine: any LayoutEngine, options: RunOptions = RunOptions()) throws(Invalid) -> Outcome {
        guard let property = Catalogue.property(token.property) else {
            throw Invalid(description: "the token names the property '\(token.property)', which is not in the catalogue")
        }
        let evaluator = Evaluator(engine: engine, options: options)
        let tc = TestCase.replaying([])
        switch property.body {
        case .layout(let check):
            guard let features = features(of: token) else {
                throw Invalid(description: "the token's feature code '\(token.context)' is not valid")
            }
            let generator = check.generator(for: features)
            guard let scenario = PropertyRunner.value(of: token, generator) else {
                throw Invalid(description: "the token's choices do not make a scenario (was it made by another suite version?)")
            }
            do {
                try evaluator.evaluate(check, scenario, tc)
                let counterexample = evaluator.counterexample(scenario, replay: token.encoded, cutShort: false, judged: nil)
                if tc.labels.contains(Evaluator.unsupportedLabel) {
                    return Outcome(property: property, status: .skip, message: "the engine answered unsupported", counterexample: counterexample)
                }
                return Outcome(property: property, status: .pass, message: "the case passes", counterexample: counterexample)
            } catch let failure as CaseFailure {
                // What is shown is the answer that failed; the engine is asked once more for its standard error.
                let counterexample = evaluator.counterexample(scenario, replay: token.encoded, cutShort: false, judged: failure)
                return Outcome(property: property, status: failure.status, message: failure.message, counterexample: counterexample)
            } catch let abort as PropertyAbort {
                return Outcome(property: property, status: .error, message: abort.message,
                               counterexample: evaluator.counterexample(scenario, replay: token.encoded, cutShort: false, judged: nil))
            } catch {
                let counterexample = evaluator.counterexample(scenario, replay: token.encoded, cutShort: false, judged: nil)
                return Outcome(property: property, status: .skip, message: "the case lies outside the property's domain",
                               counterexample: counterexample)
            }
        case .viewTree(let check):
            guard let program = PropertyRunner.value(of: token, ViewTreeOperation.programs) else {
                throw Invalid(description: "the token's choices do not make a program")
            }
            let tree = options.viewTree.init()
            var status = ResultStatus.pass, message = "the case passes"
            do {
                try check.check(program, tree, { s in try evaluator.relayout(s) }, options.tolerance)
            } catch let failure as PropertyFailure {
                status = .fail; message = failure.message
            } catch let failure as CaseFailure {
                status = failure.status; message = failure.message
            } catch let abort as PropertyAbort {
                status = .error; message = abort.message
            } catch {
                status = .skip; message = "the case lies outside the property's domain"
            }
            let replayTree = options.viewTree.init()
            for op in program { _ = try? replayTree.perform(op) }
            var c = (try? replayTree.root.scenario()).map { evaluator.counterexample($0, replay: token.encoded, cutShort: false, judged: nil) }
                ?? Counterexample(scenario: nil, program: nil, actual: nil, reference: nil, replay: token.encoded, shrinkCutShort: false)
            c.program = program.map(\.description)
            return Outcome(property: property, status: status, message: message, counterexample: c)
        }
    }
}
