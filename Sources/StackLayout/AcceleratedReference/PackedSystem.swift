/// The oracle's system (`ReferenceSystem`: the same rows, in the same order, to the bit) packed for the accelerated
/// reference and the layout session: items as small integers (`ItemKey`), variables by index, every row's terms in
/// one shared array, a row's UIKit constraint by index (−1: none). Building it allocates nothing per row and hashes
/// no String, which would dominate building a small system. `AcceleratedReferenceTests` hold the layouts solved
/// from it to the oracle's.
struct PackedSystem {
    /// A solver variable's identity across systems: one component of one item's frame. Only the layout session
    /// uses it (its successive systems number their items differently); rows name variables by index.
    struct VariableKey: Hashable, Sendable {
        enum Component: UInt8, Sendable { case x, y, width, height }
        let item: UISVItem
        let component: Component
    }

    /// `coefficient × variable`, the variable by its index among the system's variables (`4·slot + component`,
    /// `slot` the item's position in `items`). Plain values: a row copies without retaining a String (naming
    /// variables by item would make copying and hashing rows the main cost of building a small system).
    struct Term: Hashable, Sendable {
        let variable: Int32
        let coefficient: Double
        init(variable: Int32, coefficient: Double) {
            self.variable = variable
            self.coefficient = coefficient
        }
    }

    /// The index of an item's component among the system's variables.
    static func variable(slot: Int32, _ component: VariableKey.Component) -> Int32 {
        4 * slot + Int32(component.rawValue)
    }

    /// `Σ terms + constant REL 0` at `priority`, its terms `terms[termStart ..< termStart + termCount]` of the
    /// system (one array for every row: a row is plain values, and building a system allocates no array per row).
    struct Row: Sendable {
        var termStart: Int32
        var termCount: Int32
        var constant: Double
        var relation: UserConstraint.Relation
        var priority: Double
        /// The UIKit constraint this row implements, by index in `sources`; −1 for the project's tie-break levels
        /// and the root pin.
        var source: Int32
        /// R-T-7 class; tie-breaks are `.tieBreak`, the root pin `.guideDefinition`.
        var role: UISVConstraintRole
    }

    /// A row as a value that means the same in every system (variables by item, the source by value): the layout
    /// session diffs two systems' rows by it.
    struct RowKey: Hashable, Sendable {
        struct KeyTerm: Hashable, Sendable { let variable: VariableKey; let coefficient: Double }
        let terms: [KeyTerm]
        let constant: Double
        let relation: UserConstraint.Relation
        let priority: Double
        let source: UISVConstraint?
        let role: UISVConstraintRole

        /// Everything but the source, which the terms, constant, relation, priority and role nearly always tell
        /// apart already, so a session's update does not hash its item names and attributes again.
        func hash(into hasher: inout Hasher) {
            hasher.combine(terms)
            hasher.combine(constant)
            hasher.combine(relation)
            hasher.combine(priority)
            hasher.combine(role)
        }
    }

    var rows: [Row] = []
    /// Every row's terms, row after row (`Row.termStart`).
    var terms: [Term] = []
    /// UIKit's constraints (`UISVGenerator.constraints`), which rows name by index.
    var sources: [UISVConstraint] = []
    var diagnostics: [String] = []
    /// Every item with variables, root first, then the arranged items in pre-order, then guides by first use.
    var items: [UISVItem] = []
    /// Each item's position in `items` (its slot) by `ItemKey.code` (−1: no variables), and the keys' numbering.
    var slotOfKey: [Int32] = []
    let keys: ItemKeySpace
    let index: ScenarioIndex
    /// Every item with variables as the builder keys it, in slot order (parallel to `items`).
    var itemKeys: [ItemKey] = []
    /// The root stack's axis.
    let rootAxis: Axis

    typealias FittingHeight = ReferenceSystem.FittingHeight

    /// `includeTieLevels: false` leaves out the R-T-1 levels (only to measure their cost, and in tests of what
    /// catches their absence). The root's baselines add no row (`ExactLayout.completeRootBaselines`).
    init(_ scenario: Scenario, includeTieLevels: Bool = true, fittingHeight: @escaping FittingHeight) {
        // The objective order of R-T-8: UIKit's priorities, then R-T-1, R-H-2, R-T-2/R-F-3 and R-T-8's own levels.
        var b = PackedSystemBuilder(scenario, fittingHeight: fittingHeight)
        b.addRootPin()
        b.addUISVRows()
        if includeTieLevels { b.addItemTieLevels() }
        b.addHiddenPlacement()
        b.addAllHiddenPlacement()
        b.addFinalLevels()
        b.numberLevels()
        rows = b.rows
        terms = b.terms
        sources = b.generator.constraints
        diagnostics = b.generator.diagnostics
        items = b.itemKeys.map { b.keys.item($0, b.index) }
        itemKeys = b.itemKeys
        rootAxis = scenario.stack.axis
        slotOfKey = b.slotOfKey
        keys = b.keys
        index = b.index
    }

