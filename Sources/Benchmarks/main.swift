// stackcheck-bench: the benchmark executable. Release build: `swift run -c release stackcheck-bench`
// prints a table of medians; `--json` prints the same as JSON; `--quick` runs fewer rounds (a smoke test).
// Figures come from here, never from timed tests.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Cassowary
import PropertyCheck
import ShrinkingProblems
import StackConformance
import StackConformanceMutants
@_spi(Benchmarks) import StackLayout

let arguments = Array(CommandLine.arguments.dropFirst())
let quick = arguments.contains("--quick")
let asJSON = arguments.contains("--json")
/// `--only direct,reference,text,solver,propertycheck,suite`: run only those groups (all by default). `--mutants` adds
/// the cases to the first failure of each mutant to the propertycheck group; BENCH_PROBLEMS=a,b selects problems (by
/// name, in both shrinking-challenge encodings),
/// BENCH_SEED=n runs only that seed, BENCH_CALLS=1 prints each run's shrink calls, BENCH_VERBOSE=1 non-minimal results,
/// BENCH_MUTANT_SEEDS=N runs the mutants from seeds 0 to N − 1 (default 9).
let only: Set<String>? = arguments.firstIndex(of: "--only").flatMap { i in
    i + 1 < arguments.count ? Set(arguments[i + 1].split(separator: ",").map(String.init)) : nil
}
func wanted(_ group: String) -> Bool { only?.contains(group) ?? true }

/// Every figure recorded so far (top-level code runs on the main thread only).
nonisolated(unsafe) var figures: [Figure] = []

// Peak memory probe: a child process builds and lays out once, then reports ru_maxrss.
if let i = arguments.firstIndex(of: "--memory-probe"), i + 1 < arguments.count, let n = Int(arguments[i + 1]) {
    // What a user of the preallocated path holds at once: the scenario, its prepared plan, the frame buffer, and
    // the keyed layout document built from them (DirectEngine.layout(_:) holds the same).
    let s = directScalingStack(n)
    var plan = try! DirectLayoutPlan(s)
    var frames: [Frame] = []
    let root = try! plan.layout(into: &frames)
    let document = plan.document(frames: frames, root: root)
    precondition(document.frameValues.count == n)
    var usage = rusage()
    #if os(Linux)
    getrusage(RUSAGE_SELF.rawValue, &usage)
    print(Int(usage.ru_maxrss) * 1024)   // kilobytes on Linux
    #else
    getrusage(RUSAGE_SELF, &usage)
    print(Int(usage.ru_maxrss))          // bytes on Darwin
    #endif
    exit(0)
}

// Profiling probe: `--reference-probe N [COUNT [DISTRIBUTION]]` lays out the reference scaling stack of N views
// (fill, or DISTRIBUTION) COUNT times (1 by default) and exits, so `valgrind --tool=callgrind` or `perf` see one
// workload and nothing else of the benchmark.
if let i = arguments.firstIndex(of: "--reference-probe"), i + 1 < arguments.count, let n = Int(arguments[i + 1]) {
    let count = i + 2 < arguments.count ? Int(arguments[i + 2]) ?? 1 : 1
    let distribution = i + 3 < arguments.count ? Distribution(rawValue: arguments[i + 3]) ?? .fill : .fill
    let s = stack(n, distribution)
    for _ in 0..<count { _ = try? AcceleratedReferenceEngine().layout(s) }
    exit(0)
}

// Profiling probe: `--generation-probe COUNT` draws COUNT scenarios from the all-features generator, each from its
// own seed at full size, without the async runner (so callgrind can count it), and exits.
if let i = arguments.firstIndex(of: "--generation-probe"), i + 1 < arguments.count, let count = Int(arguments[i + 1]) {
    let scenarios = ScenarioGenerator(features: .all).scenario
    var views = 0
    for seed in 0..<count {
        if let s = try? scenarios.run(TestCase.fresh(Xoshiro256StarStar(seed: UInt64(seed)))) {
            views += s.stack.arrangedSubviews.count
        }
    }
    print(views)
    exit(0)
}

