/// Cell buffers a tableau keeps between operations, so that building and merging rows allocates rarely.
struct RowBuffers {
    /// The merge's output buffer (`Tableau.addScaled`): it becomes the merged row's, and the row's old buffer
    /// takes its place.
    var merge: [Row.Cell] = []
    /// The basic cells `rewriteWithoutBasics` takes out of a row.
    var rewrite: [Row.Cell] = []
    /// Emptied cell buffers of a reset tableau's rows, for new rows (`Tableau.newRow`).
    var spare: [[Row.Cell]] = []

    /// Keeps at most this many spare row buffers (a tableau holds about one row per constraint).
    static let spareLimit = 4096

    /// Moves `row`'s cell buffer, emptied, to the spares (the row is left empty).
    mutating func recycle(_ row: inout Row) {
        guard spare.count < Self.spareLimit else { return }
        var cells: [Row.Cell] = []
        swap(&cells, &row.cells)
        cells.removeAll(keepingCapacity: true)
        spare.append(cells)
    }
}

// Emptying a tableau for the next system while keeping its storage: a solver that lays out one small system after
// another (the reference engine does, for every case of a run) would otherwise allocate and free every row, every
// per-symbol table and the column index each time.
extension Tableau {
    /// The tableau as new (`Tableau()`), with the same settings, but holding on to the buffers of its tables and
    /// rows (emptied) for the next symbols and rows. A new tableau's every field starts from its declared default,
    /// so a field this forgets to carry over costs an allocation, never a stale value (but for `reads`, a class:
    /// it is emptied, since its stamps name versions of this tableau).
    mutating func reset() {
        var fresh = Tableau()
        fresh.keepsDummies = keepsDummies
        // Rows' cell buffers, emptied, for `expand` to build new rows in.
        swap(&fresh.buffers, &buffers)
        fresh.buffers.merge.removeAll(keepingCapacity: true)
        fresh.buffers.rewrite.removeAll(keepingCapacity: true)
        for i in rows.indices where rows[i].cells.capacity > 0 { fresh.buffers.recycle(&rows[i]) }
        for i in levels.objectives.indices where levels.objectives[i].cells.capacity > 0 {
            fresh.buffers.recycle(&levels.objectives[i])
        }
        fresh.kinds = Self.emptied(&kinds)
        fresh.isBasic = Self.emptied(&isBasic)
        swap(&fresh.columns, &columns)
        fresh.columns.empty()
        fresh.tags = Self.emptied(&tags)
        swap(&fresh.journal, &journal)
        fresh.journal.empty()
        fresh.reads = reads
        fresh.reads.empty()
        levels.empty()
        swap(&fresh.levels, &levels)
        // `rows` last: their buffers went to the spares above.
        fresh.rows = Self.emptied(&rows)
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

    /// An empty row with `constant`, on a spare buffer when there is one.
    mutating func newRow(constant: Double) -> Row {
        var row = Row(constant: constant)
        if let cells = buffers.spare.popLast() { row.cells = cells }
        return row
    }
}
