/// For each symbol, the owners of the rows that may hold it (a superset: entries go stale when a cell cancels or a
/// row leaves the basis, and may repeat; every use checks the row). It makes substitution and the ratio test touch
/// only the rows that hold a symbol, not every row. All lists live in one pool (singly linked, newest first): no
/// allocation per symbol or per entry.
struct ColumnIndex: ~Copyable {
    struct Entry { var next: Int; var owner: RowOwner }
    private(set) var head: [Int] = []
    /// Entries per symbol (stale ones included): the Markowitz count.
    private(set) var count: [Int] = []
    /// The pool: `entries[0..<used]` are the entries; past `used`, slots kept for reuse (so that appending a row's
    /// entries writes into place, with no per-call fill of new slots).
    private(set) var entries: [Entry] = []
    private(set) var used = 0

    mutating func addSymbol() { head.append(-1); count.append(0) }
    mutating func removeLast(_ n: Int) { head.removeLast(n); count.removeLast(n) }
    mutating func reserve(_ n: Int) { head.reserveCapacity(n); count.reserveCapacity(n) }
    mutating func append(_ symbol: Symbol, _ owner: RowOwner) {
        let entry = Entry(next: head[symbol.id], owner: owner)
        if used < entries.count { entries[used] = entry } else { entries.append(entry) }
        head[symbol.id] = used
        used += 1
        count[symbol.id] += 1
    }

    /// Makes room for `n` more entries past `used`, doubling the pool when it grows.
    private mutating func ensureSlots(_ n: Int) {
        guard used + n > entries.count else { return }
        let grow = max(used + n - entries.count, entries.count)
        entries.append(contentsOf: repeatElement(Entry(next: -1, owner: .objective(0)), count: grow))
    }

    /// Every key of a row, under one owner; the same entries as `append` key by key. Through buffer pointers:
    /// a stack's position rows hold a cell per view, so indexing them is a hot loop of a large layout.
    mutating func append(cellsOf row: Row, owner: RowOwner) {
        row.cells.withUnsafeBufferPointer { cells in append(cells, owner) { $0.symbol } }
    }

    /// `append(_:_:)` for each symbol in turn (a merge's new symbols).
    mutating func append(_ symbols: UnsafeBufferPointer<Symbol>, _ owner: RowOwner) {
        append(symbols, owner) { $0 }
    }

    /// `append(_:_:)` for the symbol of each item in turn, writing the pool, heads and counts through buffer pointers.
    @inline(__always)
    private mutating func append<T>(_ items: UnsafeBufferPointer<T>, _ owner: RowOwner, _ symbol: (T) -> Symbol) {
        ensureSlots(items.count)
        var pool: [Entry] = [], heads: [Int] = [], counts: [Int] = []
        swap(&pool, &entries); swap(&heads, &head); swap(&counts, &count)
        defer { swap(&pool, &entries); swap(&heads, &head); swap(&counts, &count) }
        var position = used
        pool.withUnsafeMutableBufferPointer { pool in
            heads.withUnsafeMutableBufferPointer { heads in
                counts.withUnsafeMutableBufferPointer { counts in
                    for item in items {
                        let k = symbol(item)
                        pool[position] = Entry(next: heads[k.id], owner: owner)
                        heads[k.id] = position
                        counts[k.id] += 1
                        position += 1
                    }
                }
            }
        }
        used = position
    }

    /// A position in one symbol's list. Walk it with `next(_:)`, which reads the pool afresh at each step, so the
    /// walk may append to the index meanwhile (appended entries are not visited) without copying the pool.
    struct Cursor { fileprivate var position: Int }

    /// Empties a symbol's list and returns a cursor on its former entries (stale ones included), newest first.
    mutating func take(_ symbol: Symbol) -> Cursor {
        let first = head[symbol.id]
        head[symbol.id] = -1
        count[symbol.id] = 0
        return Cursor(position: first)
    }

    /// A cursor on a symbol's entries, without emptying its list.
    func cursor(_ symbol: Symbol) -> Cursor { Cursor(position: head[symbol.id]) }

    /// The owner at the cursor, moving it on; nil at the end of the list.
    func next(_ cursor: inout Cursor) -> RowOwner? {
        guard cursor.position >= 0 else { return nil }
        let entry = entries[cursor.position]
        cursor.position = entry.next
        return entry.owner
    }

    /// No symbols and no entries, keeping the storage.
    mutating func empty() {
        head.removeAll(keepingCapacity: true)
        count.removeAll(keepingCapacity: true)
        used = 0
    }

    mutating func removeAll() {
        for i in head.indices { head[i] = -1; count[i] = 0 }
        used = 0
    }

    var poolSize: Int { used }
}
