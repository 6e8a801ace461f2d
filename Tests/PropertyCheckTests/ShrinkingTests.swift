import Testing
@testable import PropertyCheck
import ShrinkingProblems

/// The engine on classic shrinking problems (issue 3, "Done means"; the problems live in ShrinkingProblems, which
/// the benchmark executable also runs): each must reach the known minimal counterexample in at least 95 of 100
/// seeded runs. Calls per run are printed for the closing note.
@Suite struct ShrinkingTests {
    static let runs = 100

    @Test(arguments: ShrinkingProblem.all.indices)
    func reachesTheKnownMinimalCounterexample(_ index: Int) async {
        let problem = ShrinkingProblem.all[index]
        var hits = 0
        var calls: [Int] = []
        for seed in 0..<UInt64(Self.runs) {
            guard let outcome = await problem.run(seed, 20_000) else { continue }
            calls.append(outcome.calls)
            if outcome.minimal { hits += 1 } else if calls.count - hits <= 3 { print("  \(problem.name) non-minimal: \(outcome.shrunk)") }
        }
        let sorted = calls.sorted()
        print("\(problem.name): minimal (\(problem.minimal)) in \(hits)/\(Self.runs); shrink calls median \(sorted.isEmpty ? 0 : sorted[sorted.count / 2]), max \(sorted.last ?? 0)")
        #expect(hits >= 95, "\(problem.name): the minimal counterexample \(problem.minimal) was reached in \(hits) of \(Self.runs) runs")
    }

    // Shrinking works through map, flatMap and filter, and never leaves the generator's range.
    @Test func shrinksThroughCombinators() async {
        let gen = Gens.int(0...3).flatMap { pad in Gens.array(Gens.int(0...1000)).map { xs in xs.map { $0 * 2 + pad * 0 } } }
            .filter { !$0.isEmpty }
        let p = Property("combinators", gen) { v, _ in try require(v.reduce(0, +) < 100, "sum \(v.reduce(0, +))") }
        let report = await PropertyRunner.run(p, configuration: Configuration(seed: 7, cases: 500))
        #expect(report.status == .failed)
        let value = report.counterexample.flatMap { PropertyRunner.value(of: $0.token, gen) }
        #expect(value == [100])
        #expect(report.counterexample?.shrunk == "[100]")
        #expect(report.counterexample?.message == "sum 100")
    }
}
