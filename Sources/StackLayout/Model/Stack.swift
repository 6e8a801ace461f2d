/// A stack view's properties and arranged subviews, as a value (SCENARIO-FORMAT.md, `stack`).
/// For the mutable view tree with `addArrangedSubview` and friends, see `StackView`.
public struct Stack: Hashable, Sendable {
    /// `axis`: the direction the arranged views follow.
    public var axis: Axis
    /// `distribution`: how the views share the length along the axis.
    public var distribution: Distribution
    /// `alignment`: how the views sit across the axis.
    public var alignment: Alignment
    /// `spacing`; `.useDefault` means 0 and `.system` means system spacing (R-SP-4).
    public var spacing: Spacing
    /// `isBaselineRelativeArrangement`: in a vertical stack, spacing measured between baselines.
    public var isBaselineRelativeArrangement: Bool
    /// `isLayoutMarginsRelativeArrangement`: the views are laid out inside `layoutMargins`.
    public var isLayoutMarginsRelativeArrangement: Bool
    /// `directionalLayoutMargins`, used when `isLayoutMarginsRelativeArrangement` is set.
    public var layoutMargins: DirectionalEdgeInsets
    /// `arrangedSubviews`, in order (leading to trailing, or top to bottom).
    public var arrangedSubviews: [ArrangedView]

    /// A stack with UIKit's defaults unless given: horizontal, fill, fill, spacing 0, margins of 8.
    public init(axis: Axis = .horizontal, distribution: Distribution = .fill, alignment: Alignment = .fill,
                spacing: Spacing = 0, isBaselineRelativeArrangement: Bool = false,
                isLayoutMarginsRelativeArrangement: Bool = false,
                layoutMargins: DirectionalEdgeInsets = .defaultMargins,
                arrangedSubviews: [ArrangedView] = []) {
        self.axis = axis
        self.distribution = distribution
        self.alignment = alignment
        self.spacing = spacing
        self.isBaselineRelativeArrangement = isBaselineRelativeArrangement
        self.isLayoutMarginsRelativeArrangement = isLayoutMarginsRelativeArrangement
        self.layoutMargins = layoutMargins
        self.arrangedSubviews = arrangedSubviews
    }
}

/// What fixes the root stack's size from outside: a number is a required constraint; `nil` adds none.
public struct Container: Hashable, Sendable {
    /// The container's fixed width, or `nil` for none.
    public var width: Double?
    /// The container's fixed height, or `nil` for none.
    public var height: Double?
    /// A container fixing the given dimensions.
    public init(width: Double? = nil, height: Double? = nil) {
        self.width = width
        self.height = height
    }
    /// The fixed dimension along `axis`.
    public subscript(axis: Axis) -> Double? {
        get { axis == .horizontal ? width : height }
        set { if axis == .horizontal { width = newValue } else { height = newValue } }
    }
    /// A container that fixes nothing: the stack takes its fitting size.
    public static let free = Container()
}

/// One stack view to lay out (SCENARIO-FORMAT.md, "Scenario").
public struct Scenario: Hashable, Sendable {
    /// The `format` of a scenario document without text (version 1, which every reader since the first accepts).
    public static let formatIdentifier = "stackcheck.scenario/1"
    /// The `format` of a scenario document with a text leaf (version 2): a version-1 reader ignored `text` and read
    /// such a leaf as a view with no intrinsic size, so these documents say they need a newer reader.
    public static let textFormatIdentifier = "stackcheck.scenario/2"
    /// The versions this reader accepts; either may contain text.
    public static let readableFormats = [formatIdentifier, textFormatIdentifier]

    /// An optional name for people (reports, fixtures).
    public var name: String?
    /// What fixes the root stack's size.
    public var container: Container
    /// Pixels per point for rounding (R-PX-*); `nil` means exact frames.
    public var scale: Double?
    /// The layout direction: `leading` and `trailing` follow it.
    public var layoutDirection: LayoutDirection
    /// The root stack.
    public var stack: Stack

    /// A scenario laying out `stack`, with no container constraint, no rounding and left-to-right unless given.
    public init(name: String? = nil, container: Container = .free, scale: Double? = nil,
                layoutDirection: LayoutDirection = .leftToRight, stack: Stack) {
        self.name = name
        self.container = container
        self.scale = scale
        self.layoutDirection = layoutDirection
        self.stack = stack
    }
}
