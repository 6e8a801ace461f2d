/// `UIStackView.axis` (`NSLayoutConstraint.Axis`).
public enum Axis: String, CaseIterable, Hashable, Sendable {
    /// Views left to right (right to left in a right-to-left layout).
    case horizontal
    /// Views top to bottom.
    case vertical

    /// The other axis.
    public var cross: Axis { self == .horizontal ? .vertical : .horizontal }
}

/// `UIStackView.Distribution`: how the arranged views share the stack's length (R-D-*).
public enum Distribution: String, CaseIterable, Hashable, Sendable {
    /// The views fill the length; priorities decide which one stretches or shrinks (R-D-1, R-D-2).
    case fill
    /// Every visible view gets the same length.
    case fillEqually
    /// Lengths proportional to the views' intrinsic lengths.
    case fillProportionally
    /// Equal gaps between the views, each at its intrinsic length when it fits.
    case equalSpacing
    /// Equal distances between the views' centres.
    case equalCentering
}

/// `UIStackView.Alignment`: how the arranged views sit across the axis (R-AL-*).
/// `top` and `bottom` are UIKit's aliases of `leading` and `trailing`.
public enum Alignment: String, CaseIterable, Hashable, Sendable {
    /// Every view spans the stack across the axis.
    case fill
    /// The views' leading (top) edges on the canvas's.
    case leading
    /// The views' first baselines on one line (horizontal stacks).
    case firstBaseline
    /// The views' centres on the canvas's centre line.
    case center
    /// The views' trailing (bottom) edges on the canvas's.
    case trailing
    /// The views' last baselines on one line (horizontal stacks).
    case lastBaseline

    /// UIKit's alias: `.top == .leading`.
    public static let top = Alignment.leading
    /// UIKit's alias: `.bottom == .trailing`.
    public static let bottom = Alignment.trailing

    /// Parses a JSON/command-line name, accepting the aliases `top` and `bottom`.
    public init?(name: String) {
        switch name {
        case "top": self = .leading
        case "bottom": self = .trailing
        default: self.init(rawValue: name)
        }
    }
}

/// `UIUserInterfaceLayoutDirection` (R-RTL-1).
public enum LayoutDirection: String, CaseIterable, Hashable, Sendable {
    /// Leading is left.
    case leftToRight
    /// Leading is right.
    case rightToLeft
}
