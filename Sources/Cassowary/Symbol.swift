/// A symbol of the tableau (kiwi's Symbol): an external variable, a slack, an error or a dummy. Symbols are dense
/// ids in creation order: every per-symbol table is an array indexed by `id` (no hashing), and every pivot choice
/// compares ids (Bland's rule: the lowest wins), so no hash order reaches a choice.
struct Symbol: Hashable, Comparable, Sendable {
    let id: Int
    init(_ id: Int) { self.id = id }
    static func < (a: Symbol, b: Symbol) -> Bool { a.id < b.id }

    /// What a symbol stands for: a user's variable, a slack of an inequality, an error of an optional constraint
    /// (priced by its level's objective), or a dummy marking a required equality (fixed at 0, never entering).
    enum Kind: UInt8 { case external, slack, error, dummy }
}

/// The owner of a row that may hold a symbol: the row of a basic symbol, or the objective row of a priority level.
/// Stored as one word (a basic symbol's id, or −1 − level) so that column-index entries stay two words.
struct RowOwner: Equatable {
    let raw: Int
    static func basic(_ s: Symbol) -> RowOwner { RowOwner(raw: s.id) }
    static func objective(_ level: Int) -> RowOwner { RowOwner(raw: -1 - level) }
    /// The basic symbol whose row this is; nil for an objective.
    var basic: Symbol? { raw >= 0 ? Symbol(raw) : nil }
    /// The objective level; nil for a basic symbol's row.
    var level: Int? { raw < 0 ? -1 - raw : nil }
}
