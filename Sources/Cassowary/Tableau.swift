/// The tableau of `Solver`: an incremental simplex in the style of kiwi's solverimpl.h (Symbol, Row), but with one
/// objective row per priority level instead of kiwi's single weighted objective, compared lexicographically
/// (R-SOLVE-2: no amount of error at a lower level outweighs any error at a higher one).
///
/// - Symbols (`Symbol`) are dense ids in creation order; every per-symbol table is an array indexed by id.
/// - Every pivot choice takes the lowest id (Bland's rule), so it does not cycle on the highly degenerate systems
///   stacks produce; ties in the ratio test go to the lowest basic id. No hash order reaches a choice.
/// - A column index (`ColumnIndex`) lists the rows and objective levels that may hold a symbol, so substitution
///   and the ratio test touch only those rows.
/// - `optimize` works level by level, highest first (the lexicographic simplex; `Tableau+Optimization.swift`).
/// - External rows (the user's variables) are left stale by substitution and brought up to date on demand
///   (`refresh`, `value(of:)`).
/// - Tolerance: coefficients and constants within 1e-9 of zero are zero (`Row.epsilon`); a phase-one residual
///   below 1e-7 counts as feasible.
///
/// - Read-only helpers (`isBlocked`, `leavingRow`, …) are declared `mutating` all the same: in a debug build, a
///   non-mutating call from a mutating method gets a copy of the whole tableau (every table retained and released,
///   per call), which made the README's `swift run stackcheck` about twice as slow. `inout` self is passed by address.
///
/// The operations live in files by concept: rows and substitution (`Tableau+Rows.swift`), adding and removing
/// constraints (`Tableau+Constraints.swift`), optimisation (`Tableau+Optimization.swift`).
struct Tableau {
    /// A symbol's bookkeeping besides its kind, basic flag and row.
    struct SymbolState {
        /// The level whose nonzero reduced cost blocks the symbol for every lower level (−1: none), valid while
        /// that level's generation is `blockedGeneration` (a level is re-marked, with a new generation, when
        /// re-optimised).
        var blockedLevel = -1
        var blockedGeneration = 0
        /// Memoised value of an external row (`value(of:)`), valid while `valueStamp` is the tableau's version.
        var valueStamp = 0
        var valueCache = 0.0
        /// Memoised `reachesOnlyFixed`, valid while `fixedStamp` is the tableau's version.
        var fixedStamp = 0
        var fixedValue = false
        /// The journal generation that last saved this symbol's row.
        var journalStamp = 0
        /// The scan of a changed-cells list that last looked at this symbol (`Tableau.scan`).
        var scanStamp = 0
    }

    typealias Kind = Symbol.Kind

    /// What a constraint added to the tableau: its marker (slack or dummy), its other error symbol, its priority.
    struct Tag { var marker: Symbol; var other: Symbol?; var priority: Double }

    // Per symbol, indexed by `Symbol.id`.
    var kinds: [Kind] = []
    /// The row of each basic symbol (empty for a nonbasic one).
    var rows: [Row] = []
    var isBasic: [Bool] = []
    /// Cleared for a symbol when it enters the basis (it then leaves every row).
    var columns = ColumnIndex()
    var compactAt = 4096
    /// The rest of each symbol's bookkeeping, in one array (`SymbolState`): one append per new symbol.
    var perSymbol: [SymbolState] = []
    /// Position in `levelOrder` of the highest level that may not be optimal (Int.max: every level is).
    var firstDirty = Int.max

    // Objective levels, by level id (creation order); `levelOrder` lists them highest priority first.
    var objectives: [Row] = []
    var levelPriority: [Double] = []
    var levelOfPriority: [Double: Int] = [:]
    /// The level `objectiveLevel` found last.
    var lastLevel: (priority: Double, level: Int)?
    var levelOrder: [Int] = []
    var levelPosition: [Int] = []
    var levelGeneration: [Int] = []
    /// Per level: its row may have changed since it was last optimised (`markStale`).
    var levelStale: [Bool] = []
    /// The levels whose `levelStale` is set, cleared together at the end of `optimize`.
    var staleLevels: [Int] = []
    /// Per level: how many symbols it marked blocked (under its current generation).
    var markCount: [Int] = []
    /// Per stale level: the symbols whose cell of its row changed since it was last optimal (may repeat). Only
    /// they can have become entering, or need a new mark, unless `needsFullScan`.
    var changedCells = ChangedCells()
    /// Numbers the scans of changed-cells lists, which may hold a symbol many times: a scan looks at each once.
    var scan = 0
    /// Per level: its row changed in a way `changedCells` does not list (a removal, a rollback): scan it whole.
    var needsFullScan: [Bool] = []
    /// Set by the last re-optimisation of a level: it stopped blocking a symbol it blocked.
    var markCountChanged = false
    /// True: `optimize` skips settled levels (see there). False: it re-optimises every level from `firstDirty`
    /// down, the former way. Both make the same pivots; the switch lets tests and the benchmark compare them.
    var skipsSettledLevels = true
    /// True: a required equality's row holds its dummy marker (kiwi's way), so that the equality can be removed.
    /// False (`Solver.keepsEqualityMarkers`): the marker is made but never put in a row.
    var keepsDummies = true

