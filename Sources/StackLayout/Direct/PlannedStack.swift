/// One stack of a prepared layout (DirectLayoutPlan), reduced to what its closed-form solution reads. Everything
/// here depends on the scenario only, not on the container, so it is computed once: the spacing chain (§2.5,
/// R-T-3), which items are visible (R-H-*), and each item's summary, a nested stack's being its fitting size
/// and resistance levels (R-N-1), which do not change when the root is resized.
struct PlannedStack: Sendable {
    var axis: Axis
    var distribution: Distribution
    /// As set; `StackSolver.alignment` applies R-AL-9.
    var alignment: Alignment
    var isBaselineRelativeArrangement: Bool
    /// The margins that count: the layout margins when margins-relative, else zero (R-M-1, R-M-2).
    var margins: DirectionalEdgeInsets
    /// The stack's own spacing s in points (R-SP-4, R-SP-5), used literally by fillProportionally (R-T-9).
    var spacing: Double
    /// The pre-order index of the item that is this stack; −1 for the root.
    var holder: Int
    /// The number of the stack that arranges `holder` (−1 for the root) and the holder's position in it.
    var parentStack: Int
    var holderPosition: Int
    /// The pre-order indices of the arranged items, in arranged order.
    var members: [Int] = []
    /// Each arranged item as the solver sees it; a nested stack's entry is filled in by the fitting pass.
    var children: [Child] = []
    /// Positions of the visible items, in arranged order.
    var visible: [Int] = []
    /// §2.5's constants between adjacent arranged items (R-T-3).
    var chain: [Double]
    /// The actual space between consecutive visible items.
    var gaps: [Double]

    init(_ stack: Stack, holder: Int, parentStack: Int, holderPosition: Int) {
        axis = stack.axis
        distribution = stack.distribution
        alignment = stack.alignment
        isBaselineRelativeArrangement = stack.isBaselineRelativeArrangement
        margins = stack.isLayoutMarginsRelativeArrangement ? stack.layoutMargins : .zero
        spacing = SpacingRules.stackSpacing(stack)
        self.holder = holder
        self.parentStack = parentStack
        self.holderPosition = holderPosition
        chain = SpacingRules.chainConstants(stack)
        gaps = SpacingRules.visibleGaps(stack)
        let count = stack.arrangedSubviews.count
        members.reserveCapacity(count)
        children.reserveCapacity(count)
        for (position, item) in stack.arrangedSubviews.enumerated() {
            if !item.isHidden { visible.append(position) }
            if case .view(let leaf) = item.content {
                children.append(Child.leaf(item, leaf, position: position))
            } else {
                children.append(Child(position: position, hidden: item.isHidden, nested: true))
            }
        }
    }
}

/// The buffers one stack's solution writes, reused from stack to stack and call to call so that a prepared layout
/// allocates nothing once they have grown to its largest stack.
struct SolverScratch: Sendable {
    /// Along the axis: each item's length and leading edge (canvas coordinates).
    var lengths: [Double] = []
    var alongOrigin: [Double] = []
    /// Across the axis: each item's size and min edge (canvas coordinates).
    var crossSize: [Double] = []
    var crossOrigin: [Double] = []
    var line = LexicographicLine()

    /// Zeroes `buffer` at `count` entries, keeping its capacity.
    static func zero(_ buffer: inout [Double], count: Int) {
        buffer.removeAll(keepingCapacity: true)
        buffer.append(contentsOf: repeatElement(0, count: count))
    }
}
