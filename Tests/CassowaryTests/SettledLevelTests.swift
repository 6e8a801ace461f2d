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
    /// and every constraint the solver reports holding at the end. `markers`: `Solver.keepsEqualityMarkers`.
    /// `removesRequiredEqualities` false: the script's removals leave required equalities alone (so that the same
    /// script runs on a solver without their markers).
    private func run(seed: UInt64, skipping: Bool, markers: Bool = true, removesRequiredEqualities: Bool = true,
                     on s: Solver = Solver()) -> [[Double]] {
        var script = Script(rng: Xoshiro256StarStar(seed: seed))
        s.skipsSettledLevels = skipping
        s.keepsEqualityMarkers = markers
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
                let i = script.below(handles.count)
                let optimize = script.below(2) == 0
                if !removesRequiredEqualities, let c = s.constraint(handles[i]), c.isRequired, c.relation == .equal {
                    break
                }
                s.remove(handles.remove(at: i), optimize: optimize)
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

    /// `Solver.keepsEqualityMarkers` false leaves required equalities' dummy markers out of every row. Dummies never
    /// enter and sit at 0, so every pivot, every broken constraint and every value is the same, to the bit.
    @Test(arguments: 0..<200)
    func sameValuesWithoutEqualityMarkers(seed: Int) {
        let skipping = seed % 4 != 0
        let with = run(seed: UInt64(seed), skipping: skipping, markers: true, removesRequiredEqualities: false)
        let without = run(seed: UInt64(seed), skipping: skipping, markers: false, removesRequiredEqualities: false)
        #expect(with == without, "seed \(seed)")
    }

    /// Without its marker a required equality cannot be taken out: `remove` says so and changes nothing.
    @Test func aRequiredEqualityWithoutItsMarkerStays() throws {
        let s = Solver()
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