    /// Tags by constraint handle.
    var tags: [Tag?] = []

    /// The objective of the artificial phase (`addWithArtificialVariable`), while it runs.
    var artificial: Row?
    /// Bumped on every change of a row; stamps memoised values of external rows.
    var version = 1
    var scratchCells: [Row.Cell] = []
    /// The depth-first stack of `walkExternalRows`, kept between walks (a walk per value read allocated one).
    var walkStack: [Symbol] = []
    /// The basic cells `rewriteWithoutBasics` takes out of a row, kept between calls.
    var rewriteCells: [Row.Cell] = []
    /// Emptied cell buffers of a reset tableau's rows, for new rows (`reset`, `newRow`).
    var spareCells: [[Row.Cell]] = []

    // Undo journal of the artificial phase: the first saved state of every row it touches.
    var journaling = false
    var journal: [(owner: RowOwner, row: Row, basic: Bool)] = []
    var objectiveJournalStamp: [Int] = []
    var journalGeneration = 0

    mutating func newSymbol(_ kind: Kind) -> Symbol {
        kinds.append(kind)
        rows.append(Row())
        isBasic.append(false)
        columns.addSymbol()
        perSymbol.append(SymbolState())
        return Symbol(kinds.count - 1)
    }

    mutating func truncateSymbols(to count: Int) {
        guard kinds.count > count else { return }
        let n = kinds.count - count
        kinds.removeLast(n); rows.removeLast(n); isBasic.removeLast(n); columns.removeLast(n)
        perSymbol.removeLast(n)
    }

    mutating func makeVariable() -> Symbol { newSymbol(.external) }

    /// Reserves room for `symbols` more symbols (fewer reallocations while a system is added).
    mutating func reserve(symbols: Int) {
        let n = kinds.count + symbols
        kinds.reserveCapacity(n); rows.reserveCapacity(n); isBasic.reserveCapacity(n); columns.reserve(n)
        perSymbol.reserveCapacity(n)
    }

    mutating func isExternalBasic(_ s: Symbol) -> Bool { isBasic[s.id] && kinds[s.id] == .external }

    /// The variable's value: 0 when nonbasic; a restricted row's constant; an external row evaluated (it may be
    /// stale, see `refresh`), memoised until the tableau changes.
    mutating func value(of variable: Symbol) -> Double {
        guard isBasic[variable.id] else { return 0 }
        guard kinds[variable.id] == .external else { return rows[variable.id].constant }
        if perSymbol[variable.id].valueStamp != version { walkExternalRows(.value, from: variable) }
        return perSymbol[variable.id].valueCache
    }

    /// Brings the row of a basic external symbol up to date. External rows are never a pivot's leaving row and
    /// never priced, so substitution skips them (in a stack they hold the positions, which chains of equalities
    /// make dense: updating them was most of the work); a stale row stays a true identity, with some basic
    /// symbols on its right. This replaces those by their rows, recursively, and stores the result back.
    mutating func refresh(_ symbol: Symbol) {
        guard isExternalBasic(symbol), holdsBasic(symbol) else { return }
        walkExternalRows(.refresh, from: symbol)
    }

    mutating func holdsBasic(_ s: Symbol) -> Bool {
        for cell in rows[s.id].cells where isBasic[cell.symbol.id] { return true }
        return false
    }

    /// Refreshes every external row and indexes it completely (removing a constraint needs every row holding its
    /// marker).
    mutating func refreshAll() {
        for i in kinds.indices where isExternalBasic(Symbol(i)) {
            refresh(Symbol(i))
            columns.append(cellsOf: rows[i], owner: .basic(Symbol(i)))
        }
    }

    // MARK: Walking stale external rows

    /// What a walk over external rows computes for each row it reaches.
    enum ExternalWalk {
        /// The row's value (`value(of:)`), memoised under `version`.
        case value
        /// The row rewritten without basic symbols (`refresh`).
        case refresh
        /// Whether the row reaches only fixed nonbasic symbols (`reachesOnlyFixed`), memoised under `version`.
        case fixed
    }

