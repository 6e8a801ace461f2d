/// A width and a height in points. Negative values are allowed in layouts (R-SOLVE-4).
public struct Size: Hashable, Sendable {
    /// The horizontal extent, in points.
    public var width: Double
    /// The vertical extent, in points.
    public var height: Double
    /// A size of `width` by `height` points.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
    /// A zero-by-zero size.
    public static let zero = Size(width: 0, height: 0)
}

/// A frame in the coordinate space of the stack that arranges the view: origin at that stack's top-left corner,
/// y down (SCENARIO-FORMAT.md, "Layout"). Sizes may be negative (R-SOLVE-4).
public struct Frame: Hashable, Sendable {
    /// The left edge, in points from the left of the arranging stack.
    public var x: Double
    /// The top edge, in points from the top of the arranging stack.
    public var y: Double
    /// The width in points (negative when the constraints make it so).
    public var width: Double
    /// The height in points (negative when the constraints make it so).
    public var height: Double
    /// A frame with its top-left corner at (`x`, `y`).
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
    /// The empty frame at the origin.
    public static let zero = Frame(x: 0, y: 0, width: 0, height: 0)
    /// The left edge, `x`.
    public var minX: Double { x }
    /// The right edge, `x + width`.
    public var maxX: Double { x + width }
    /// The top edge, `y`.
    public var minY: Double { y }
    /// The bottom edge, `y + height`.
    public var maxY: Double { y + height }
    /// The horizontal centre.
    public var midX: Double { x + width / 2 }
    /// The vertical centre.
    public var midY: Double { y + height / 2 }
}

/// UIKit's `NSDirectionalEdgeInsets`: leading and trailing follow the layout direction (R-M-2).
public struct DirectionalEdgeInsets: Hashable, Sendable {
    /// The top inset, in points.
    public var top: Double
    /// The leading inset: the left in a left-to-right layout, the right in right-to-left.
    public var leading: Double
    /// The bottom inset, in points.
    public var bottom: Double
    /// The trailing inset: the right in a left-to-right layout, the left in right-to-left.
    public var trailing: Double
    /// Insets of the given points on each side.
    public init(top: Double, leading: Double, bottom: Double, trailing: Double) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }
    /// UIView's documented default margins, 8 points on each side (R-M-4, TENTATIVE).
    public static let defaultMargins = DirectionalEdgeInsets(top: 8, leading: 8, bottom: 8, trailing: 8)
    /// No inset on any side.
    public static let zero = DirectionalEdgeInsets(top: 0, leading: 0, bottom: 0, trailing: 0)
}
