// Rows of the tableau: the undo journal's hook, entering and leaving the basis, the row merge and substitution
// (kiwi's substitute), and the pivot built from them.
extension Tableau {
    /// Notes a change of `owner`'s row: a new version, and during the artificial phase its first saved state.
    mutating func record(_ owner: RowOwner) {
        version += 1
        guard journal.isActive, journal.isFirstChange(of: owner) else { return }
        if let s = owner.basic {
            journal.save(owner, rows[s.id], basic: isBasic[s.id])
        } else if let l = owner.level {
            journal.save(owner, levels.objectives[l], basic: true)
        }
    }

    /// Makes `symbol` basic with `row`, indexing its cells.
    mutating func setBasic(_ symbol: Symbol, _ row: Row) {
        record(.basic(symbol))
        columns.append(cellsOf: row, owner: .basic(symbol))
        rows[symbol.id] = row
        isBasic[symbol.id] = true
    }

    /// Takes the row of a basic symbol out of the basis.
    mutating func takeRow(_ symbol: Symbol) -> Row {
        record(.basic(symbol))
        var row = Row()
        swap(&row, &rows[symbol.id])
        isBasic[symbol.id] = false
        return row
    }

    /// `row += k·source` (a linear merge into reused buffers), dropping results within epsilon of zero; new
    /// cells are indexed under `owner` (nil: a row outside the tableau).
    mutating func addScaled(_ row: inout Row, _ source: Row, _ k: Double, owner: RowOwner?) {
        row.constant += source.constant * k
        // Into an empty row (`expand`'s first basic variable): a scaled copy, the cells the merge below would make.
        if row.cells.isEmpty {
            row.cells.reserveCapacity(source.cells.count + 3)   // empty: growing copies nothing
            for cell in source.cells {
                let value = cell.value * k
                guard abs(value) >= Row.epsilon else { continue }
                row.cells.append(Row.Cell(symbol: cell.symbol, value: value))
                if let owner { columns.append(cell.symbol, owner) }
            }
            return
        }
        // A short row into a long one (a constraint's row into an objective, which holds every error of its
        // level): cell by cell in place, so that the cost follows the short row, not the long one. The same sums
        // in the same order as the merge below.
        if source.cells.count * 8 < row.cells.count {
            for cell in source.cells {
                let (found, i) = row.find(cell.symbol)
                let value = found ? row.cells[i].value + cell.value * k : cell.value * k
                if found {
                    if abs(value) >= Row.epsilon { row.cells[i].value = value } else { row.cells.remove(at: i) }
                } else if abs(value) >= Row.epsilon {
                    row.cells.insert(Row.Cell(symbol: cell.symbol, value: value), at: i)
                    if let owner { columns.append(cell.symbol, owner) }
                }
            }
            return
        }
        // Merged into the scratch buffer, which then becomes the row's, and the row's old buffer the scratch one:
        // no copy back. Buffers circulate among rows; one too small for a merge is replaced by a larger one (`merge`).
        var merged: [Row.Cell] = []
        swap(&merged, &buffers.merge)
        merge(row.cells, source.cells, k, into: &merged, owner: owner)
        swap(&row.cells, &merged)
        swap(&merged, &buffers.merge)
    }

