/// `UILayoutPriority`: a number in [1, 1000]; 1000 is required. Fractional priorities (999.5) exist.
public struct LayoutPriority: RawRepresentable, Hashable, Comparable, Sendable,
                              ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral, CustomStringConvertible {
    public var rawValue: Double
    public init(rawValue: Double) { self.rawValue = rawValue }
    /// The priority `value`.
    public init(_ value: Double) { self.rawValue = value }
    public init(integerLiteral value: Int) { self.rawValue = Double(value) }
    public init(floatLiteral value: Double) { self.rawValue = value }

    /// 1000: the constraint must hold.
    public static let required: LayoutPriority = 1000
    /// 750: UIView's default compression resistance.
    public static let defaultHigh: LayoutPriority = 750
    /// 250: UIView's default content hugging.
    public static let defaultLow: LayoutPriority = 250
    /// 50: the level at which `systemLayoutSizeFitting` asks for the smallest size.
    public static let fittingSizeLevel: LayoutPriority = 50

    /// Whether the priority is 1000 (or more).
    public var isRequired: Bool { rawValue >= 1000 }
    public static func < (a: LayoutPriority, b: LayoutPriority) -> Bool { a.rawValue < b.rawValue }
    public var description: String { formatNumber(rawValue) }
}

/// A priority for each axis, as UIKit stores content hugging and compression resistance.
public struct AxisPriorities: Hashable, Sendable {
    /// The priority for the width.
    public var horizontal: LayoutPriority
    /// The priority for the height.
    public var vertical: LayoutPriority
    /// A priority for each axis.
    public init(horizontal: LayoutPriority, vertical: LayoutPriority) {
        self.horizontal = horizontal
        self.vertical = vertical
    }
    /// The priority for `axis`.
    public subscript(axis: Axis) -> LayoutPriority {
        get { axis == .horizontal ? horizontal : vertical }
        set { if axis == .horizontal { horizontal = newValue } else { vertical = newValue } }
    }
    /// UIView's default content hugging priority, 250 on both axes.
    public static let defaultHugging = AxisPriorities(horizontal: .defaultLow, vertical: .defaultLow)
    /// UIView's default compression resistance priority, 750 on both axes.
    public static let defaultCompressionResistance = AxisPriorities(horizontal: .defaultHigh, vertical: .defaultHigh)
}

/// Shortest round-trip form without a trailing `.0`, `-0` written `0` (SCENARIO-FORMAT.md, "Output form").
public func formatNumber(_ value: Double) -> String {
    if value == 0 { return "0" }
    if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
    return "\(value)"
}
