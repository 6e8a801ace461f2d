/// The tableau of `Solver`: kiwi's solverimpl.h (Symbol, Row, substitute, pivot, chooseSubject,
/// addWithArtificialVariable, getEnteringSymbol, getLeavingRow, getMarkerLeavingRow), with one change: instead of
/// kiwi's single objective weighted by strength, one objective row per priority level, compared lexicographically
/// (R-SOLVE-2: no amount of error at a lower level outweighs any error at a higher one). Everything about levels
/// (their rows, order, which are settled, which symbols each blocks) is `LevelSchedule`'s; the tableau asks it.
///
/// Invariants between operations:
/// - Symbols are dense ids in creation order; every per-symbol table is an array indexed by id.
/// - A basic symbol's row is `symbol = constant + Σ cells` over nonbasic symbols, except an external symbol's row,
///   which may be stale (see `refresh`); a restricted row's constant is ≥ 0 (the solution is feasible).
/// - `columns` lists, for each symbol, a superset of the rows and objectives that hold it.
/// - Every pivot choice takes the lowest id (Bland's rule), so it does not cycle on the highly degenerate systems
///   stacks produce; ties in the ratio test go to the lowest basic id. No hash order reaches a choice.
/// - Tolerance: coefficients and constants within 1e-9 of zero are zero (`Row.epsilon`); a phase-one residual
///   below 1e-7 counts as feasible.
///
/// Noncopyable, as are the solver's other large tables: a tableau is never copied (the memo `reads` relies on it),
/// and a read-only query borrows it, where on a copyable struct a debug build (and a release build, through the
/// class that holds the solver) would copy every table. The small hot queries are `@inline(__always)`: a borrowed
/// noncopyable struct passed to a call that is not inlined is copied bitwise for the callee.
///
/// The operations live in files by concept: rows and substitution (`Tableau+Rows.swift`), external rows
/// (`Tableau+ExternalRows.swift`), adding and removing constraints (`Tableau+Constraints.swift`), optimisation
/// (`Tableau+Optimization.swift`), emptying for reuse (`Tableau+Reset.swift`).
struct Tableau: ~Copyable {
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
    /// `columns` is rebuilt when its pool grows past this (`compactColumnsIfNeeded`).
    var compactAt = 4096

    /// The objectives, one per priority level, and their scheduling.
    var levels = LevelSchedule()
    /// Tags by constraint handle.
    var tags: [Tag?] = []
    /// The objective of the artificial phase (`addWithArtificialVariable`), while it runs.
    var artificial: Row?
    var journal = Journal()
    /// Bumped on every change of a row; stamps the memoised reads of external rows.
    var version = 1
    /// Memoised reads of external rows (`value(of:)`, `reachesOnlyFixed`).
    var reads = ExternalRowReads()
    /// Row buffers kept between operations (`RowBuffers`).
    var buffers = RowBuffers()
    /// True: a required equality's row holds its dummy marker (kiwi's way), so that the equality can be removed.
    /// False (`Solver.keepsEqualityMarkers`): the marker is made but never put in a row.
    var keepsDummies = true

    mutating func newSymbol(_ kind: Kind) -> Symbol {
        kinds.append(kind)
        rows.append(Row())
        isBasic.append(false)
        columns.addSymbol()
        levels.addSymbol()
        return Symbol(kinds.count - 1)
    }

    mutating func truncateSymbols(to count: Int) {
        guard kinds.count > count else { return }
        let n = kinds.count - count
        kinds.removeLast(n); rows.removeLast(n); isBasic.removeLast(n); columns.removeLast(n)
        levels.removeLastSymbols(n)
        reads.truncate(to: count)
    }

    mutating func makeVariable() -> Symbol { newSymbol(.external) }

    /// Reserves room for `symbols` more symbols (fewer reallocations while a system is added).
    mutating func reserve(symbols: Int) {
        let n = kinds.count + symbols
        kinds.reserveCapacity(n); rows.reserveCapacity(n); isBasic.reserveCapacity(n); columns.reserve(n)
        levels.reserve(symbols: n)
    }

    @inline(__always)
    func isExternalBasic(_ s: Symbol) -> Bool {
        guard isBasic[s.id] else { return false }
        return kinds[s.id] == .external
    }

    /// The objective level of `priority`, made on first use.
    mutating func objectiveLevel(_ priority: Double) -> Int {
        if let l = levels.existingLevel(priority) { return l }
        return levels.addLevel(priority, objective: newRow(constant: 0))
    }
}
