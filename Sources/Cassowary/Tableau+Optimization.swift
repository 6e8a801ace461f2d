// Optimisation: the lexicographic primal simplex, level by level, highest first. A level's entering symbols are
// those on which no higher level has a nonzero reduced cost; such a pivot leaves every higher objective row
// untouched, so a level, once optimal, stays optimal, and pricing scans one objective row, not all of them.
extension Tableau {
    /// The entering symbol for `objective`: the lowest id whose reduced cost is negative (or, for a free symbol,
    /// nonzero: it then moves in the improving direction), skipping dummies and symbols a higher level blocks.
    mutating func entering(_ objective: Row, checkBlocked: Bool, position: Int = 0) -> (symbol: Symbol, direction: Double)? {
        for cell in objective.cells {
            let s = cell.symbol, c = cell.value
            guard abs(c) >= Row.epsilon, kinds[s.id] != .dummy else { continue }
            if checkBlocked && isBlocked(s, before: position) { continue }
            if c < 0 { return (s, 1) }
            if kinds[s.id] == .external { return (s, -1) }
        }
        return nil
    }

    /// Ratio test over the restricted rows holding `entering`; ties go to the lowest basic id. nil: unbounded.
    mutating func leavingRow(_ entering: Symbol, _ direction: Double) -> Symbol? {
        var leaving: Symbol?
        var best = Double.infinity
        var cursor = columns.cursor(entering)
        while let owner = columns.next(&cursor) {
            guard let basic = owner.basic, basic.id < rows.count, isBasic[basic.id],
                  kinds[basic.id] != .external else { continue }
            guard let c = rows[basic.id].coefficient(entering) else { continue }
            let step = c * direction
            guard step < 0 else { continue }
            let ratio = -rows[basic.id].constant / step
            if ratio < best || (ratio == best && basic.id < (leaving?.id ?? Int.max)) {
                best = ratio
                leaving = basic
            }
        }
        return leaving
    }

    /// Rebuilds the column index exactly when stale entries have piled up (a long-lived solver); only between
    /// operations, never while a list is being walked.
    mutating func compactColumnsIfNeeded() {
        guard columns.poolSize > compactAt else { return }
        columns.removeAll()
        for i in kinds.indices where isBasic[i] { columns.append(cellsOf: rows[i], owner: .basic(Symbol(i))) }
        for l in objectives.indices { columns.append(cellsOf: objectives[l], owner: .objective(l)) }
        compactAt = max(4096, 4 * columns.poolSize)
    }

    /// Primal simplex on the lexicographic objective, level by level (or on the artificial one), Bland's rule.
    mutating func optimize(artificialOnly: Bool) {
        if !artificialOnly { compactColumnsIfNeeded() }
        var budget = 100_000
        if artificialOnly {
            while budget > 0, let a = artificial, let e = entering(a, checkBlocked: false) {
                budget -= 1
                guard let leave = leavingRow(e.symbol, e.direction) else { return }   // unbounded
                pivot(leaving: leave, entering: e.symbol)
            }
            return
        }
        // Nothing changed since the last optimisation (an optional row whose errors stayed nonbasic, as most do):
        // every level is optimal, and no changed-cells list holds anything.
        if firstDirty == Int.max && staleLevels.isEmpty { return }
        // Levels above `firstDirty` are optimal and their rows unchanged since: their marks stand. A pivot at one
        // level changes only the rows of lower levels that hold the entering symbol, and marks them stale.
        var q = firstDirty
        // Once a level stops blocking a symbol it blocked, any level below may find it entering: from there on
        // every level is re-optimised whole, stale or not (always, the former way).
        var cascade = !skipsSettledLevels
        while q < levelOrder.count {
            let level = levelOrder[q]
            // A settled level (row unchanged, and no level above unblocked anything) is still optimal and its
            // marks stand: re-walking it would pivot nothing and mark the same symbols.
            if !cascade && !levelStale[level] { q += 1; continue }
            let complete: Bool
            if cascade || needsFullScan[level] {
                complete = reoptimizeWhole(level, position: q, budget: &budget)
            } else {
                complete = reoptimizeChangedCells(level, position: q, budget: &budget)
            }
            guard complete else {   // unbounded
                firstDirty = q
                for r in q..<levelOrder.count { markStale(levelOrder[r]); needsFullScan[levelOrder[r]] = true }
                return
            }
            if markCountChanged || budget == 0 { cascade = true }
            changedCells.clear(level)
            needsFullScan[level] = false
            q += 1
        }
        firstDirty = Int.max
        // Every level counts as optimal now, as `firstDirty` says (also one above the first dirty level whose row a
        // pivot below touched: the former way did not re-walk it either).
        for l in staleLevels {
            levelStale[l] = false
            changedCells.clear(l)
        }
        staleLevels.removeAll(keepingCapacity: true)
        changedCells.reuseStorage()   // only stale levels held lists, all cleared now
    }

    /// Re-optimises a level scanning its whole row, then marks every symbol it prices under a new generation
    /// (the former way, for every level). False when unbounded.
    mutating func reoptimizeWhole(_ level: Int, position q: Int, budget: inout Int) -> Bool {
        let formerGeneration = levelGeneration[level]
        levelGeneration[level] += 1
        while budget > 0, let e = entering(objectives[level], checkBlocked: true, position: q) {
            budget -= 1
            guard let leave = leavingRow(e.symbol, e.direction) else { return false }
            pivot(leaving: leave, entering: e.symbol)
        }
        // Lower levels may not move what this level prices. Counting the symbols it blocked before and still
        // blocks tells whether it unblocked any.
        let objective = objectives[level]
        var marked = 0, kept = 0
        for cell in objective.cells where abs(cell.value) >= Row.epsilon && !isBlocked(cell.symbol, before: q) {
            let s = cell.symbol
            if perSymbol[s.id].blockedLevel == level && perSymbol[s.id].blockedGeneration == formerGeneration { kept += 1 }
            perSymbol[s.id].blockedLevel = level
            perSymbol[s.id].blockedGeneration = levelGeneration[level]
            marked += 1
        }
        markCountChanged = kept != markCount[level]
        markCount[level] = marked
        return true
    }

