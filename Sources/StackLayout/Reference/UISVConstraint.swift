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
    case leading, trailing, top, bottom, width, height, centerX, centerY, firstBaseline, lastBaseline
}

/// The R-T-7 class of a constraint: required constraints are added class by class in this order.
public enum UISVConstraintRole: Int, Hashable, Sendable, Comparable {
    /// The margins guide's own definition (UIKit's `UIView-…Margin-guide-constraint`): never in conflict.
    case guideDefinition = 0
    /// UISV constraints other than canvas connections and hiding (§2.6's required cases included).
    case stackInternal = 1
    case hiding = 2
    case container = 3
    case canvasConnection = 4
    case contentSize = 5
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
    public var identifier: String
    public var firstItem: UISVItem
    public var firstAttribute: UISVAttribute
    public var relation: UserConstraint.Relation
    public var secondItem: UISVItem?
    public var secondAttribute: UISVAttribute?
    public var multiplier: Double
    public var constant: Double
    /// A UIKit priority in [1, 1000]; project tie-break constraints use (0, 1).
    public var priority: Double
    public var role: UISVConstraintRole

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

    public var isRequired: Bool { priority >= 1000 }
}
