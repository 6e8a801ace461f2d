/// The shrink passes. Each works on the best sequence so far and its spans, and re-reads them after every call,
/// since any accepted candidate replaces both.
extension Shrinker {
    /// Delete whole composite values (array elements, subtrees). From each span, deletes it together with as many
    /// of its adjacent same-label siblings as still fail (probing 1, 2, 4, … spans). When deleting one alone does not
    /// fail, the sequence may be length-prefixed: retry with the choice before the run of same-label siblings
    /// decremented (the count of a `[count][item][item]…` list, `lengthlist`'s n).
    func deleteSpans() async {
        var i = 0
        while i < bestSpans.count && !stopped {
            let s = bestSpans[i]
            guard s.end > s.start, s.end <= best.count else { i += 1; continue }
            // The run of adjacent siblings from s on (same parent and label).
            var ends = [s.end]
            for t in bestSpans[(i + 1)...] where t.parent == s.parent && t.label == s.label && t.start == ends.last! {
                ends.append(t.end)
            }
            // A leaf span (a single value, no spans inside) that is not one of a list's elements: deleting it only
            // shifts the choices after it; the chunk deletions cover that case when everything else is stuck.
            let isLeaf = i + 1 >= bestSpans.count || bestSpans[i + 1].parent != i
            let inRun = ends.count > 1 || runStart(of: i) < s.start
            if isLeaf && !inRun { i += 1; continue }
            // A run of fixed-length items (no "more?" flags) may be length-prefixed: delete k items and decrement the
            // count by k together first (probing k = 1, 2, 4, …), since deleting items alone only shifts later
            // choices in.
            let first = runStart(of: i)
            let prefix = first - 1
            if inRun, s.label != "element", prefix >= 0, prefix < best.count, best[prefix] > 0 {
                let count = best[prefix]
                let byCount = await findLargest(limit: Swift.min(UInt64(ends.count), count)) { k in
                    var c = self.best
                    guard s.start < c.count, ends[Int(k) - 1] <= c.count, prefix < c.count, c[prefix] >= k else { return false }
                    c.removeSubrange(s.start..<ends[Int(k) - 1])
                    c[prefix] -= k
                    return await self.consider(c, shorter: true)
                }
                if byCount > 0 { continue }
            }
            let deleted = await findLargest(limit: UInt64(ends.count)) { k in
                var c = self.best
                guard s.start < c.count, ends[Int(k) - 1] <= c.count else { return false }
                c.removeSubrange(s.start..<ends[Int(k) - 1])
                return await self.consider(c)
            }
            if deleted > 0 { continue }
            // A count before the run is at least the run's length less its lower bound, so only a choice that big
            // can be one.
            let runLength = UInt64(bestSpans.filter { $0.parent == s.parent && $0.label == s.label && $0.start >= first && $0.end <= ends.last! && $0.end > $0.start }.count)
            if inRun, s.label == "element", prefix >= 0, prefix < best.count, best[prefix] > 0, best[prefix] + 1 >= runLength {
                var c = best
                c.removeSubrange(s.start..<s.end)
                c[prefix] -= 1
                if await consider(c, shorter: true) { continue }
            }
            i += 1
        }
    }

    /// Join two adjacent elements of a list whose contents are lists themselves: delete the first inner list's final
    /// "no more" flag and the second element's "more?" flag, so the first inner list runs on into the second's
    /// elements (`[[a, b], [c]]` → `[[a, b, c]]`). Shorter by two choices, and a list of lists that becomes one list
    /// gives the other passes fewer distinct candidates.
    func joinSiblingLists() async {
        var r = 0
        while !stopped {
            let runs = siblingRuns()
            guard r < runs.count else { return }
            let run = runs[r]
            var joined = false
            for k in 0..<(run.count - 1) where !stopped {
                let a = bestSpans[run[k]], b = bestSpans[run[k + 1]]
                guard a.label == "element", b.label == "element", a.end == b.start, b.end <= best.count,
                      best[a.end - 1] == 0, best[b.start] == 1,
                      innerListEnds(at: a.end - 1, within: run[k]), innerListStarts(at: b.start + 1, within: run[k + 1])
                else { continue }
                var c = best
                c.remove(at: b.start)
                c.remove(at: a.end - 1)
                if await consider(c) { joined = true; break }
            }
            if !joined { r += 1 }
        }
    }

