/// The shrink passes that shorten the sequence: deleting spans, chunks and structural choices, joining lists,
/// replacing a value by a part of it. Each works on the best sequence so far and its spans, and re-reads them after
/// every call, since any accepted candidate replaces both.
extension Shrinker {
    /// Delete whole composite values (list elements, subtrees). From each span, deletes it together with as many of
    /// its adjacent alike siblings as still fail (probing 1, 2, 4, … spans). When deleting one alone does not fail,
    /// the sequence may be length-prefixed: retry with the choice before the run of siblings decremented (the count
    /// of a `[count][item][item]…` list).
    func deleteSpans() async {
        var i = 0
        while i < bestSpans.count && !stopped {
            let s = bestSpans[i]
            guard s.end > s.start, s.end <= best.count else { i += 1; continue }
            // The run of adjacent alike siblings from s on.
            var ends = [s.end]
            for (j, t) in bestSpans.enumerated().dropFirst(i + 1)
            where t.parent == s.parent && t.start == ends.last! && t.end > t.start && alike(i, j) {
                ends.append(t.end)
            }
            // A leaf span (a single value, no spans inside) that is not one of a list's elements: deleting it only
            // shifts the choices after it; the chunk deletions cover that case when everything else is stuck.
            let isLeaf = structure.children[i].isEmpty
            let element = structure.isElement[i]
            let inRun = ends.count > 1 || runStart(of: i) < s.start
            if isLeaf && !inRun { i += 1; continue }
            // A run of fixed-length items (no "more?" flags) may be length-prefixed: delete k items and decrement the
            // count by k together first (probing k = 1, 2, 4, …), since deleting items alone only shifts later
            // choices in.
            let first = runStart(of: i)
            let prefix = first - 1
            if inRun, !element, prefix >= 0, prefix < best.count, best[prefix] > 0 {
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
            let runLength = UInt64(bestSpans.indices.filter { j in
                let t = bestSpans[j]
                return t.parent == s.parent && t.start >= first && t.end <= ends.last! && t.end > t.start && alike(i, j)
            }.count)
            if inRun, element, prefix >= 0, prefix < best.count, best[prefix] > 0, best[prefix] + 1 >= runLength {
                var c = best
                c.removeSubrange(s.start..<s.end)
                c[prefix] -= 1
                if await consider(c, shorter: true) { continue }
            }
            i += 1
        }
    }

    /// Whether choice `i` is a single-choice value followed, up to `end`, by a span holding at least as many values
    /// as it says (a length drawn first, then that many items).
    func isCount(at i: Int, before end: Int) -> Bool {
        guard i + 1 < end, end <= best.count, let o = structure.owner[i], bestSpans[o].start == i, bestSpans[o].end == i + 1,
              let next = structure.owner[i + 1], let parent = bestSpans[next].parent ?? Optional(next) else { return false }
        let items = structure.children[parent].filter { bestSpans[$0].start >= i + 1 && bestSpans[$0].end <= end }
        return !items.isEmpty && UInt64(items.count) >= best[i]
    }

    /// Delete values a hand-written generator drew after a choice of its own (`flaggedValueEnds`): the choice and
    /// the value together, with as many such pairs right after them as still fail (probing 1, 2, 4, …), else one
    /// pair with the "no" after it. A list written as a loop over `tc.weighted` has no element spans for
    /// `deleteSpans`; this is its element deletion, and a tree drawn the same way loses nodes by it.
    func deleteFlaggedValues() async {
        var p = 0
        while p < best.count && !stopped {
            let ends = flaggedValueEnds(from: p)
            let deleted = ends.isEmpty ? 0 : await findLargest(limit: UInt64(ends.count)) { k in
                var c = self.best
                guard ends[Int(k) - 1] <= c.count else { return false }
                c.removeSubrange(p..<ends[Int(k) - 1])
                return await self.consider(c)
            }
            if deleted > 0 { continue }
            // The value together with the "no" right after it: a node whose left child is empty replaced by its
            // right child (`(v, None, r)` → `r`, when the generator draws a "present?" choice per node).
            if let end = ends.first, end < best.count, best[end] == 0 {
                var c = best
                c.removeSubrange(p...end)
                if await consider(c) { continue }
            }
            p += 1
        }
    }

    /// Delete 1 to 4 choices starting at a structural choice (a branch or a "present?" choice a generator drew
    /// between its values, not a list's flag): a hand-written recursive generator has no spans for its nodes, so a
    /// node replaced by a child is a block of its own choices deleted (`(v, None, r)` with a sign before `None`).
    func deleteStructuralBlocks() async {
        var p = best.count - 1
        while p >= 0 && !stopped {
            if p < best.count, structure.isStructural[p], !isListFlag(p) {
                for k in 1...4 where p + k <= best.count && !stopped {
                    var c = best
                    c.removeSubrange(p..<(p + k))
                    if await consider(c) { break }
                }
            }
            p -= 1
        }
    }

    /// Join two adjacent elements of a list whose contents are lists themselves: delete the first inner list's final
    /// "no more" flag and the second element's "more?" flag, so the first inner list runs on into the second's
    /// elements (`[[a, b], [c]]` → `[[a, b, c]]`). Shorter by two choices, and a list of lists that becomes one list
    /// gives the other passes fewer distinct candidates. Two adjacent items of a fixed-length list (no flags of their
    /// own) whose values are lists are joined by deleting the first one's final flag and lowering the count before
    /// the run by one (`n = 2, [a, b], [c]` → `n = 1, [a, b, c]`).
    func joinSiblingLists() async {
        var r = 0
        while !stopped {
            let runs = siblingRuns()
            guard r < runs.count else { return }
            let run = runs[r]
            var joined = false
            for k in 0..<(run.count - 1) where !stopped {
                let a = bestSpans[run[k]], b = bestSpans[run[k + 1]]
                let prefix = bestSpans[run[0]].start - 1
                if !structure.isElement[run[k]], !structure.isElement[run[k + 1]], a.end == b.start, b.end <= best.count,
                   prefix >= 0, best[prefix] > 0, best[a.end - 1] == 0,
                   innerListEnds(at: a.end - 1, within: run[k]), innerListStarts(at: b.start, within: run[k + 1]) {
                    var c = best
                    c.remove(at: a.end - 1)
                    c[prefix] -= 1
                    if await consider(c, shorter: true) { joined = true; break }
                    continue
                }
                // Two elements whose values start with a count (a single choice of its own, then the counted items):
                // the second's flag and count deleted, its count added to the first's (`[[a], [b, c]]` drawn as
                // `n = 1, [a]; n = 2, [b, c]` → `n = 3, [a, b, c]`).
                if structure.isElement[run[k]], structure.isElement[run[k + 1]], a.end == b.start, b.end <= best.count,
                   isCount(at: a.start + 1, before: a.end), isCount(at: b.start + 1, before: b.end), best[b.start + 1] > 0 {
                    var c = best
                    let (sum, overflow) = c[a.start + 1].addingReportingOverflow(c[b.start + 1])
                    if !overflow {
                        c[a.start + 1] = sum
                        c.removeSubrange(b.start...(b.start + 1))
                        if await consider(c) { joined = true; break }
                    }
                }
                guard structure.isElement[run[k]], structure.isElement[run[k + 1]], a.end == b.start, b.end <= best.count,
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

    /// Delete one element of a list and lower every later element's first value choice by one: lists whose values
    /// are indices into the list itself (`[0, 2, 1]` → `[1, 0]`) keep their meaning only if both happen at once.
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
                return t.end - t.start == (structure.isElement[e] ? 2 : 1)
            }
            if indicesOnly && !single { r += 1; continue }
            for (k, e) in run.enumerated() where !stopped {
                let s = bestSpans[e]
                let offset = structure.isElement[e] ? 1 : 0   // skip an element's "more?" flag
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

    /// Replace a span by one of its descendant spans (a tree by one of its subtrees): its children and grandchildren
    /// other than list elements (a list replaced by one of its elements means nothing), and deeper descendants shaped
    /// like it (as many spans inside, its first choice drawn between values or not: a node of the same recursive
    /// generator, wherever its labels say).
    func replaceSpansByDescendants() async {
        var i = 0
        while i < bestSpans.count && !stopped {
            let outer = bestSpans[i]
            // An element replaced by its own content loses its "more?" flag: that means nothing.
            if structure.isElement[i] { i += 1; continue }
            var improved = false
            for (j, inner) in bestSpans.enumerated() where j > i && inner.start >= outer.start && inner.end <= outer.end
                && (inner.end - inner.start) < (outer.end - outer.start) && outer.end <= best.count && !stopped
                && (shapedAlike(i, j) || ((inner.parent == i || inner.parent.map { bestSpans[$0].parent == i } == true)
                    && !structure.isElement[j])) {
                var c = Array(best[..<outer.start])
                c += best[inner.start..<inner.end]
                c += best[outer.end...]
                if await consider(c) { improved = true; break }
            }
            if !improved { i += 1 }
        }
    }

    /// Whether two spans have the same shape: as many spans directly inside, and the first choice drawn between
    /// values (a branch) in both or in neither.
    func shapedAlike(_ a: Int, _ b: Int) -> Bool {
        let s = structure, sa = bestSpans[a].start, sb = bestSpans[b].start
        guard sa < best.count, sb < best.count, bestSpans[a].end > sa, bestSpans[b].end > sb else { return false }
        return s.children[a].count == s.children[b].count && s.isStructural[sa] == s.isStructural[sb]
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
}
