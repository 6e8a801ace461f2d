/// A set of features: one bit per `Feature` (bit i: `Feature.all[i]`). Iteration is sorted by name, never by bit
/// or hash, so every list a report prints has one order.
public struct FeatureSet: Hashable, Sendable, Sequence, ExpressibleByArrayLiteral, CustomStringConvertible {
    /// Bit i set: `Feature.all[i]` is in the set. The feature code (`code`) writes it out.
    package private(set) var mask: UInt64

    /// The set of `features` (duplicates count once).
    public init<S: Sequence>(_ features: S) where S.Element == Feature {
        mask = 0
        for f in features { mask |= f.mask }
    }
    public init(arrayLiteral elements: Feature...) { self.init(elements) }

    /// The features whose bits are set in `mask` (bits past the last feature ignored).
    package init(mask: UInt64) { self.mask = mask & FeatureSet.all.mask }

    /// Every feature of protocol version 1.
    public static let all = FeatureSet(mask: 0, every: Feature.all)
    /// No feature.
    public static let empty = FeatureSet([])

    private init(mask: UInt64, every features: [Feature]) {
        self.mask = features.reduce(mask) { $0 | $1.mask }
    }

    /// Whether `feature` is in the set.
    public func contains(_ feature: Feature) -> Bool { mask & feature.mask != 0 }
    /// Whether every feature of `other` is in this set.
    public func isSuperset(of other: FeatureSet) -> Bool { other.mask & ~mask == 0 }
    /// This set without the features of `other`.
    public func subtracting(_ other: FeatureSet) -> FeatureSet { FeatureSet(mask: mask & ~other.mask) }
    /// The features of both sets.
    public func union(_ other: FeatureSet) -> FeatureSet { FeatureSet(mask: mask | other.mask) }
    /// Adds `feature` (no change when it is already in the set).
    public mutating func insert(_ feature: Feature) { mask |= feature.mask }
    /// Whether the set has no feature.
    public var isEmpty: Bool { mask == 0 }
    /// How many features the set has.
    public var count: Int { mask.nonzeroBitCount }
    /// The features, sorted by name: the set's iteration order.
    public var sorted: [Feature] { Array(self) }
    public var description: String { sorted.map(\.rawValue).joined(separator: ",") }

    /// The features in name order, without building an array.
    public struct Iterator: IteratorProtocol {
        let mask: UInt64
        var index = 0
        /// The next feature of the set by name, nil after the last.
        public mutating func next() -> Feature? {
            while index < Feature.allByName.count {
                let f = Feature.allByName[index]
                index += 1
                if mask & f.mask != 0 { return f }
            }
            return nil
        }
    }
    public func makeIterator() -> Iterator { Iterator(mask: mask) }
}

extension FeatureSet {
    /// The set as a short code, `f` and the hexadecimal `mask`: the context of seeds and replay tokens, so that a
    /// token rebuilds its case with the features it was generated for. Its form never changes (saved tokens and
    /// regression files hold it).
    public var code: String { "f" + String(mask, radix: 16) }

    /// The set of a feature `code`; nil when `code` is not one of this protocol version (a bit past the last feature).
    public init?(code: String) {
        guard code.hasPrefix("f"), let mask = UInt64(code.dropFirst(), radix: 16),
              mask >> UInt64(Feature.all.count) == 0 else { return nil }
        self.init(mask: mask)
    }
}
