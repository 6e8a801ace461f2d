import Synchronization
import Testing
@testable import StackConformance
import StackConformanceMutants
import StackLayout

/// Issue 31's coverage measure for the diagnosis: every engine mutant run to a FAIL by its designated property (the
/// default seed and case count, as `MutantTests`), its minimal counterexample diagnosed with the engine's layout of
/// it (`ReferenceEngine.diagnose`), and the share of diagnoses that name a UIKit constraint or a tie rule.
@Suite struct DiagnosisMutantTests {
    /// One mutant's diagnosis, or why there is none.
    struct Row: Sendable {
        let id: String
        let property: String
        let diagnosis: LayoutDiagnosis?
        let note: String
    }

    /// Every (scenario, layout) the engine gave while a property checked one case: the case's own, then each
    /// variant a metamorphic property laid out, in order.
    final class Recorder: Sendable {
        let laidOut = Mutex<[(Scenario, Layout)]>([])
        func record(_ scenario: Scenario, _ layout: Layout) { laidOut.withLock { $0.append((scenario, layout)) } }
    }

    /// The FAIL's minimal counterexample, checked again with every layout recorded, and the first diagnosis among
    /// them that names a cause (the case's own layout first): issue 31's "the same for each layout a metamorphic
    /// property compares".
    static func diagnose(_ mutant: Mutant) async -> Row {
        guard let property = Catalogue.property(mutant.killedBy), let engine = mutant.engine else {
            return Row(id: mutant.id, property: mutant.killedBy, diagnosis: nil, note: "unknown property")
        }
        let options = RunOptions()
        let result = await MutantCheck.run(mutant, property, options: options)
        guard result.status == .fail, let c = result.counterexample, let scenario = c.scenario,
              let actual = c.actual, let reference = c.reference else {
            return Row(id: mutant.id, property: property.id, diagnosis: nil, note: "no FAIL with a layout")
        }
        let recorder = Recorder()
        recorder.record(scenario, actual)
        let context = CaseContext(scenario: scenario, layout: actual, reference: reference, tolerance: options.tolerance) {
            variant in
            let layout = try engine.layout(variant)
            recorder.record(variant, layout)
            return layout
        }
        // A view-tree property's counterexample is the final tree's scenario and layout: nothing else to lay out.
        if case .layout(let check) = property.body { _ = try? check.check(context) }
        let diagnoses = recorder.laidOut.withLock { $0 }.map { scenario, layout in
            ReferenceEngine.diagnose(scenario, engineLayout: layout, tolerance: options.tolerance.absolute)
        }
        let d = diagnoses.first(where: \.namesCause) ?? diagnoses[0]
        return Row(id: mutant.id, property: property.id, diagnosis: d,
                   note: "\(diagnoses.count) layouts: " + d.lines.joined(separator: " / "))
    }

    @Test func mostMutantFailuresNameAUIKitConstraintOrTieRule() async {
        var rows: [Row] = []
        for mutant in Mutants.all where mutant.engine != nil { rows.append(await Self.diagnose(mutant)) }
        let named = rows.filter { $0.diagnosis?.namesCause == true }
        for row in rows {
            print("diagnosis \(row.diagnosis?.namesCause == true ? "NAMED " : "MISSED") \(row.id) [\(row.property)] "
                  + "\(row.diagnosis?.family ?? "-"): \(row.note)")
        }
        print("diagnosis coverage: \(named.count) of \(rows.count) mutant FAILs name a UIKit constraint or a rule")
        for verdict in ["breaksRequired", "breaksPriority", "differsAtTie", "differsInRounding", "differsInRootBaseline",
                        "agrees", "unusable"] {
            print("diagnosis verdicts: \(verdict) \(rows.filter { $0.diagnosis?.verdictName == verdict }.count)")
        }
        #expect(rows.count >= 15)
        #expect(named.count * 100 >= rows.count * DiagnosisMutantTests.reachedPercent,
                "\(named.count) of \(rows.count)")
    }

    /// The share reached, in percent, rounded down: every mutant FAIL but `zeroLengthIsNaN`'s, whose NaN frame cannot
    /// be imposed (the diagnosis says so). The issue's target is 90.
    static let reachedPercent = 97
}
