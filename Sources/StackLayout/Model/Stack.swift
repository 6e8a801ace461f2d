/// A stack view's properties and arranged subviews, as a value (SCENARIO-FORMAT.md, `stack`).
/// For the mutable view tree with `addArrangedSubview` and friends, see `StackView`.
public struct Stack: Hashable, Sendable {
    public var axis: Axis
    public var distribution: Distribution
    public var alignment: Alignment
    /// `spacing`; `.useDefault` means 0 and `.system` means system spacing (R-SP-4).
    public var spacing: Spacing
    public var isBaselineRelativeArrangement: Bool
    public var isLayoutMarginsRelativeArrangement: Bool
    public var layoutMargins: DirectionalEdgeInsets
    public var arrangedSubviews: [ArrangedView]

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
    public var width: Double?
    public var height: Double?
    public init(width: Double? = nil, height: Double? = nil) {
        self.width = width
        self.height = height
    }
    public subscript(axis: Axis) -> Double? {
        get { axis == .horizontal ? width : height }
        set { if axis == .horizontal { width = newValue } else { height = newValue } }
    }
    public static let free = Container()
}

/// One stack view to lay out (SCENARIO-FORMAT.md, "Scenario").
public struct Scenario: Hashable, Sendable {
    public static let formatIdentifier = "stackcheck.scenario/1"

    public var name: String?
    public var container: Container
    /// Pixels per point for rounding (R-PX-*); `nil` means exact frames.
    public var scale: Double?
    public var layoutDirection: LayoutDirection
    public var stack: Stack

    public init(name: String? = nil, container: Container = .free, scale: Double? = nil,
                layoutDirection: LayoutDirection = .leftToRight, stack: Stack) {
        self.name = name
        self.container = container
        self.scale = scale
        self.layoutDirection = layoutDirection
        self.stack = stack
    }
}
