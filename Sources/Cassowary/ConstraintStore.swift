/// The constraints a solver holds, by handle id, for `Solver.constraint(_:)` and conflict search: every term in one
/// array, each constraint a range of it. Not an array of `Constraint` values: those would keep each caller's terms
/// array alive, so a caller that reuses one buffer for every constraint it adds would copy it on each add.
struct ConstraintStore {
    private struct Entry {
        var termStart: Int
        var termCount: Int
        var constant: Double
        var relation: Relation
        var priority: Double
        var label: String
        var isPresent: Bool
    }
    private var entries: [Entry] = []
    private var terms: [(variable: Variable, coefficient: Double)] = []

    /// Handle ids issued so far (removed ones included).
    var count: Int { entries.count }

    mutating func append(_ c: Constraint) {
        entries.append(Entry(termStart: terms.count, termCount: c.terms.count, constant: c.constant,
                             relation: c.relation, priority: c.priority, label: c.label, isPresent: true))
        terms.append(contentsOf: c.terms)
    }

    /// The constraint with this handle id; nil when unknown or removed.
    subscript(id: Int) -> Constraint? {
        guard contains(id) else { return nil }
        let e = entries[id]
        return Constraint(Array(terms[e.termStart..<(e.termStart + e.termCount)]), constant: e.constant, e.relation,
                          priority: e.priority, label: e.label)
    }

    func contains(_ id: Int) -> Bool { id >= 0 && id < entries.count && entries[id].isPresent }

    func isRequired(_ id: Int) -> Bool { contains(id) && entries[id].priority >= 1000 }

    /// Forgets a constraint. Its terms are dropped when they are the last in the array (an edit constraint that
    /// `suggestValue` replaces again and again), else kept until `removeAll`.
    mutating func remove(_ id: Int) {
        guard contains(id) else { return }
        entries[id].isPresent = false
        let e = entries[id]
        if e.termStart + e.termCount == terms.count { terms.removeLast(e.termCount) }
        entries[id].termCount = 0
    }

    mutating func reserve(_ n: Int) {
        entries.reserveCapacity(entries.count + n)
        terms.reserveCapacity(terms.count + 3 * n)
    }

    mutating func removeAll(keepingCapacity: Bool) {
        entries.removeAll(keepingCapacity: keepingCapacity)
        terms.removeAll(keepingCapacity: keepingCapacity)
    }
}
