/// The linear system the reference engine hands to the solver: UIKit's constraints (`UISVGenerator`) turned into
/// linear (in)equalities over four variables per item (min x, min y, width, height in root coordinates, left to
/// right), plus the project's final lexicographic levels below every UIKit priority (R-T-1, R-H-2, R-T-2/R-F-3,
/// R-T-8), which are part of the objective, not UISV constraints.
///
/// Plain data, as the spec reads: a variable names its item and component, a row is its list of terms (as kiwi's
/// `Row` maps each symbol to its coefficient, with the terms kept in the order the constraint names them, which
/// fixes the solver's symbol order), and a row's UIKit constraint is the constraint itself. The accelerated
/// reference packs the same system for speed (`PackedSystem`); a property holds it to this one.
struct ReferenceSystem {
    /// One component of one item's frame: a solver variable.
    struct VariableKey: Hashable, Sendable {
        enum Component: UInt8, Sendable, CaseIterable { case x, y, width, height }
        let item: IndexedItem
        let component: Component
        init(_ item: IndexedItem, _ component: Component) {
            self.item = item
            self.component = component
        }
    }

    /// `coefficient × variable`.
    struct Term: Sendable {
        let variable: VariableKey
        var coefficient: Double
        init(_ variable: VariableKey, _ coefficient: Double) {
            self.variable = variable
            self.coefficient = coefficient
        }
    }

    /// `Σ terms + constant REL 0` at `priority`. Each variable appears once, with a nonzero coefficient.
    struct Row: Sendable {
        var terms: [Term]
        var constant: Double
        var relation: UserConstraint.Relation
        var priority: Double
        /// The UIKit constraint this row implements; nil for the project's levels and the root pin.
        var source: UISVConstraint?
        /// R-T-7 class; the project's levels are `.tieBreak`, the root pin `.guideDefinition`.
        var role: UISVConstraintRole
        /// For a row of the project's levels: the level's ordinal (0 the highest) in `levelRules`.
        var level: Int?

        /// The row of `terms`, a variable named twice summed into its first term (in order), then the terms whose
        /// coefficient is zero dropped.
        init(merging terms: [Term], constant: Double, _ relation: UserConstraint.Relation, priority: Double,
             source: UISVConstraint?, role: UISVConstraintRole, level: Int? = nil) {
            var merged: [Term] = []
            for t in terms {
                if let at = merged.firstIndex(where: { $0.variable == t.variable }) {
                    merged[at].coefficient = merged[at].coefficient + t.coefficient
                } else {
                    merged.append(t)
                }
            }
            merged.removeAll { $0.coefficient == 0 }
            self.terms = merged
            self.constant = constant
            self.relation = relation
            self.priority = priority
            self.source = source
            self.role = role
            self.level = level
        }
    }

    /// A linear expression over item variables.
    struct Expression {
        var terms: [Term]
        var constant: Double
        init(_ terms: [Term], constant: Double = 0) {
            self.terms = terms
            self.constant = constant
        }
        func scaled(_ k: Double) -> Expression {
            Expression(terms.map { Term($0.variable, $0.coefficient * k) }, constant: constant * k)
        }
        static func + (a: Expression, b: Expression) -> Expression {
            Expression(a.terms + b.terms, constant: a.constant + b.constant)
        }
    }

    /// UIKit's rows in generation order, then the project's levels.
    var rows: [Row]
    /// The rule of each of the project's levels, by ordinal (`Row.level`), the highest first.
    var levelRules: [TieRule]
    /// The generator's diagnostics (ignored settings, invalid alignments).
    var diagnostics: [String]
    /// Every item with variables, in the order the rows first name it: the root, the arranged items in pre-order,
    /// then the guides.
    var items: [IndexedItem]
    let index: ScenarioIndex

    /// A nested stack's fitting height, for R-BL-5's "tallest" (computed by laying the stack out alone), by the
    /// id of the item that holds it.
    typealias FittingHeight = (_ id: String, _ stack: Stack) -> Double
    /// A UIKit constraint as another (its relation or constant changed), or nil to leave it out.
    typealias ConstraintEdit = (UISVConstraint) -> UISVConstraint?

    /// `includeTieLevels: false` leaves out the R-T-1 levels (only to measure their cost, and in tests of what
    /// catches their absence). The root stack's baselines add no row: they are read off the solution
    /// (`ExactLayout.completeRootBaselines`).
    ///
    /// `constraintEdit` rewrites or drops UIKit's constraints before they become rows: never for a verdict, only to
    /// test a hypothesis about an engine's bug (`ReferenceEngine.layout(_:editingConstraints:)`).
    init(_ scenario: Scenario, includeTieLevels: Bool = true, constraintEdit: ConstraintEdit? = nil,
         fittingHeight: @escaping FittingHeight) {
        // The objective order of R-T-8: UIKit's priorities, then R-T-1, R-H-2, R-T-2/R-F-3 and R-T-8's own levels.
        var b = ReferenceSystemBuilder(scenario, constraintEdit: constraintEdit, fittingHeight: fittingHeight)
        b.addRootPin()
        b.addUISVRows()
        if includeTieLevels { b.addItemTieLevels() }
        b.addHiddenPlacement()
        b.addAllHiddenPlacement()
        b.addFinalLevels()
        b.numberLevels()
        rows = b.rows
        levelRules = b.levelRules
        diagnostics = b.generator.diagnostics
        items = b.items
        index = b.index
    }
}
