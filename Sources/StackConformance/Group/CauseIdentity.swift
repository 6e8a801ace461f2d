import StackLayout

/// What makes two failures one cause: the same constraint role broken the same way.
///
/// The role is the headline constraint's identifier and the attributes it ties, read along or across the axis of
/// the stack that owns it (`stack.along.start == view.along.start`: the leading canvas connection, whatever the
/// axis); the way is the residual's explanation in the scenario's terms, with its sign (`−margin across.start`).
/// Neither depends on the distribution, alignment, axis or nesting of the case, nor on a number that shrinking
/// moves, so one bug keeps one identity from case to case. Failures whose diagnosis names no constraint are keyed
/// by what it does name (a tie rule, rounding, a layout that cannot be imposed), and failures it cannot diagnose at
/// all by the check's clause.
public struct CauseIdentity: Hashable, Sendable {
    /// The constraint family (`UISV-canvas-connection`, `priority 250: content hugging`), or the rule the
    /// diagnosis names (`R-T-1`, `R-PX-2`), or `unusable`, or `check` for an undiagnosed failure.
    public var family: String
    /// The role in the owning stack's axis-relative terms; "" where the family says it all.
    public var role: String
    /// The residual's explanation key with its sign (`ResidualExplanation.key`); "" where there is no residual.
    public var explanation: String

    /// An identity from its parts.
    public init(family: String, role: String = "", explanation: String = "") {
        self.family = family
        self.role = role
        self.explanation = explanation
    }

    /// The identity as one string, for PropertyCheck's failure identity and for expectations files.
    public var key: String { [family, role, explanation].filter { !$0.isEmpty }.joined(separator: " | ") }

    /// The identity of a broken constraint with its residual explained. An error the engine's rounding explains
    /// is one cause whatever constraint shows it, even where the fraction also equals a quantity of the case (half
    /// a spacing of 1, a view's fractional offset): on an engine that puts the items at whole points and a case
    /// where UIKit does not, the rounding is there for sure and the equal quantity may be chance.
    static func of(_ c: DiagnosedConstraint, family: String, explanation: ResidualExplanation,
                   in scenario: Scenario) -> CauseIdentity {
        if explanation.keys.contains(ResidualExplanation.roundingKey) { return CauseIdentity(family: ResidualExplanation.roundingKey) }
        return CauseIdentity(family: family, role: role(c.constraint, in: scenario), explanation: explanation.key)
    }

    /// `stack.along.start == view.along.start`: the constraint with its items by kind and its attributes by
    /// direction relative to the owning stack's axis.
    static func role(_ c: UISVConstraint, in scenario: Scenario) -> String {
        let owner = OwningStack.find(c, in: scenario)
        let axis = owner.stack.axis
        // The stack that arranges the other item, and its margins guide, are both its canvas (R-M-1).
        func kind(_ item: UISVItem) -> String {
            if case .marginsGuide = item { return "canvas" }
            if item == (owner.id.map(UISVItem.view) ?? .root) { return "canvas" }
            return Self.kind(item, scenario)
        }
        var text = "\(kind(c.firstItem)).\(relative(c.firstAttribute, axis)) \(c.relation.rawValue)"
        if let second = c.secondItem, let attribute = c.secondAttribute {
            text += " \(c.multiplier == 1 ? "" : "k×")\(kind(second)).\(relative(attribute, axis))"
        } else {
            text += " constant"
        }
        return text
    }

    /// An item by kind: `stack` (the root), `view` (any arranged item, a nested stack included: its parent arranges
    /// it as it arranges a leaf, so a bug in the parent breaks the same role whichever it is), or the guide.
    static func kind(_ item: UISVItem, _ scenario: Scenario) -> String {
        switch item {
        case .root: return "stack"
        case .view: return "view"
        case .marginsGuide: return "layoutMarginsGuide"
        case .alignmentSpanner: return "alignment-spanner"
        case .orderingSpanner: return "ordering-spanner"
        case .gap: return "gap-guide"
        }
    }

    /// An attribute along or across `axis`: `along.start`, `across.length`, `baseline.first`.
    static func relative(_ a: UISVAttribute, _ axis: Axis) -> String {
        let horizontal = axis == .horizontal
        switch a {
        case .leading: return horizontal ? "along.start" : "across.start"
        case .trailing: return horizontal ? "along.end" : "across.end"
        case .centerX: return horizontal ? "along.centre" : "across.centre"
        case .width: return horizontal ? "along.length" : "across.length"
        case .top: return horizontal ? "across.start" : "along.start"
        case .bottom: return horizontal ? "across.end" : "along.end"
        case .centerY: return horizontal ? "across.centre" : "along.centre"
        case .height: return horizontal ? "across.length" : "along.length"
        case .firstBaseline: return "baseline.first"
        case .lastBaseline: return "baseline.last"
        }
    }
}
