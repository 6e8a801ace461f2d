/// A width and a height in points. Negative values are allowed in layouts (R-SOLVE-4).
public struct Size: Hashable, Sendable {
    public var width: Double
    public var height: Double
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
    public static let zero = Size(width: 0, height: 0)
}

/// A frame in the coordinate space of the stack that arranges the view: origin at that stack's top-left corner,
/// y down (SCENARIO-FORMAT.md, "Layout"). Sizes may be negative (R-SOLVE-4).
public struct Frame: Hashable, Sendable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
    public static let zero = Frame(x: 0, y: 0, width: 0, height: 0)
    public var minX: Double { x }
    public var maxX: Double { x + width }
    public var minY: Double { y }
    public var maxY: Double { y + height }
    public var midX: Double { x + width / 2 }
    public var midY: Double { y + height / 2 }
}

/// UIKit's `NSDirectionalEdgeInsets`: leading and trailing follow the layout direction (R-M-2).
public struct DirectionalEdgeInsets: Hashable, Sendable {
    public var top: Double
    public var leading: Double
    public var bottom: Double
    public var trailing: Double
    public init(top: Double, leading: Double, bottom: Double, trailing: Double) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }
    /// UIView's documented default margins, 8 points on each side (R-M-4, TENTATIVE).
    public static let defaultMargins = DirectionalEdgeInsets(top: 8, leading: 8, bottom: 8, trailing: 8)
    public static let zero = DirectionalEdgeInsets(top: 0, leading: 0, bottom: 0, trailing: 0)
}
