import PropertyCheck
import Testing
@testable import Cassowary

/// `Solver.skipsSettledLevels`: `optimize` skips levels that cannot have changed and re-prices only the changed
/// cells of a stale level. The former way re-optimised every level from the first changed one down, whole. Both
/// must make the same pivots: on random systems (PropertyCheck's Xoshiro256StarStar), with constraints added one by
/// one or in batches, removed, and edit variables moved, every value agrees to the bit.
@Suite struct SettledLevelTests {
    private struct Script {
        var rng: Xoshiro256StarStar
        mutating func below(_ n: Int) -> Int { Int(rng.next(upTo: UInt64(n - 1))) }   // 0..<n
    }

    /// Runs one random script on a solver (a new one by default); returns every variable's value after each step,
    /// and every constraint the solver reports holding at the end.
    private func run(seed: UInt64, skipping: Bool, on s: Solver = Solver()) -> [[Double]] {
        var script = Script(rng: Xoshiro256StarStar(seed: seed))
        s.skipsSettledLevels = skipping
        let n = 3 + script.below(8)
        let vars = (0..<n).map { _ in s.makeVariable() }
        // Many levels, as in a long stack: UIKit's and fractional tie levels.
        let priorities: [Double] = [1000, 1000, 999, 998, 750, 750, 500, 250, 250, 150, 49, 0.9, 0.5, 0.25]
        var handles: [ConstraintHandle] = []
        var trace: [[Double]] = []
        var edited: Variable?
        for _ in 0..<(10 + script.below(40)) {
            switch script.below(10) {
            case 0 where !handles.isEmpty:
                s.remove(handles.remove(at: script.below(handles.count)), optimize: script.below(2) == 0)
            case 1:
                if let v = edited {
                    try? s.suggestValue(v, Double(script.below(41) - 20))
                } else {
                    let v = vars[script.below(n)]
                    try? s.addEditVariable(v, priority: 600)
                    edited = v
                }
            case 2:
                s.optimize()
            default:
                var terms: [(variable: Variable, coefficient: Double)] = []
                for v in vars where script.below(3) == 0 { terms.append((v, Double(script.below(5) - 2))) }
                if terms.isEmpty { terms = [(vars[script.below(n)], 1)] }
                let relation: Relation = [.equal, .lessThanOrEqual, .greaterThanOrEqual][script.below(3)]
                let c = Constraint(terms, constant: Double(script.below(31) - 15), relation,
                                   priority: priorities[script.below(priorities.count)])
                if let h = try? s.add(c, optimize: script.below(4) != 0) { handles.append(h) }
            }
            trace.append(vars.map { s.value(of: $0) })
        }
        s.optimize()
        trace.append(vars.map { s.value(of: $0) })
        for h in handles {
            guard let c = s.constraint(h) else { trace.append([]); continue }
            trace.append(c.terms.flatMap { [Double($0.variable.id), $0.coefficient] } + [c.constant, c.priority])
        }
        return trace
    }

    /// `Solver.reset` keeps storage, not state: a solver reset after another random script (broken constraints,
    /// rollbacks and edit variables included) runs this one as a new solver does, to the bit.
    @Test(arguments: 0..<100)
    func aResetSolverSolvesLikeANewOne(seed: Int) {
        let used = Solver()
        _ = run(seed: UInt64(seed) + 10_000, skipping: seed % 2 == 0, on: used)
        used.reset()
        #expect(run(seed: UInt64(seed), skipping: true, on: used) == run(seed: UInt64(seed), skipping: true),
                "seed \(seed)")
    }

    @Test(arguments: 0..<200)
    func sameValuesAsTheFormerWay(seed: Int) {
        let new = run(seed: UInt64(seed), skipping: true)
        let former = run(seed: UInt64(seed), skipping: false)
        #expect(new == former, "seed \(seed)")
    }
}
