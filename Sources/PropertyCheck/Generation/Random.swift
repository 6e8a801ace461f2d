/// SplitMix64 (Steele, Lea, Flood 2014): seeds xoshiro from one 64-bit number. Implemented here, with our own
/// mappings below, because the standard library's random-in-range helpers may change between Swift versions and
/// seeds must replay identically everywhere.
public struct SplitMix64: Sendable {
    /// The generator's 64-bit state, advanced by every `next()`.
    public var state: UInt64
    /// A generator starting from `state`.
    public init(state: UInt64) { self.state = state }
    /// The next 64-bit output.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// xoshiro256** (Blackman and Vigna 2018): the generator behind every random choice.
public struct Xoshiro256StarStar: Sendable {
    /// The four 64-bit words of state (never all zero when seeded through `init(seed:)`).
    public var s: (UInt64, UInt64, UInt64, UInt64)

    /// A generator starting from these four words exactly (for tests and replays of a saved state).
    public init(state: (UInt64, UInt64, UInt64, UInt64)) { s = state }

    /// Seeds the four words from SplitMix64, as the authors recommend.
    public init(seed: UInt64) {
        var sm = SplitMix64(state: seed)
        s = (sm.next(), sm.next(), sm.next(), sm.next())
    }

    @inline(__always) static func rotl(_ x: UInt64, _ k: UInt64) -> UInt64 { (x << k) | (x >> (64 - k)) }

    /// The next 64-bit output.
    public mutating func next() -> UInt64 {
        let result = Self.rotl(s.1 &* 5, 7) &* 9
        let t = s.1 << 17
        s.2 ^= s.0
        s.3 ^= s.1
        s.1 ^= s.2
        s.0 ^= s.3
        s.2 ^= t
        s.3 = Self.rotl(s.3, 45)
        return result
    }

    /// An unbiased integer in 0...bound: Lemire's multiply-shift with rejection (no modulo bias).
    public mutating func next(upTo bound: UInt64) -> UInt64 {
        if bound == .max { return next() }
        let range = bound + 1
        var m = next().multipliedFullWidth(by: range)
        if m.low < range {
            let threshold = (0 &- range) % range
            while m.low < threshold { m = next().multipliedFullWidth(by: range) }
        }
        return m.high
    }

    /// A double in [0, 1) with 53 random bits.
    public mutating func nextUnitDouble() -> Double { Double(next() >> 11) * 0x1.0p-53 }

    /// True with probability `p` (compared on 53 bits).
    public mutating func nextBool(probability p: Double) -> Bool { nextUnitDouble() < p }
}

/// Seeds as people write them: 16 lowercase hex digits; parsers accept an optional `0x` and fewer digits.
public enum Seed {
    /// `seed` as 16 lowercase hexadecimal digits, zero-padded: the form reports print.
    public static func format(_ seed: UInt64) -> String {
        let hex = String(seed, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// The seed written in `text` (hexadecimal, an optional `0x`, up to 16 digits), or `nil`.
    public static func parse(_ text: String) -> UInt64? {
        var t = Substring(text.lowercased())
        if t.hasPrefix("0x") { t = t.dropFirst(2) }
        guard !t.isEmpty, t.count <= 16, t.allSatisfy({ $0.isHexDigit }) else { return nil }
        return UInt64(t, radix: 16)
    }

    /// FNV-1a 64 over UTF-8: a hash that is the same in every process (unlike `hashValue`), used to derive each
    /// property's seed from the run seed.
    public static func fnv1a(_ text: String, basis: UInt64 = 0xCBF2_9CE4_8422_2325) -> UInt64 {
        var h = basis
        for b in text.utf8 {
            h ^= UInt64(b)
            h &*= 0x0000_0100_0000_01B3
        }
        return h
    }

    /// The seed of one property's cases: depends only on the run seed, the property id and its context (a caller's
    /// setting, such as the features of the system under test), so properties can run in any order or in parallel.
    public static func derive(_ seed: UInt64, property: String, context: String) -> UInt64 {
        var sm = SplitMix64(state: seed ^ fnv1a(property + "\u{0}" + context))
        return sm.next()
    }
}
