// Rules for a shrink pass. A pass is a method of `Shrinker` named by a `ShrinkPass` case (its identity, role and
// cost) and scheduled by the rules of `ShrinkSchedule`. It proposes candidates through `consider(_:shorter:)`.
//
// A pass may assume:
// - `best` fails, `bestSpans` are its spans, `bestForced` its forced positions and `structure` reads them; all four
//   change when `consider` accepts a candidate, and only then;
// - `consider` runs a candidate only when it is shortlex-smaller than `best`, was not tried before, and no past run
//   already decides it, so a candidate proposed again costs no call (save one that `shorter` turned down, which is
//   forgotten so that a value pass can take it).
//
// A pass must:
// 1. change the best case only through `consider`, so every accepted case fails and is strictly smaller in shortlex
//    order than the one before (shrinking terminates, and its result is canonical);
// 2. re-read `best`, `bestSpans` and `structure` after every candidate `consider` accepts, and bounds-check any
//    position it kept from before (it may now be past the end, or in another value);
// 3. be deterministic: its candidates depend on the shrinker's state only (no randomness, no clock, no iteration
//    over a `Set` or a `Dictionary` that reaches the candidates or their order);
// 4. stop proposing once `stopped` is set, checked in each of its loops;
// 5. cost few calls on a case it cannot improve: a bounded number per position, span or list (one probe, or a
//    short fixed series); a pass whose candidates grow faster than the case (pairs, blocks, moves) bounds them by a
//    window or a `limit`, or is expensive, so that proving a case minimal stays cheap;
// 6. find how far a change goes by probing (`findLargest`, `lower`: 1, 2, 4, … then bisection), never one unit per
//    call;
// 7. pass `shorter: true` for a deletion that also lowers the choice before what it deletes (a guessed length
//    prefix): such a candidate is accepted only if it consumes fewer choices, so a deletion never does a value
//    pass's job;
// 8. leave each change to the pass whose role it is: a value or order pass never aims at a list's "more?" flag
//    (lowering one ends the list, which the deletion passes try), though a flag may change within a block.

/// What a test run of a choice sequence did.
public enum Outcome: Sendable {
    /// The property failed: the choices actually consumed, their spans, and the failure's message.
    case interesting(choices: [UInt64], spans: [Span], message: String)
    /// The property held.
    case valid
    /// The generator rejected the choices (a filter or an assumption).
    case invalid
    /// The generator needed more choices than the sequence holds.
    case overrun
}

/// Shortlex order on choice sequences: shorter first, then lexicographically smaller. The shrinker only ever
/// accepts a strictly smaller failing sequence, so it terminates and its result is canonical.
public func shortlexPrecedes(_ a: [UInt64], _ b: [UInt64]) -> Bool {
    a.count != b.count ? a.count < b.count : a.lexicographicallyPrecedes(b)
}

/// Shortlex order on slices (a span's own choices), for sorting and exchanging sibling spans.
func shortlexPrecedes(_ a: ArraySlice<UInt64>, _ b: ArraySlice<UInt64>) -> Bool {
    a.count != b.count ? a.count < b.count : a.lexicographicallyPrecedes(b)
}

/// The result of shrinking.
public struct ShrinkResult: Sendable {
    /// The shortlex-smallest failing choice sequence found.
    public var choices: [UInt64]
    /// The spans of the values drawn from `choices`.
    public var spans: [Span]
    /// The failure's message on `choices`.
    public var message: String
    /// Test calls made (cache hits and candidates that would not be smaller excluded).
    public var calls: Int
    /// The calls that reached the property's body after the first failure: the shrinker's calls in which the generator
    /// made a value (no overrun, no rejection by a filter), plus the runner's final replay of the result. Set by the
    /// runner; the shrinking challenge's measure, counted as Hypothesis counts it (the final replay included).
    public var propertyCalls: Int = 0
    /// Accepted improvements.
    public var steps: Int
    /// A cap stopped shrinking before a fixed point: the result is the best found so far.
    public var cutShort: Bool
    /// The wall-clock limit, not the call cap, stopped shrinking.
    public var cutByTime: Bool
    /// Why shrinking stopped before a fixed point, or never started (nil: it reached one).
    public var stop: ShrinkStop? = nil
}

/// Why shrinking stopped before a fixed point (`ShrinkResult.stop`).
public enum ShrinkStop: String, Sendable, Hashable {
    /// The cap on calls (`Configuration.maxShrinkCalls`, or the failure's `shrinkCallLimit`).
    case callCap
    /// The wall-clock safety stop (`Configuration.shrinkTimeLimit`).
    case timeLimit
    /// The failure's `shrinkCostLimit`, as `Configuration.cost` counts it.
    case costLimit
    /// The caller's budget for the run (`Configuration.budgetReached`).
    case budget
    /// The failure asked to be confirmed first (`IdentifiedFailure.confirmsBeforeShrinking`) and its case did not
    /// fail again: it was not shrunk.
    case notReproduced
}