    /// Whether `other` has the same rows, to the bit, over the same items, with the same diagnostics: then a solve of
    /// either gives the other's frames, sizes and diagnostics (the solve reads nothing else), except for the lines
    /// of a broken constraint, which name sources this does not compare.
    func hasSameRows(as other: PackedSystem) -> Bool {
        guard rows.count == other.rows.count, terms.count == other.terms.count, items == other.items,
              diagnostics == other.diagnostics else { return false }
        for (a, b) in zip(rows, other.rows) {
            guard a.termStart == b.termStart, a.termCount == b.termCount, a.relation == b.relation, a.role == b.role,
                  a.source == b.source, a.constant.bitPattern == b.constant.bitPattern,
                  a.priority.bitPattern == b.priority.bitPattern else { return false }
        }
        for (a, b) in zip(terms, other.terms) {
            guard a.variable == b.variable, a.coefficient.bitPattern == b.coefficient.bitPattern else { return false }
        }
        return true
    }

    /// An item's slot, −1 when it has no variables.
    func slot(of item: ItemKey) -> Int32 { slotOfKey[Int(item.code)] }

    /// The item and component of a variable index.
    func key(_ variable: Int32) -> VariableKey {
        VariableKey(item: items[Int(variable >> 2)], component: VariableKey.Component(rawValue: UInt8(variable & 3))!)
    }

    /// A row's terms.
    func terms(of row: Row) -> ArraySlice<Term> {
        terms[Int(row.termStart)..<Int(row.termStart + row.termCount)]
    }

    /// The UIKit constraint a row implements (nil for the project's levels and the root pin).
    func source(of row: Row) -> UISVConstraint? { row.source >= 0 ? sources[Int(row.source)] : nil }

    func key(of row: Row) -> RowKey {
        RowKey(terms: terms(of: row).map { .init(variable: key($0.variable), coefficient: $0.coefficient) },
               constant: row.constant, relation: row.relation, priority: row.priority, source: source(of: row),
               role: row.role)
    }

    /// A linear expression over item variables.
    struct Expr {
        var terms: [Term]
        var constant: Double
        init(_ terms: [Term]) { self.terms = terms; constant = 0 }
        init(terms: [Term], constant: Double) { self.terms = terms; self.constant = constant }
        func scaled(_ k: Double) -> Expr {
            Expr(terms: terms.map { Term(variable: $0.variable, coefficient: $0.coefficient * k) }, constant: constant * k)
        }
        static func + (a: Expr, b: Expr) -> Expr { Expr(terms: a.terms + b.terms, constant: a.constant + b.constant) }
    }

    static func hasRepeatedVariable(_ terms: [Term]) -> Bool { hasRepeatedVariable(terms[...]) }

    static func hasRepeatedVariable(_ terms: ArraySlice<Term>) -> Bool {
        for i in terms.indices {
            for j in terms.startIndex..<i where terms[j].variable == terms[i].variable { return true }
        }
        return false
    }

    /// A row of `terms` (a variable named twice merged, zero coefficients dropped), its terms appended to `flat`.
    static func makeRow(_ terms: [Term], into flat: inout [Term], constant: Double,
                        _ relation: UserConstraint.Relation, priority: Double, source: Int32,
                        role: UISVConstraintRole) -> Row {
        let start = flat.count
        flat.append(contentsOf: terms)
        return makeRow(termsFrom: start, in: &flat, constant: constant, relation, priority: priority, source: source,
                       role: role)
    }

    /// The row of the terms appended to `flat` from `start` on, merged in place (a variable named twice summed
    /// into its first term, in order; then zero coefficients dropped). Builders append a row's terms straight to
    /// the system's array rather than copying them there from a buffer.
    static func makeRow(termsFrom start: Int, in flat: inout [Term], constant: Double,
                        _ relation: UserConstraint.Relation, priority: Double, source: Int32,
                        role: UISVConstraintRole) -> Row {
        // Most rows name each variable once, with no zero coefficient: they are their terms.
        if flat[start...].contains(where: { $0.coefficient == 0 }) || hasRepeatedVariable(flat[start...]) {
            var end = start
            for i in start..<flat.count {
                let t = flat[i]
                if let at = flat[start..<end].firstIndex(where: { $0.variable == t.variable }) {
                    flat[at] = Term(variable: t.variable, coefficient: flat[at].coefficient + t.coefficient)
                } else {
                    flat[end] = t
                    end += 1
                }
            }
            flat.removeLast(flat.count - end)
            var kept = start
            for i in start..<flat.count where flat[i].coefficient != 0 {
                flat[kept] = flat[i]
                kept += 1
            }
            flat.removeLast(flat.count - kept)
        }
        return Row(termStart: Int32(start), termCount: Int32(flat.count - start), constant: constant,
                   relation: relation, priority: priority, source: source, role: role)
    }
}
