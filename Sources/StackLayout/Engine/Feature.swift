/// A feature an engine may implement: the vocabulary of ENGINE-PROTOCOL.md, "Features".
/// The suite generates only scenarios inside an engine's feature set.
public struct Feature: RawRepresentable, Hashable, Comparable, Sendable, CustomStringConvertible {
    public var rawValue: String {
        didSet { index = Self.index(of: rawValue) }
    }
    /// The position of a protocol-version-1 feature in `all` (−1 for another name): `FeatureSet` tests membership
    /// with a bit, not by comparing Strings (the generator asks for features hundreds of times per scenario).
    private(set) var index: Int8

    public init(rawValue: String) {
        self.rawValue = rawValue
        index = Self.index(of: rawValue)
    }
    public var description: String { rawValue }
    public static func < (a: Feature, b: Feature) -> Bool { a.rawValue < b.rawValue }
    // Identity is the name alone (the index follows from it).
    public static func == (a: Feature, b: Feature) -> Bool { a.rawValue == b.rawValue }
    public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }

    /// The names of `all`, in its order.
    static let names = [
        "fill", "fillEqually", "fillProportionally", "equalSpacing", "equalCentering",
        "alignFill", "leading", "center", "trailing", "firstBaseline", "lastBaseline",
        "hidden", "customSpacing", "systemSpacing", "negativeSpacing", "margins", "baselineRelative", "rightToLeft",
        "nested", "noIntrinsicSize", "priorities", "userConstraints", "overflow", "conflicts", "nestedSlack",
        "priorityCollisions", "pixelRounding",
    ]

    static func index(of name: String) -> Int8 { names.firstIndex(of: name).map { Int8($0) } ?? -1 }

    /// `all` sorted by name (a `FeatureSet`'s order).
    static let allByName = all.sorted()

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
    public static func of(_ distribution: Distribution) -> Feature { all[Int(FeatureBit.of(distribution).rawValue)] }

    /// The feature that names an alignment (`fill` is `alignFill`).
    public static func of(_ alignment: Alignment) -> Feature { all[Int(FeatureBit.of(alignment).rawValue)] }
}

/// A set of features with a deterministic order: iteration is always sorted by name, never `Set` order.
public struct FeatureSet: Hashable, Sendable, Sequence, ExpressibleByArrayLiteral, CustomStringConvertible {
    public private(set) var sorted: [Feature]
    /// Bit `i` set: `Feature.all[i]` is in the set (derived from `sorted`).
    private var known: UInt64 = 0

    public init<S: Sequence>(_ features: S) where S.Element == Feature {
        // Protocol features by their bit (no hashing of names); others, rare, by comparison.
        var others: [Feature] = []
        for f in features {
            if f.index >= 0 { known |= 1 << UInt64(f.index) } else if !others.contains(f) { others.append(f) }
        }
        let mask = known
        let list = Feature.allByName.filter { mask & (1 << UInt64($0.index)) != 0 }
        sorted = others.isEmpty ? list : (list + others).sorted()
    }
    public init(arrayLiteral elements: Feature...) { self.init(elements) }

    /// The protocol features whose bits (`FeatureBit`) are set in `mask`.
    init(mask: UInt64) {
        known = mask
        sorted = Feature.allByName.filter { mask & (1 << UInt64($0.index)) != 0 }
    }

    public static let all = FeatureSet(Feature.all)
    public static let empty = FeatureSet([])

    public func contains(_ feature: Feature) -> Bool {
        feature.index >= 0 ? known & (1 << UInt64(feature.index)) != 0 : sorted.contains(feature)
    }
    public func isSuperset(of other: FeatureSet) -> Bool { other.sorted.allSatisfy(contains) }
    public func subtracting(_ other: FeatureSet) -> FeatureSet { FeatureSet(sorted.filter { !other.contains($0) }) }
    public func union(_ other: FeatureSet) -> FeatureSet { FeatureSet(sorted + other.sorted) }
    public mutating func insert(_ feature: Feature) { if !contains(feature) { self = FeatureSet(sorted + [feature]) } }
    public func makeIterator() -> IndexingIterator<[Feature]> { sorted.makeIterator() }
    public var isEmpty: Bool { sorted.isEmpty }
    public var description: String { sorted.map(\.rawValue).joined(separator: ",") }
}
