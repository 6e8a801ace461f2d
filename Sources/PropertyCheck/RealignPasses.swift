/// The shrink passes that move a value to a place where its generator reads it in another context: a hand-written
/// recursive generator with no span per node reads a subtree differently at another depth (a depth limit draws no
/// "present?" choices, a bound drawn from the parent adds or drops a sign choice), so moving the subtree up needs
/// choices inserted or dropped as well as the deletion. Each works on the best sequence so far and re-reads it after
/// every call.
extension Shrinker {
    /// Replace a node by a later one and pad the moved choices: delete the choices from one structural 1 (a
    /// "present?" choice, not a list's flag) up to a later one, and insert two zeros (two empty subtrees) before one
    /// structural choice after it. A leaf drawn at the depth limit has no "present?" choices for its children; moved
    /// up, it needs them. Only candidates shorter than the best are tried (the deletion takes more than the two
    /// zeros), at most `limit` of them per pass, so a case already minimal pays a bounded number of calls.
    func deleteAndPad(limit: Int = 48) async {
        var tried = 0
        var a = 0
        while a < best.count && !stopped && tried < limit {
            let s = structure
            guard best[a] == 1, s.isStructural[a], !isListFlag(a) else { a += 1; continue }
            var improved = false
            search: for b in (a + 3)..<max(a + 3, best.count) where !stopped {
                guard b < best.count, best[b] == 1, s.isStructural[b], !isListFlag(b) else { continue }
                for q in (b + 1)..<best.count where s.isStructural[q] && !isListFlag(q) {
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

    /// Lower a choice to 0 and delete one later forced choice (a choice its generator ignored): a value that bounds
    /// later draws (a parent's value a child's range starts at) can make a later draw drop a choice when lowered, such
    /// as the sign of a child drawn from `parent...` once the parent is no longer negative. Lowered alone, the value
    /// shifts the later choices into other values; with the forced choice gone they read as before.
    func lowerDroppingForced() async {
        let forced = bestForced.sorted()
        guard !forced.isEmpty else { return }
        var i = 0
        while i < best.count && !stopped {
            if best[i] > 0 {
                for f in bestForced.sorted() where f > i + 1 && f < best.count && !stopped {
                    var c = best
                    c[i] = 0
                    c.remove(at: f)
                    if await consider(c) { break }
                }
            }
            i += 1
        }
    }

    /// Exchange two adjacent blocks of choices that each start at a structural 1 (a "present?" choice), the second
    /// ending at a later structural choice or the end: a subtree and what follows it, when no span marks where
    /// either ends (`exchangeSiblings` needs spans). Only lexicographically smaller candidates run, at most `limit`
    /// per pass.
    func exchangeStructuralBlocks(limit: Int = 48) async {
        var tried = 0
        var p = 0
        while p < best.count && !stopped && tried < limit {
            let s = structure
            guard best[p] == 1, s.isStructural[p], !isListFlag(p) else { p += 1; continue }
            var improved = false
            search: for q in (p + 1)..<max(p + 1, best.count) {
                guard q < best.count, best[q] == 1, s.isStructural[q], !isListFlag(q) else { continue }
                for r in (q + 1)...best.count where r == best.count || (s.isStructural[r] && !isListFlag(r)) {
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
