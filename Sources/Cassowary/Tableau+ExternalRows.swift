// External rows (the user's variables). They are never a pivot's leaving row and never priced, so substitution
// skips them (in a stack they hold the positions, which chains of equalities make dense: updating them would
// dominate). A stale external row stays a true identity, with some basic symbols on its right; reading it walks
// the rows those symbols lead to.

/// The memoised reads of external rows, valid while their stamp is the tableau's `version`. A class, so that a
/// read (`Tableau.value(of:)`, `reachesOnlyFixed`) is a non-mutating query that may still fill the memo: it caches
/// what the rows say, and changes none of them, so no result depends on whether or when it was filled. `Tableau`
/// is noncopyable, so no two tableaux share one. Accesses are not checked at run time: every use is confined to
/// the solver's own calls.
final class ExternalRowReads {
    struct Entry {
        var valueStamp = 0
        var value = 0.0
        var fixedStamp = 0
        var fixed = false
    }

    /// By symbol id, for the symbols read so far (`ensure`): grown by reads, not by every new symbol.
    @exclusivity(unchecked) var entries: [Entry] = []
    /// The depth-first stack of a walk, kept between walks (so that a read allocates nothing).
    @exclusivity(unchecked) var stack: [Symbol] = []

    /// Makes room for symbols up to `count`.
    func ensure(_ count: Int) {
        guard entries.count < count else { return }
        entries.append(contentsOf: repeatElement(Entry(), count: count - entries.count))
    }

    /// Forgets the entries of symbols from `count` on (symbols taken back).
    func truncate(to count: Int) {
        if entries.count > count { entries.removeLast(entries.count - count) }
    }

    /// Forgets every read, keeping the storage (stamps must not outlive the tableau's versions).
    func empty() { entries.removeAll(keepingCapacity: true) }
}

extension Tableau {
    /// The variable's value: 0 when nonbasic; a restricted row's constant; an external row evaluated (it may be
    /// stale, see `refresh`), memoised until the tableau changes.
    @inline(__always)
    func value(of variable: Symbol) -> Double {
        guard isBasic[variable.id] else { return 0 }
        guard kinds[variable.id] == .external else { return rows[variable.id].constant }
        reads.ensure(kinds.count)
        if reads.entries[variable.id].valueStamp != version { walkExternalRows(.value, from: variable) }
        return reads.entries[variable.id].value
    }

    /// True when every nonbasic symbol `symbol`'s row reaches (through stale external rows) is fixed: the symbol
    /// is then fixed without expanding its row. Memoised until the tableau changes.
    @inline(__always)
    func reachesOnlyFixed(_ symbol: Symbol) -> Bool {
        guard isBasic[symbol.id] else { return isFixedNonbasic(symbol) }
        guard kinds[symbol.id] == .external else { return allFixedNonbasic(rows[symbol.id]) }
        reads.ensure(kinds.count)
        if reads.entries[symbol.id].fixedStamp != version { walkExternalRows(.fixed, from: symbol) }
        return reads.entries[symbol.id].fixed
    }

    /// A nonbasic symbol the optimum holds at 0 (a dummy, or blocked by some level).
    @inline(__always)
    func isFixedNonbasic(_ s: Symbol) -> Bool {
        if kinds[s.id] == .dummy { return true }
        return levels.isBlockedByAnyLevel(s)
    }

    /// True when every symbol of the row is a fixed nonbasic one.
    @inline(__always)
    func allFixedNonbasic(_ row: Row) -> Bool {
        for cell in row.cells where !isFixedNonbasic(cell.symbol) { return false }
        return true
    }

    /// Whether `s`'s row holds a basic symbol.
    @inline(__always)
    func holdsBasic(_ s: Symbol) -> Bool {
        for cell in rows[s.id].cells where isBasic[cell.symbol.id] { return true }
        return false
    }

    // MARK: Memoised reads

    /// What a read of external rows memoises for each row it reaches.
    enum ExternalRead {
        /// The row's value (`value(of:)`).
        case value
        /// Whether the row reaches only fixed nonbasic symbols (`reachesOnlyFixed`).
        case fixed
    }

