/// The lexicographic part of the solver (R-SOLVE-2), apart from kiwi's core: one objective row per priority level,
/// the levels' order, which of them may no longer be optimal, and which symbols a level blocks for the levels below.
/// `Tableau` pivots; this type tells it which levels to re-optimise and which symbols each may move.
///
/// Invariants, between two calls of `Tableau.optimize`:
/// - `order` lists every level once, highest priority first; `levels[l].position` is `l`'s index in it.
/// - Every level at a position below `firstDirty` is optimal (`firstDirty == Int.max`: every level is).
/// - A level that is not stale is optimal, its row unchanged since, and its marks stand (the settled levels that
///   `optimize` skips). `staleLevels` lists exactly the stale levels; only they hold a changed-cells list.
/// - A symbol is blocked by level `l` when its mark names `l` under `l`'s current generation: the last
///   optimisation of `l` found it priced (a nonzero reduced cost) and unblocked by any level above. Lower levels
///   may not move it, so a pivot at one level never changes the row of a level above, and a level once optimal
///   stays optimal. `levels[l].markCount` counts the symbols `l` blocks, or more: a level above may take a mark
///   over without it dropping, which only makes `markWhole` report an unblocking (a safe cascade).
struct LevelSchedule: ~Copyable {
    /// A priority level's bookkeeping besides its objective row.
    struct Level {
        var priority: Double
        /// The level's index in `order`.
        var position = 0
        /// Bumped when the level is re-optimised whole: every mark it made before then lapses at once.
        var generation = 0
        /// Its row may have changed since it was last optimal (it is in `staleLevels`).
        var isStale = false
        /// How many symbols it blocks under its current generation.
        var markCount = 0
        /// Its row changed in a way its changed-cells list does not record (a removal, a rollback): the next
        /// optimisation scans it whole.
        var needsFullScan = false
    }

    /// Which level blocks a symbol (−1: none), under which generation of it; and the changed-cells scan that
    /// last returned the symbol (`nextDistinct`). One array of them: one append per new symbol.
    struct Mark {
        var level = -1
        var generation = 0
        var lastScan = 0
    }

    /// Objective rows by level id (creation order): `cost = constant + Σ error symbols`.
    var objectives: [Row] = []
    /// By level id.
    var levels: [Level] = []
    /// Level ids, highest priority first.
    var order: [Int] = []
    private(set) var levelOfPriority: [Double: Int] = [:]
    /// The level `level(of:)` found last: runs of constraints share a priority, and need no hashing.
    private(set) var lastLevel: (priority: Double, level: Int)?
    /// Position in `order` of the highest level that may not be optimal (Int.max: every level is).
    var firstDirty = Int.max
    var staleLevels: [Int] = []
    /// By symbol id.
    var marks: [Mark] = []
    /// Per stale level, the symbols whose cell of its row changed since it was last optimal.
    var changedCells = ChangedCells()
    /// Numbers the scans of changed-cells lists (`nextDistinct`).
    var scan = 0

    /// Every level optimal: the state in which `isFixedAtOptimum` and `reachesOnlyFixedSymbols` may answer.
    @inline(__always)
    var isOptimal: Bool { firstDirty == Int.max }
    /// Nothing changed since the last optimisation: every level is optimal and holds no changed cells.
    @inline(__always)
    var isSettled: Bool { firstDirty == Int.max && staleLevels.isEmpty }
    @inline(__always)
    var count: Int { order.count }

    mutating func addSymbol() { marks.append(Mark()) }

    mutating func removeLastSymbols(_ n: Int) { marks.removeLast(n) }

    mutating func reserve(symbols n: Int) { marks.reserveCapacity(n) }

    /// No levels and no symbols, keeping the storage (the objectives' buffers are the caller's to recycle first).
    mutating func empty() {
        objectives.removeAll(keepingCapacity: true)
        levels.removeAll(keepingCapacity: true)
        order.removeAll(keepingCapacity: true)
        levelOfPriority.removeAll(keepingCapacity: true)
        lastLevel = nil
        firstDirty = Int.max
        staleLevels.removeAll(keepingCapacity: true)
        marks.removeAll(keepingCapacity: true)
        changedCells.empty()
        scan = 0
    }