    /// `merged = a + k·b` (both sorted), dropping results within epsilon of zero; `b`'s new cells are indexed
    /// under `owner`. A function of its own so that no reference to `a` (a row's buffer) outlives the merge.
    ///
    /// The cells are merged through buffer pointers into a temporary buffer (on the stack for most rows), copied
    /// into `merged` at once, and the new symbols indexed in one call: an `append` per cell, with its uniqueness and
    /// capacity checks, would cost more than the merge itself. Same cells, same index entries in the same order.
    mutating func merge(_ a: [Row.Cell], _ b: [Row.Cell], _ k: Double, into merged: inout [Row.Cell],
                        owner: RowOwner?) {
        // Room for a marker and two errors more (`insert` appends them to a row `expand` built); a buffer too
        // small is dropped, not grown (growing would copy the cells it is about to lose).
        if merged.capacity < a.count + b.count + 3 {
            merged = []
            merged.reserveCapacity(a.count + b.count + 3)
        }
        let na = a.count, nb = b.count
        withUnsafeTemporaryAllocation(of: Row.Cell.self, capacity: na + nb) { out in
            withUnsafeTemporaryAllocation(of: Symbol.self, capacity: nb) { added in
                var n = 0, m = 0
                a.withUnsafeBufferPointer { a in
                    b.withUnsafeBufferPointer { b in
                        var i = 0, j = 0
                        while i < na || j < nb {
                            if j == nb || (i < na && a[i].symbol < b[j].symbol) {
                                out[n] = a[i]; n += 1; i += 1
                            } else if i == na || b[j].symbol < a[i].symbol {
                                let value = b[j].value * k
                                if abs(value) >= Row.epsilon {
                                    out[n] = Row.Cell(symbol: b[j].symbol, value: value); n += 1
                                    added[m] = b[j].symbol; m += 1
                                }
                                j += 1
                            } else {
                                let value = a[i].value + b[j].value * k
                                if abs(value) >= Row.epsilon { out[n] = Row.Cell(symbol: a[i].symbol, value: value); n += 1 }
                                i += 1; j += 1
                            }
                        }
                    }
                }
                // One replacement: emptying, then appending, cost a call each.
                merged.replaceSubrange(merged.startIndex..<merged.endIndex, with: UnsafeBufferPointer(rebasing: out[..<n]))
                if let owner, m > 0 { columns.append(UnsafeBufferPointer(rebasing: added[..<m]), owner) }
            }
        }
    }

    /// Replaces `symbol` by `row` in every row and objective that holds it.
    mutating func substitute(_ symbol: Symbol, _ row: Row, includingExternalRows: Bool = false) {
        var cursor = columns.take(symbol)
        while let owner = columns.next(&cursor) {
            if let basic = owner.basic {
                // External rows are left stale (see `refresh`).
                guard basic.id < rows.count, isBasic[basic.id], basic != symbol,
                      includingExternalRows || kinds[basic.id] != .external else { continue }
                let (found, i) = rows[basic.id].find(symbol)
                guard found else { continue }
                record(owner)
                var target = Row()
                swap(&target, &rows[basic.id])
                let c = target.cells.remove(at: i).value
                addScaled(&target, row, c, owner: owner)
                swap(&target, &rows[basic.id])
            } else if let l = owner.level {
                let (found, i) = levels.objectives[l].find(symbol)
                guard found else { continue }
                record(owner)
                levels.markDirty(l)
                var target = Row()
                swap(&target, &levels.objectives[l])
                let c = target.cells.remove(at: i).value
                addScaled(&target, row, c, owner: owner)
                swap(&target, &levels.objectives[l])
                levels.noteSubstitution(symbol, row, level: l)
            }
        }
        if var a = artificial {
            artificial = nil
            if let c = a.remove(symbol) { addScaled(&a, row, c, owner: nil) }
            artificial = a
        }
    }

    /// `constant + Σ terms` in nonbasic symbols: each basic variable replaced by its (refreshed) row. `symbols`
    /// maps a variable's id to its symbol (the solver's table, passed rather than mapped per call).
    mutating func expand(_ terms: [(variable: Variable, coefficient: Double)], symbols: [Symbol],
                         constant: Double) -> Row {
        var row = newRow(constant: constant)
        // Room for the terms and, in `insert`, up to two error symbols and a marker, and for rows merged into it
        // later (a merge copies back into a buffer large enough, `addScaled`): with a reset tableau's spare buffers,
        // most rows then allocate nothing.
        row.cells.reserveCapacity(max(terms.count + 3, 16))
        for (variable, c) in terms {
            let v = symbols[variable.id]
            if isBasic[v.id] {
                refresh(v)
                addScaled(&row, rows[v.id], c, owner: nil)
            } else {
                row.add(v, c)
            }
        }
        return row
    }

    mutating func pivot(leaving: Symbol, entering: Symbol) {
        var row = takeRow(leaving)
        row.solve(for: leaving, entering)
        substitute(entering, row)
        setBasic(entering, row)
    }
}