// Profiling probe: `--layout-probe COUNT` lays out COUNT scenarios of the all-features generator (each from its own
// seed, at full size) on the reference engine, without the async runner: the suite's kind of stacks (a few views,
// nesting, priorities, user constraints) where callgrind can count them. Prints how many layouts answered.
if let i = arguments.firstIndex(of: "--layout-probe"), i + 1 < arguments.count, let count = Int(arguments[i + 1]) {
    let scenarios = ScenarioGenerator(features: .all).scenario
    var answered = 0
    for seed in 0..<count {
        guard let s = try? scenarios.run(TestCase.fresh(Xoshiro256StarStar(seed: UInt64(seed)))) else { continue }
        if (try? AcceleratedReferenceEngine().layout(s)) != nil { answered += 1 }
    }
    print(answered)
    exit(0)
}

// Profiling probe: `--catalogue-probe CASES [SELECTOR…]` evaluates CASES generated cases of every selected layout
// property on the reference engine, synchronously (`CatalogueProbe`), so that callgrind can count what the catalogue
// pays per case. Prints the valid, discarded and failed counts.
if let i = arguments.firstIndex(of: "--catalogue-probe"), i + 1 < arguments.count, let cases = Int(arguments[i + 1]) {
    let counts = CatalogueProbe.run(cases: cases, selectors: Array(arguments[(i + 2)...]))
    print(counts.valid, counts.discarded, counts.failed)
    exit(0)
}

// Profiling probe: `--suite-probe CASES [SELECTOR…]` runs the catalogue (or the selected properties) on the
// reference engine, shrinking off, one property after another, and exits: the suite's own costs
// (generation, the §4 domain check, each property's variants) as callgrind sees them.
if let i = arguments.firstIndex(of: "--suite-probe"), i + 1 < arguments.count, let cases = Int(arguments[i + 1]) {
    var options = RunOptions(cases: cases)
    options.maxShrinkCalls = 0
    for property in Catalogue.select(Array(arguments[(i + 2)...])) {
        _ = await ConformanceRunner.check(property, on: BuiltInEngines.reference, options: options)
    }
    exit(0)
}

let rounds = quick ? 3 : 11
if !asJSON { print("stackcheck-bench: medians of \(rounds) rounds (release build expected)") }

// The direct engine.
if wanted("direct") {
    heading("Direct engine")
    // (a) The preallocated entry point: the plan (validation, features, clamping, flattening, fitting) is built once
    // outside the timing; each call lays out into the same frame buffer and allocates nothing.
    for d in Distribution.allCases {
        let s = stack(5, d)
        var plan = try! DirectLayoutPlan(s)
        var frames: [Frame] = []
        var sink = 0.0
        let t = median(rounds: rounds, iterations: quick ? 20_000 : 500_000) {
            sink += (try? plan.layout(into: &frames))?.size.width ?? 0
        }
        precondition(sink > 0)
        record("direct", "5 views, \(d.rawValue): layouts per second (prepared)", 1 / t, "/s",
               note: "\(formatNumber((t * 1e9).rounded())) ns each, into a reused frame buffer")
    }
    // (b) What the preallocated path leaves out, timed apart: building the keyed document from the frames, and
    // preparing the plan; then the whole of DirectEngine.layout(_:) (prepare, lay out, document).
    do {
        let s = stack(5)
        var plan = try! DirectLayoutPlan(s)
        var frames: [Frame] = []
        let root = try! plan.layout(into: &frames)
        var count = 0
        let document = median(rounds: rounds, iterations: quick ? 20_000 : 200_000) {
            count += plan.document(frames: frames, root: root).frameValues.count
        }
        record("direct", "5 views, fill: layout document from the frames", document * 1e9, "ns")
        let prepare = median(rounds: rounds, iterations: quick ? 2_000 : 50_000) {
            count += (try? DirectLayoutPlan(s))?.count ?? 0
        }
        record("direct", "5 views, fill: preparing the plan", prepare * 1e9, "ns")
        for d in Distribution.allCases {
            let s = stack(5, d)
            let t = median(rounds: rounds, iterations: quick ? 2_000 : 50_000) { _ = try? DirectEngine().layout(s) }
            record("direct", "5 views, \(d.rawValue): DirectEngine.layout(_:) per second", 1 / t, "/s",
                   note: "\(formatNumber((t * 1e9).rounded())) ns each: prepare, lay out, document")
        }
        precondition(count > 0)
    }
    // (c) Scaling through the preallocated entry point (fractional priorities: see `directScalingStack`).
    let directSizes = quick ? [10, 100, 1000, 10_000] : [10, 100, 1000, 10_000, 100_000]
    var perView: [Int: Double] = [:]
    for n in directSizes {
        var plan = try! DirectLayoutPlan(directScalingStack(n))
        var frames: [Frame] = []
        let iterations = max(1, 200_000 / n)
        let t = median(rounds: n >= 100_000 ? 5 : rounds, iterations: iterations) { _ = try? plan.layout(into: &frames) }
        perView[n] = t / Double(n)
        record("direct", "n = \(n): time per prepared layout", t * 1e6, "µs", note: "\(formatNumber((t / Double(n) * 1e9 * 10).rounded() / 10)) ns per view")
    }
    if let a = perView[100], let b = perView[directSizes.last!] {
        record("direct", "time per view at n = \(directSizes.last!) / at n = 100", b / a, "×")
    }
    if !quick, let path = CommandLine.arguments.first {
        // A separate process, so the peak is that of one scenario, plan, frame buffer and document of 100,000 views.
        let pipe = UnsafeMutablePointer<FILE>(popen("'\(path)' --memory-probe 100000", "r"))
        var buffer = [CChar](repeating: 0, count: 64)
        if let pipe, fgets(&buffer, 64, pipe) != nil {
            let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            let bytes = Double(text.filter { $0.isNumber }) ?? 0
            record("direct", "peak memory, 100,000 views (ru_maxrss)", bytes / 1_048_576, "MiB")
        }
        if let pipe { pclose(pipe) }
    }
}

