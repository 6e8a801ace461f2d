import StackLayout

/// One stack of a scenario with the frames an engine gave its arranged items, seen in **reading order**: along the
/// axis, `start` is the leading edge (the right edge of a horizontal stack in right-to-left, R-RTL-1); across it,
/// `start` is the top of a horizontal stack and the leading edge of a vertical one (R-M-2). Properties state their
/// rules in these coordinates, so one statement covers both layout directions.
public struct LaidOutStack: Sendable {
    /// One arranged item and its frame (in the coordinate space of this stack).
    public struct Item: Sendable {
        /// The arranged item as the scenario describes it.
        public let view: ArrangedView
        /// Its frame, as the engine gave it.
        public let frame: Frame
        /// Leading and trailing edges along the stack's axis, in reading order.
        public let along: Extent
        /// Start and end edges across the axis, in reading order.
        public let across: Extent
        /// Whether the item is hidden.
        public var isHidden: Bool { view.isHidden }
    }

    /// The stack's own id (`nil` for the root).
    public let id: String?
    /// The stack's properties and arranged items.
    public let stack: Stack
    /// The stack's bounds size (the layout's size for the root, its frame's size when nested).
    public let bounds: Size
    /// The scenario's layout direction.
    public let direction: LayoutDirection
    /// The stack's arranged items, in order, hidden ones included.
    public let items: [Item]
    /// Nesting depth: 1 for the root.
    public let depth: Int

    /// The stack's axis.
    public var axis: Axis { stack.axis }
    /// The visible arranged items, in order.
    public var visible: [Item] { items.filter { !$0.isHidden } }
    /// The stack's bounds along its axis.
    public var length: Double { axis == .horizontal ? bounds.width : bounds.height }
    /// The stack's bounds across its axis.
    public var crossSize: Double { axis == .horizontal ? bounds.height : bounds.width }

    /// The canvas along the axis (R-M-1): the bounds, inset by the margins when margins-relative.
    public var canvasAlong: Extent {
        let m = insets
        return Extent(start: m.alongStart, end: length - m.alongEnd)
    }

    /// The canvas across the axis.
    public var canvasAcross: Extent {
        let m = insets
        return Extent(start: m.acrossStart, end: crossSize - m.acrossEnd)
    }

    /// The margins in reading-order terms (zero unless margins-relative).
    public var insets: (alongStart: Double, alongEnd: Double, acrossStart: Double, acrossEnd: Double) {
        guard stack.isLayoutMarginsRelativeArrangement else { return (0, 0, 0, 0) }
        let m = stack.layoutMargins
        return axis == .horizontal ? (m.leading, m.trailing, m.top, m.bottom) : (m.top, m.bottom, m.leading, m.trailing)
    }

    /// Every stack of the scenario with its frames, root first, in pre-order. Items without a frame in the layout
    /// are given `Frame.zero` (the protocol layer rejects such answers before properties see them).
    public static func all(_ scenario: Scenario, _ layout: Layout) -> [LaidOutStack] {
        var frames: [String: Frame] = [:]
        for (id, frame) in zip(layout.frameIDs, layout.frameValues) { frames[id] = frame }
        var out: [LaidOutStack] = []
        var pending: [(id: String?, stack: Stack, bounds: Size, depth: Int)] = [(nil, scenario.stack, layout.size, 1)]
        while !pending.isEmpty {
            let (id, stack, bounds, depth) = pending.removeFirst()
            let items = stack.arrangedSubviews.map { view in
                let frame = frames[view.id] ?? .zero
                return Item(view: view, frame: frame,
                            along: extent(frame, along: stack.axis, bounds: bounds, scenario.layoutDirection),
                            across: extent(frame, along: stack.axis.cross, bounds: bounds, scenario.layoutDirection))
            }
            out.append(LaidOutStack(id: id, stack: stack, bounds: bounds, direction: scenario.layoutDirection,
                                    items: items, depth: depth))
            var nested: [(String?, Stack, Size, Int)] = []
            for item in items {
                if let inner = item.view.stack {
                    nested.append((item.view.id, inner, Size(width: item.frame.width, height: item.frame.height), depth + 1))
                }
            }
            pending.insert(contentsOf: nested, at: 0)
        }
        return out
    }

    /// A frame's extent along `axis`, in reading order: horizontal extents are mirrored in right-to-left.
    static func extent(_ f: Frame, along axis: Axis, bounds: Size, _ direction: LayoutDirection) -> Extent {
        if axis == .vertical { return Extent(start: f.minY, end: f.maxY) }
        return direction == .leftToRight ? Extent(start: f.minX, end: f.maxX)
                                         : Extent(start: bounds.width - f.maxX, end: bounds.width - f.minX)
    }
}

/// A closed interval on one axis: `start` and `end` edges (a negative length is allowed, R-SOLVE-4).
public struct Extent: Hashable, Sendable {
    /// The edge met first in reading order.
    public var start: Double
    /// The edge met last in reading order.
    public var end: Double
    /// `end − start`.
    public var length: Double { end - start }
    /// The midpoint.
    public var middle: Double { (start + end) / 2 }
}
