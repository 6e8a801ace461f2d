/// One stack of a prepared layout (DirectLayoutPlan), reduced to what its closed-form solution reads. Everything
/// here depends on the scenario only, not on the container, so it is computed once: the spacing chain (§2.5,
/// R-T-3), which items are visible (R-H-*), and each item's summary, a nested stack's being its fitting size
/// and resistance levels (R-N-1), which do not change when the root is resized. Immutable and shared: the solvers
/// hold it by reference, so handing a stack to them copies nothing.
final class PlannedStack: Sendable {
    let axis: Axis
    let distribution: Distribution
    /// As set; `ClosedFormStack.alignment` applies R-AL-9.
    let alignment: Alignment
    let isBaselineRelativeArrangement: Bool
    /// The margins that count: the layout margins when margins-relative, else zero (R-M-1, R-M-2).
    let margins: DirectionalEdgeInsets
    /// The stack's own spacing s in points (R-SP-4, R-SP-5), used literally by fillProportionally (R-T-9).
    let spacing: Double
    /// The pre-order index of the item that is this stack; −1 for the root.
    let holder: Int
    /// The pre-order indices of the arranged items, in arranged order.
    let members: [Int]
    /// Each arranged item as the closed form sees it, nested stacks by their fitting summary.
    let children: [Child]
    /// Positions of the visible items, in arranged order.
    let visible: [Int]
    /// §2.5's constants between adjacent arranged items (R-T-3).
    let chain: [Double]
    /// The actual space between consecutive visible items.
    let gaps: [Double]

    /// The draft, once every nested item in it has its summary.
    init(_ draft: StackDraft) {
        let stack = draft.stack
        axis = stack.axis
        distribution = stack.distribution
        alignment = stack.alignment
        isBaselineRelativeArrangement = stack.isBaselineRelativeArrangement
        margins = stack.isLayoutMarginsRelativeArrangement ? stack.layoutMargins : .zero
        spacing = SpacingRules.stackSpacing(stack)
        holder = draft.holder
        members = draft.members
        children = draft.children
        visible = stack.arrangedSubviews.indices.filter { !stack.arrangedSubviews[$0].isHidden }
        chain = SpacingRules.chainConstants(stack)
        gaps = SpacingRules.visibleGaps(stack)
    }
}

/// A `PlannedStack` being built: the pre-order walk lists its members, and the fitting pass fills in its nested
/// items' summaries; everything else `PlannedStack` reads from the stack itself.
struct StackDraft {
    let stack: Stack
    /// The pre-order index of the item that is this stack; −1 for the root.
    let holder: Int
    /// The number of the stack that arranges `holder` (−1 for the root) and the holder's position in it.
    let parentStack: Int
    let holderPosition: Int
    /// The pre-order indices of the arranged items, in arranged order.
    var members: [Int] = []
    /// Each arranged item as the closed form sees it; a nested stack's entry is filled in by the fitting pass.
    var children: [Child] = []

    init(_ stack: Stack, holder: Int, parentStack: Int, holderPosition: Int) {
        self.stack = stack
        self.holder = holder
        self.parentStack = parentStack
        self.holderPosition = holderPosition
        let count = stack.arrangedSubviews.count
        members.reserveCapacity(count)
        children.reserveCapacity(count)
        for (position, item) in stack.arrangedSubviews.enumerated() {
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
struct LayoutScratch: Sendable {
    /// Along the axis: each item's length and leading edge (canvas coordinates).
    var lengths: [Double] = []
    var alongOrigin: [Double] = []
    /// Across the axis: each item's size and min edge (canvas coordinates).
    var crossSize: [Double] = []
    var crossOrigin: [Double] = []
    var line = LexicographicLine()

    /// Sets `buffer` to `count` zeros, reusing its storage.
    static func zero(_ buffer: inout [Double], count: Int) {
        fill(&buffer, with: 0, count: count)
    }

    /// Sets `buffer` to `count` copies of `value`, reusing its storage.
    static func fill(_ buffer: inout [Double], with value: Double, count: Int) {
        if buffer.count == count {
            buffer.withUnsafeMutableBufferPointer { $0.update(repeating: value) }
        } else {
            buffer = Array(repeating: value, count: count)
        }
    }
}