    /// Re-optimises a level that was optimal before only some cells of its row changed (`changedCells`), while
    /// no level above unblocked anything: every other symbol is as ineligible as it was, so the entering symbol
    /// (the lowest eligible id, Bland's rule) is the lowest eligible changed one, the same choice as a whole scan;
    /// and only changed cells need their marks updated (the generation stays). A long stack's compression level
    /// holds an error per view, and scanning it whole after each optional row was quadratic. False when unbounded.
    mutating func reoptimizeChangedCells(_ level: Int, position q: Int, budget: inout Int) -> Bool {
        while budget > 0, let e = enteringAmongChangedCells(level, position: q) {
            budget -= 1
            guard let leave = leavingRow(e.symbol, e.direction) else { return false }
            pivot(leaving: leave, entering: e.symbol)
        }
        var unblocked = false
        let generation = levelGeneration[level]
        var cells = changedCells.cursor(level)
        scan += 1
        while let s = changedCells.next(&cells) {
            guard perSymbol[s.id].scanStamp != scan else { changedCells.dropLast(&cells); continue }
            perSymbol[s.id].scanStamp = scan
            let c = objectives[level].coefficient(s) ?? 0
            let markedHere = perSymbol[s.id].blockedLevel == level && perSymbol[s.id].blockedGeneration == generation
            if abs(c) >= Row.epsilon && !isBlocked(s, before: q) {
                if !markedHere {
                    perSymbol[s.id].blockedLevel = level
                    perSymbol[s.id].blockedGeneration = generation
                    markCount[level] += 1
                }
            } else if markedHere {
                perSymbol[s.id].blockedLevel = -1
                markCount[level] -= 1
                // A symbol that entered the basis left every objective row: no level can price it any more.
                if !isBasic[s.id] { unblocked = true }
            }
        }
        markCountChanged = unblocked
        return true
    }

    /// `entering` restricted to the changed cells of `level`'s row: the lowest eligible id among them.
    mutating func enteringAmongChangedCells(_ level: Int, position: Int) -> (symbol: Symbol, direction: Double)? {
        var best: (symbol: Symbol, direction: Double)?
        let objective = objectives[level]
        var cells = changedCells.cursor(level)
        scan += 1
        while let s = changedCells.next(&cells) {
            // A repeat is unlinked: a level's list gains a cell per symbol of every row substituted into its
            // objective, and is walked again after each pivot and by the marking that follows.
            guard perSymbol[s.id].scanStamp != scan else { changedCells.dropLast(&cells); continue }
            perSymbol[s.id].scanStamp = scan
            guard s.id < (best?.symbol.id ?? Int.max) else { continue }
            guard let c = objective.coefficient(s), abs(c) >= Row.epsilon,
                  kinds[s.id] != .dummy, !isBlocked(s, before: position) else { continue }
            if c < 0 { best = (s, 1) } else if kinds[s.id] == .external { best = (s, -1) }
        }
        return best
    }

    /// True when a level above position `position` has a nonzero reduced cost on `symbol`.
    mutating func isBlocked(_ symbol: Symbol, before position: Int) -> Bool {
        let l = perSymbol[symbol.id].blockedLevel
        return l >= 0 && perSymbol[symbol.id].blockedGeneration == levelGeneration[l] && levelPosition[l] < position
    }

    /// A nonbasic symbol the optimum holds at 0 (a dummy, or blocked by some level).
    mutating func isFixedNonbasic(_ s: Symbol) -> Bool {
        kinds[s.id] == .dummy || isBlocked(s, before: Int.max)
    }

    /// True when every symbol of the row is a fixed nonbasic one.
    mutating func allFixedNonbasic(_ row: Row) -> Bool {
        for cell in row.cells where !isFixedNonbasic(cell.symbol) { return false }
        return true
    }

    /// True when every nonbasic symbol `symbol`'s row reaches (through stale external rows) is fixed: the symbol
    /// is then fixed without expanding its row. Memoised until the tableau changes.
    mutating func reachesOnlyFixed(_ symbol: Symbol) -> Bool {
        guard isBasic[symbol.id] else { return isFixedNonbasic(symbol) }
        guard kinds[symbol.id] == .external else { return allFixedNonbasic(rows[symbol.id]) }
        if perSymbol[symbol.id].fixedStamp != version { walkExternalRows(.fixed, from: symbol) }
        return perSymbol[symbol.id].fixedValue
    }

    /// After `optimize(artificialOnly: false)`: true when `Σ terms` is the same in every solution that is optimal
    /// at every level: written in nonbasic symbols, it involves only dummies (required equalities) and symbols on
    /// which some level has a nonzero reduced cost (the optimum holds them at 0). Conservative under degeneracy.
    mutating func isFixedAtOptimum(_ terms: [(variable: Variable, coefficient: Double)], symbols: [Symbol]) -> Bool {
        guard firstDirty == Int.max else { return false }
        // Cheap and sufficient: nothing the expression reaches can move.
        var reachesOnlyFixedSymbols = true
        for term in terms where !reachesOnlyFixed(symbols[term.variable.id]) {
            reachesOnlyFixedSymbols = false
            break
        }
        if reachesOnlyFixedSymbols { return true }
        // Exact: expand it, so that free symbols that cancel do not count.
        return allFixedNonbasic(expand(terms, symbols: symbols, constant: 0))
    }
}
