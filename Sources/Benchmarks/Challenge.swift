// The shrinking challenge part of the benchmark: both encodings of the 13 problems (the first in
// Sources/ShrinkingProblems, the second, written independently, in its SecondEncoding folder), each from seeds
// 0 to 99 (10 with --quick). Per problem: the runs that find a failure, that reach the known minimum exactly and at
// its size, the median and maximum shrink calls, the runs that end at the call budget, and the median time. Calls are
// counted as Hypothesis counts them: every property call after the first failing one, the final replay included.
import PropertyCheck
import ShrinkingProblems
import StackLayout

/// The shrink call budget of a challenge run (`Configuration.maxShrinkCalls`'s default, in test calls): a run that
/// reaches it is cut short, and counted "at the budget".
let challengeBudget = 10_000

/// Runs one encoding's problems and records their figures under `challenge <encoding> <problem>`.
@MainActor
func runChallenge(_ encoding: String, _ problems: [ShrinkingProblem], seeds: Int, cases: Int) async {
    let verbose = Configuration.environment("BENCH_VERBOSE") != nil
    let perSeed = Configuration.environment("BENCH_CALLS") != nil
    let selected = Configuration.environment("BENCH_PROBLEMS").map { Set($0.split(separator: ",").map(String.init)) }
    let onlySeed = Configuration.environment("BENCH_SEED").flatMap { UInt64($0) }
    for problem in problems where selected?.contains(problem.name) ?? true {
        var calls: [Int] = []
        var times: [Double] = []
        var exact = 0, size = 0, atBudget = 0
        for seed in 0..<UInt64(seeds) where onlySeed.map({ $0 == seed }) ?? true {
            guard let outcome = await problem.run(seed, challengeBudget, cases) else { continue }
            calls.append(outcome.calls)
            if perSeed { print("    seed \(seed): \(outcome.calls) calls") }
            times.append(outcome.seconds)
            if outcome.minimal { exact += 1 } else if verbose { print("    seed \(seed): \(outcome.shrunk) (\(outcome.calls) calls)") }
            if outcome.minimalSize { size += 1 }
            if outcome.cutShort { atBudget += 1 }
        }
        calls.sort()
        times.sort()
        let medianCalls = calls.isEmpty ? 0 : (calls.count % 2 == 1 ? Double(calls[calls.count / 2])
                                               : Double(calls[calls.count / 2 - 1] + calls[calls.count / 2]) / 2)
        let name = "challenge \(encoding) \(problem.name)"
        record("propertycheck", "\(name): median calls", medianCalls, "calls",
               note: "found \(calls.count)/\(seeds); exact \(problem.minimal) \(exact)/\(seeds); at its size \(size)/\(seeds); max \(calls.last ?? 0); at the budget \(atBudget)")
        record("propertycheck", "\(name): median time", (times.isEmpty ? 0 : times[times.count / 2]) * 1e3, "ms",
               note: "max \(formatNumber(((times.last ?? 0) * 1e4).rounded() / 10)) ms")
    }
}
