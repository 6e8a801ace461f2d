import PropertyCheck
import Testing
import Cassowary

/// R-SOLVE-5's conflict set: `UnsatisfiableConstraint.conflicting` must be what deletion filtering over every
/// required constraint gives (the definition), on random systems of several unlinked groups of variables. The
/// solver probes only the constraints linked to the rejected one; this oracle probes them all, through the public
/// API, one new solver per probe.
@Suite struct ConflictSetTests {
    private struct Draw {
        var rng: Xoshiro256StarStar
        mutating func below(_ n: Int) -> Int { Int(rng.next(upTo: UInt64(n - 1))) }
    }

    /// True when `constraints` can all hold (added to a new solver, in order).
    private func feasible(_ constraints: [Constraint], variables: Int) -> Bool {
        let s = Solver()
        for _ in 0..<variables { _ = s.makeVariable() }
        for c in constraints { guard (try? s.add(c, optimize: false)) != nil else { return false } }
        return true
    }

    @Test(arguments: 0..<60)
    func conflictSetIsDeletionFilteringOverEveryRequiredConstraint(seed: Int) throws {
        var draw = Draw(rng: Xoshiro256StarStar(seed: UInt64(seed)))
        let s = Solver()
        // Three groups of three variables; a constraint names variables of one group only.
        let vars = (0..<9).map { _ in s.makeVariable() }
        var held: [(handle: ConstraintHandle, constraint: Constraint)] = []
        var rejected = 0
        for _ in 0..<60 where rejected < 3 {
            let group = draw.below(3)
            var terms: [(variable: Variable, coefficient: Double)] = []
            for k in 0..<3 where draw.below(2) == 0 { terms.append((vars[3 * group + k], Double(draw.below(5) - 2))) }
            if terms.isEmpty { terms = [(vars[3 * group], 1)] }
            let relation: Relation = [.equal, .lessThanOrEqual, .greaterThanOrEqual][draw.below(3)]
            let c = Constraint(terms, constant: Double(draw.below(21) - 10), relation)
            do {
                held.append((try s.add(c, optimize: false), c))
            } catch {
                rejected += 1
                // The oracle: deletion filtering, in handle order, over every required constraint held.
                var kept = held
                var i = 0
                while i < kept.count {
                    var without = kept
                    without.remove(at: i)
                    if !feasible(without.map(\.constraint) + [c], variables: vars.count) { kept = without } else { i += 1 }
                }
                #expect(error.conflicting == kept.map(\.handle), "seed \(seed)")
            }
        }
        #expect(rejected > 0, "seed \(seed): no constraint was rejected, nothing was checked")
    }
}