    /// Visits the external rows reachable from `symbol`'s row that `walk` has not yet done, each after every such
    /// row it holds: depth-first and iterative (the chains are as long as a stack). They form no cycle: a row
    /// refers only to symbols that became basic after it was last refreshed.
    mutating func walkExternalRows(_ walk: ExternalWalk, from symbol: Symbol) {
        // Most rows a walk starts from hold no pending row (the rows they hold were done first): no stack.
        guard holdsPending(walk, symbol) else { visit(walk, symbol); return }
        var stack: [Symbol] = []
        swap(&stack, &walkStack)
        defer { stack.removeAll(keepingCapacity: true); swap(&stack, &walkStack) }
        stack.append(symbol)
        while let s = stack.last {
            precondition(stack.count <= 4 * kinds.count + 4, "Tableau: cyclic external rows")
            var ready = true
            for cell in rows[s.id].cells where isExternalBasic(cell.symbol) && isPending(walk, cell.symbol) {
                stack.append(cell.symbol)
                ready = false
            }
            guard ready else { continue }
            stack.removeLast()
            visit(walk, s)
        }
    }

    /// Whether `s`'s row holds an external row `walk` has not done.
    mutating func holdsPending(_ walk: ExternalWalk, _ s: Symbol) -> Bool {
        for cell in rows[s.id].cells where isExternalBasic(cell.symbol) && isPending(walk, cell.symbol) { return true }
        return false
    }

    /// Does `walk`'s work on `s`'s row, every external row it holds being done.
    mutating func visit(_ walk: ExternalWalk, _ s: Symbol) {
        switch walk {
        case .value: evaluate(s)
        case .refresh: rewriteWithoutBasics(s)
        case .fixed: decideFixed(s)
        }
    }

    mutating func isPending(_ walk: ExternalWalk, _ k: Symbol) -> Bool {
        switch walk {
        case .value: return perSymbol[k.id].valueStamp != version
        case .refresh: return holdsBasic(k)
        case .fixed: return perSymbol[k.id].fixedStamp != version
        }
    }

    /// `perSymbol[s].valueCache`, from rows whose external symbols are already evaluated.
    mutating func evaluate(_ s: Symbol) {
        let row = rows[s.id]
        var v = row.constant
        for cell in row.cells where isBasic[cell.symbol.id] {
            let k = cell.symbol
            v += cell.value * (kinds[k.id] == .external ? perSymbol[k.id].valueCache : rows[k.id].constant)
        }
        perSymbol[s.id].valueCache = v
        perSymbol[s.id].valueStamp = version
    }

    /// Replaces the basic symbols of `s`'s row by their rows (already refreshed).
    ///
    /// The basic symbols' cells are taken out in one pass, then their rows merged in key order: those rows hold no
    /// basic symbol (restricted rows never do, external ones are refreshed first), so this makes the same sums in
    /// the same order as taking each cell out just before merging its row, without a memmove per cell (a stack's
    /// position rows are long).
    mutating func rewriteWithoutBasics(_ s: Symbol) {
        guard holdsBasic(s) else { return }
        record(.basic(s))
        var target = Row()
        swap(&target, &rows[s.id])
        // The basic cells, in a buffer kept between calls (`walkStack`'s reason).
        var basics: [Row.Cell] = []
        swap(&basics, &rewriteCells)
        defer { basics.removeAll(keepingCapacity: true); swap(&basics, &rewriteCells) }
        var kept = 0
        for i in target.cells.indices {
            let cell = target.cells[i]
            if isBasic[cell.symbol.id] {
                basics.append(cell)
            } else {
                target.cells[kept] = cell
                kept += 1
            }
        }
        target.cells.removeLast(target.cells.count - kept)
        for cell in basics { addScaled(&target, rows[cell.symbol.id], cell.value, owner: .basic(s)) }
        swap(&target, &rows[s.id])
    }

    /// `perSymbol[s].fixedValue`, from rows whose external symbols are already decided.
    mutating func decideFixed(_ s: Symbol) {
        var fixed = true
        for cell in rows[s.id].cells {
            let k = cell.symbol
            if !isBasic[k.id] { fixed = isFixedNonbasic(k) }
            else if kinds[k.id] == .external { fixed = perSymbol[k.id].fixedValue }
            else { fixed = allFixedNonbasic(rows[k.id]) }
            if !fixed { break }
        }
        perSymbol[s.id].fixedValue = fixed
        perSymbol[s.id].fixedStamp = version
    }
}
