/// A leaf view's intrinsic content size: per dimension a length ≥ 0, or `nil` for `UIView.noIntrinsicMetric`.
/// A dimension with no intrinsic size contributes no content-size constraints (R-I-1).
public struct IntrinsicContentSize: Hashable, Sendable {
    /// The intrinsic width, or `nil` for none.
    public var width: Double?
    /// The intrinsic height, or `nil` for none.
    public var height: Double?

    /// Builds a size the way UIKit writes it: `UIView.noIntrinsicMetric` (−1) means "none".
    public init(width: Double?, height: Double?) {
        self.width = width == UIViewMetric.noIntrinsicMetric ? nil : width
        self.height = height == UIViewMetric.noIntrinsicMetric ? nil : height
    }

    /// The intrinsic length along `axis`.
    public subscript(axis: Axis) -> Double? {
        get { axis == .horizontal ? width : height }
        set { if axis == .horizontal { width = newValue } else { height = newValue } }
    }

    /// No intrinsic size in either dimension.
    public static let none = IntrinsicContentSize(width: nil, height: nil)
}

/// UIKit's `UIView.noIntrinsicMetric`.
public enum UIViewMetric {
    /// −1, UIKit's marker for "no intrinsic size" in a dimension.
    public static let noIntrinsicMetric: Double = -1
}
