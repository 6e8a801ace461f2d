/// The shrink passes that move a value to a place where its generator reads it in another context: a hand-written
/// recursive generator with no span per node reads a subtree differently at another depth (a depth limit draws no
/// "present?" choices, a bound drawn from the parent adds or drops a sign choice), so moving the subtree up needs
/// choices inserted or dropped as well as the deletion. Each works on the best sequence so far and re-reads it after
/// every call.
extension Shrinker {
    /// Replace a node by a later one and pad the moved choices: delete the choices from one structural 1 (a
    /// "present?" choice, not a list's flag) up to a later one, and insert two zeros (two empty subtrees) before a
    /// later structural 1 drawn in the same span (no span per node: with spans, `replaceSpansByDescendants` moves
    /// subtrees). A leaf drawn at the depth limit has no "present?" choices for its children, so the next node's
    /// "present?" follows its value directly; moved up, the leaf needs them. Only candidates shorter than the best
    /// are tried (the deletion takes at least 3 choices, more than the two zeros), at most `limit` of them per pass,
    /// so a case already minimal pays a bounded number of calls.
    func deleteAndPad(limit: Int = 48) async {
        var tried = 0
        var a = 0
        while a < best.count && !stopped && tried < limit {
            let s = structure
            guard best[a] == 1, s.isStructural[a], !isListFlag(a) else { a += 1; continue }
            func node(_ i: Int) -> Bool {
                i < best.count && best[i] == 1 && s.isStructural[i] && !isListFlag(i) && s.owner[i] == s.owner[a]
            }
            var improved = false
            search: for b in (a + 3)..<max(a + 3, best.count) where !stopped && node(b) {
                for q in (b + 1)..<best.count where node(q) {
                    guard tried < limit, !stopped else { break search }
                    var c = best
                    c.insert(contentsOf: [0, 0], at: q)
                    c.removeSubrange(a..<b)
                    tried += 1
                    if await consider(c) { improved = true; break search }
                }
            }
            if !improved { a += 1 }
        }
    }

    /// Lower a value's choice to 0 and delete the first forced choice (one its generator ignored) after the value:
    /// a value that bounds later draws (a parent's value a child's range starts at) can make a later draw drop a
    /// choice when lowered, such as the sign of a child drawn from `parent...` once the parent is no longer negative.
    /// Lowered alone, the value shifts the later choices into other values; with the forced choice gone they read as
    /// before. One candidate per choice inside a value (structural choices and list flags are not values).
    func lowerDroppingForced() async {
        guard !bestForced.isEmpty else { return }
        var i = 0
        while i < best.count && !stopped {
            let s = structure
            if best[i] > 0, !s.isStructural[i], !isListFlag(i), let owner = s.owner[i] {
                let end = bestSpans[owner].end
                if let f = bestForced.filter({ $0 >= end && $0 < best.count }).min() {
                    var c = best
                    c[i] = 0
                    c.remove(at: f)
                    await consider(c)
                }
            }
            i += 1
        }
    }

    /// Exchange two adjacent blocks of choices that each start at a structural 1 (a "present?" choice), the second
    /// ending at a later structural choice or the end of their span, all drawn in one span: a subtree and what
    /// follows it, when no span marks where either ends (with spans, `exchangeSiblings` does this). Only
    /// lexicographically smaller candidates run, at most `limit` per pass.
    func exchangeStructuralBlocks(limit: Int = 48) async {
        var tried = 0
        var p = 0
        while p < best.count && !stopped && tried < limit {
            let s = structure
            guard best[p] == 1, s.isStructural[p], !isListFlag(p), let owner = s.owner[p] else { p += 1; continue }
            func here(_ i: Int) -> Bool { s.isStructural[i] && !isListFlag(i) && s.owner[i] == owner }
            let end = bestSpans[owner].end
            var improved = false
            search: for q in (p + 1)..<max(p + 1, end) where best[q] == 1 && here(q) {
                for r in (q + 1)...end where r == end || here(r) {
                    guard tried < limit, !stopped else { break search }
                    let c = Array(best[..<p]) + best[q..<r] + best[p..<q] + best[r...]
                    guard shortlexPrecedes(c, best) else { continue }
                    tried += 1
                    if await consider(c) { improved = true; break search }
                }
            }
            if !improved { p += 1 }
        }
    }
}
