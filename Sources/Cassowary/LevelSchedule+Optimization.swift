// What `Tableau.optimize` asks the schedule while it walks the levels: where to start, which levels to skip, how
// to price a level that only some cells changed, and the marks a level leaves for the levels below it.
extension LevelSchedule {
    /// How `Tableau.optimize` re-optimises a level it does not skip.
    enum Scan {
        /// Price the whole row, then re-mark every symbol it prices under a new generation.
        case whole
        /// Price and re-mark only the changed cells (see `enteringAmongChangedCells`).
        case changedCells
    }

    /// How to re-optimise the level at `position`; nil: skip it. `cascade`: a level above unblocked a symbol, so
    /// every level from there down is scanned whole, stale or not.
    @inline(__always)
    func scan(at position: Int, cascade: Bool) -> Scan? {
        if cascade { return .whole }
        let level = levels[order[position]]
        // A settled level (row unchanged, and no level above unblocked anything) is still optimal and its marks
        // stand: re-walking it would pivot nothing and mark the same symbols.
        guard level.isStale else { return nil }
        return level.needsFullScan ? .whole : .changedCells
    }


    /// The level at `position` is optimal again.
    mutating func settle(at position: Int) {
        let level = order[position]
        changedCells.clear(level)
        levels[level].needsFullScan = false
    }

    /// Every level is optimal again (levels above the first dirty one included: a pivot below may have touched
    /// their rows only through symbols they block, which leaves them optimal).
    mutating func settleAll() {
        firstDirty = Int.max
        for l in staleLevels {
            levels[l].isStale = false
            changedCells.clear(l)
        }
        staleLevels.removeAll(keepingCapacity: true)
        changedCells.reuseStorage()   // only stale levels held lists, all cleared now
    }

    /// The level at `position` is unbounded: it and every level below stay to be re-optimised whole.
    mutating func stopUnbounded(at position: Int) {
        firstDirty = position
        for r in position..<order.count {
            markStale(order[r])
            levels[order[r]].needsFullScan = true
        }
    }

    // MARK: Scanning a whole row

    /// Starts a whole re-optimisation of `level`: every mark it made lapses. Returns the former generation, for
    /// `markWhole` to count the marks that stand.
    mutating func beginWhole(_ level: Int) -> Int {
        levels[level].generation += 1
        return levels[level].generation - 1
    }

    /// After a whole re-optimisation of the level at `position`: it blocks every symbol it prices that no level
    /// above blocks. True when it stopped blocking a symbol it blocked (then lower levels may find it entering).
    mutating func markWhole(at position: Int, formerGeneration: Int) -> Bool {
        let level = order[position]
        let generation = levels[level].generation
        let objective = objectives[level]
        var marked = 0, kept = 0
        for cell in objective.cells where abs(cell.value) >= Row.epsilon && !isBlocked(cell.symbol, before: position) {
            let s = cell.symbol
            if marks[s.id].level == level && marks[s.id].generation == formerGeneration { kept += 1 }
            marks[s.id].level = level
            marks[s.id].generation = generation
            marked += 1
        }
        // Counting the symbols it blocked before and still blocks tells whether it unblocked any.
        let unblocked = kept != levels[level].markCount
        levels[level].markCount = marked
        return unblocked
    }

    // MARK: Scanning changed cells

    /// A new scan of `level`'s changed-cells list, for `nextDistinct`.
    mutating func startScan(_ level: Int) -> ChangedCells.Cursor {
        scan += 1
        return changedCells.cursor(level)
    }

    /// The next symbol of the list that this scan has not returned yet; nil at the end. A repeat is unlinked on the
    /// way: a level's list gains a cell per symbol of every row substituted into its objective, and is walked
    /// again after each pivot and by the marking that follows.
    mutating func nextDistinct(_ cursor: inout ChangedCells.Cursor) -> Symbol? {
        while let s = changedCells.next(&cursor) {
            guard marks[s.id].lastScan != scan else { changedCells.dropLast(&cursor); continue }
            marks[s.id].lastScan = scan
            return s
        }
        return nil
    }

    /// The entering symbol of the level at `position` (kiwi's getEnteringSymbol under Bland's rule: the lowest
    /// eligible id), looked for among its changed cells only. Right when the level was optimal before only those
    /// cells changed, while no level above unblocked anything: every other symbol is as ineligible as it was, so
    /// the lowest eligible changed one is the lowest eligible of all. A long stack's compression level holds an
    /// error per view; scanning it whole after each optional row would be quadratic.
    mutating func enteringAmongChangedCells(at position: Int,
                                            kinds: [Symbol.Kind]) -> (symbol: Symbol, direction: Double)? {
        let level = order[position]
        var best: (symbol: Symbol, direction: Double)?
        let objective = objectives[level]
        var cells = startScan(level)
        while let s = nextDistinct(&cells) {
            guard s.id < (best?.symbol.id ?? Int.max) else { continue }
            guard let c = objective.coefficient(s), abs(c) >= Row.epsilon,
                  kinds[s.id] != .dummy, !isBlocked(s, before: position) else { continue }
            if c < 0 { best = (s, 1) } else if kinds[s.id] == .external { best = (s, -1) }
        }
        return best
    }

    /// After re-optimising the level at `position` over its changed cells: only their marks can have changed (the
    /// generation stays). True when it stopped blocking a nonbasic symbol (one that entered the basis left every
    /// objective row: no level can price it any more).
    mutating func markChangedCells(at position: Int, isBasic: [Bool]) -> Bool {
        let level = order[position]
        var unblocked = false
        let generation = levels[level].generation
        var cells = startScan(level)
        while let s = nextDistinct(&cells) {
            let c = objectives[level].coefficient(s) ?? 0
            let markedHere = marks[s.id].level == level && marks[s.id].generation == generation
            if abs(c) >= Row.epsilon && !isBlocked(s, before: position) {
                if !markedHere {
                    marks[s.id].level = level
                    marks[s.id].generation = generation
                    levels[level].markCount += 1
                }
            } else if markedHere {
                marks[s.id].level = -1
                levels[level].markCount -= 1
                if !isBasic[s.id] { unblocked = true }
            }
        }
        return unblocked
    }
}
