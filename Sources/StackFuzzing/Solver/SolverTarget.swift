import Cassowary
import PropertyCheck

/// The solver, driven by a script of constraints and edits (`SolverGens.script`) drawn with the input as its choice
/// sequence: whatever the path, the solution the script ends on is optimal level by level, by the dense oracle the
/// solver's tests use (`DenseOracleCheck`), and the solver never traps.
package enum SolverTarget {
    /// The check as a property, visible to the package's tests, so that a token the fuzzer printed replays and
    /// shrinks in `swift test`.
    package static let property = Property("fuzz.solver", SolverGens.script) { script, _ in
        let solver = Solver()
        let run = ScriptRun(script, on: solver)
        try DenseOracleCheck.check(run.held + (run.edit.map { [$0] } ?? []), variables: run.variables.count) {
            solver.value(of: $0)
        }
    }

    static let target = FuzzTarget(
        name: "solver",
        summary: "bytes as a script of constraints added and removed and edit variables moved; the solver's final "
            + "solution is the dense oracle's optimum, level by level") { bytes throws(FuzzFinding) in
        try EngineTargets.fuzz(property, bytes)
    }
}