    /// Whether span `outer` holds a non-empty list whose final flag is at `index`: an element span inside it ends
    /// just before `index`.
    func innerListEnds(at index: Int, within outer: Int) -> Bool {
        bestSpans.indices.contains { i in
            i > outer && bestSpans[i].label == "element" && bestSpans[i].end == index && bestSpans[i].start > bestSpans[outer].start
        }
    }

    /// Whether span `outer` holds a non-empty list whose first element starts at `index`.
    func innerListStarts(at index: Int, within outer: Int) -> Bool {
        bestSpans.indices.contains { i in
            i > outer && bestSpans[i].label == "element" && bestSpans[i].start == index && bestSpans[i].end <= bestSpans[outer].end
        }
    }

    /// Zero every value of a list's elements at once (their "more?" flags kept): lists whose values do not matter
    /// lose them in one call instead of one call per value.
    func zeroRuns() async {
        var r = 0
        while !stopped {
            let runs = siblingRuns()
            guard r < runs.count else { return }
            let run = runs[r]
            r += 1
            guard run.count >= 3, run.allSatisfy({ bestSpans[$0].label == "element" }) else { continue }
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
            let isFlag = bestSpans.contains { $0.label == "element" && $0.start == i && $0.end > i }
            if !isFlag {
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

    /// Lower all equal choices together (values that must stay equal for the failure, like the duplicates of
    /// `deletion` or the equal pair of `difference_must_not_be_zero`). Groups in order of their first position.
    func lowerDuplicates() async {
        var firstIndex: [UInt64: Int] = [:]
        var groups: [[Int]] = []
        // Ones too when they start a value (the magnitudes of [-1, -1], which must reach 0 together), but not a
        // list's "more?" flags: lowering those cuts lists short, which `deleteSpans` tries.
        var starts = Set(bestSpans.lazy.filter { $0.end > $0.start }.map(\.start))
        for s in bestSpans where s.label == "element" { starts.remove(s.start) }
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
    /// difference matters and whose size does not (the difference problems) shrink in one probe instead of taking
    /// turns a few units at a time.
    func lowerNearPairs() async {
        var i = 0
        while i < best.count && !stopped {
            var j = i + 1
            while j < min(best.count, i + 9) && !stopped {
                let a = best[i], b = best[j]
                if a > 1 && b > 1 && (a > b ? a - b : b - a) <= 16 {
                    _ = await findLargest(limit: min(a, b)) { k in
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

    /// Sort the elements of a list by their own choice subsequences (shortlex), not the raw choices: a run of adjacent
    /// same-label siblings is rebuilt in sorted order; when the full sort does not fail, adjacent out-of-order pairs
    /// are exchanged one at a time.
    func sortSiblings() async {
        var g = 0
        while !stopped {
            let groups = siblingRuns()
            guard g < groups.count else { return }
            let run = groups[g]
            g += 1
            let pieces = run.map { best[bestSpans[$0].start..<bestSpans[$0].end] }
            let order = pieces.indices.sorted { shortlexPrecedes(pieces[$0], pieces[$1]) || (pieces[$0] == pieces[$1] && $0 < $1) }
            guard order != Array(pieces.indices) else { continue }
            if await consider(rebuilt(run, order.map { pieces[$0] })) { continue }
            var k = 0
            while k + 1 < pieces.count && !stopped {
                let current = siblingRunStarting(at: run[0], count: run.count)
                guard let cur = current else { break }
                let ps = cur.map { best[bestSpans[$0].start..<bestSpans[$0].end] }
                if shortlexPrecedes(ps[k + 1], ps[k]) {
                    var swapped = ps
                    swapped.swapAt(k, k + 1)
                    _ = await consider(rebuilt(cur, swapped))
                }
                k += 1
            }
        }
    }

    /// Exchange two sibling spans (same parent, any labels) when the later one's choices are shortlex-smaller: the
    /// mirror image of a tree (binheap's subtrees), tuple components in the wrong order.
    func exchangeSiblings() async {
        var g = 0
        while !stopped {
            let groups = siblingGroups()
            guard g < groups.count else { return }
            let group = groups[g]
            g += 1
            guard group.count <= 16 else { continue }
            var changed = false
            outer: for a in 0..<group.count where !stopped {
                for b in (a + 1)..<group.count where !stopped {
                    let sa = bestSpans[group[a]], sb = bestSpans[group[b]]
                    guard sa.end <= sb.start, sb.end <= best.count, sa.end > sa.start else { continue }
                    // Two elements of a list: `sortSiblings` orders those.
                    if sa.label == "element" && sb.label == "element" { continue }
                    // A flatMap's value and the value bound from it: the second's generator depends on the first.
                    if sa.label == "flatMap" && sb.label == "bind" { continue }
                    let pa = best[sa.start..<sa.end], pb = best[sb.start..<sb.end]
                    guard shortlexPrecedes(pb, pa) else { continue }
                    var c = Array(best[..<sa.start])
                    c += pb
                    c += best[sa.end..<sb.start]
                    c += pa
                    c += best[sb.end...]
                    if await consider(c) { changed = true; break outer }
                }
            }
            if changed { g -= 1 }
        }
    }

    /// Delete one element of a list and lower every later element's first value choice by one: lists whose values
    /// are indices into the list itself (coupling's `[0, 2, 1]` → `[1, 0]`) keep their meaning only if both happen
    /// at once.
    func deleteAndShift(indicesOnly: Bool = false) async {
        var r = 0
        while !stopped {
            let runs = siblingRuns()
            guard r < runs.count else { return }
            let run = runs[r]
            var improved = false
            // With `indicesOnly` (the cheap variant), only lists whose elements are a single non-negative choice
            // (no sign, no nested values), where indices live; elsewhere it runs only when the cheap passes stall.
            let single = run.allSatisfy { e in
                let t = bestSpans[e]
                return t.end - t.start == (t.label == "element" ? 2 : 1)
            }
            if indicesOnly && !single { r += 1; continue }
            for (k, e) in run.enumerated() where !stopped {
                let s = bestSpans[e]
                let offset = s.label == "element" ? 1 : 0   // skip an element's "more?" flag
                var c = best
                var lowered = false
                for later in run[(k + 1)...].reversed() {
                    let t = bestSpans[later]
                    let v = t.start + offset
                    if v < t.end && v < c.count && c[v] > 0 { c[v] -= 1; lowered = true }
                }
                guard lowered else { continue }
                c.removeSubrange(s.start..<s.end)
                if await consider(c) { improved = true; break }
            }
            if !improved { r += 1 }
        }
    }

    /// Runs of at least two adjacent siblings with the same label and parent (the elements of a list).
    func siblingRuns() -> [[Int]] {
        var runs: [[Int]] = []
        for group in siblingGroups() {
            var run: [Int] = []
            for i in group {
                if let last = run.last, bestSpans[last].end == bestSpans[i].start, bestSpans[last].label == bestSpans[i].label,
                   bestSpans[i].end > bestSpans[i].start {
                    run.append(i)
                } else {
                    if run.count > 1 { runs.append(run) }
                    run = bestSpans[i].end > bestSpans[i].start ? [i] : []
                }
            }
            if run.count > 1 { runs.append(run) }
        }
        return runs
    }

    /// The run of `count` adjacent same-label siblings that starts at span `first`, if the spans still have it.
    func siblingRunStarting(at first: Int, count: Int) -> [Int]? {
        siblingRuns().first { $0.first == first && $0.count == count }
    }

    /// The best sequence with the run's spans replaced by `pieces`, in order.
    func rebuilt(_ run: [Int], _ pieces: [ArraySlice<UInt64>]) -> [UInt64] {
        let start = bestSpans[run.first!].start, end = bestSpans[run.last!].end
        var c = Array(best[..<start])
        for p in pieces { c += p }
        c += best[end...]
        return c
    }

    /// Replace a span by one of its descendant spans (a tree by one of its subtrees): its children and grandchildren
    /// other than list elements (a list replaced by one of its elements means nothing), and deeper descendants with
    /// its own label (the same recursive generator).
    func replaceSpansByDescendants() async {
        var i = 0
        while i < bestSpans.count && !stopped {
            let outer = bestSpans[i]
            // An element replaced by its own content loses its "more?" flag: that means nothing.
            if outer.label == "element" { i += 1; continue }
            var improved = false
            for (j, inner) in bestSpans.enumerated() where j > i && inner.start >= outer.start && inner.end <= outer.end
                && (inner.end - inner.start) < (outer.end - outer.start) && outer.end <= best.count && !stopped
                && (inner.label == outer.label || ((inner.parent == i || inner.parent.map { bestSpans[$0].parent == i } == true)
                    && inner.label != "element" && inner.label != "item")) {
                var c = Array(best[..<outer.start])
                c += best[inner.start..<inner.end]
                c += best[outer.end...]
                if await consider(c) { improved = true; break }
            }
            if !improved { i += 1 }
        }
    }

    /// Delete chunks of 2 and 1 choices at the boundaries of values: two choices on either side of a boundary (the
    /// end of one list and the start of the next, merging them), one choice that ends a value (a list's final flag,
    /// an integer's sign); also with the choice just before decremented (length prefixes). Longer chunks are spans,
    /// which `deleteSpans` handles. Chunks inside a value only shift its choices into a different value: they rarely
    /// help, and in the last round, which proves the result minimal, each cost a call.
    func deleteChunks() async {
        for k in [2, 1] {
            var i = best.count - k
            while i >= 0 && !stopped {
                if i + k <= best.count, k == 1 ? endsSpan(i) : straddlesBoundary(i) {
                    var c = best
                    c.removeSubrange(i..<(i + k))
                    if await !consider(c), i > 0, c[i - 1] > 0 {
                        c[i - 1] -= 1
                        await consider(c, shorter: true)
                    }
                }
                i -= 1
            }
        }
    }

    /// Whether choices i and i + 1 lie on either side of a boundary between two spans: some span ends after i and
    /// another starts at i + 1 (the end of one value and the start of the next, such as a list's final flag and the
    /// next list's first element).
    func straddlesBoundary(_ i: Int) -> Bool {
        var ends = false, starts = false
        for s in bestSpans where s.end > s.start {
            // Between two elements of one list: `joinSiblingLists` joins them where that means something; elsewhere
            // the chunk only shifts the next element's choices.
            if s.label == "element" && s.start == i + 1 && bestSpans.contains(where: { $0.label == "element" && $0.end == i + 1 && $0.parent == s.parent }) {
                return false
            }
            if s.end == i + 1 { ends = true }
            if s.start == i + 1 { starts = true }
        }
        return ends && starts
    }

    /// Whether choice i is the last choice of some span, and not a forced one: deleting a forced choice only moves
    /// the next choice into its place, where it is ignored, so it deletes that next choice (the start of a value).
    func endsSpan(_ i: Int) -> Bool {
        !bestForced.contains(i) && bestSpans.contains { $0.end > $0.start && $0.end == i + 1 }
    }

    /// Lower a choice by one and zero the few after it: moves a branch choice to an earlier branch together with
    /// the simplest content for it (a `/` node becoming `+` with zero operands).
    func lowerAndZeroFollowing() async {
        var i = best.count - 1
        while i >= 0 && !stopped {
            // Not a list's "more?" flag: lowering it ends the list there, which `deleteSpans` probes already.
            if i < best.count, best[i] > 0, !isListFlag(i) {
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

    /// Move value from an earlier choice to a later one: sums (bound5's two lists), and an integer's magnitude into
    /// its sign (2 → −1 is (2, 0) → (1, 1)). For each non-zero choice and the 8 after it, probe how much can move.
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
                    && bestSpans[si!].label == bestSpans[sj!].label
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

    /// Whether choice i is a list element's "more?" flag.
    func isListFlag(_ i: Int) -> Bool { bestSpans.contains { $0.label == "element" && $0.start == i && $0.end > i } }

    /// For each choice, the index of the innermost span holding it (nil outside every span).
    func innermostSpans() -> [Int?] {
        var inner = [Int?](repeating: nil, count: best.count)
        for (k, s) in bestSpans.enumerated() where s.end <= best.count {
            for c in s.start..<s.end { inner[c] = k }   // later spans are nested deeper or start later
        }
        return inner
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

