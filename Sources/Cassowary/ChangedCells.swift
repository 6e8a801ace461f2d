/// Per priority level, the symbols whose cell of the level's objective row changed since the level was last
/// optimal (may repeat): what `Tableau.optimize` re-prices in a stale level. Only stale levels hold a list, and every
/// list is emptied when its level is re-optimised. All lists live in one pool (singly linked, newest first), as in
/// `ColumnIndex`: no array per level (a stack has a level per item and priority).
struct ChangedCells: ~Copyable {
    private var head: [Int] = []
    private var pool: [(symbol: Symbol, next: Int)] = []

    mutating func addLevel() { head.append(-1) }

    mutating func append(_ symbol: Symbol, level: Int) {
        pool.append((symbol, head[level]))
        head[level] = pool.count - 1
    }

    mutating func append(symbolsOf row: Row, level: Int) {
        for cell in row.cells { append(cell.symbol, level: level) }
    }

    mutating func clear(_ level: Int) { head[level] = -1 }

    /// Whether the level's list has no entry.
    func isEmpty(_ level: Int) -> Bool { head[level] < 0 }

    /// No levels and no entries, keeping the storage.
    mutating func empty() {
        head.removeAll(keepingCapacity: true)
        pool.removeAll(keepingCapacity: true)
    }

    /// Frees the pool for reuse; only once every list is cleared.
    mutating func reuseStorage() { pool.removeAll(keepingCapacity: true) }

    /// A position in one level's list; walk it with `next(_:)`. It remembers the entry it returned last, and the
    /// link that led there, so that `dropLast(_:)` can unlink that entry.
    struct Cursor {
        fileprivate var position: Int
        fileprivate var level: Int
        /// The entry `next` returned last (−1: none), and the entry before it (−1: the level's head).
        fileprivate var current = -1
        fileprivate var previous = -1
    }

    func cursor(_ level: Int) -> Cursor { Cursor(position: head[level], level: level) }

    /// The symbol at the cursor, moving it on; nil at the end of the list.
    func next(_ cursor: inout Cursor) -> Symbol? {
        guard cursor.position >= 0 else { return nil }
        if cursor.current >= 0 { cursor.previous = cursor.current }
        cursor.current = cursor.position
        let entry = pool[cursor.position]
        cursor.position = entry.next
        return entry.symbol
    }

    /// Unlinks the entry `next` returned last (a repeat of a symbol the walk already saw): later walks of the
    /// level skip it. The walk goes on from the entry after it.
    mutating func dropLast(_ cursor: inout Cursor) {
        guard cursor.current >= 0 else { return }
        let after = pool[cursor.current].next
        if cursor.previous >= 0 { pool[cursor.previous].next = after } else { head[cursor.level] = after }
        cursor.current = -1
    }
}
