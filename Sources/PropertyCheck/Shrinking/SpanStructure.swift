/// What the shrink passes know about a failing case's spans, read from their nesting, their extents and the choices
/// in them only. Labels name spans for debugging; no pass switches on them, so a generator written by hand inside
/// `Gen { tc in … }` is shrunk by the same rules as the library's own.
struct SpanStructure {
    /// The spans directly inside each span, in sequence order; the last entry holds the top-level spans.
    let children: [[Int]]
    /// Whether each span is a list element: it starts with a choice of value 1 that no span inside it covers (the
    /// "more?" flag), one span inside it covers all the rest (the element's value), and in its parent the run of
    /// adjacent spans shaped like it ends just before a choice of value 0 that no sibling covers (the final "no
    /// more"). The terminator is what tells a list from adjacent `oneOf` branches, which have the same shape but are
    /// followed by their parent's next value. A list at its maximum count has no terminator: its elements are then
    /// plain sibling runs, which the passes delete with a count before them (a fixed-length list's).
    let isElement: [Bool]
    /// The positions of the elements' flags.
    let flags: Set<Int>
    /// Whether each choice lies directly inside a composite span (one with spans inside it) and inside none of its
    /// children: a branch, a list's or a node's "more?"/"present?" choice, drawn by a generator between its values.
    let isStructural: [Bool]
    /// For each choice, the innermost span holding it (nil outside every span).
    let owner: [Int?]

    init(_ spans: [Span], _ choices: [UInt64]) {
        let n = spans.count
        var children = [[Int]](repeating: [], count: n + 1)
        for (i, s) in spans.enumerated() where s.end <= choices.count { children[s.parent ?? n].append(i) }
        self.children = children
        func shaped(_ i: Int) -> Bool {
            let s = spans[i], inner = children[i]
            guard s.end - s.start >= 2, inner.count == 1, choices[s.start] == 1 else { return false }
            return spans[inner[0]].start == s.start + 1 && spans[inner[0]].end == s.end
        }
        var isElement = [Bool](repeating: false, count: n)
        var flags = Set<Int>()
        for (p, group) in children.enumerated() {
            let parentEnd = p < n ? spans[p].end : choices.count
            var k = 0
            while k < group.count {
                guard shaped(group[k]) else { k += 1; continue }
                var run = [group[k]]
                while k + 1 < group.count, spans[group[k + 1]].start == spans[run.last!].end, shaped(group[k + 1]) {
                    k += 1
                    run.append(group[k])
                }
                k += 1
                let after = spans[run.last!].end
                let nextSibling = k < group.count ? spans[group[k]].start : Int.max
                if after < parentEnd, choices[after] == 0, nextSibling > after {
                    for e in run { isElement[e] = true; flags.insert(spans[e].start) }
                }
            }
        }
        self.isElement = isElement
        self.flags = flags
        var structural = [Bool](repeating: false, count: choices.count)
        for (i, s) in spans.enumerated() where !children[i].isEmpty && s.end <= choices.count {
            for c in s.start..<s.end { structural[c] = true }
            for c in children[i] { for j in spans[c].start..<spans[c].end { structural[j] = false } }
        }
        // Spans nest, and a parent precedes its children, so a child's pass above clears what its parent set.
        isStructural = structural
        var owner = [Int?](repeating: nil, count: choices.count)
        for (k, s) in spans.enumerated() where s.end <= choices.count {
            for c in s.start..<s.end { owner[c] = k }   // later spans are nested deeper or start later
        }
        self.owner = owner
    }
}

extension Shrinker {
    /// The structure of the best case's spans, computed once per improvement.
    var structure: SpanStructure {
        if let cached = structureCache, cached.steps == steps { return cached.structure }
        let s = SpanStructure(bestSpans, best)
        structureCache = (steps, s)
        return s
    }

    /// Spans grouped by parent (the top level last), each group in sequence order; groups of one are left out.
    func siblingGroups() -> [[Int]] { structure.children.filter { $0.count > 1 } }