// The reference engine.
if wanted("reference") {
    heading("Reference engine")
    var referenceTimes: [Int: Double] = [:]
    for n in quick ? [10, 20, 40] : [5, 10, 20, 40, 80, 160, 320, 500, 640, 1000] {
        let s = stack(n)
        // Enough calls per round for the doublings' ratios to be steady (a round of one 1,000-view layout was not,
        // nor quite one of two).
        let iterations = max(4, 4000 / n)
        let t = median(rounds: rounds, iterations: iterations) { _ = try? AcceleratedReferenceEngine().layout(s) }
        let noTies = median(rounds: rounds, iterations: iterations) { ReferenceTiming.solveWithoutTieLevels(s) }
        // Doublings are measured with the tie levels included (and without them a long stack now solves
        // slower than with them, so the ratios without them say little).
        referenceTimes[n] = t
        record("reference", "n = \(n): time per layout", t * 1e6, "µs",
               note: "tie levels \(formatNumber(((t - noTies) / t * 1000).rounded() / 10))%; without them \(formatNumber((noTies * 1e6).rounded())) µs")
        if [10, 160, 1000].contains(n) {
            // Side by side: the oracle, which the accelerated reference is held to.
            let oracle = median(rounds: rounds, iterations: max(2, iterations / 4)) { _ = try? ReferenceEngine().layout(s) }
            record("reference", "n = \(n): the oracle (ReferenceEngine)", oracle * 1e6, "µs",
                   note: "the accelerated reference takes \(formatNumber((t / oracle * 100).rounded() / 100))× of it")
        }
        if [80, 160, 1000].contains(n) {
            // Side by side: positions measured from neighbours (what the engine does from RelativePositions.threshold
            // items on) and in root coordinates.
            let offsets = median(rounds: rounds, iterations: iterations) { ReferenceTiming.solve(s, offsets: true) }
            let root = median(rounds: rounds, iterations: iterations) { ReferenceTiming.solve(s, offsets: false) }
            record("reference", "n = \(n): positions in root coordinates", root * 1e6, "µs",
                   note: "measured from neighbours \(formatNumber((offsets * 1e6).rounded())) µs, \(formatNumber((offsets / root * 100).rounded() / 100))×")
        }
    }
    // Each ratio is timed in pairs (`pairedRatio`): the ratio of two medians taken seconds apart moved with the
    // machine's speed in between (on this shared VM by a tenth or more).
    func ratio(_ a: Int, _ b: Int) -> Double {
        let (x, y) = (stack(a), stack(b))
        return pairedRatio(rounds: rounds, (max(4, 4000 / a), { _ = try? AcceleratedReferenceEngine().layout(x) }),
                           (max(4, 4000 / b), { _ = try? AcceleratedReferenceEngine().layout(y) }))
    }
    for (a, b) in quick ? [(10, 20), (20, 40)] : [(10, 20), (20, 40), (40, 80), (80, 160), (160, 320), (320, 640), (500, 1000)] {
        let medians = referenceTimes[b]! / referenceTimes[a]!
        record("reference", "doubling \(a) → \(b) views (tie levels included)", ratio(a, b), "×",
               note: "ratio of the medians above \(formatNumber((medians * 100).rounded() / 100))")
    }
    if !quick {
        // 640 → 1,000 is not a doubling: the ratio per doubling at the same rate is r^(1/log2(1000/640)).
        let r = ratio(640, 1000)
        record("reference", "640 → 1000 views, per doubling (tie levels included)", pow(r, 1 / log2(1000.0 / 640)), "×",
               note: "measured ratio \(formatNumber((r * 100).rounded() / 100))")
    }
}

