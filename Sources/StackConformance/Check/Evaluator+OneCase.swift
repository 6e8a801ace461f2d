import PropertyCheck
import StackLayout

extension ConformanceProperty {
    /// Checks the statement on one scenario laid out by `engine`, exactly as a run checks each of its cases (the
    /// precondition, the domain, the engine's answer, the check), for callers that draw their scenarios themselves:
    /// the fuzz targets, whose bytes are the scenario. False when the case does not count (outside the precondition
    /// or the domain, or answered `unsupported`, or a view-tree property); throws what a failing case throws.
    package func checkCase(_ scenario: Scenario, on engine: any LayoutEngine) throws -> Bool {
        guard case .layout(let check) = body else { return false }
        let tc = TestCase.replaying([])
        do {
            try Evaluator(engine: engine, options: RunOptions()).evaluate(check, scenario, tc)
        } catch StopTest.invalid {
            return false
        }
        return !tc.labels.contains(Evaluator.unsupportedLabel)
    }

    /// This property as a run checks it on `engine`: the catalogue's id, its generator for the engine's features
    /// and the run's check of each case, so that a failing case's token (with the context `engine.features.code`)
    /// is one `stackcheck replay` reads. Nil for a view-tree property.
    package func caseProperty(on engine: any LayoutEngine) -> Property<Scenario>? {
        guard case .layout(let check) = body else { return nil }
        let evaluator = Evaluator(engine: engine, options: RunOptions())
        return Property(id, check.generator(for: engine.features), describe: { $0.jsonString(pretty: false) }) {
            scenario, tc in
            try evaluator.evaluate(check, scenario, tc)
        }
    }
}
