#if DEBUG
// Debug-only checks of what `Tableau`'s documentation states (as swift-collections' `_checkInvariants`): the solver's
// tests call them after every operation (`Solver.checkInvariants`). Between operations only: an operation in
// progress breaks some on purpose (a row taken out of the basis, the artificial phase).
extension Tableau {
    /// Traps with every broken rule when one of `invariantViolations()` is broken.
    func checkInvariants() {
        let broken = invariantViolations()
        precondition(broken.isEmpty, "Tableau invariants: " + broken.joined(separator: "; "))
    }

    /// Each broken rule, in words (empty when every rule holds). The rules, each checked below:
    /// - T1 every per-symbol table has one entry per symbol (ids are dense, in creation order);
    /// - T2 a nonbasic symbol's row is empty;
    /// - T3 a row's cells (basic rows and objectives) are sorted by symbol, each symbol once and existing, and no
    ///   coefficient is 0 or not finite (a merge drops what cancels to within `Row.epsilon`; scaling a row may leave
    ///   a cell below it, which every reader treats as 0, so that is not a broken rule);
    /// - T4 no row holds its own basic symbol, and no restricted row and no objective holds any basic symbol (an
    ///   external row may be stale and hold some, `refresh`);
    /// - T5 a restricted row's constant is ≥ 0 (the solution is feasible), within `Row.epsilon`;
    /// - T6 `columns` lists, for every symbol, every restricted row and objective holding it (a superset; a stale
    ///   external row is indexed again by `refreshAll` before a removal reads it);
    /// - T7 no artificial phase is running, and the journal is closed;
    /// - T8 a constraint's tag names existing symbols: its marker a slack, dummy or error, its other an error;
    /// - T9 every level above `levels.firstDirty` is optimal: `entering` finds no symbol for it;
    /// - and `LevelSchedule.invariantViolations()`.
    func invariantViolations() -> [String] {
        var out: [String] = []
        let n = kinds.count
        if rows.count != n || isBasic.count != n || columns.head.count != n || columns.count.count != n
            || levels.marks.count != n {
            out.append("T1: per-symbol tables of \(rows.count), \(isBasic.count), \(columns.head.count), "
                       + "\(columns.count.count), \(levels.marks.count) entries for \(n) symbols")
            return out   // the checks below index them by symbol
        }
        out += rowViolations()
        if artificial != nil || journal.isActive { out.append("T7: an artificial phase is running") }
        for (h, tag) in tags.enumerated() {
            guard let tag else { continue }
            let markerKind = tag.marker.id < n ? kinds[tag.marker.id] : nil
            if markerKind == nil || markerKind == .external { out.append("T8: constraint \(h)'s marker is not a marker") }
            if let other = tag.other, other.id >= n || kinds[other.id] != .error {
                out.append("T8: constraint \(h)'s other symbol is not an error")
            }
        }
        for q in 0..<min(levels.firstDirty, levels.count) {
            let l = levels.order[q]
            guard l >= 0 && l < levels.objectives.count else { continue }   // the schedule's own check says why
            if let e = entering(levels.objectives[l], position: q) {
                out.append("T9: level \(l), above the first dirty one, is not optimal (symbol \(e.symbol.id) enters)")
            }
        }
        return out + levels.invariantViolations()
    }

    /// T2 to T6, row by row: the basic rows, then the objectives.
    private func rowViolations() -> [String] {
        var out: [String] = []
        let n = kinds.count
        func checkCells(_ row: Row, _ name: String) {
            for (i, cell) in row.cells.enumerated() {
                if cell.symbol.id < 0 || cell.symbol.id >= n { out.append("T3: \(name) holds unknown symbol \(cell.symbol.id)") }
                if i > 0 && !(row.cells[i - 1].symbol < cell.symbol) { out.append("T3: \(name)'s cells are not sorted") }
                if cell.value == 0 || !cell.value.isFinite { out.append("T3: \(name) holds coefficient \(cell.value)") }
            }
        }
        func holdsBasic(_ row: Row) -> Bool {
            row.cells.contains { $0.symbol.id >= 0 && $0.symbol.id < n && isBasic[$0.symbol.id] }
        }
        func indexed(_ symbol: Symbol, _ owner: RowOwner) -> Bool {
            var cursor = columns.cursor(symbol)
            while let o = columns.next(&cursor) { if o == owner { return true } }
            return false
        }
        for s in 0..<n {
            let row = rows[s], name = "row \(s)"
            guard isBasic[s] else {
                if !row.isEmpty || row.constant != 0 { out.append("T2: nonbasic symbol \(s) has a row") }
                continue
            }
            checkCells(row, name)
            if row.coefficient(Symbol(s)) != nil { out.append("T4: \(name) holds its own symbol") }
            guard kinds[s] != .external else { continue }
            if holdsBasic(row) { out.append("T4: restricted \(name) holds a basic symbol") }
            if row.constant < -Row.epsilon { out.append("T5: restricted \(name) has constant \(row.constant)") }
            for cell in row.cells where cell.symbol.id < n && !indexed(cell.symbol, .basic(Symbol(s))) {
                out.append("T6: symbol \(cell.symbol.id) of \(name) is not in its column")
            }
        }
        for (l, objective) in levels.objectives.enumerated() {
            checkCells(objective, "objective \(l)")
            if holdsBasic(objective) { out.append("T4: objective \(l) holds a basic symbol") }
            for cell in objective.cells where cell.symbol.id < n && !indexed(cell.symbol, .objective(l)) {
                out.append("T6: symbol \(cell.symbol.id) of objective \(l) is not in its column")
            }
        }
        return out
    }
}
#endif