// The solver alone, on a reproducible random system.
func randomSystem(seed: UInt64) -> (Solver, [Variable]) {
    var r = Xoshiro256StarStar(seed: seed)
    let solver = Solver()
    let variables = (0..<500).map { _ in solver.makeVariable() }
    let priorities: [Double] = [1000, 750, 250, 25]
    for _ in 0..<1000 {
        let termCount = 1 + Int(r.next(upTo: 2))
        var terms: [(variable: Variable, coefficient: Double)] = []
        for _ in 0..<termCount {
            terms.append((variables[Int(r.next(upTo: 499))], Double(Int(r.next(upTo: 20)) - 10)))
        }
        let constant = Double(Int(r.next(upTo: 1000)) - 500)
        let relation: Relation = [.equal, .lessThanOrEqual, .greaterThanOrEqual][Int(r.next(upTo: 2))]
        let priority = priorities[Int(r.next(upTo: 3))]
        _ = try? solver.add(Constraint(terms, constant: constant, relation, priority: priority))   // unsatisfiable required: skipped
    }
    return (solver, variables)
}
// Text (§2.7): a 10-view row 400 wide with three wrapping labels, against the same row with plain leaves of the
// labels' single-line size: two passes, one solve each, and the second pass's system is the plain row's.
if wanted("text") {
    heading("Text: two passes on the accelerated reference")
    var labelled = stack(10)
    labelled.container.width = 400
    var plain = labelled
    for i in [1, 4, 7] {
        let text = TextContent(characters: 20, numberOfLines: 0)
        labelled.stack.arrangedSubviews[i] = .text("v\(i)", text)
        plain.stack.arrangedSubviews[i] = .view("v\(i)", width: text.singleLineSize.width, height: text.singleLineSize.height)
    }
    let iterations = 200
    let withText = median(rounds: rounds, iterations: iterations) { _ = try? AcceleratedReferenceEngine().layout(labelled) }
    let without = median(rounds: rounds, iterations: iterations) { _ = try? AcceleratedReferenceEngine().layout(plain) }
    let ratio = pairedRatio(rounds: rounds, (iterations, { _ = try? AcceleratedReferenceEngine().layout(plain) }),
                            (iterations, { _ = try? AcceleratedReferenceEngine().layout(labelled) }))
    record("text", "10 views, 3 wrapping labels: time per layout", withText * 1e6, "µs")
    record("text", "10 views, no text: time per layout", without * 1e6, "µs")
    record("text", "with text / without (paired rounds)", ratio, "×", note: "the issue's bound: 2.5×")
}

if wanted("solver") {
    heading("Cassowary solver")
    let solverTime = median(rounds: quick ? 1 : 5, iterations: 1) { _ = randomSystem(seed: 0x5EED) }
    record("solver", "500 variables, 1,000 candidate constraints: build and solve", solverTime * 1e3, "ms")
    do {
        let (solver, variables) = randomSystem(seed: 0x5EED)
        let edited = variables[0]
        try? solver.addEditVariable(edited, priority: 500)
        var value = 0.0
        let t = median(rounds: rounds, iterations: quick ? 5 : 50) {
            value += 1
            try? solver.suggestValue(edited, value)
        }
        record("solver", "suggestValue on that system (incremental re-solve)", t * 1e6, "µs")
    }
}

