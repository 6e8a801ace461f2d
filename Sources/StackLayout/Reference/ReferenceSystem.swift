/// The linear system the reference engine hands to the solver: UIKit's constraints (`UISVGenerator`) turned into
/// linear (in)equalities over four variables per item (min x, min y, width, height in root coordinates, left to
/// right), plus the project's final lexicographic levels below every UIKit priority (R-T-1, R-H-2, R-T-2/R-F-3,
/// R-T-8), which are part of the objective, not UISV constraints.
struct ReferenceSystem {
    /// A solver variable: one component of one item's frame.
    ///
    /// `slot` is the item's position in `items` (its variables are slots `4·slot …`), so that the solver finds a
    /// variable by index, not by hashing the item's Strings (that was the largest lookup of a small layout). It is
    /// not part of the key's identity: the same item has another slot in another system (the session diffs rows
    /// of two systems), and equality and hashing ignore it.
    struct VariableKey: Hashable, Sendable {
        enum Component: UInt8, Sendable { case x, y, width, height }
        let item: UISVItem
        let component: Component
        let slot: Int32

        init(item: UISVItem, component: Component, slot: Int32) {
            self.item = item
            self.component = component
            self.slot = slot
        }
        /// The variable's index among the system's variables.
        var index: Int { 4 * Int(slot) + Int(component.rawValue) }

        static func == (a: VariableKey, b: VariableKey) -> Bool { a.component == b.component && a.item == b.item }
        func hash(into hasher: inout Hasher) {
            hasher.combine(item)
            hasher.combine(component)
        }
    }

    struct Term: Hashable, Sendable {
        let variable: VariableKey
        let coefficient: Double
    }

    /// `Σ terms + constant REL 0` at `priority`. Hashable as a whole: the layout session diffs by this key.
    struct Row: Hashable, Sendable {
        var terms: [Term]
        var constant: Double
        var relation: UserConstraint.Relation
        var priority: Double
        /// The UIKit constraint this row implements; `nil` for the project's tie-break levels and the root pin.
        var source: UISVConstraint?
        /// R-T-7 class; tie-breaks are `.tieBreak`, the root pin `.guideDefinition`.
        var role: UISVConstraintRole
    }

    var rows: [Row] = []
    var diagnostics: [String] = []
    /// Every item with variables, root first, then the arranged items in pre-order, then guides by first use.
    var items: [UISVItem] = []
    /// Each item's position in `items` (`VariableKey.slot`).
    var slotOfItem: [UISVItem: Int32] = [:]
    let index: ScenarioIndex

    /// A nested stack's fitting height, for R-BL-5's "tallest" (computed by laying the stack out alone), by the
    /// id of the item that holds it.
    typealias FittingHeight = (_ id: String, _ stack: Stack) -> Double

    /// `includeTieLevels: false` leaves out the R-T-1 levels (only to measure their cost).
    /// `computeRootBaselines: false` skips the root baselines (a fitting-height solve does not need them, and
    /// skipping them keeps nested fitting solves from recursing once per nesting level).
    init(_ scenario: Scenario, includeTieLevels: Bool = true, computeRootBaselines: Bool = true,
         fittingHeight: @escaping FittingHeight) {
        // The objective order of R-T-8: UIKit's priorities, then R-T-1, R-H-2, R-T-2/R-F-3 and R-T-8's own levels.
        var b = ReferenceSystemBuilder(scenario, fittingHeight: fittingHeight)
        b.addRootPin()
        b.addUISVRows()
        if includeTieLevels { b.addItemTieLevels() }
        b.addHiddenPlacement()
        b.addAllHiddenPlacement()
        b.addFinalLevels()
        if computeRootBaselines {
            rootBaselines = (b.baseline(of: .root, last: false), b.baseline(of: .root, last: true))
        }
        b.numberLevels()
        rows = b.rows
        diagnostics = b.generator.diagnostics
        items = b.items
        slotOfItem = b.slotOfItem
        index = b.index
    }

    /// The root stack's first and last baseline expressions (root coordinates; the root sits at y = 0).
    var rootBaselines: (first: Expr, last: Expr) = (Expr([]), Expr([]))

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

    static func hasRepeatedVariable(_ terms: [Term]) -> Bool {
        for i in terms.indices {
            for j in 0..<i where terms[j].variable.component == terms[i].variable.component
                && terms[j].variable.item == terms[i].variable.item {
                return true
            }
        }
        return false
    }

    static func makeRow(_ terms: [Term], constant: Double, _ relation: UserConstraint.Relation, priority: Double,
                        source: UISVConstraint?, role: UISVConstraintRole) -> Row {
        // Most rows name each variable once, with no zero coefficient: they are their terms.
        if !terms.contains(where: { $0.coefficient == 0 }) && !hasRepeatedVariable(terms) {
            return Row(terms: terms, constant: constant, relation: relation, priority: priority, source: source,
                       role: role)
        }
        var merged: [Term] = []
        merged.reserveCapacity(terms.count)
        for t in terms {
            // Components first: most terms of a row differ there, and comparing them spares a String comparison.
            var at = -1
            for i in merged.indices where merged[i].variable.component == t.variable.component
                && merged[i].variable.item == t.variable.item {
                at = i
                break
            }
            if at >= 0 {
                merged[at] = Term(variable: t.variable, coefficient: merged[at].coefficient + t.coefficient)
            } else {
                merged.append(t)
            }
        }
        if merged.contains(where: { $0.coefficient == 0 }) { merged.removeAll { $0.coefficient == 0 } }
        return Row(terms: merged, constant: constant, relation: relation, priority: priority, source: source,
                   role: role)
    }
}
