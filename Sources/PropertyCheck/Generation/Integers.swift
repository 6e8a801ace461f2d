/// Integers of every width, drawn where bugs live and shrinking towards a target.
///
/// Encoding (what the shrinker sees): a magnitude choice |v − target|, then — when the range reaches both sides of
/// the target — a sign choice (0 = above, 1 = below). The sign choice is always there in such a range: for a
/// magnitude only one side can hold (−32768 in an `Int16` range costs a sign choice like −1, and orders after it),
/// and for 0 (where it is ignored), so an integer always takes the same number of choices and lowering it never
/// shifts the choices after it. Order: 0, 1, −1, 2, −2, … Both choices shrink towards 0, so every draw shrinks
/// towards the target, and equal magnitudes (x and −x) shrink together.
///
/// Distribution (what a fresh case draws; replays ignore it): a value already drawn in the case (15%), one near it
/// (±1…±4, 10%), the range's ends (5% each), the target and the target ± 1 (5% each), else a magnitude from a size
/// class — a bit width picked uniformly among 1…8, 16, 32, 64 bits that fit, then a value of at most that width — 7
/// times in 8. Ranges of 16 bits or fewer (a scenario's lengths and counts) halve every special case and draw the
/// rest uniformly, so they keep their domains. No libm, no
/// standard-library random mapping: only the PRNG's words and Lemire's bounded mapping.
extension Gens {
    /// An integer of any fixed-width type (up to 64 bits) in `range`, shrinking towards `target` (clamped into the
    /// range). Never traps, on any range.
    public static func integer<T: FixedWidthInteger & Sendable>(_ range: ClosedRange<T>, target: T = 0) -> Gen<T> {
        let t = Swift.min(Swift.max(target, range.lowerBound), range.upperBound)
        let kt = IntegerKey.key(t), klo = IntegerKey.key(range.lowerBound), khi = IntegerKey.key(range.upperBound)
        let below = kt - klo, above = khi - kt
        return Gen { tc throws(StopTest) in
            var planned: UInt64 = kt
            let m = try tc.choice(Swift.max(below, above)) { rng in
                planned = IntegerKey.plan(&rng, target: kt, low: klo, high: khi, drawn: tc.drawnIntegers, signed: T.isSigned)
                return planned >= kt ? planned - kt : kt - planned
            }
            var up = true
            if below > 0 && above > 0 {
                // The sign matters only when the magnitude is not 0 and both sides can hold it; otherwise it is
                // forced (recorded as 0), so −32768 in an Int16 range reads (32768, 0) and 0 never reads (0, 1).
                let free = m > 0 && m <= below && m <= above
                let s = free ? try tc.choice(1) { _ in planned >= kt ? 0 : 1 } : try tc.forcedChoice(0)
                up = m > below || (s == 0 && m <= above)
            } else {
                up = m <= above
            }
            let k = up ? kt + m : kt - m
            let value: T = IntegerKey.value(k)
            if let v = Int64(exactly: value) { tc.drawnIntegers.append(v) }
            return value
        }
    }

    /// An `Int` in `range` shrinking towards `target` (see `integer`).
    public static func int(_ range: ClosedRange<Int>, target: Int = 0) -> Gen<Int> { integer(range, target: target) }
    /// Any `Int`.
    public static let anyInt: Gen<Int> = integer(Int.min...Int.max)
    /// An `Int64` in `range` shrinking towards `target` (see `integer`).
    public static func int64(_ range: ClosedRange<Int64> = .min ... .max, target: Int64 = 0) -> Gen<Int64> { integer(range, target: target) }
    /// An `Int32` in `range` shrinking towards `target` (see `integer`).
    public static func int32(_ range: ClosedRange<Int32> = .min ... .max, target: Int32 = 0) -> Gen<Int32> { integer(range, target: target) }
    /// An `Int16` in `range` shrinking towards `target` (see `integer`).
    public static func int16(_ range: ClosedRange<Int16> = .min ... .max, target: Int16 = 0) -> Gen<Int16> { integer(range, target: target) }
    /// An `Int8` in `range` shrinking towards `target` (see `integer`).
    public static func int8(_ range: ClosedRange<Int8> = .min ... .max, target: Int8 = 0) -> Gen<Int8> { integer(range, target: target) }
    /// A `UInt` in `range` shrinking towards `target` (see `integer`).
    public static func uint(_ range: ClosedRange<UInt> = .min ... .max, target: UInt = 0) -> Gen<UInt> { integer(range, target: target) }
    /// A `UInt64` in `range` shrinking towards `target` (see `integer`).
    public static func uint64(_ range: ClosedRange<UInt64> = .min ... .max, target: UInt64 = 0) -> Gen<UInt64> { integer(range, target: target) }
    /// A `UInt32` in `range` shrinking towards `target` (see `integer`).
    public static func uint32(_ range: ClosedRange<UInt32> = .min ... .max, target: UInt32 = 0) -> Gen<UInt32> { integer(range, target: target) }
    /// A `UInt16` in `range` shrinking towards `target` (see `integer`).
    public static func uint16(_ range: ClosedRange<UInt16> = .min ... .max, target: UInt16 = 0) -> Gen<UInt16> { integer(range, target: target) }
    /// A `UInt8` in `range` shrinking towards `target` (see `integer`).
    public static func uint8(_ range: ClosedRange<UInt8> = .min ... .max, target: UInt8 = 0) -> Gen<UInt8> { integer(range, target: target) }
}

