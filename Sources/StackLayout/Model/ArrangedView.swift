/// One arranged item of a stack: a leaf view or a nested stack (SCENARIO-FORMAT.md, items).
public struct ArrangedView: Hashable, Sendable {
    /// What the item is.
    public enum Content: Hashable, Sendable {
        /// A leaf view with an intrinsic content size and optional text baselines.
        case view(LeafView)
        /// A nested stack view; it has no intrinsic size of its own (R-N-1).
        case stack(Stack)
    }

    /// Unique across the whole scenario, nested stacks included.
    public var id: String
    /// `isHidden`: a hidden view keeps its place in the list but takes no length along the axis (R-H-*).
    public var isHidden: Bool
    /// `setCustomSpacing(_:after:)`; `.useDefault` when nothing is set (R-SP-2).
    public var customSpacingAfter: Spacing
    /// `setContentHuggingPriority(_:for:)` per axis (250 by default).
    public var contentHuggingPriority: AxisPriorities
    /// `setContentCompressionResistancePriority(_:for:)` per axis (750 by default).
    public var compressionResistancePriority: AxisPriorities
    /// Constraints the scenario adds on this item (its width, height or aspect ratio).
    public var constraints: [UserConstraint]
    /// The leaf view or the nested stack.
    public var content: Content

    /// An item with every UIKit default unless given: visible, default spacing after it, priorities 250 and 750, no
    /// constraint.
    public init(id: String, content: Content, isHidden: Bool = false, customSpacingAfter: Spacing = .useDefault,
                contentHuggingPriority: AxisPriorities = .defaultHugging,
                compressionResistancePriority: AxisPriorities = .defaultCompressionResistance,
                constraints: [UserConstraint] = []) {
        self.id = id
        self.content = content
        self.isHidden = isHidden
        self.customSpacingAfter = customSpacingAfter
        self.contentHuggingPriority = contentHuggingPriority
        self.compressionResistancePriority = compressionResistancePriority
        self.constraints = constraints
    }

    /// A leaf view: `.view("label", width: 80, height: 21, firstBaseline: 17, lastBaseline: 17)`.
    /// Pass `nil` (or `UIViewMetric.noIntrinsicMetric`) for a dimension with no intrinsic size.
    public static func view(_ id: String, width: Double?, height: Double?,
                            firstBaseline: Double? = nil, lastBaseline: Double? = nil) -> ArrangedView {
        ArrangedView(id: id, content: .view(LeafView(
            intrinsicContentSize: IntrinsicContentSize(width: width, height: height),
            firstBaseline: firstBaseline, lastBaseline: lastBaseline)))
    }

    /// A text leaf (a `UILabel` in the box font, §2.7): its text replaces the intrinsic size and the baselines.
    public static func text(_ id: String, _ text: TextContent) -> ArrangedView {
        ArrangedView(id: id, content: .view(LeafView(text: text)))
    }

    /// A nested stack view.
    public static func stack(_ id: String, _ stack: Stack) -> ArrangedView {
        ArrangedView(id: id, content: .stack(stack))
    }

    /// The nested stack, if this item is one.
    public var stack: Stack? {
        if case .stack(let s) = content { return s }
        return nil
    }

    /// The leaf description, if this item is a leaf view.
    public var leaf: LeafView? {
        if case .view(let v) = content { return v }
        return nil
    }

    // Builder-style modifiers, so scenarios read like UIKit set-up code.
    /// The same item with `isHidden` set.
    public func hidden(_ isHidden: Bool = true) -> ArrangedView { var c = self; c.isHidden = isHidden; return c }
    /// The same item with a custom spacing after it.
    public func customSpacing(_ spacing: Spacing) -> ArrangedView { var c = self; c.customSpacingAfter = spacing; return c }
    /// The same item with a content hugging priority on `axis`.
    public func hugging(_ priority: LayoutPriority, for axis: Axis) -> ArrangedView {
        var c = self; c.contentHuggingPriority[axis] = priority; return c
    }
    /// The same item with a compression resistance priority on `axis`.
    public func compressionResistance(_ priority: LayoutPriority, for axis: Axis) -> ArrangedView {
        var c = self; c.compressionResistancePriority[axis] = priority; return c
    }
    /// The same item with one more constraint.
    public func constrained(_ constraint: UserConstraint) -> ArrangedView {
        var c = self; c.constraints.append(constraint); return c
    }
}

/// A leaf view's content: intrinsic size and baselines (offsets from its top; `nil` means the bottom edge,
/// a view with no text; §1 Baselines).
public struct LeafView: Hashable, Sendable {
    /// The view's natural size; a dimension may have none.
    public var intrinsicContentSize: IntrinsicContentSize
    /// The first text baseline, in points from the view's top (`nil`: the bottom edge).
    public var firstBaseline: Double?
    /// The last text baseline, in points from the view's top (`nil`: the bottom edge).
    public var lastBaseline: Double?
    /// A label's text (§2.7). When set, it replaces the three fields above: the engines lay the leaf out with the
    /// size and baselines its text has in each pass (`Scenario.textPass`), and a document carries only the text.
    public var text: TextContent?
    /// A leaf view; with no argument, one with no intrinsic size and no baseline.
    public init(intrinsicContentSize: IntrinsicContentSize = .none, firstBaseline: Double? = nil,
                lastBaseline: Double? = nil, text: TextContent? = nil) {
        self.intrinsicContentSize = intrinsicContentSize
        self.firstBaseline = firstBaseline
        self.lastBaseline = lastBaseline
        self.text = text
    }

    /// Whether this leaf is a label that wraps (`numberOfLines ≠ 1`): R-TW-1 and R-TW-2 apply to it.
    var wrapsText: Bool { text?.wraps == true }
}