// PropertyCheck.
func casesPerSecond<T>(_ generator: Gen<T>, cases: Int) async -> Double {
    var config = Configuration(seed: 0, cases: cases)
    config.maxShrinkCalls = 0
    let property = Property("bench", generator, describe: { _ in "" }) { _, _ in }
    var samples: [Double] = []
    for _ in 0..<(quick ? 1 : 5) {
        let start = ContinuousClock.now
        _ = await PropertyRunner.run(property, configuration: config)
        samples.append(seconds(ContinuousClock.now - start))
    }
    samples.sort()
    return Double(cases) / samples[samples.count / 2]
}
if wanted("propertycheck") {
    heading("PropertyCheck")
    record("propertycheck", "trivial property (an Int in 0...1000): cases per second",
           await casesPerSecond(Gens.int(0...1000), cases: quick ? 10_000 : 200_000), "/s")
    record("propertycheck", "scenario generator (all features): cases per second",
           await casesPerSecond(ScenarioGenerator(features: .all).scenario, cases: quick ? 500 : 5000), "/s")
    // The shrinking challenge, both encodings (Challenge.swift).
    let seeds = quick ? 10 : 100
    let challengeCases = quick ? 10_000 : 100_000
    await runChallenge("first", ShrinkingProblem.all, seeds: seeds, cases: challengeCases)
    await runChallenge("second", ShrinkingProblem.secondEncoding, seeds: seeds, cases: challengeCases)
    // Generation against the mutants: the cases to the first failure (median over seeds), no shrinking.
    if arguments.contains("--mutants") {
        // BENCH_MUTANT_SEEDS=N runs seeds 0 to N − 1 instead of 0 to 8 (a steadier median when comparing generators).
        let mutantSeedCount = Configuration.environment("BENCH_MUTANT_SEEDS").flatMap { Int($0) }.map { Swift.max(1, $0) } ?? 9
        let mutantSeeds: [UInt64] = quick ? [0] : Array(0..<UInt64(mutantSeedCount))
        for mutant in Mutants.all {
            guard let property = Catalogue.property(mutant.killedBy) else { continue }
            var firsts: [Int] = []
            for seed in mutantSeeds {
                var o = RunOptions(cases: 200, seed: seed)
                o.maxShrinkCalls = 0
                let result = await MutantCheck.run(mutant, property, options: o)
                firsts.append(result.status == .fail ? result.cases : 201)
            }
            firsts.sort()
            record("propertycheck", "mutant \(mutant.id): cases to first failure", Double(firsts[firsts.count / 2]), "cases",
                   note: "seeds 0-\(mutantSeeds.count - 1): \(firsts.map(String.init).joined(separator: ","))\(firsts.contains(201) ? "; 201 = not caught in 200" : "")")
        }
    }
}

// The suite.
if wanted("suite") {
    let suiteCases = quick ? 20 : 200
    for engine in BuiltInEngines.all {
        heading("Suite on the \(engine.name) engine: cases per second per property (\(suiteCases) cases, no shrinking)")
        var total = 0.0
        for property in Catalogue.all {
            let start = ContinuousClock.now
            var o = RunOptions(cases: suiteCases)
            o.maxShrinkCalls = 0
            let result = await ConformanceRunner.check(property, on: engine, options: o)
            let t = seconds(ContinuousClock.now - start)
            record("suite.\(engine.name)", property.id, result.cases > 0 ? Double(result.cases) / t : 0, "cases/s",
                   note: "\(result.status.rawValue); \(result.cases) of \(suiteCases) cases answered")
            total += t
        }
        record("suite.\(engine.name)", "the whole catalogue, one core", total, "s", note: "one run, not a median")
    }
}

if asJSON {
    var out = "[\n"
    for (i, f) in figures.enumerated() {
        let value: JSONValue = .object([("group", .string(f.group)), ("name", .string(f.name)), ("median", .number(f.median)),
                                        ("unit", .string(f.unit)), ("note", .string(f.note))])
        out += "  " + value.compactText + (i == figures.count - 1 ? "\n" : ",\n")
    }
    print(out + "]")
}

