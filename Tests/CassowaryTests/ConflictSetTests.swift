import PropertyCheck
import StackFuzzing
import Testing
import Cassowary

/// R-SOLVE-5's conflict set: `UnsatisfiableConstraint.conflicting` must be what deletion filtering over every
/// required constraint gives (the definition), on random systems of several unlinked groups of variables. The
/// solver probes only the constraints linked to the rejected one; this oracle probes them all, through the public
/// API, one new solver per probe.
@Suite struct ConflictSetTests {
    /// True when `constraints` can all hold (added to a new solver, in order).
    private static func feasible(_ constraints: [Constraint], variables: Int) -> Bool {
        let s = CheckedSolver()
        for _ in 0..<variables { _ = s.makeVariable() }
        for c in constraints { guard (try? s.add(c, optimize: false)) != nil else { return false } }
        return true
    }

    /// Three groups of three variables; a constraint names variables of one group only (a recipe over three
    /// variables, moved to its group).
    private static let constraints: Gen<[ConstraintRecipe]> = Gens.array(
        Gens.zip(Gens.int(0...2), SolverGens.constraint(variables: 3, coefficients: -2...2, constants: -10...10,
                                                         priorities: [1000], density: 0.5))
            .map { group, recipe in
                var moved = recipe
                moved.terms = recipe.terms.map { (3 * group + $0.variable, $0.coefficient) }
                return moved
            },
        count: 1...60, averageLength: 30)

    @Test func conflictSetIsDeletionFilteringOverEveryRequiredConstraint() async {
        // Most cases must reject a constraint, else they check nothing.
        let property = Property("cassowary.conflictSetIsDeletionFiltering", Self.constraints,
                                cover: [("a constraint was rejected", 50)]) { recipes, tc in
            let s = CheckedSolver()
            let vars = (0..<9).map { _ in s.makeVariable() }
            var held: [(handle: ConstraintHandle, constraint: Constraint)] = []
            var rejected = 0
            for recipe in recipes where rejected < 3 {
                let c = recipe.constraint(vars)
                do throws(UnsatisfiableConstraint) {
                    held.append((try s.add(c, optimize: false), c))
                } catch {
                    rejected += 1
                    // The oracle: deletion filtering, in handle order, over every required constraint held.
                    var kept = held
                    var i = 0
                    while i < kept.count {
                        var without = kept
                        without.remove(at: i)
                        if !Self.feasible(without.map(\.constraint) + [c], variables: vars.count) {
                            kept = without
                        } else {
                            i += 1
                        }
                    }
                    try require(error.conflicting == kept.map(\.handle),
                                "rejected \(c): the solver's set \(error.conflicting.map(\.id)), deletion filtering's \(kept.map(\.handle.id))")
                }
            }
            tc.classify(rejected > 0, "a constraint was rejected")
        }
        await checkProperty(property)
    }
}
