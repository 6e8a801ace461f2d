/// The undo journal of the artificial phase (`Tableau.addWithArtificialVariable`): the first saved state of every
/// row the phase changes, so that a required constraint that cannot hold leaves the tableau exactly as it was
/// (R-SOLVE-5). Kiwi has no such journal: its failed add leaves the tableau pivoted, equivalent but not the same.
///
/// Invariant: while `isActive`, `entries` holds one entry per row changed since `begin`, in the order of their
/// first change; a row is saved once per phase (its stamp is the phase's generation).
struct Journal {
    struct Entry {
        var owner: RowOwner
        var row: Row
        /// Whether the symbol was basic (always true for an objective).
        var basic: Bool
    }

    private(set) var isActive = false
    private(set) var entries: [Entry] = []
    private var generation = 0
    /// The generation that last saved each symbol's row, and each level's objective. Grown on use: only symbols
    /// and levels a phase touches need a stamp.
    private var symbolStamp: [Int] = []
    private var objectiveStamp: [Int] = []

    mutating func begin() {
        isActive = true
        generation += 1
        entries.removeAll(keepingCapacity: true)
    }

    mutating func end() {
        isActive = false
        entries.removeAll(keepingCapacity: true)
    }

    /// True the first time this phase changes `owner`'s row: its state must be saved (`save`).
    mutating func isFirstChange(of owner: RowOwner) -> Bool {
        if let s = owner.basic { return Self.stamp(&symbolStamp, s.id, generation) }
        if let l = owner.level { return Self.stamp(&objectiveStamp, l, generation) }
        return false
    }

    mutating func save(_ owner: RowOwner, _ row: Row, basic: Bool) {
        entries.append(Entry(owner: owner, row: row, basic: basic))
    }

    /// Ends the phase and hands over its entries, for a rollback.
    mutating func takeEntries() -> [Entry] {
        let taken = entries
        entries.removeAll()
        isActive = false
        return taken
    }

    /// As new, keeping the storage.
    mutating func empty() {
        end()
        generation = 0
        symbolStamp.removeAll(keepingCapacity: true)
        objectiveStamp.removeAll(keepingCapacity: true)
    }

    /// Stamps `stamps[i]` with `generation`; false when it already was.
    private static func stamp(_ stamps: inout [Int], _ i: Int, _ generation: Int) -> Bool {
        if i >= stamps.count { stamps += repeatElement(0, count: i + 1 - stamps.count) }
        guard stamps[i] != generation else { return false }
        stamps[i] = generation
        return true
    }
}
