import PropertyCheck
import StackFuzzing
import Testing
@_spi(Accelerated) import Cassowary

/// Random scripts (constraints added one by one or in batches, removed, edit variables moved) exercise what makes
/// the solver incremental: settled levels skipped, changed cells re-priced, reset storage, markers left out.
@Suite struct IncrementalSolveTests {
    /// Whatever the path, the solution a script ends on is optimal level by level: the dense oracle agrees with it
    /// on the constraints held at the end (`DenseOracleCheck`).
    @Test func scriptsEndOnTheOraclesOptimum() async {
        await checkProperty("cassowary.scriptsEndOnTheOraclesOptimum", SolverGens.script) { script, _ in
            let s = CheckedSolver()
            let run = ScriptRun(script, on: s.solver)
            try DenseOracleCheck.check(run.held + (run.edit.map { [$0] } ?? []), variables: run.variables.count) {
                s.value(of: $0)
            }
        }
    }

    /// `Solver.reset` keeps storage, not state: a solver reset after another script (broken constraints,
    /// rollbacks and edit variables included) runs this one as a new solver does, to the bit.
    @Test func aResetSolverSolvesLikeANewOne() async {
        await checkProperty("cassowary.aResetSolverSolvesLikeANewOne", Gens.zip(SolverGens.script, SolverGens.script),
                            describe: { "before the reset: \($0.0)\nafter it: \($0.1)" }) { scripts, _ in
            let used = CheckedSolver()
            _ = ScriptRun(scripts.0, on: used.solver)
            used.reset()
            let afterReset = ScriptRun(scripts.1, on: used.solver).fingerprint
            let fresh = ScriptRun(scripts.1).fingerprint
            try require(afterReset == fresh, "after reset: \(afterReset)\nnew solver: \(fresh)")
        }
    }

    /// `Solver.keepsEqualityMarkers` false leaves required equalities' dummy markers out of every row. Dummies never
    /// enter and sit at 0, so every pivot, every broken constraint and every value is the same, to the bit.
    @Test func sameValuesWithoutEqualityMarkers() async {
        await checkProperty("cassowary.sameValuesWithoutEqualityMarkers", SolverGens.mostlyRequiredScript) { script, _ in
            let with = ScriptRun(script, markers: true, removesRequiredEqualities: false).fingerprint
            let without = ScriptRun(script, markers: false, removesRequiredEqualities: false).fingerprint
            try require(with == without, "with markers: \(with)\nwithout: \(without)")
        }
    }

    /// Without its marker a required equality cannot be taken out: `remove` says so and changes nothing.
    @Test func aRequiredEqualityWithoutItsMarkerStays() throws {
        let s = CheckedSolver()
        s.keepsEqualityMarkers = false
        let x = s.makeVariable(), y = s.makeVariable()
        let equality = try s.add(Constraint([(x, 1), (y, -1)], constant: -5, .equal))
        let bound = try s.add(Constraint([(y, 1)], constant: -2, .greaterThanOrEqual))
        _ = try s.add(Constraint([(y, 1)], .equal, priority: 500))
        #expect(s.value(of: x) == 7 && s.value(of: y) == 2)
        #expect(!s.remove(equality))
        #expect(s.hasConstraint(equality))
        #expect(s.value(of: x) == 7 && s.value(of: y) == 2)
        #expect(s.remove(bound))
        #expect(s.value(of: x) == 5 && s.value(of: y) == 0)
    }
}