    /// The level of `priority`, nil when it has none yet.
    mutating func existingLevel(_ priority: Double) -> Int? {
        if let last = lastLevel, last.priority == priority { return last.level }
        guard let l = levelOfPriority[priority] else { return nil }
        lastLevel = (priority, l)
        return l
    }

    /// Adds the level of `priority` with `objective` (empty), placed in `order` by priority.
    mutating func addLevel(_ priority: Double, objective: Row) -> Int {
        let l = objectives.count
        objectives.append(objective)
        levels.append(Level(priority: priority))
        levelOfPriority[priority] = l
        // Highest priority first: binary search for the first level of lower priority.
        var lo = 0, hi = order.count
        while lo < hi {
            let mid = (lo + hi) >> 1
            if levels[order[mid]].priority > priority { lo = mid + 1 } else { hi = mid }
        }
        order.insert(l, at: lo)
        changedCells.addLevel()
        for q in lo..<order.count { levels[order[q]].position = q }
        if firstDirty != Int.max && firstDirty >= lo { firstDirty += 1 }
        lastLevel = (priority, l)
        return l
    }

    // MARK: Changes

    /// `level`'s row changed: it and every level below may no longer be optimal.
    mutating func markDirty(_ level: Int) {
        firstDirty = min(firstDirty, levels[level].position)
        markStale(level)
    }

    /// `level` must be re-optimised by the next `optimize` even if no level above it changes.
    mutating func markStale(_ level: Int) {
        guard !levels[level].isStale else { return }
        levels[level].isStale = true
        staleLevels.append(level)
    }

    /// `level`'s row changed in a way no changed-cells list records.
    mutating func markChangedWhole(_ level: Int) {
        markDirty(level)
        levels[level].needsFullScan = true
    }

    /// Every level's row may have changed (the artificial phase rolled back).
    mutating func markAllChangedWhole() {
        firstDirty = 0
        for l in levels.indices { markStale(l); levels[l].needsFullScan = true }
    }

    /// A level may have changed how many symbols it blocks, without its row changing.
    mutating func needsFullScan(_ level: Int) { levels[level].needsFullScan = true }

    /// New error symbols joined `level`'s row at cost +1 (`Tableau.noteNewErrors`). While nonbasic they leave
    /// every other reduced cost as it was and raise only their own: an optimal level stays optimal and needs only
    /// to block them. Otherwise (a basic one, or a level that may not be optimal) the level is re-optimised.
    mutating func noteNewErrors(_ errors: (Symbol?, Symbol?), level: Int, anyBasic: Bool) {
        guard levels[level].position < firstDirty, !anyBasic else {
            markDirty(level)
            if let e = errors.0 { changedCells.append(e, level: level) }
            if let e = errors.1 { changedCells.append(e, level: level) }
            return
        }
        if let e = errors.0 { block(e, at: level) }
        if let e = errors.1 { block(e, at: level) }
    }

    /// `substitute` changed `level`'s cells of `symbol` and of `row`'s symbols.
    mutating func noteSubstitution(_ symbol: Symbol, _ row: Row, level: Int) {
        changedCells.append(symbol, level: level)
        changedCells.append(symbolsOf: row, level: level)
    }

    private mutating func block(_ symbol: Symbol, at level: Int) {
        marks[symbol.id].level = level
        marks[symbol.id].generation = levels[level].generation
        levels[level].markCount += 1
    }

    // MARK: Queries

    /// True when a level above position `position` has a nonzero reduced cost on `symbol`.
    @inline(__always)
    func isBlocked(_ symbol: Symbol, before position: Int) -> Bool {
        let mark = marks[symbol.id]
        guard mark.level >= 0 else { return false }
        let level = levels[mark.level]
        guard mark.generation == level.generation else { return false }
        return level.position < position
    }

    /// Some level holds `symbol` at 0 at the optimum.
    @inline(__always)
    func isBlockedByAnyLevel(_ symbol: Symbol) -> Bool { isBlocked(symbol, before: Int.max) }
}