/// Integers as order-preserving 64-bit keys (signed values offset by 2^63), so every width and signedness shares one
/// trap-free arithmetic: differences of keys always fit a `UInt64`.
enum IntegerKey {
    static let signBit: UInt64 = 1 << 63

    static func key<T: FixedWidthInteger>(_ x: T) -> UInt64 {
        T.isSigned ? UInt64(bitPattern: Int64(x)) ^ signBit : UInt64(x)
    }

    static func value<T: FixedWidthInteger>(_ k: UInt64) -> T {
        T.isSigned ? T(Int64(bitPattern: k ^ signBit)) : T(k)
    }

    /// The key of an already-drawn value, when it is representable in this signedness.
    static func key(ofDrawn v: Int64, signed: Bool) -> UInt64? {
        signed ? UInt64(bitPattern: v) ^ signBit : (v >= 0 ? UInt64(v) : nil)
    }

    /// Bit widths of the size classes.
    static let sizeClasses: [UInt64] = [1, 2, 3, 4, 5, 6, 7, 8, 16, 32, 64]

    /// The number of bits of `x` (0 for 0).
    static func bitLength(_ x: UInt64) -> UInt64 { UInt64(64 - x.leadingZeroBitCount) }

    /// A fresh value's key in low...high, drawn from the biased distribution described on `Gens.integer`.
    static func plan(_ rng: inout Xoshiro256StarStar, target kt: UInt64, low: UInt64, high: UInt64,
                     drawn: [Int64], signed: Bool) -> UInt64 {
        // Narrow ranges (16 bits or fewer: a scenario's lengths and counts) draw r in 0...199, halving every special
        // case, so their values stay mostly uniform over the domain; wide ranges draw r in 0...99.
        let narrow = bitLength(Swift.max(kt - low, high - kt)) <= 16
        let r = rng.next(upTo: narrow ? 199 : 99)
        if r < 25 && !drawn.isEmpty {
            let d = drawn[Int(rng.next(upTo: UInt64(drawn.count - 1)))]
            if var k = key(ofDrawn: d, signed: signed) {
                if r >= 15 {
                    let delta = rng.next(upTo: 3) + 1
                    if rng.next(upTo: 1) == 0 {
                        k = k <= UInt64.max - delta ? k + delta : k
                    } else {
                        k = k >= delta ? k - delta : k
                    }
                }
                if k >= low && k <= high { return k }
            }
        }
        switch r {
        case 25..<30: return low
        case 30..<35: return high
        case 35..<40: return kt
        case 40..<45:
            let upward = rng.next(upTo: 1) == 0
            if upward && kt < high { return kt + 1 }
            if kt > low { return kt - 1 }
            return kt < high ? kt + 1 : kt
        default: break
        }
        let below = kt - low, above = high - kt
        // The side: 50/50 when both exist.
        let up = above > 0 && (below == 0 || rng.next(upTo: 1) == 0)
        let side = up ? above : below
        var m: UInt64
        if bitLength(Swift.max(below, above)) > 16 && rng.next(upTo: 7) != 0 {
            let fitting = sizeClasses.filter { $0 <= bitLength(side) }
            let bits = fitting.isEmpty ? bitLength(side) : fitting[Int(rng.next(upTo: UInt64(fitting.count - 1)))]
            let cap: UInt64 = bits >= 64 ? .max : (1 << bits) - 1
            m = rng.next(upTo: Swift.min(side, cap))
        } else {
            m = rng.next(upTo: side)
        }
        return up ? kt + m : kt - m
    }
}
