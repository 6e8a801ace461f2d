/// The shrink passes that lower values: one choice, equal choices together, near-equal pairs, a list's values all
/// at once, value moved between choices, blocks zeroed. A list's "more?" flags are left to the deletion passes.
/// Each works on the best sequence so far and re-reads it after every call.
extension Shrinker {
    /// Zero every value of a list's elements at once (their "more?" flags kept): lists whose values do not matter
    /// lose them in one call instead of one call per value.
    func zeroRuns() async {
        var r = 0
        while !stopped {
            let runs = siblingRuns()
            guard r < runs.count else { return }
            let run = runs[r]
            r += 1
            guard run.count >= 3, run.allSatisfy({ structure.isElement[$0] }) else { continue }
            var c = best
            var changed = false
            for e in run {
                let t = bestSpans[e]
                for j in (t.start + 1)..<t.end where j < c.count && c[j] != 0 && !isListFlag(j) {
                    c[j] = 0
                    changed = true
                }
            }
            if changed { await consider(c) }
        }
    }

    /// Lower each choice towards 0 (its generator's shrink target): 0 first, then probing how far it goes.
    func lowerChoices() async {
        await zeroRuns()
        var i = 0
        while i < best.count && !stopped {
            // An element's "more?" flag: lowering it deletes every later element, which `deleteSpans` probes already.
            if !isListFlag(i) {
                // A value with duplicates (v > 1) first tries them all at 0 at once: values that must stay equal.
                let v = best[i]
                let copies = v > 1 ? best.indices.filter { best[$0] == v } : []
                if copies.count > 1 {
                    await lower(copies, from: v)
                    if i < best.count, best[i] != v { i += 1; continue }
                }
                if i < best.count { await lower([i], from: best[i]) }
            }
            i += 1
        }
    }

    /// Lower all equal choices together (values that must stay equal for the failure: a duplicated element, an equal
    /// pair). Groups in order of their first position.
    func lowerDuplicates() async {
        var firstIndex: [UInt64: Int] = [:]
        var groups: [[Int]] = []
        // Ones too when they start a value (the magnitudes of [-1, -1], which must reach 0 together), but not a
        // list's "more?" flags: lowering those cuts lists short, which `deleteSpans` tries.
        let starts = Set(bestSpans.lazy.filter { $0.end > $0.start }.map(\.start)).subtracting(structure.flags)
        for (i, v) in best.enumerated() where v > 1 || (v == 1 && starts.contains(i)) {
            if let g = firstIndex[v] { groups[g].append(i) } else { firstIndex[v] = groups.count; groups.append([i]) }
        }
        for g in groups where g.count > 1 && !stopped {
            guard let first = g.first, first < best.count else { continue }
            let v = best[first]
            let same = g.filter { $0 < best.count && best[$0] == v }
            if same.count > 1 { await lower(same, from: v) }
        }
    }

    /// Lower two near-equal choices (within 16 of each other, up to 8 apart) by the same amount: values whose
    /// difference matters and whose size does not shrink in one probe instead of taking turns a few units at a time.
    ///
    /// With `above`, only unequal pairs whose smaller value exceeds it: large near values, lowered together before
    /// each is lowered alone (alone, each can move only a few units, and finding out how few costs a bracket of
    /// calls); small pairs wait until after the single values, where lowering them first would cost a list of
    /// small values a call.
    func lowerNearPairs(above floor: UInt64 = 1) async {
        var i = 0
        while i < best.count && !stopped {
            var j = i + 1
            while j < min(best.count, i + 9) && !stopped {
                let a = best[i], b = best[j]
                // Equal values are lowered together by `lowerChoices` (duplicates first) already.
                if a > floor && b > floor && (a > b ? a - b : b - a) <= 16 && (floor == 1 || a != b) {
                    _ = await findLargestFromBothEnds(limit: min(a, b)) { k in
                        var c = self.best
                        guard i < c.count, j < c.count else { return false }
                        c[i] = a - k
                        c[j] = b - k
                        return await self.consider(c)
                    }
                }
                j += 1
            }
            i += 1
        }
    }

