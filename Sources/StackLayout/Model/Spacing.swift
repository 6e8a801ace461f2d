/// A spacing value as UIKit expresses it: a number of points, or one of the two sentinels
/// `UIStackView.spacingUseDefault` and `UIStackView.spacingUseSystem` (R-SP-4).
///
/// UIKit encodes the sentinels as magic floats (`Float.greatestFiniteMagnitude` and `Float.leastNormalMagnitude`);
/// the model keeps them as cases so that a literal number can never be mistaken for a sentinel.
/// Integer and float literals build `.points`, so `stack.spacing = 10` reads like UIKit.
public enum Spacing: Hashable, Sendable, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral {
    /// An explicit number of points; may be negative (R-SP-1).
    case points(Double)
    /// `spacingUseSystem`: the standard spacing between siblings, 8 points in this model (R-SP-5).
    case system
    /// `spacingUseDefault`: as a custom spacing, "use the stack's spacing"; as the stack's spacing, 0 (R-SP-4).
    case useDefault

    public init(integerLiteral value: Int) { self = .points(Double(value)) }
    public init(floatLiteral value: Double) { self = .points(value) }

    /// The value UIKit stores for `spacingUseDefault` (`Float.greatestFiniteMagnitude`); any number at least this
    /// large read from a scenario means `.useDefault` (SCENARIO-FORMAT.md).
    public static let useDefaultThreshold = 3.4e38

    /// System spacing in points (R-SP-5, TENTATIVE).
    public static let systemPoints: Double = 8
}
