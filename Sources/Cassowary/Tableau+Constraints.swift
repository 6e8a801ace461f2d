// Adding and removing constraints (kiwi's addConstraint and removeConstraint), with the artificial phase for a
// row no symbol can be the subject of, undone through `Journal` when it fails.
extension Tableau {
    /// The tableau part of `add` (kiwi's addConstraint): `Σ terms + constant REL 0`; false when a required
    /// constraint cannot hold (the tableau is then unchanged).
    mutating func insert(_ terms: [(variable: Variable, coefficient: Double)], symbols: [Symbol], constant: Double,
                         _ relation: Relation, priority: Double, handle: Int) -> Bool {
        compactColumnsIfNeeded()
        var row = expand(terms, symbols: symbols, constant: constant)
        let (tag, errors, level) = addMarkers(to: &row, relation, priority: priority)
        if row.constant < 0 { row.reverseSign() }
        if let subject = chooseSubject(row, tag) {
            row.solve(for: subject)
            substitute(subject, row)
            setBasic(subject, row)
        } else if onlyDummies(row) {
            guard abs(row.constant) < Row.epsilon else { return false }
            row.solve(for: tag.marker)
            substitute(tag.marker, row)
            setBasic(tag.marker, row)
        } else {
            guard addWithArtificialVariable(row) else { return false }
        }
        if level >= 0 { noteNewErrors(errors, level) }
        // Handles come in order: usually one append (not a padded array per constraint).
        while tags.count < handle { tags.append(nil) }
        if tags.count == handle { tags.append(tag) } else { tags[handle] = tag }
        return true
    }

    /// The rest of kiwi's createRow, after `expand`: the constraint's marker and error symbols added to its row.
    /// Returns its tag and, for an optional constraint, its errors, already at cost +1 in its level's objective
    /// (level −1: required).
    mutating func addMarkers(to row: inout Row, _ relation: Relation,
                             priority: Double) -> (tag: Tag, errors: (Symbol?, Symbol?), level: Int) {
        let required = priority >= 1000
        var tag: Tag
        var errors: (Symbol?, Symbol?) = (nil, nil)
        var level = -1
        switch relation {
        case .lessThanOrEqual, .greaterThanOrEqual:
            let coefficient: Double = relation == .lessThanOrEqual ? 1 : -1
            let slack = newSymbol(.slack)
            row.add(slack, coefficient)
            tag = Tag(marker: slack, other: nil, priority: priority)
            if !required {
                let error = newSymbol(.error)
                row.add(error, -coefficient)
                level = objectiveLevel(priority)
                errors = (error, nil)
                tag.other = error
            }
        case .equal:
            if required {
                // Made in either case, so that symbol ids (and with them every pivot choice) do not depend on it.
                let dummy = newSymbol(.dummy)
                if keepsDummies { row.add(dummy, 1) }
                tag = Tag(marker: dummy, other: nil, priority: priority)
            } else {
                let plus = newSymbol(.error), minus = newSymbol(.error)
                row.add(plus, -1)
                row.add(minus, 1)
                level = objectiveLevel(priority)
                errors = (plus, minus)
                tag = Tag(marker: plus, other: minus, priority: priority)
            }
        }
        // Not through an array literal, which would allocate per constraint.
        if let e = errors.0, levels.objectives[level].add(e, 1) { columns.append(e, .objective(level)) }
        if let e = errors.1, levels.objectives[level].add(e, 1) { columns.append(e, .objective(level)) }
        return (tag, errors, level)
    }

    /// After a constraint's error symbols joined `level`'s objective at cost +1 (`LevelSchedule.noteNewErrors`).
    /// So adding a batch of constraints whose subjects are externals or slacks costs no re-optimisation (a stack's
    /// height and width rows), and `optimize` after each add stays cheap. A basic error changed the objective row
    /// through `substitute`, which marked the level dirty.
    mutating func noteNewErrors(_ errors: (Symbol?, Symbol?), _ level: Int) {
        // No array literal, which would allocate per constraint.
        var anyBasic = false
        if let e = errors.0, isBasic[e.id] { anyBasic = true }
        if let e = errors.1, isBasic[e.id] { anyBasic = true }
        levels.noteNewErrors(errors, level: level, anyBasic: anyBasic)
    }

    /// Returns false when the constraint's marker could not be pivoted out (its effect may linger; the caller
    /// should rebuild).
    mutating func erase(_ handle: Int, optimizeNow: Bool) -> Bool {
        guard handle < tags.count, let tag = tags[handle] else { return false }
        tags[handle] = nil
        if tag.priority < 1000 {
            let l = objectiveLevel(tag.priority)
            levels.markChangedWhole(l)
            for symbol in [tag.marker] + (tag.other.map { [$0] } ?? []) where kinds[symbol.id] == .error {
                var objective = Row()
                swap(&objective, &levels.objectives[l])
                if isBasic[symbol.id] { addScaled(&objective, rows[symbol.id], -1, owner: .objective(l)) }
                else if objective.add(symbol, -1) { columns.append(symbol, .objective(l)) }
                swap(&objective, &levels.objectives[l])
            }
        }
        refreshAll()
        var removed = true
        if isBasic[tag.marker.id] {
            _ = takeRow(tag.marker)
        } else if let leaving = markerLeavingRow(tag.marker) {
            var row = takeRow(leaving)
            row.solve(for: leaving, tag.marker)
            // The marker leaves the system with its row: every row must lose it, external ones included (all fresh
            // and indexed after `refreshAll`).
            substitute(tag.marker, row, includingExternalRows: true)
        } else {
            removed = false
        }
        if optimizeNow { optimize() }
        return removed
    }

