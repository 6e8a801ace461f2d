import StackLayout

/// An engine's feature set as a short code, `f` and a hexadecimal bit mask over `Feature.all` (protocol order):
/// the context of seeds and replay tokens, so a token rebuilds its case with the features it was generated for.
public enum FeatureCode {
    /// The code of `features` (`f` and the hexadecimal mask).
    public static func encode(_ features: FeatureSet) -> String {
        var mask: UInt64 = 0
        for (bit, feature) in Feature.all.enumerated() where features.contains(feature) { mask |= 1 << UInt64(bit) }
        return "f" + String(mask, radix: 16)
    }

    /// The features of `code`, or `nil` when it is not a feature code of this protocol version.
    public static func decode(_ code: String) -> FeatureSet? {
        guard code.hasPrefix("f"), let mask = UInt64(code.dropFirst(), radix: 16), mask >> UInt64(Feature.all.count) == 0 else { return nil }
        return FeatureSet(Feature.all.enumerated().filter { mask & (1 << UInt64($0.offset)) != 0 }.map(\.element))
    }
}
