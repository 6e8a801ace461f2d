// Optimisation: kiwi's primal simplex (getEnteringSymbol, getLeavingRow, optimize), run on the lexicographic
// objective level by level, highest first (`LevelSchedule` says which levels and how). A level's entering symbols
// are those no higher level blocks; such a pivot leaves every higher objective row untouched, so a level, once
// optimal, stays optimal, and pricing scans one objective row, not all of them.
extension Tableau {
    /// The entering symbol for `objective` (kiwi's getEnteringSymbol under Bland's rule): the lowest id whose
    /// reduced cost is negative (or, for a free symbol, nonzero: it then moves in the improving direction),
    /// skipping dummies and, with `position`, symbols a level above that position blocks.
    @inline(__always)
    func entering(_ objective: Row, position: Int? = nil) -> (symbol: Symbol, direction: Double)? {
        for cell in objective.cells {
            let s = cell.symbol, c = cell.value
            guard abs(c) >= Row.epsilon, kinds[s.id] != .dummy else { continue }
            if let position, levels.isBlocked(s, before: position) { continue }
            if c < 0 { return (s, 1) }
            if kinds[s.id] == .external { return (s, -1) }
        }
        return nil
    }

    /// Ratio test over the restricted rows holding `entering` (kiwi's getLeavingRow); ties go to the lowest basic
    /// id. nil: unbounded.
    @inline(__always)
    func leavingRow(_ entering: Symbol, _ direction: Double) -> Symbol? {
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
        for l in levels.objectives.indices { columns.append(cellsOf: levels.objectives[l], owner: .objective(l)) }
        compactAt = max(4096, 4 * columns.poolSize)
    }

    /// Minimises the artificial objective (phase one), Bland's rule; stops when unbounded or out of budget.
    mutating func optimizeArtificial() {
        var budget = 100_000
        while budget > 0, let a = artificial, let e = entering(a) {
            budget -= 1
            guard let leave = leavingRow(e.symbol, e.direction) else { return }   // unbounded
            pivot(leaving: leave, entering: e.symbol)
        }
    }

    /// Makes every level optimal, highest first, re-optimising only the levels the schedule does not find settled.
    mutating func optimize() {
        compactColumnsIfNeeded()
        // Nothing changed since the last optimisation (an optional row whose errors stayed nonbasic, as most do).
        guard !levels.isSettled else { return }
        var budget = 100_000
        // Levels above `firstDirty` are optimal and their rows unchanged since: their marks stand.
        var q = levels.firstDirty
        // Once a level stops blocking a symbol it blocked, any level below may find it entering: from there on
        // every level is re-optimised whole, stale or not.
        var cascade = false
        while q < levels.count {
            guard let scan = levels.scan(at: q, cascade: cascade) else { q += 1; continue }
            let unblocked: Bool?
            switch scan {
            case .whole: unblocked = reoptimizeWhole(at: q, budget: &budget)
            case .changedCells: unblocked = reoptimizeChangedCells(at: q, budget: &budget)
            }
            guard let unblocked else {
                levels.stopUnbounded(at: q)
                return
            }
            if unblocked || budget == 0 { cascade = true }
            levels.settle(at: q)
            q += 1
        }
        levels.settleAll()
    }

    /// Re-optimises the level at `position` scanning its whole row, then lets it re-mark what it blocks. Whether
    /// it unblocked a symbol; nil when unbounded.
    mutating func reoptimizeWhole(at position: Int, budget: inout Int) -> Bool? {
        let level = levels.order[position]
        let formerGeneration = levels.beginWhole(level)
        while budget > 0, let e = entering(levels.objectives[level], position: position) {
            budget -= 1
            guard let leave = leavingRow(e.symbol, e.direction) else { return nil }
            pivot(leaving: leave, entering: e.symbol)
        }
        return levels.markWhole(at: position, formerGeneration: formerGeneration)
    }

    /// Re-optimises the level at `position` over its changed cells (`LevelSchedule.enteringAmongChangedCells`),
    /// then lets it update their marks. Whether it unblocked a symbol; nil when unbounded.
    mutating func reoptimizeChangedCells(at position: Int, budget: inout Int) -> Bool? {
        while budget > 0, let e = levels.enteringAmongChangedCells(at: position, kinds: kinds) {
            budget -= 1
            guard let leave = leavingRow(e.symbol, e.direction) else { return nil }
            pivot(leaving: leave, entering: e.symbol)
        }
        return levels.markChangedCells(at: position, isBasic: isBasic)
    }

    /// After `optimize()`: true when `Σ terms` is the same in every solution that is optimal at every level:
    /// written in nonbasic symbols, it involves only dummies (required equalities) and symbols on which some level
    /// has a nonzero reduced cost (the optimum holds them at 0). Conservative under degeneracy.
    ///
    /// Mutating: the exact test expands the expression, which refreshes the external rows it reads and stores them
    /// back; later arithmetic starts from those rows, so asking is part of the solve's history.
    mutating func isFixedAtOptimum(_ terms: [(variable: Variable, coefficient: Double)], symbols: [Symbol]) -> Bool {
        guard levels.isOptimal else { return false }
        // Cheap and sufficient: nothing the expression reaches can move.
        if reachesOnlyFixed(terms, symbols: symbols) { return true }
        // Exact: expand it, so that free symbols that cancel do not count.
        return allFixedNonbasic(expand(terms, symbols: symbols, constant: 0))
    }

    /// Every variable of `terms` reaches only fixed symbols (`reachesOnlyFixed`).
    @inline(__always)
    func reachesOnlyFixed(_ terms: [(variable: Variable, coefficient: Double)], symbols: [Symbol]) -> Bool {
        for term in terms where !reachesOnlyFixed(symbols[term.variable.id]) { return false }
        return true
    }
}