/// Shrinks a failing choice sequence to a shortlex-minimal one (minithesis's passes plus Hypothesis's span passes),
/// bounded by a cap on test calls (deterministic) and optionally a wall-clock safety stop. This file holds the
/// state and the candidate test; the passes live in `DeletionPasses.swift`, `ValuePasses.swift`, `OrderPasses.swift`
/// and `RealignPasses.swift` (named in `ShrinkPass.swift`), the structure they read in `SpanStructure.swift`, the
/// order they run in in `ShrinkSchedule.swift`.
public final class Shrinker {
    /// Runs the property on a choice sequence and says what it did.
    public typealias Test = ([UInt64]) async -> Outcome
    /// The choices the last test consumed, when the caller can tell (the runner can; a bare `Test` cannot).
    /// With the positions of its forced choices (`TestCase.forcedChoice`).
    private let lastConsumed: () -> ([UInt64], [Int])?
    private(set) var best: [UInt64]
    private(set) var bestSpans: [Span]
    /// The positions in `best` whose value the generator ignored (forced choices), when the caller can tell.
    private(set) var bestForced: Set<Int> = []
    private(set) var message: String
    private let test: Test
    private let maxCalls: Int
    private let deadline: ContinuousClock.Instant?
    private var seen: Set<[UInt64]> = []
    /// The choice sequences past runs consumed, as a trie (Hypothesis's data tree, reduced): a run reads its choices
    /// in order and stops, so any candidate that starts with a consumed sequence — or is a prefix of one whose
    /// remaining choices are all 0, which a replay reads past its end — repeats that run exactly.
    private var known = ChoiceTrie()
    /// The structure of `bestSpans` (`SpanStructure`), computed once per accepted improvement.
    var structureCache: (steps: Int, structure: SpanStructure)?
    private(set) var calls = 0
    private(set) var steps = 0
    private(set) var stopped = false
    private var stoppedByTime = false
    /// Why `stopped` was set.
    private var stopReason: ShrinkStop?
    /// Read before each call: a reason to stop now (a cost cap, the caller's budget), or nil.
    private let overBudget: () -> ShrinkStop?

    /// A shrinker for the failing `choices` (with their `spans` and failure `message`), calling `test` at most
    /// `maxCalls` times and stopping after `timeLimit` if one is given.
    public convenience init(choices: [UInt64], spans: [Span], message: String, maxCalls: Int = 10_000,
                timeLimit: Duration? = nil, test: @escaping Test) {
        self.init(choices: choices, spans: spans, message: message, maxCalls: maxCalls, timeLimit: timeLimit,
                  test: test, consumed: { nil })
    }

    /// `consumed` returns the choices the last call of `test` consumed, which lets every run (not only failing
    /// ones) answer later candidates that repeat it. `known` lists runs made before shrinking (the cases that did not
    /// fail, with their forced positions): candidates that repeat one need no call either.
    init(choices: [UInt64], spans: [Span], message: String, maxCalls: Int, timeLimit: Duration?,
         test: @escaping Test, consumed: @escaping () -> ([UInt64], [Int])?, known runs: [([UInt64], [Int])] = [],
         overBudget: @escaping () -> ShrinkStop? = { nil }) {
        for (run, forced) in runs { known.insert(run, forced: forced) }
        self.overBudget = overBudget
        lastConsumed = consumed
        best = choices
        bestSpans = spans
        self.message = message
        self.test = test
        self.maxCalls = maxCalls
        deadline = timeLimit.map { ContinuousClock.now + $0 }
    }

    /// Runs a candidate; true when it fails (is interesting) and becomes the best: the shrinker only accepts a strictly
    /// shortlex-smaller sequence, so a candidate that is not smaller than the best is not even run.
    ///
    /// `shorter` (deletions that also decrement the choice before what they delete, guessing it is a length prefix):
    /// accept only a run that consumed fewer choices than the best. Such a candidate's replay can read zeros past its
    /// end back up to the old length and still be smaller through the decrement alone; accepted, it would let a
    /// deletion lower a value (which need not be a length) one unit per call, where the value passes bisect.
    @discardableResult
    func consider(_ candidate: [UInt64], shorter: Bool = false) async -> Bool {
        if stopped || !shortlexPrecedes(candidate, best) { return false }
        guard seen.insert(candidate).inserted else { return false }
        // A candidate whose run is already known (it starts with the choices a past run consumed) needs no call.
        if known.contains(candidate) { return false }
        if calls >= maxCalls { stopped = true; stopReason = .callCap; return false }
        if let deadline, ContinuousClock.now >= deadline {
            stopped = true
            stoppedByTime = true
            stopReason = .timeLimit
            return false
        }
        if let why = overBudget() { stopped = true; stopReason = why; return false }
        calls += 1
        let outcome = await test(candidate)
        // A smaller failure turned down only for not being shorter is forgotten (neither in `seen` nor `known`), so a
        // value pass that proposes it later runs it and takes it: caching it would put that smaller failure out of
        // reach.
        if shorter, case .interesting(let used, _, _) = outcome, shortlexPrecedes(used, best), used.count >= best.count {
            seen.remove(candidate)
            return false
        }
        var forcedHere: [Int] = []
        if let (used, forced) = lastConsumed() {
            known.insert(used, forced: forced)
            forcedHere = forced
        } else if case .interesting(let used, _, _) = outcome {
            known.insert(used, forced: [])
        }
        guard case .interesting(let used, let spans, let msg) = outcome else { return false }
        // A replay that runs past a short candidate reads zeros, so the choices used can be longer than the
        // candidate and not smaller than the best: that is no progress, and counting it as such would loop.
        guard shortlexPrecedes(used, best), !shorter || used.count < best.count else { return false }
        best = used
        bestSpans = spans
        bestForced = Set(forcedHere)
        message = msg
        steps += 1
        return true
    }

