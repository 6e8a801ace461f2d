/// The shrink passes that reorder: a list's elements sorted, sibling values exchanged. Each works on the best
/// sequence so far and its spans, and re-reads them after every call.
extension Shrinker {
    /// Sort the elements of a list by their own choice subsequences (shortlex), not the raw choices: a run of adjacent
    /// alike siblings is rebuilt in sorted order; when the full sort does not fail, adjacent out-of-order pairs
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

    /// Exchange two sibling spans (same parent) when the later one's choices are shortlex-smaller: the mirror image
    /// of a tree (its subtrees exchanged), tuple components in the wrong order.
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
                    if structure.isElement[group[a]] && structure.isElement[group[b]] { continue }
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
    /// Move a structural 0 (an empty subtree, a branch's simplest choice) forward to an earlier structural choice
    /// that is not 0: the mirror image of a node whose subtrees a hand-written recursive generator drew without spans
    /// (`(v, l, None)` → `(v, None, l)`), which `exchangeSiblings` cannot see. Same length, lexicographically
    /// smaller. Not a list's flags: moving a list's final "no" forward cuts the list, which deletion tries.
    func moveStructuralZerosForward() async {
        var z = best.count - 1
        while z > 0 && !stopped {
            if z < best.count, best[z] == 0, structure.isStructural[z], !isListFlag(z) {
                for p in 0..<z where !stopped && z < best.count {
                    guard best[p] > 0, structure.isStructural[p], !isListFlag(p) else { continue }
                    var c = best
                    c.remove(at: z)
                    c.insert(0, at: p)
                    if await consider(c) { break }
                }
            }
            z -= 1
        }
    }
}
