/// An item that a generated constraint refers to: the root stack, an arranged item (leaf or nested stack, by id),
/// or one of UIKit's internal layout guides. Guides carry the id of the stack that owns them (`nil`: the root).
public enum UISVItem: Hashable, Sendable {
    /// The root stack view (printed `stack`).
    case root
    /// An arranged item at any depth, by id; a nested stack is the same item as the stack itself.
    case view(String)
    /// `layoutMarginsGuide` of a margins-relative stack (§2.1): the canvas.
    case marginsGuide(owner: String?)
    /// `UISV-alignment-spanner` (§2.1).
    case alignmentSpanner(owner: String?)
    /// `UISV-ordering-spanner` (§2.1), only in an all-hidden stack.
    case orderingSpanner(owner: String?)
    /// `UISV-distributing`: the gap guide between visible views `k` and `k + 1` (equal-* distributions).
    case gap(owner: String?, index: Int)

    /// The name printed in console lines; guides of a nested stack carry its id in parentheses.
    public var name: String {
        func owned(_ base: String, _ owner: String?) -> String { owner.map { "\(base)(\($0))" } ?? base }
        switch self {
        case .root: return "stack"
        case .view(let id): return id
        case .marginsGuide(let o): return owned("UIViewLayoutMarginsGuide", o)
        case .alignmentSpanner(let o): return owned("UISV-alignment-spanner", o)
        case .orderingSpanner(let o): return owned("UISV-ordering-spanner", o)
        case .gap(let o, let k): return owned("UISV-distributing[\(k)]", o)
        }
    }
}

/// `NSLayoutConstraint.Attribute`, the subset stacks use. Leading/trailing are solved as left/right (the engine
/// lays out left to right and mirrors afterwards, R-RTL-1).
public enum UISVAttribute: String, Hashable, Sendable, CaseIterable {
    /// The leading edge (left, before mirroring).
    case leading
    /// The trailing edge (right, before mirroring).
    case trailing
    /// The top edge.
    case top
    /// The bottom edge.
    case bottom
    /// The width.
    case width
    /// The height.
    case height
    /// The horizontal centre.
    case centerX
    /// The vertical centre.
    case centerY
    /// The first text baseline.
    case firstBaseline
    /// The last text baseline.
    case lastBaseline
}

/// The R-T-7 class of a constraint: required constraints are added class by class in this order.
public enum UISVConstraintRole: Int, Hashable, Sendable, Comparable {
    /// The margins guide's own definition (UIKit's `UIView-…Margin-guide-constraint`): never in conflict.
    case guideDefinition = 0
    /// UISV constraints other than canvas connections and hiding (§2.6's required cases included).
    case stackInternal = 1
    /// `UISV-hiding`: a hidden view's zero length.
    case hiding = 2
    /// The scenario's container size.
    case container = 3
    /// `UISV-canvas-connection`: the views to the canvas's edges.
    case canvasConnection = 4
    /// The leaves' content-size constraints (hugging and compression resistance).
    case contentSize = 5
    /// The scenario's user constraints.
    case user = 6
    /// Project levels below every UIKit priority (R-T-1, R-H-2, R-T-2, R-F-3, R-T-8); never printed.
    case tieBreak = 7

    public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
}

/// One constraint of UIKit's model: `first.attr REL multiplier × second.attr + constant @priority`
/// (`second` absent: `first.attr REL constant`). Identifiers are UIKit's (`UISV-…`); the non-UISV constraints use:
/// - `NSContentSizeLayoutConstraint-hugging` / `-compression`: a leaf's content size (`length <= c @h`,
///   `length >= c @r`, §1);
/// - `user`: a constraint of the scenario's item (§7);
/// - `UIView-leadingMargin-guide-constraint` (and top/trailing/bottom): the margins guide;
/// - `stackcheck-container-width` / `-height`: the scenario's container (required).
public struct UISVConstraint: Hashable, Sendable {
    /// UIKit's identifier (`UISV-spacing`, `UISV-canvas-connection`…) or one of the names above.
    public var identifier: String
    /// The item on the left-hand side.
    public var firstItem: UISVItem
    /// Its attribute.
    public var firstAttribute: UISVAttribute
    /// The relation between the two sides.
    public var relation: UserConstraint.Relation
    /// The item on the right-hand side, or `nil` for a constant.
    public var secondItem: UISVItem?
    /// Its attribute.
    public var secondAttribute: UISVAttribute?
    /// The factor on the right-hand side's attribute.
    public var multiplier: Double
    /// The constant on the right-hand side, in points.
    public var constant: Double
    /// A UIKit priority in [1, 1000]; project tie-break constraints use (0, 1).
    public var priority: Double
    /// The R-T-7 class the constraint belongs to.
    public var role: UISVConstraintRole

    /// A constraint from its parts, required and in the stack-internal class unless given.
    public init(_ identifier: String, _ firstItem: UISVItem, _ firstAttribute: UISVAttribute,
                _ relation: UserConstraint.Relation, _ secondItem: UISVItem?, _ secondAttribute: UISVAttribute?,
                multiplier: Double = 1, constant: Double = 0, priority: Double = 1000,
                role: UISVConstraintRole = .stackInternal) {
        self.identifier = identifier
        self.firstItem = firstItem
        self.firstAttribute = firstAttribute
        self.relation = relation
        self.secondItem = secondItem
        self.secondAttribute = secondAttribute
        self.multiplier = multiplier
        self.constant = constant
        self.priority = priority
        self.role = role
    }

    /// Whether the priority is 1000.
    public var isRequired: Bool { priority >= 1000 }
}
