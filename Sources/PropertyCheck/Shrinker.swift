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
}

/// Shrinks a failing choice sequence to a shortlex-minimal one (minithesis's passes plus Hypothesis's span passes),
/// bounded by a cap on test calls (deterministic) and optionally a wall-clock safety stop. The passes live in
/// `DeletionPasses.swift`, `ValuePasses.swift` and `OrderPasses.swift`, the structure they read in
/// `SpanStructure.swift`; this file holds the state, the candidate test and the scheduling.
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
         test: @escaping Test, consumed: @escaping () -> ([UInt64], [Int])?, known runs: [([UInt64], [Int])] = []) {
        for (run, forced) in runs { known.insert(run, forced: forced) }
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
    /// end back up to the old length and still be smaller, through the decrement alone: accepted, it lets a pass meant
    /// to shorten walk a value (a tree node's, which is no length at all) down one unit per call, which is how a heap
    /// spent its call budget. Lowering values is the value passes' job, which they do by bisection.
    @discardableResult
    func consider(_ candidate: [UInt64], shorter: Bool = false) async -> Bool {
        if stopped || !shortlexPrecedes(candidate, best) { return false }
        guard seen.insert(candidate).inserted else { return false }
        // A candidate whose run is already known (it starts with the choices a past run consumed) needs no call.
        if known.contains(candidate) { return false }
        if calls >= maxCalls { stopped = true; return false }
        if let deadline, ContinuousClock.now >= deadline { stopped = true; stoppedByTime = true; return false }
        calls += 1
        let outcome = await test(candidate)
        // A smaller failure turned down only for not being shorter is forgotten (not cached, not known), so a value
        // pass that proposes it later runs it again and takes it: that is one call, where caching it would have
        // left a smaller failure out of reach (`0 / (0 / 1)` stuck one step from `0 / (0 + 0)`).
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

    /// A shrink pass: a name (for reading), whether it is expensive (run only when the cheap passes stall), and how
    /// many improvements it made lately (its score, for scheduling).
    struct Pass {
        let name: String
        let expensive: Bool
        let run: (Shrinker) async -> Void
        var score = 0
    }

    /// Passes in their initial order: deleting first (shorter beats smaller), then the cheap value passes.
    static func passes() -> [Pass] {
        [
            Pass(name: "deleteSpans", expensive: false) { await $0.deleteSpans() },
            Pass(name: "deleteFlaggedValues", expensive: false) { await $0.deleteFlaggedValues() },
            Pass(name: "deleteIndex", expensive: false) { await $0.deleteAndShift(indicesOnly: true) },
            Pass(name: "joinSiblingLists", expensive: false) { await $0.joinSiblingLists() },
            Pass(name: "lowerLargeNearPairs", expensive: false) { await $0.lowerNearPairs(above: 64) },
            Pass(name: "lowerChoices", expensive: false) { await $0.lowerChoices() },
            Pass(name: "lowerDuplicates", expensive: false) { await $0.lowerDuplicates() },
            Pass(name: "lowerNearPairs", expensive: false) { await $0.lowerNearPairs() },
            Pass(name: "sortSiblings", expensive: false) { await $0.sortSiblings() },
            Pass(name: "exchangeSiblings", expensive: false) { await $0.exchangeSiblings() },
            Pass(name: "deleteAndShift", expensive: true) { await $0.deleteAndShift() },
            Pass(name: "replaceSpansByDescendants", expensive: true) { await $0.replaceSpansByDescendants() },
            Pass(name: "deleteStructuralBlocks", expensive: true) { await $0.deleteStructuralBlocks() },
            Pass(name: "moveStructuralZerosForward", expensive: true) { await $0.moveStructuralZerosForward() },
            Pass(name: "deleteChunks", expensive: true) { await $0.deleteChunks() },
            Pass(name: "lowerAndZeroFollowing", expensive: true) { await $0.lowerAndZeroFollowing() },
            Pass(name: "redistribute", expensive: true) { await $0.redistribute() },
            Pass(name: "zeroBlocks", expensive: true) { await $0.zeroBlocks() },
            Pass(name: "lowerDroppingForced", expensive: true) { await $0.lowerDroppingForced() },
            Pass(name: "deleteAndPad", expensive: true) { await $0.deleteAndPad() },
            Pass(name: "exchangeStructuralBlocks", expensive: true) { await $0.exchangeStructuralBlocks() },
        ]
    }

    /// The extra deletion rounds skipped after one that deleted nothing, and how many are still to skip.
    private var deletionBackoff = 0
    private var deletionWait = 0

    /// Adaptive scheduling: each round runs the cheap passes, those that improved the case most lately first (ties
    /// keep the initial order); the expensive ones run only in a round where the cheap ones changed nothing. A pass's
    /// score is halved every round and raised by the improvements it makes, so passes that keep succeeding lead.
    public func shrink() async -> ShrinkResult {
        var passes = Self.passes()
        while !stopped {
            let before = best
            for expensive in [false, true] {
                if expensive && best != before { break }
                let order = passes.indices.filter { passes[$0].expensive == expensive }
                    .sorted { passes[$0].score != passes[$1].score ? passes[$0].score > passes[$1].score : $0 < $1 }
                for p in order where !stopped {
                    let stepsBefore = steps
                    await passes[p].run(self)
                    passes[p].score = passes[p].score / 2 + 2 * (steps - stepsBefore)
                    if expensive && steps > stepsBefore { break }
                    // Shorter beats smaller: after another cheap pass made progress, deletion gets the next go. A
                    // go that deletes nothing makes the next ones wait: 1, 2, 4, … such chances are skipped (values
                    // that do not bear on the length, like nestedlists's, would pay for a deletion round each time).
                    if !expensive && steps > stepsBefore && passes[p].name != "deleteSpans" && !stopped {
                        if deletionWait > 0 {
                            deletionWait -= 1
                        } else {
                            let d = passes.firstIndex { $0.name == "deleteSpans" }!
                            let before = steps
                            await passes[d].run(self)
                            passes[d].score += 2 * (steps - before)
                            if steps > before {
                                deletionBackoff = 0
                            } else {
                                deletionBackoff = deletionBackoff == 0 ? 1 : Swift.min(64, deletionBackoff * 2)
                                deletionWait = deletionBackoff
                            }
                        }
                    }
                }
            }
            if best == before { break }
        }
        return ShrinkResult(choices: best, spans: bestSpans, message: message, calls: calls, steps: steps,
                            cutShort: stopped, cutByTime: stoppedByTime)
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

/// A set of choice sequences with the lookup the shrinker needs: does a candidate start with a stored sequence, or
/// is it a stored sequence cut short before a tail of zeros? Children are found by value; nothing iterates them.
struct ChoiceTrie {
    private var children: [[UInt64: Int]] = [[:]]
    private var terminal: [Bool] = [false]
    /// The value a node's next choice is forced to (any candidate value there reads as it), if it is forced.
    private var forcedValue: [UInt64?] = [nil]

    /// Stores a consumed sequence; `forced` lists the positions whose value the generator ignored.
    mutating func insert(_ s: [UInt64], forced: [Int]) {
        var node = 0
        var f = 0
        for (i, c) in s.enumerated() {
            if f < forced.count && forced[f] == i { forcedValue[node] = c; f += 1 }
            if let next = children[node][c] { node = next; continue }
            children.append([:])
            terminal.append(false)
            forcedValue.append(nil)
            children[node][c] = children.count - 1
            node = children.count - 1
        }
        terminal[node] = true
    }

    func contains(_ candidate: [UInt64]) -> Bool {
        var node = 0
        for c in candidate {
            if terminal[node] { return true }
            guard let next = children[node][forcedValue[node] ?? c] else { return false }
            node = next
        }
        // Past the candidate's end a replay reads zeros.
        while !terminal[node] {
            guard let next = children[node][forcedValue[node] ?? 0] else { return false }
            node = next
        }
        return true
    }
}


