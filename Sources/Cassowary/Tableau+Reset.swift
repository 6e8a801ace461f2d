// Emptying a tableau for the next system while keeping its storage: a solver that lays out one small system after
// another (the reference engine does, for every case of a run) otherwise allocates and frees every row, every
// per-symbol table and the column index each time, about a third of a small layout.
extension Tableau {
    /// The tableau as new (`Tableau()`), with the same settings, but holding on to the buffers of its tables and
    /// rows (emptied) for the next symbols and rows. A new tableau's every field starts from its declared default,
    /// so a field this forgets to carry over costs an allocation, never a stale value.
    mutating func reset() {
        var fresh = Tableau()
        fresh.skipsSettledLevels = skipsSettledLevels
        fresh.keepsDummies = keepsDummies
        // Rows' cell buffers, emptied, for `expand` to build new rows in.
        swap(&fresh.spareCells, &spareCells)
        for i in rows.indices where rows[i].cells.capacity > 0 { fresh.recycle(&rows[i]) }
        for i in objectives.indices where objectives[i].cells.capacity > 0 { fresh.recycle(&objectives[i]) }
        fresh.kinds = Self.emptied(&kinds)
        fresh.isBasic = Self.emptied(&isBasic)
        fresh.perSymbol = Self.emptied(&perSymbol)
        swap(&fresh.columns, &columns)
        fresh.columns.empty()
        swap(&fresh.changedCells, &changedCells)
        fresh.changedCells.empty()
        fresh.levelPriority = Self.emptied(&levelPriority)
        fresh.levelOrder = Self.emptied(&levelOrder)
        fresh.levelPosition = Self.emptied(&levelPosition)
        fresh.levelGeneration = Self.emptied(&levelGeneration)
        fresh.levelStale = Self.emptied(&levelStale)
        fresh.staleLevels = Self.emptied(&staleLevels)
        fresh.markCount = Self.emptied(&markCount)
        fresh.needsFullScan = Self.emptied(&needsFullScan)
        fresh.objectiveJournalStamp = Self.emptied(&objectiveJournalStamp)
        fresh.tags = Self.emptied(&tags)
        fresh.scratchCells = Self.emptied(&scratchCells)
        fresh.walkStack = Self.emptied(&walkStack)
        fresh.rewriteCells = Self.emptied(&rewriteCells)
        swap(&fresh.levelOfPriority, &levelOfPriority)
        fresh.levelOfPriority.removeAll(keepingCapacity: true)
        // `rows` and `objectives` last: their rows' buffers went to `spareCells` above.
        fresh.rows = Self.emptied(&rows)
        fresh.objectives = Self.emptied(&objectives)
        self = fresh
    }

    /// Moves the array's buffer out (leaving `array` empty) and empties it: unshared, so emptying keeps the
    /// buffer instead of allocating a new one.
    static func emptied<T>(_ array: inout [T]) -> [T] {
        var a: [T] = []
        swap(&a, &array)
        a.removeAll(keepingCapacity: true)
        return a
    }

    /// Keeps at most this many spare row buffers (a tableau holds about one row per constraint).
    static let spareLimit = 4096

    /// Moves `row`'s cell buffer, emptied, to the spares (the row is left empty).
    mutating func recycle(_ row: inout Row) {
        guard spareCells.count < Self.spareLimit else { return }
        var cells: [Row.Cell] = []
        swap(&cells, &row.cells)
        cells.removeAll(keepingCapacity: true)
        spareCells.append(cells)
    }

    /// An empty row with `constant`, on a spare buffer when there is one.
    mutating func newRow(constant: Double) -> Row {
        var row = Row(constant: constant)
        if let cells = spareCells.popLast() { row.cells = cells }
        return row
    }
}