    /// The largest k in 0...limit with f(k), like `findLargest`, but probing from the top too: 1, then `limit`, then
    /// in turn limit − 1, 2, 4, … from above and 2, 3, 5, … from below, then bisecting the bracket. A pair of large
    /// values whose difference matters and whose size does not (two 62-bit integers that must differ by 1 to 4) goes
    /// down nearly all the way, where doubling from 1 alone would take a call per bit of the distance.
    func findLargestFromBothEnds(limit: UInt64, _ f: (UInt64) async -> Bool) async -> UInt64 {
        guard limit > 0, !stopped, await f(1) else { return 0 }
        if limit == 1 || stopped { return 1 }
        if await f(limit) { return limit }
        var lo: UInt64 = 1, hi = limit
        var up: UInt64 = 1, down: UInt64 = 1
        while hi - lo > 1 && !stopped {
            let a = hi - Swift.min(down, hi - lo - 1)
            if await f(a) { lo = a; break }
            hi = a
            down = down > UInt64.max / 2 ? down : down * 2
            guard hi - lo > 1, !stopped else { break }
            let b = lo + Swift.min(up, hi - lo - 1)
            if await f(b) { lo = b } else { hi = b; break }
            up = up > UInt64.max / 2 ? up : up * 2
        }
        while hi - lo > 1 && !stopped {
            let mid = lo + (hi - lo) / 2
            if await f(mid) { lo = mid } else { hi = mid }
        }
        return lo
    }

    /// Lower a choice by one and zero the few after it: moves a branch choice to an earlier branch together with
    /// the simplest content for it (a `/` node becoming `+` with zero operands).
    func lowerAndZeroFollowing() async {
        var i = best.count - 1
        while i >= 0 && !stopped {
            // Not a list's "more?" flag: lowering it ends the list there, which `deleteSpans` probes already.
            if i < best.count, best[i] > 0, !isListFlag(i) {
                // Near the end, the last k is cut to the choices left (a `/` node at the end of the sequence still
                // gets all its operands zeroed); a repeated candidate costs no call.
                for k in [1, 2, 4, 8] where !stopped {
                    guard i < best.count, best[i] > 0, i + 1 < best.count else { break }
                    let k = Swift.min(k, best.count - 1 - i)
                    var c = best
                    c[i] -= 1
                    for j in (i + 1)..<min(c.count, i + 1 + k) { c[j] = 0 }
                    if await consider(c) { break }
                }
            }
            i -= 1
        }
    }

    /// Move value from an earlier choice to a later one: a sum spread over several values, and an integer's magnitude
    /// into its sign (2 → −1 is (2, 0) → (1, 1)). For each non-zero choice and the 8 after it, probe how much can move.
    func redistribute() async {
        var i = 0
        while i < best.count && !stopped {
            // Not from a list's "more?" flag: lowering it ends the list there, which `deleteSpans` probes already.
            if isListFlag(i) { i += 1; continue }
            var j = i + 1
            let inner = innermostSpans()
            while j < min(best.count, i + 9) && !stopped {
                guard i < best.count, j < best.count, best[i] > 0, j < inner.count else { j += 1; continue }
                // Partners: the next choice of the same value, or the first choice of another value like it.
                let si = inner[i], sj = inner[j]
                let sameValue = si != nil && si == sj
                let alike = si != nil && sj != nil && bestSpans[si!].start == i && bestSpans[sj!].start == j
                    && bestSpans[si!].end - i == bestSpans[sj!].end - j
                guard (sameValue && j == i + 1) || alike else { j += 1; continue }
                let a = best[i], b = best[j]
                func move(_ k: UInt64) async -> Bool {
                    var c = self.best
                    guard i < c.count, j < c.count else { return false }
                    let (sum, overflow) = b.addingReportingOverflow(k)
                    if overflow { return false }
                    c[i] = a - k
                    c[j] = sum
                    return await self.consider(c)
                }
                // Moving nearly all of it first: the failures need not be monotone (−32768 fails, −32767 passes,
                // −1 fails: (32768, 0) → (1, 1) is one move of 32767).
                if a > 1, await move(a - 1) { j += 1; continue }
                _ = await findLargest(limit: a) { k in await move(k) }
                j += 1
            }
            i += 1
        }
    }

    func zeroBlocks() async {
        for k in [8, 4, 2] {
            var i = best.count - k
            while i >= 0 && !stopped {
                // A block whose only non-zero choices are lists' "more?" flags would only end lists: `deleteSpans`
                // probes that.
                if i + k <= best.count, (i..<(i + k)).contains(where: { best[$0] != 0 && !isListFlag($0) }) {
                    var c = best
                    for j in i..<(i + k) { c[j] = 0 }
                    await consider(c)
                }
                i -= 1
            }
        }
    }
}

