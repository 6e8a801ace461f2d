/// `UIStackView.axis` (`NSLayoutConstraint.Axis`).
public enum Axis: String, CaseIterable, Hashable, Sendable {
    case horizontal
    case vertical

    /// The other axis.
    public var cross: Axis { self == .horizontal ? .vertical : .horizontal }
}

/// `UIStackView.Distribution`: how the arranged views share the stack's length (R-D-*).
public enum Distribution: String, CaseIterable, Hashable, Sendable {
    case fill
    case fillEqually
    case fillProportionally
    case equalSpacing
    case equalCentering
}

/// `UIStackView.Alignment`: how the arranged views sit across the axis (R-AL-*).
/// `top` and `bottom` are UIKit's aliases of `leading` and `trailing`.
public enum Alignment: String, CaseIterable, Hashable, Sendable {
    case fill
    case leading
    case firstBaseline
    case center
    case trailing
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
    case leftToRight
    case rightToLeft
}
