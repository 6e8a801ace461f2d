#if DEBUG
// Debug-only checks of what `LevelSchedule`'s documentation states (as swift-collections' `_checkInvariants`),
// through `Tableau.checkInvariants`, between two operations of the solver.
extension LevelSchedule {
    /// Each broken rule, in words (empty when every rule holds). The rules, each checked below:
    /// - L1 there is one objective and one `Level` per level, and `order` lists every level once;
    /// - L2 `levels[l].position` is `l`'s index in `order`;
    /// - L3 `order` is highest priority first, each priority once, and `existingLevel` finds each level by its
    ///   priority (the cache of the last level found included);
    /// - L4 `firstDirty` is `Int.max` or at most the number of levels (a rollback marks every level from position 0,
    ///   of which there may be none);
    /// - L5 `staleLevels` lists exactly the stale levels, each once;
    /// - L6 only stale levels hold a changed-cells list;
    /// - L7 a mark names an existing level, and a level's `markCount` is at least the number of symbols whose mark
    ///   names it under its current generation. Not exactly: a level above may take a symbol's mark over (it prices
    ///   a symbol the level below blocked) without the count below dropping. The excess errs the safe way: the
    ///   level's next `markWhole` reports an unblocking, and `optimize` re-optimises every level below it whole.
    /// Optimality of the levels above `firstDirty` needs the symbols' kinds: `Tableau.invariantViolations` checks it.
    func invariantViolations() -> [String] {
        var out: [String] = []
        let n = levels.count
        if objectives.count != n || order.count != n || Set(order) != Set(0..<n) {
            out.append("L1: \(objectives.count) objectives, \(n) levels, an order of \(order.count) (\(order))")
            return out   // the checks below index them by level
        }
        for (q, l) in order.enumerated() where levels[l].position != q {
            out.append("L2: level \(l) at position \(q) says \(levels[l].position)")
        }
        for q in order.indices.dropFirst() where !(levels[order[q - 1]].priority > levels[order[q]].priority) {
            out.append("L3: priorities out of order at position \(q)")
        }
        for l in 0..<n where levelOfPriority[levels[l].priority] != l {
            out.append("L3: priority \(levels[l].priority) does not find level \(l)")
        }
        if levelOfPriority.count != n { out.append("L3: \(levelOfPriority.count) priorities known for \(n) levels") }
        if let last = lastLevel, levelOfPriority[last.priority] != last.level {
            out.append("L3: the last level found (\(last.level) at \(last.priority)) is not that priority's")
        }
        if firstDirty != Int.max && !(0...n).contains(firstDirty) { out.append("L4: firstDirty is \(firstDirty)") }
        let stale = (0..<n).filter { levels[$0].isStale }
        if staleLevels.count != Set(staleLevels).count || Set(staleLevels) != Set(stale) {
            out.append("L5: staleLevels \(staleLevels), stale levels \(stale)")
        }
        for l in 0..<n where !levels[l].isStale && !changedCells.isEmpty(l) {
            out.append("L6: level \(l) is not stale but holds changed cells")
        }
        var counted = Array(repeating: 0, count: n)
        for (s, mark) in marks.enumerated() where mark.level >= 0 {
            guard mark.level < n else { out.append("L7: symbol \(s)'s mark names level \(mark.level)"); continue }
            if mark.generation == levels[mark.level].generation { counted[mark.level] += 1 }
        }
        for l in 0..<n where levels[l].markCount < counted[l] {
            out.append("L7: level \(l) counts \(levels[l].markCount) marks, but \(counted[l]) stand")
        }
        return out
    }
}
#endif