    /// True when every symbol of the row is a dummy.
    @inline(__always)
    func onlyDummies(_ row: Row) -> Bool {
        for cell in row.cells where kinds[cell.symbol.id] != .dummy { return false }
        return true
    }

    /// The row's first slack, error or external symbol (one that may enter the basis).
    func firstEnterable(_ row: Row) -> Symbol? {
        for cell in row.cells where kinds[cell.symbol.id] != .dummy { return cell.symbol }
        return nil
    }

    @inline(__always)
    func chooseSubject(_ row: Row, _ tag: Tag) -> Symbol? {
        // Any external may be the subject; the one held by the fewest rows keeps the tableau sparse (Markowitz;
        // a stack's chains of equalities otherwise fill every row). Ties: the lowest id (cells are sorted by symbol).
        var best: Symbol?, bestCount = Int.max
        for cell in row.cells where kinds[cell.symbol.id] == .external {
            let count = columns.count[cell.symbol.id]
            if count < bestCount {
                best = cell.symbol
                bestCount = count
            }
        }
        if let best { return best }
        if isEligibleSubject(tag.marker, of: row) { return tag.marker }
        if let other = tag.other, isEligibleSubject(other, of: row) { return other }
        return nil
    }

    /// A slack or error with a negative coefficient in `row`: it can be the row's subject.
    @inline(__always)
    func isEligibleSubject(_ symbol: Symbol, of row: Row) -> Bool {
        let kind = kinds[symbol.id]
        guard kind == .slack || kind == .error, let c = row.coefficient(symbol) else { return false }
        return c < 0
    }

    /// Phase one for a row with no eligible subject: an artificial symbol, minimised to zero, or the tableau rolled
    /// back (false: the required constraint cannot hold).
    mutating func addWithArtificialVariable(_ row: Row) -> Bool {
        let savedKinds = kinds.count
        journal.begin()
        defer { journal.end() }
        let art = newSymbol(.slack)
        setBasic(art, row)
        artificial = row
        optimizeArtificial()
        let success = abs(artificial?.constant ?? 0) < 1e-7
        artificial = nil
        guard success else {
            rollBack()
            truncateSymbols(to: savedKinds)
            return false
        }
        if isBasic[art.id] {
            var artRow = takeRow(art)
            if !artRow.isEmpty {
                guard let entering = firstEnterable(artRow) else {
                    rollBack()
                    return false
                }
                artRow.solve(for: art, entering)
                substitute(entering, artRow)
                setBasic(entering, artRow)
            }
        }
        // The artificial symbol is nonbasic at 0: drop it from every row it is indexed in, and make it a dummy
        // (fixed at 0, never entering) for any stale external row that still holds it.
        kinds[art.id] = .dummy
        var cursor = columns.take(art)
        while let owner = columns.next(&cursor) {
            if let basic = owner.basic {
                if basic.id < rows.count && isBasic[basic.id] { _ = rows[basic.id].remove(art) }
            } else if let l = owner.level {
                _ = levels.objectives[l].remove(art)
                levels.needsFullScan(l)   // its mark count may have changed
            }
        }
        return true
    }

    /// Restores every row the artificial phase touched and re-indexes them.
    mutating func rollBack() {
        levels.markAllChangedWhole()
        let entries = journal.takeEntries()
        for entry in entries.reversed() {
            if let s = entry.owner.basic {
                rows[s.id] = entry.row
                isBasic[s.id] = entry.basic
            } else if let l = entry.owner.level {
                levels.objectives[l] = entry.row
            }
        }
        for entry in entries where entry.basic {
            columns.append(cellsOf: entry.row, owner: entry.owner)
        }
    }

    /// The row to pivot a nonbasic marker into, when removing its constraint: a row whose basic is a dummy (a
    /// redundant copy of a required equality), else kiwi's getMarkerLeavingRow; ties go to the lowest basic id.
    func markerLeavingRow(_ marker: Symbol) -> Symbol? {
        var r0: Symbol?, r1: Symbol?, r2: Symbol?, r3: Symbol?
        var best1 = Double.infinity, best2 = Double.infinity
        var cursor = columns.cursor(marker)
        while let owner = columns.next(&cursor) {
            guard let basic = owner.basic, basic.id < rows.count, isBasic[basic.id] else { continue }
            guard let c = rows[basic.id].coefficient(marker) else { continue }
            if kinds[basic.id] == .dummy {
                // A redundant copy of the equality (its row holds only dummies): it takes the equality over, and
                // every row keeps only dummies in place of the marker. Pivoting another row instead would leave
                // this dummy basic at a value other than 0, the copy broken.
                if basic.id < (r0?.id ?? Int.max) { r0 = basic }
            } else if kinds[basic.id] == .external {
                if basic.id < (r3?.id ?? Int.max) { r3 = basic }
            } else if c < 0 {
                let r = -rows[basic.id].constant / c
                if r < best1 || (r == best1 && basic.id < (r1?.id ?? Int.max)) { best1 = r; r1 = basic }
            } else {
                let r = rows[basic.id].constant / c
                if r < best2 || (r == best2 && basic.id < (r2?.id ?? Int.max)) { best2 = r; r2 = basic }
            }
        }
        return r0 ?? r1 ?? r2 ?? r3
    }
}
