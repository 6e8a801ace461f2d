/// What a test run of a choice sequence did.
public enum Outcome: Sendable {
    /// The property failed: the choices actually consumed, their spans, and the failure's message.
    case interesting(choices: [UInt64], spans: [Span], message: String)
    case valid
    case invalid
    case overrun
}

/// Shortlex order on choice sequences: shorter first, then lexicographically smaller. The shrinker only ever
/// accepts a strictly smaller failing sequence, so it terminates and its result is canonical.
public func shortlexPrecedes(_ a: [UInt64], _ b: [UInt64]) -> Bool {
    a.count != b.count ? a.count < b.count : a.lexicographicallyPrecedes(b)
}

/// Shrinks a failing choice sequence to a shortlex-minimal one (minithesis's passes plus Hypothesis's span passes),
/// bounded by a cap on test calls (deterministic) and optionally a wall-clock safety stop.
public struct ShrinkResult: Sendable {
    public var choices: [UInt64]
    public var spans: [Span]
    public var message: String
    /// Test calls made (cache hits excluded).
    public var calls: Int
    /// Accepted improvements.
    public var steps: Int
    /// A cap stopped shrinking before a fixed point: the result is the best found so far.
    public var cutShort: Bool
    public var cutByTime: Bool
}

public final class Shrinker {
    public typealias Test = ([UInt64]) async -> Outcome
    private(set) var best: [UInt64]
    private(set) var bestSpans: [Span]
    private(set) var message: String
    private let test: Test
    private let maxCalls: Int
    private let deadline: ContinuousClock.Instant?
    private var seen: Set<[UInt64]> = []
    private(set) var calls = 0
    private(set) var steps = 0
    private var stopped = false
    private var stoppedByTime = false

    public init(choices: [UInt64], spans: [Span], message: String, maxCalls: Int = 10_000,
                timeLimit: Duration? = nil, test: @escaping Test) {
        best = choices
        bestSpans = spans
        self.message = message
        self.test = test
        self.maxCalls = maxCalls
        deadline = timeLimit.map { ContinuousClock.now + $0 }
    }

    /// Runs a candidate; true when it fails (is interesting). Keeps it when it is shortlex-smaller than the best.
    @discardableResult
    func consider(_ candidate: [UInt64]) async -> Bool {
        if candidate == best { return true }
        if stopped { return false }
        guard seen.insert(candidate).inserted else { return false }
        if calls >= maxCalls { stopped = true; return false }
        if let deadline, ContinuousClock.now >= deadline { stopped = true; stoppedByTime = true; return false }
        calls += 1
        guard case .interesting(let used, let spans, let msg) = await test(candidate) else { return false }
        if shortlexPrecedes(used, best) {
            best = used
            bestSpans = spans
            message = msg
            steps += 1
        }
        return true
    }

    func replacing(_ i: Int, with v: UInt64) -> [UInt64] {
        var c = best
        if i < c.count { c[i] = v }
        return c
    }

    /// The smallest v in lo...hi with f(v), assuming f(hi).
    func binarySearchDown(_ lo: UInt64, _ hi: UInt64, _ f: (UInt64) async -> Bool) async -> UInt64 {
        var lo = lo, hi = hi
        if await f(lo) { return lo }
        while lo + 1 < hi {
            let mid = lo + (hi - lo) / 2
            if await f(mid) { hi = mid } else { lo = mid }
        }
        return hi
    }

    public func shrink() async -> ShrinkResult {
        var previous: [UInt64]? = nil
        while previous != best && !stopped {
            previous = best
            await deleteSpans()
            await deleteChunks()
            await replaceSpansByDescendants()
            await zeroBlocks()
            await lowerAndZeroFollowing()
            await lowerEachChoice()
            await lowerDuplicates()
            await sortWindows()
            await swapAndRedistribute()
        }
        return ShrinkResult(choices: best, spans: bestSpans, message: message, calls: calls, steps: steps,
                            cutShort: stopped, cutByTime: stoppedByTime)
    }

    /// Delete a whole composite value (an array element, a branch of a tree). When that alone does not fail, the
    /// sequence may be length-prefixed: retry with the choice before the run of adjacent same-label spans that ends
    /// with this one decremented (the count of a `[count][item][item]…` list), as `deleteChunks` does for short items.
    func deleteSpans() async {
        var i = 0
        while i < bestSpans.count && !stopped {
            let s = bestSpans[i]
            if s.end > s.start && s.end <= best.count {
                var c = best
                c.removeSubrange(s.start..<s.end)
                if await consider(c) { continue }
                let prefix = runStart(of: i) - 1
                if prefix >= 0, c[prefix] > 0 {
                    c[prefix] -= 1
                    if await consider(c) { continue }
                }
            }
            i += 1
        }
    }