    /// Reads the external rows reachable from `symbol`'s row that `read` has not yet memoised, each after every
    /// such row it holds: depth-first and iterative (the chains are as long as a stack). They form no cycle: a row
    /// refers only to symbols that became basic after it was last refreshed.
    @inline(__always)
    func walkExternalRows(_ read: ExternalRead, from symbol: Symbol) {
        // Most rows a walk starts from hold no pending row (the rows they hold were done first): no stack.
        guard holdsPending(read, symbol) else { visit(read, symbol); return }
        var stack: [Symbol] = []
        swap(&stack, &reads.stack)
        defer { stack.removeAll(keepingCapacity: true); swap(&stack, &reads.stack) }
        stack.append(symbol)
        while let s = stack.last {
            precondition(stack.count <= 4 * kinds.count + 4, "Tableau: cyclic external rows")
            var ready = true
            for cell in rows[s.id].cells where isExternalBasic(cell.symbol) {
                if isPending(read, cell.symbol) {
                    stack.append(cell.symbol)
                    ready = false
                }
            }
            guard ready else { continue }
            stack.removeLast()
            visit(read, s)
        }
    }

    /// Whether `s`'s row holds an external row `read` has not memoised.
    @inline(__always)
    func holdsPending(_ read: ExternalRead, _ s: Symbol) -> Bool {
        for cell in rows[s.id].cells where isExternalBasic(cell.symbol) {
            if isPending(read, cell.symbol) { return true }
        }
        return false
    }

    @inline(__always)
    func isPending(_ read: ExternalRead, _ k: Symbol) -> Bool {
        switch read {
        case .value: return reads.entries[k.id].valueStamp != version
        case .fixed: return reads.entries[k.id].fixedStamp != version
        }
    }

    /// Memoises `read` of `s`'s row, every external row it holds being done.
    @inline(__always)
    func visit(_ read: ExternalRead, _ s: Symbol) {
        switch read {
        case .value:
            let row = rows[s.id]
            var v = row.constant
            for cell in row.cells where isBasic[cell.symbol.id] {
                let k = cell.symbol
                v += cell.value * (kinds[k.id] == .external ? reads.entries[k.id].value : rows[k.id].constant)
            }
            reads.entries[s.id].value = v
            reads.entries[s.id].valueStamp = version
        case .fixed:
            var fixed = true
            for cell in rows[s.id].cells {
                let k = cell.symbol
                if !isBasic[k.id] { fixed = isFixedNonbasic(k) }
                else if kinds[k.id] == .external { fixed = reads.entries[k.id].fixed }
                else { fixed = allFixedNonbasic(rows[k.id]) }
                if !fixed { break }
            }
            reads.entries[s.id].fixed = fixed
            reads.entries[s.id].fixedStamp = version
        }
    }

    // MARK: Refreshing

    /// Brings the row of a basic external symbol up to date: replaces the basic symbols on its right by their
    /// rows, recursively (each external row it reaches refreshed first), and stores the result back.
    mutating func refresh(_ symbol: Symbol) {
        guard isExternalBasic(symbol), holdsBasic(symbol) else { return }
        // Most rows hold no external row that needs refreshing first: no stack.
        if !holdsStaleExternalRow(symbol) {
            rewriteWithoutBasics(symbol)
            return
        }
        var stack: [Symbol] = []
        swap(&stack, &reads.stack)
        defer { stack.removeAll(keepingCapacity: true); swap(&stack, &reads.stack) }
        stack.append(symbol)
        while let s = stack.last {
            precondition(stack.count <= 4 * kinds.count + 4, "Tableau: cyclic external rows")
            var ready = true
            for cell in rows[s.id].cells where isExternalBasic(cell.symbol) {
                if holdsBasic(cell.symbol) {
                    stack.append(cell.symbol)
                    ready = false
                }
            }
            guard ready else { continue }
            stack.removeLast()
            rewriteWithoutBasics(s)
        }
    }

    /// Whether `s`'s row holds an external row that holds a basic symbol.
    @inline(__always)
    func holdsStaleExternalRow(_ s: Symbol) -> Bool {
        for cell in rows[s.id].cells where isExternalBasic(cell.symbol) {
            if holdsBasic(cell.symbol) { return true }
        }
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
        var basics: [Row.Cell] = []
        swap(&basics, &buffers.rewrite)
        defer { basics.removeAll(keepingCapacity: true); swap(&basics, &buffers.rewrite) }
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
}
