extension Gens {
    /// A double in `range` built from integer choices: an integer part (an `Int` generator shrinking towards
    /// `target`, so 0, ±1, the ends and repeats are common), then a number of fraction bits (shrinking towards 0:
    /// integers first, then halves) and those bits; the sum is clamped into the range, which is how the exact ends
    /// are reached. Fresh draws take 0 fraction bits 40% of the time (integers), 1 bit 15% (halves), and all bits set
    /// 5% (with the top integer part, the upper end). No libm. Ranges beyond ±2^62 keep their integer part within
    /// ±2^62 (and infinite or NaN bounds are replaced by it), so no range traps.
    public static func double(_ range: ClosedRange<Double>, target: Double = 0, maxFractionBits: Int = 20) -> Gen<Double> {
        let limit = Double(1 << 62)
        func finite(_ x: Double) -> Double { x.isNaN ? 0 : Swift.min(Swift.max(x, -limit), limit) }
        let lo = finite(range.lowerBound), hi = Swift.max(lo, finite(range.upperBound))
        let loWhole = Int(lo.rounded(.down)), hiWhole = Int(hi.rounded(.down))
        let whole = int(loWhole...hiWhole, target: Int(finite(target).rounded(.down)))
        let maxBits = UInt64(Swift.min(Swift.max(maxFractionBits, 0), 52))
        return Gen { tc throws(StopTest) in
            let i = try whole.run(tc, label: "whole")
            var allOnes = false
            let bits = try tc.choice(maxBits) { rng in
                let r = rng.next(upTo: 99)
                if r < 40 { return 0 }
                if r < 55 { return Swift.min(1, maxBits) }
                if r < 60 { allOnes = true; return maxBits }
                return rng.next(upTo: maxBits)
            }
            var fraction = 0.0
            if bits > 0 {
                let top: UInt64 = (1 << bits) - 1
                let f = try tc.choice(top) { rng in allOnes ? top : rng.next(upTo: top) }
                fraction = Double(f) / Double(1 << bits)
            }
            return Swift.min(Swift.max(Double(i) + fraction, range.lowerBound.isNaN ? lo : range.lowerBound),
                             range.upperBound.isNaN ? hi : range.upperBound)
        }
    }
}