    /// Shrinks until no pass improves the case (`ShrinkSchedule`) or a cap stops it.
    public func shrink() async -> ShrinkResult {
        await runSchedule()
        return ShrinkResult(choices: best, spans: bestSpans, message: message, calls: calls, steps: steps,
                            cutShort: stopped, cutByTime: stoppedByTime, stop: stopReason)
    }

    // MARK: helpers shared by the passes

    func replacing(_ i: Int, with v: UInt64) -> [UInt64] {
        var c = best
        if i < c.count { c[i] = v }
        return c
    }

    /// The largest k in 0...limit with f(k), f(0) being taken as true: probes 1, 2, 4, … (so a pass that can go
    /// far gets there in few calls and one that cannot go at all costs one call), then binary-searches the gap.
    func findLargest(limit: UInt64, _ f: (UInt64) async -> Bool) async -> UInt64 {
        guard limit > 0, !stopped, await f(1) else { return 0 }
        var lo: UInt64 = 1, hi: UInt64
        while true {
            if lo == limit { return lo }
            let next = lo > limit / 2 ? limit : lo * 2
            if await f(next) { lo = next } else { hi = next; break }
            if stopped { return lo }
        }
        while hi - lo > 1 && !stopped {
            let mid = lo + (hi - lo) / 2
            if await f(mid) { lo = mid } else { hi = mid }
        }
        return lo
    }

    /// Lowers the choices at `indices` (all equal to `value` in the best sequence) together towards 0: tries 0 and
    /// `value` − 1 (a value already at its minimum costs these two calls), then brackets the smallest working value.
    func lower(_ indices: [Int], from value: UInt64) async {
        guard value > 0 else { return }
        func with(_ v: UInt64) -> [UInt64]? {
            var c = best
            for i in indices {
                guard i < c.count, c[i] == best[i] else { return nil }
                c[i] = v
            }
            return c
        }
        func works(_ v: UInt64) async -> Bool {
            guard let c = with(v), indices.allSatisfy({ $0 < self.best.count }) else { return false }
            return await consider(c)
        }
        if await works(0) || value == 1 { return }
        // Then 1, the next simplest (Hypothesis's integer shrinker tries 0 and 1 first): many failures need a value
        // only to be non-zero.
        let triedOne = value > 2
        if triedOne, await works(1) { return }
        var hi: UInt64
        if await works(value - 1) {
            hi = value - 1
        } else {
            // One lower with a carry into the next choice (small values): for a magnitude followed by its sign, the
            // value just before it in the order 0, 1, −1, 2, −2, … (2 → −1 is (2, 0) → (1, 1)).
            if value <= 16, indices.count == 1, let i = indices.first, i + 1 < best.count, best[i + 1] == 0 {
                var c = best
                c[i] = value - 1
                c[i + 1] = 1
                if await consider(c) { return }
            }
            // Not even one lower: a small value may still go lower past a gap of one (|x − y| ≠ 1 goes from
            // y = x + 1 to y = x − 1). Two lower is tried; only if it fails too does the value stay, so proving a
            // value minimal costs one call here, not one per value below it. Below a working two-lower, the search
            // goes on as below a working one-lower.
            guard value <= 16, value >= 4, await works(value - 2) else { return }
            hi = value - 2
        }
        // The smallest working value lies in (lo, hi]. Probe from both ends with doubling steps — from below
        // (lo + 1, 2, 4, …) and from above (hi − 1, 2, 4, …) in turn — so a value that can drop far and one that can
        // barely move both cost about twice the logarithm of the distance, then binary-search the bracket.
        var lo: UInt64 = triedOne ? 1 : 0
        var up: UInt64 = 1, down: UInt64 = 1
        while hi - lo > 1 && !stopped {
            let a = lo + Swift.min(up, hi - lo - 1)
            if await works(a) { hi = a; break }
            lo = a
            up = up > UInt64.max / 2 ? up : up * 2
            guard hi - lo > 1, !stopped else { break }
            let b = hi - Swift.min(down, hi - lo - 1)
            if await works(b) { hi = b } else { lo = b; break }
            down = down > UInt64.max / 2 ? down : down * 2
        }
        while hi - lo > 1 && !stopped {
            let mid = lo + (hi - lo) / 2
            if await works(mid) { hi = mid } else { lo = mid }
        }
    }
}