    /// Whether two spans are alike enough to be items of one run (one list's elements, one fixed-length array's
    /// items): named alike by their generator (equal labels: two values it names differently, a view's "width" and
    /// "height", are not items of one list; which names they are does not matter, and unnamed spans are all alike),
    /// and both list elements, or neither and of one shape — single values of as many choices (two integers of one
    /// range), or composite values (spans inside) whose first choice is drawn between values in both or neither; a
    /// single value of zeros only (an empty inner list) is alike a composite one. Shape is what keeps a count out of the run of items after it (a stack's views after
    /// its distribution, alignment, spacing and count, all siblings): deleting items with the count lowered needs
    /// the choice just before the first item.
    func alike(_ a: Int, _ b: Int) -> Bool {
        if bestSpans[a].label != bestSpans[b].label { return false }
        let s = structure
        guard s.isElement[a] == s.isElement[b] else { return false }
        if s.isElement[a] { return true }
        let sa = bestSpans[a], sb = bestSpans[b]
        if s.children[a].isEmpty != s.children[b].isEmpty {
            // A single value of zeros only is the simplest value of its generator (an empty inner list), alike any.
            let leaf = s.children[a].isEmpty ? sa : sb
            return leaf.end <= best.count && best[leaf.start..<leaf.end].allSatisfy { $0 == 0 }
        }
        if s.children[a].isEmpty { return sa.end - sa.start == sb.end - sb.start }
        return sa.start < best.count && sb.start < best.count && s.isStructural[sa.start] == s.isStructural[sb.start]
    }

    /// Runs of at least two adjacent, non-empty, alike siblings (the elements of a list, the items of an array, the
    /// components of a tuple).
    func siblingRuns() -> [[Int]] {
        var runs: [[Int]] = []
        for group in siblingGroups() {
            var run: [Int] = []
            for i in group {
                if let last = run.last, bestSpans[last].end == bestSpans[i].start, alike(last, i),
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

    /// The start of the run of adjacent alike siblings that ends with span `i`.
    func runStart(of i: Int) -> Int {
        let siblings = structure.children[bestSpans[i].parent ?? bestSpans.count]
        guard var k = siblings.firstIndex(of: i) else { return bestSpans[i].start }
        while k > 0, bestSpans[siblings[k - 1]].end == bestSpans[siblings[k]].start,
              bestSpans[siblings[k - 1]].end > bestSpans[siblings[k - 1]].start, alike(siblings[k - 1], i) {
            k -= 1
        }
        return bestSpans[siblings[k]].start
    }

    /// The run of `count` adjacent alike siblings that starts at span `first`, if the spans still have it.
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

    /// Whether choice i is a list element's "more?" flag.
    func isListFlag(_ i: Int) -> Bool { structure.flags.contains(i) }

    /// For each choice, the index of the innermost span holding it (nil outside every span).
    func innermostSpans() -> [Int?] { structure.owner }

    /// The ends of the values a hand-written generator drew each after a choice of its own, from position `p` on:
    /// a structural choice of value 1 (not a list element's flag), directly followed by a span drawn inside the same
    /// span, and after it the next such choice or one of value 0 (`while try tc.weighted(p) { xs.append(try
    /// g.run(tc)) }`: the flag, the element, …, the final "no"; a node's "present?" choice and its value).
    func flaggedValueEnds(from p: Int) -> [Int] {
        let s = structure
        var ends: [Int] = []
        var q = p
        while q + 1 < best.count, s.isStructural[q], best[q] == 1, !s.flags.contains(q) {
            let siblings = s.children[s.owner[q] ?? bestSpans.count]
            guard let v = siblings.first(where: { bestSpans[$0].start == q + 1 }), bestSpans[v].end > q + 1 else { break }
            let end = bestSpans[v].end
            guard end < best.count, s.isStructural[end], best[end] <= 1, s.owner[end] == s.owner[q] else { break }
            ends.append(end)
            q = end
        }
        return ends
    }

    /// Whether span `outer` holds a non-empty list whose final flag is at `index`: an element inside it ends just
    /// before `index`.
    func innerListEnds(at index: Int, within outer: Int) -> Bool {
        bestSpans.indices.contains { i in
            i > outer && structure.isElement[i] && bestSpans[i].end == index && bestSpans[i].start >= bestSpans[outer].start
        }
    }

    /// Whether span `outer` holds a non-empty list whose first element starts at `index`.
    func innerListStarts(at index: Int, within outer: Int) -> Bool {
        bestSpans.indices.contains { i in
            i > outer && structure.isElement[i] && bestSpans[i].start == index && bestSpans[i].end <= bestSpans[outer].end
        }
    }

    /// Whether choices i and i + 1 lie on either side of a boundary between two spans: some span ends after i and
    /// another starts at i + 1 (the end of one value and the start of the next, such as a list's final flag and the
    /// next list's first element).
    func straddlesBoundary(_ i: Int) -> Bool {
        var ends = false, starts = false
        for (k, s) in bestSpans.enumerated() where s.end > s.start {
            // Between two elements of one list: `joinSiblingLists` joins them where that means something; elsewhere
            // the chunk only shifts the next element's choices.
            if structure.isElement[k] && s.start == i + 1 && bestSpans.indices.contains(where: {
                structure.isElement[$0] && bestSpans[$0].end == i + 1 && bestSpans[$0].parent == s.parent }) {
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
}
