import Synchronization
import StackLayout

/// One layout of a failing case diagnosed by UIKit's constraints: the case's own layout, or a variant a
/// metamorphic property laid out on the same engine and compared with it.
public struct CaseDiagnosis: Sendable {
    /// The scenario laid out: the case's, or a variant of it.
    public let scenario: Scenario
    /// The engine's layout of `scenario`.
    public let layout: Layout
    /// `ReferenceEngine.diagnose` of that layout.
    public let diagnosis: LayoutDiagnosis
    /// Whether `scenario` is a variant rather than the case itself.
    public let isVariant: Bool

    /// A diagnosed layout from its parts.
    public init(scenario: Scenario, layout: Layout, diagnosis: LayoutDiagnosis, isVariant: Bool) {
        self.scenario = scenario
        self.layout = layout
        self.diagnosis = diagnosis
        self.isVariant = isVariant
    }

    /// The one to show for a FAIL: the first (the case's own layout first, then the variants in the order the
    /// property laid them out) whose diagnosis names a UIKit constraint or a rule, else the case's own.
    public static func shown(_ diagnoses: [CaseDiagnosis]) -> CaseDiagnosis? {
        diagnoses.first { $0.diagnosis.namesCause } ?? diagnoses.first
    }
}

extension ConformanceProperty {
    /// Every layout this property compares for one case, diagnosed: the case's own layout, then each variant the
    /// check lays out through `relayout` (the engine under test), in order. The check is run again for this, so a
    /// metamorphic property lays its variants out once more; a deterministic engine gives the layouts the verdict
    /// saw. (A runner that records the variants while checking can diagnose them with `ReferenceEngine.diagnose`
    /// instead and spare the layouts.) A view-tree property's case is its final tree's layout alone.
    ///
    /// `tolerance.absolute` is the diagnosis's tolerance (`ReferenceEngine.diagnose`).
    public func diagnoses(scenario: Scenario, layout: Layout, reference: Layout, tolerance: Tolerance,
                          relayout: @escaping @Sendable (Scenario) throws -> Layout) -> [CaseDiagnosis] {
        let recorded = Mutex<[(Scenario, Layout)]>([(scenario, layout)])
        if case .layout(let check) = body {
            let context = CaseContext(scenario: scenario, layout: layout, reference: reference, tolerance: tolerance) {
                variant in
                let answer = try relayout(variant)
                recorded.withLock { $0.append((variant, answer)) }
                return answer
            }
            // The verdict is already known; only the layouts the check asks for matter here.
            _ = try? check.check(context)
        }
        return recorded.withLock { $0 }.enumerated().map { i, pair in
            CaseDiagnosis(scenario: pair.0, layout: pair.1,
                          diagnosis: ReferenceEngine.diagnose(pair.0, engineLayout: pair.1,
                                                              tolerance: tolerance.absolute),
                          isVariant: i > 0)
        }
    }
}