    /// The start of the run of adjacent spans with the same label and parent that ends with span `i`.
    func runStart(of i: Int) -> Int {
        var start = bestSpans[i].start
        var moved = true
        while moved {
            moved = false
            for (j, other) in bestSpans.enumerated() where j != i && other.end == start && other.start < start
                && other.label == bestSpans[i].label && other.parent == bestSpans[i].parent {
                start = other.start
                moved = true
                break
            }
        }
        return start
    }

    /// Delete chunks of 8, 4, 2, 1 choices; also with the choice just before decremented (length prefixes).
    func deleteChunks() async {
        for k in [8, 4, 2, 1] {
            var i = best.count - k
            while i >= 0 && !stopped {
                if i + k <= best.count {
                    var c = best
                    c.removeSubrange(i..<(i + k))
                    if await !consider(c), i > 0, c[i - 1] > 0 {
                        c[i - 1] -= 1
                        await consider(c)
                    }
                }
                i -= 1
            }
        }
    }

    /// Replace a span by one of its descendant spans (a tree by one of its subtrees).
    func replaceSpansByDescendants() async {
        var i = 0
        while i < bestSpans.count && !stopped {
            let outer = bestSpans[i]
            var improved = false
            for (j, inner) in bestSpans.enumerated() where j > i && inner.start >= outer.start && inner.end <= outer.end
                && (inner.end - inner.start) < (outer.end - outer.start) && outer.end <= best.count {
                var c = Array(best[..<outer.start])
                c += best[inner.start..<inner.end]
                c += best[outer.end...]
                if await consider(c) { improved = true; break }
            }
            if !improved { i += 1 }
        }
    }

    func zeroBlocks() async {
        for k in [8, 4, 2] {
            var i = best.count - k
            while i >= 0 && !stopped {
                if i + k <= best.count, best[i..<(i + k)].contains(where: { $0 != 0 }) {
                    var c = best
                    for j in i..<(i + k) { c[j] = 0 }
                    await consider(c)
                }
                i -= 1
            }
        }
    }

    /// Lower a choice by one and zero the few after it: moves a branch choice to an earlier branch together with
    /// the simplest content for it (a `/` node becoming `+` with zero operands).
    func lowerAndZeroFollowing() async {
        var i = best.count - 1
        while i >= 0 && !stopped {
            if i < best.count, best[i] > 0 {
                for k in [1, 2, 4, 8] where i + k < best.count + 1 && !stopped {
                    guard i < best.count, best[i] > 0 else { break }
                    var c = best
                    c[i] -= 1
                    for j in (i + 1)..<min(c.count, i + 1 + k) { c[j] = 0 }
                    if await consider(c) { break }
                }
            }
            i -= 1
        }
    }

    /// Binary-search each choice towards 0 (its generator's shrink target).
    func lowerEachChoice() async {
        var i = best.count - 1
        while i >= 0 && !stopped {
            if i < best.count, best[i] > 0 {
                let index = i
                _ = await binarySearchDown(0, best[index]) { v in await self.consider(self.replacing(index, with: v)) }
            }
            i -= 1
        }
    }

    /// Lower all equal choices together (values that must stay equal for the failure).
    func lowerDuplicates() async {
        var groups: [UInt64: [Int]] = [:]
        for (i, v) in best.enumerated() where v > 0 { groups[v, default: []].append(i) }
        for value in groups.keys.sorted() where !stopped {
            guard let indices = groups[value], indices.count > 1 else { continue }
            _ = await binarySearchDown(0, value) { v in
                var c = self.best
                for i in indices where i < c.count && c[i] == value { c[i] = v }
                return await self.consider(c)
            }
        }
    }

    func sortWindows() async {
        for k in [8, 4, 2] {
            var i = best.count - k
            while i >= 0 && !stopped {
                if i + k <= best.count {
                    var c = best
                    c[i..<(i + k)].sort()
                    if c != best { await consider(c) }
                }
                i -= 1
            }
        }
    }

    /// Swap out-of-order pairs and move value from an earlier choice to a later one (sum-like properties).
    func swapAndRedistribute() async {
        var i = 0
        while i < best.count && !stopped {
            for j in (i + 1)..<min(best.count, i + 4) where !stopped {
                guard i < best.count, j < best.count else { break }
                if best[i] > best[j] {
                    var c = best
                    c.swapAt(i, j)
                    await consider(c)
                }
                guard i < best.count, j < best.count, best[i] > 0 else { continue }
                let a = best[i], b = best[j]
                _ = await binarySearchDown(0, a) { v in
                    var c = self.best
                    guard i < c.count, j < c.count, c[i] == a, c[j] == b else { return false }
                    let (sum, overflow) = b.addingReportingOverflow(a - v)
                    if overflow { return false }
                    c[i] = v
                    c[j] = sum
                    return await self.consider(c)
                }
            }
            i += 1
        }
    }
}
