/// A feature an engine may implement: the vocabulary of ENGINE-PROTOCOL.md, "Features".
/// The suite generates only scenarios inside an engine's feature set.
public struct Feature: RawRepresentable, Hashable, Comparable, Sendable, CustomStringConvertible {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public var description: String { rawValue }
    public static func < (a: Feature, b: Feature) -> Bool { a.rawValue < b.rawValue }

    // Distributions.
    public static let fill = Feature(rawValue: "fill")
    public static let fillEqually = Feature(rawValue: "fillEqually")
    public static let fillProportionally = Feature(rawValue: "fillProportionally")
    public static let equalSpacing = Feature(rawValue: "equalSpacing")
    public static let equalCentering = Feature(rawValue: "equalCentering")
    // Alignments (`top`/`bottom` are `leading`/`trailing`).
    public static let alignFill = Feature(rawValue: "alignFill")
    public static let leading = Feature(rawValue: "leading")
    public static let center = Feature(rawValue: "center")
    public static let trailing = Feature(rawValue: "trailing")
    public static let firstBaseline = Feature(rawValue: "firstBaseline")
    public static let lastBaseline = Feature(rawValue: "lastBaseline")
    // Everything else.
    public static let hidden = Feature(rawValue: "hidden")
    public static let customSpacing = Feature(rawValue: "customSpacing")
    public static let systemSpacing = Feature(rawValue: "systemSpacing")
    public static let negativeSpacing = Feature(rawValue: "negativeSpacing")
    public static let margins = Feature(rawValue: "margins")
    public static let baselineRelative = Feature(rawValue: "baselineRelative")
    public static let rightToLeft = Feature(rawValue: "rightToLeft")
    public static let nested = Feature(rawValue: "nested")
    public static let noIntrinsicSize = Feature(rawValue: "noIntrinsicSize")
    public static let priorities = Feature(rawValue: "priorities")
    public static let userConstraints = Feature(rawValue: "userConstraints")
    public static let overflow = Feature(rawValue: "overflow")
    public static let conflicts = Feature(rawValue: "conflicts")
    public static let nestedSlack = Feature(rawValue: "nestedSlack")
    public static let priorityCollisions = Feature(rawValue: "priorityCollisions")
    public static let pixelRounding = Feature(rawValue: "pixelRounding")

    /// Every feature of protocol version 1, in the protocol's table order.
    public static let all: [Feature] = [
        .fill, .fillEqually, .fillProportionally, .equalSpacing, .equalCentering,
        .alignFill, .leading, .center, .trailing, .firstBaseline, .lastBaseline,
        .hidden, .customSpacing, .systemSpacing, .negativeSpacing, .margins, .baselineRelative, .rightToLeft,
        .nested, .noIntrinsicSize, .priorities, .userConstraints, .overflow, .conflicts, .nestedSlack,
        .priorityCollisions, .pixelRounding,
    ]

    /// The feature that names a distribution.
    public static func of(_ distribution: Distribution) -> Feature { Feature(rawValue: distribution.rawValue) }

    /// The feature that names an alignment (`fill` is `alignFill`).
    public static func of(_ alignment: Alignment) -> Feature {
        alignment == .fill ? .alignFill : Feature(rawValue: alignment.rawValue)
    }
}

/// A set of features with a deterministic order: iteration is always sorted by name, never `Set` order.
public struct FeatureSet: Hashable, Sendable, Sequence, ExpressibleByArrayLiteral, CustomStringConvertible {
    public private(set) var sorted: [Feature]

    public init<S: Sequence>(_ features: S) where S.Element == Feature {
        var seen = Set<Feature>()
        var list: [Feature] = []
        for f in features where seen.insert(f).inserted { list.append(f) }
        sorted = list.sorted()
    }
    public init(arrayLiteral elements: Feature...) { self.init(elements) }

    public static let all = FeatureSet(Feature.all)
    public static let empty = FeatureSet([])

    public func contains(_ feature: Feature) -> Bool { sorted.contains(feature) }
    public func isSuperset(of other: FeatureSet) -> Bool { other.sorted.allSatisfy(contains) }
    public func subtracting(_ other: FeatureSet) -> FeatureSet { FeatureSet(sorted.filter { !other.contains($0) }) }
    public func union(_ other: FeatureSet) -> FeatureSet { FeatureSet(sorted + other.sorted) }
    public mutating func insert(_ feature: Feature) { if !contains(feature) { self = FeatureSet(sorted + [feature]) } }
    public func makeIterator() -> IndexingIterator<[Feature]> { sorted.makeIterator() }
    public var isEmpty: Bool { sorted.isEmpty }
    public var description: String { sorted.map(\.rawValue).joined(separator: ",") }
}
