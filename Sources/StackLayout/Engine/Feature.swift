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
    /// The `fill` distribution (R-D-1, R-D-2).
    public static let fill = Feature(rawValue: "fill")
    /// The `fillEqually` distribution.
    public static let fillEqually = Feature(rawValue: "fillEqually")
    /// The `fillProportionally` distribution.
    public static let fillProportionally = Feature(rawValue: "fillProportionally")
    /// The `equalSpacing` distribution.
    public static let equalSpacing = Feature(rawValue: "equalSpacing")
    /// The `equalCentering` distribution.
    public static let equalCentering = Feature(rawValue: "equalCentering")
    // Alignments (`top`/`bottom` are `leading`/`trailing`).
    /// Alignment `fill` (the name `fill` is the distribution's).
    public static let alignFill = Feature(rawValue: "alignFill")
    /// Alignment `leading` (`top` in a horizontal stack).
    public static let leading = Feature(rawValue: "leading")
    /// Alignment `center`.
    public static let center = Feature(rawValue: "center")
    /// Alignment `trailing` (`bottom` in a horizontal stack).
    public static let trailing = Feature(rawValue: "trailing")
    /// Alignment `firstBaseline`.
    public static let firstBaseline = Feature(rawValue: "firstBaseline")
    /// Alignment `lastBaseline`.
    public static let lastBaseline = Feature(rawValue: "lastBaseline")
    // Everything else.
    /// Hidden arranged views.
    public static let hidden = Feature(rawValue: "hidden")
    /// Custom spacing after a view (`setCustomSpacing(_:after:)`).
    public static let customSpacing = Feature(rawValue: "customSpacing")
    /// UIKit's system spacing (`"system"` in a scenario document).
    public static let systemSpacing = Feature(rawValue: "systemSpacing")
    /// Spacing below 0, the stack's or a custom one.
    public static let negativeSpacing = Feature(rawValue: "negativeSpacing")
    /// Layout-margins-relative arrangement.
    public static let margins = Feature(rawValue: "margins")
    /// Baseline-relative arrangement in vertical stacks.
    public static let baselineRelative = Feature(rawValue: "baselineRelative")
    /// The right-to-left layout direction.
    public static let rightToLeft = Feature(rawValue: "rightToLeft")
    /// Stacks inside stacks.
    public static let nested = Feature(rawValue: "nested")
    /// Views with no intrinsic size in a dimension.
    public static let noIntrinsicSize = Feature(rawValue: "noIntrinsicSize")
    /// Hugging and compression-resistance priorities other than 250 and 750.
    public static let priorities = Feature(rawValue: "priorities")
    /// The constraints a scenario adds to its items.
    public static let userConstraints = Feature(rawValue: "userConstraints")
    /// A fixed container dimension smaller than the stack's fitting size in that dimension.
    public static let overflow = Feature(rawValue: "overflow")
    /// Required constraints that cannot all hold (R-SOLVE-5, R-T-7).
    public static let conflicts = Feature(rawValue: "conflicts")
    /// A nested stack that its parent stretches or compresses along the parent's axis (R-N-1).
    public static let nestedSlack = Feature(rawValue: "nestedSlack")
    /// Content or user priorities equal to one of UIStackView's internal priorities.
    public static let priorityCollisions = Feature(rawValue: "priorityCollisions")
    /// A screen `scale`: frames rounded to pixels.
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
    /// The features, sorted by name: the set's iteration order.
    public private(set) var sorted: [Feature]
    /// Bit `i` set: `Feature.all[i]` is in the set (derived from `sorted`).
    private var known: UInt64 = 0

    /// The set of `features` (duplicates count once).
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

    /// Every feature of protocol version 1.
    public static let all = FeatureSet(Feature.all)
    /// No feature.
    public static let empty = FeatureSet([])

    /// Whether `feature` is in the set.
    public func contains(_ feature: Feature) -> Bool {
        feature.index >= 0 ? known & (1 << UInt64(feature.index)) != 0 : sorted.contains(feature)
    }
    /// Whether every feature of `other` is in this set.
    public func isSuperset(of other: FeatureSet) -> Bool { other.sorted.allSatisfy(contains) }
    /// This set without the features of `other`.
    public func subtracting(_ other: FeatureSet) -> FeatureSet { FeatureSet(sorted.filter { !other.contains($0) }) }
    /// The features of both sets.
    public func union(_ other: FeatureSet) -> FeatureSet { FeatureSet(sorted + other.sorted) }
    /// Adds `feature` (no change when it is already in the set).
    public mutating func insert(_ feature: Feature) { if !contains(feature) { self = FeatureSet(sorted + [feature]) } }
    public func makeIterator() -> IndexingIterator<[Feature]> { sorted.makeIterator() }
    /// Whether the set has no feature.
    public var isEmpty: Bool { sorted.isEmpty }
    public var description: String { sorted.map(\.rawValue).joined(separator: ",") }
}
