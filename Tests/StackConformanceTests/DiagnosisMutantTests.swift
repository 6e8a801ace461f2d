import Testing
import StackConformance
import StackConformanceMutants
import StackLayout

/// The diagnosis's coverage measure: every engine mutant run to a FAIL by its designated property (the
/// default seed and case count, as `MutantTests`), every layout its property compares on the minimal counterexample
/// diagnosed (`ConformanceProperty.diagnoses`), and the share of FAILs whose shown diagnosis names a UIKit
/// constraint or a rule (a tie rule, R-PX-1/R-PX-2 rounding, R-BL-2/R-BL-3 root baselines).
@Suite struct DiagnosisMutantTests {
    /// One mutant's diagnosis, or why there is none.
    struct Row: Sendable {
        let id: String
        let property: String
        let diagnosis: LayoutDiagnosis?
        let note: String
    }

    /// The FAIL's minimal counterexample and every variant its property compares, diagnosed
    /// (`ConformanceProperty.diagnoses`), and the one a report shows (`CaseDiagnosis.shown`): the same for each
    /// layout a metamorphic property compares.
    static func diagnose(_ mutant: Mutant) async -> Row {
        guard let property = Catalogue.property(mutant.killedBy), let engine = mutant.engine else {
            return Row(id: mutant.id, property: mutant.killedBy, diagnosis: nil, note: "unknown property")
        }
        // The run MutantTests checks (`MutantRuns`: run once, read by both).
        let options = RunOptions()
        let result = await MutantRuns.result(mutant, property)
        guard result.status == .fail, let c = result.counterexample, let scenario = c.scenario,
              let actual = c.actual, let reference = c.reference else {
            return Row(id: mutant.id, property: property.id, diagnosis: nil, note: "no FAIL with a layout")
        }
        let diagnoses = property.diagnoses(scenario: scenario, layout: actual, reference: reference,
                                           tolerance: options.tolerance) { try engine.layout($0) }
        let shown = CaseDiagnosis.shown(diagnoses)
        return Row(id: mutant.id, property: property.id, diagnosis: shown?.diagnosis,
                   note: "\(diagnoses.count) layouts: " + (shown?.diagnosis.lines.joined(separator: " / ") ?? ""))
    }

    @Test func mostMutantFailuresNameAUIKitConstraintOrTieRule() async {
        // The mutants at once (their runs are shared with MutantTests, which starts them in parallel too), in
        // catalogue order.
        let mutants = Mutants.all.filter { $0.engine != nil }
        let rows = await withTaskGroup(of: (Int, Row).self) { group in
            for (i, mutant) in mutants.enumerated() { group.addTask { (i, await Self.diagnose(mutant)) } }
            var done: [(Int, Row)] = []
            for await row in group { done.append(row) }
            return done.sorted { $0.0 < $1.0 }.map(\.1)
        }
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
