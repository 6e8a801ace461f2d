import PropertyCheck

// The challenge's problems over a few integers: bound5 and the three difference problems (from jqwik).

/// Sum with 16-bit wrap-around, as the challenge's `int16` arithmetic.
func int16Sum(_ xs: [Int]) -> Int { Int(xs.reduce(Int16(0)) { $0 &+ Int16(truncatingIfNeeded: $1) }) }

extension ShrinkingProblem {
    /// bound5. Generator: a 5-tuple of lists of 16-bit integers (−32768…32767), each list filtered to a wrapped sum
    /// below 256. Property: the wrapped sum of all the values is below 5 × 256 (false through overflow: no single
    /// list can fail it, two must cooperate). Known minimum: ([-32768], [-1], [], [], []) — two singleton lists
    /// holding −32768 and −1, in any two of the five (symmetric) positions.
    public static let bound5: ShrinkingProblem = {
        let list = anyList(Gens.int(-32768...32767)).filter { int16Sum($0) < 256 }
        let gen = Gen<[[Int]]> { tc throws(StopTest) in try (0..<5).map { _ throws(StopTest) in try list.run(tc) } }
        return ShrinkingProblem("bound5", gen, minimal: "([-32768], [-1], [], [], [])", minimalSize: 2,
                                size: { $0.map(\.count).reduce(0, +) },
                                isMinimal: { t in t.filter { !$0.isEmpty }.sorted { $0.lexicographicallyPrecedes($1) } == [[-32768], [-1]] },
                                holds: { t in int16Sum(t.flatMap { $0 }) < 5 * 256 })
    }()

    /// The difference problems' input: two positive 32-bit integers (jqwik's `@Positive int`), assuming the first
    /// is at least 10.
    static let positivePair: Gen<[Int]> = {
        let positive = Gens.int(1...Int(Int32.max))
        return Gen<[Int]> { tc throws(StopTest) in
            let x = try positive.run(tc), y = try positive.run(tc)
            try tc.assume(x >= 10)
            return [x, y]
        }
    }()

    /// difference_must_not_be_zero. Generator: two positive integers x, y, assuming x ≥ 10. Property: x − y ≠ 0.
    /// Known minimum: (10, 10).
    public static let differenceMustNotBeZero = ShrinkingProblem(
        "difference_must_not_be_zero", positivePair, minimal: "(10, 10)", minimalSize: 2, size: { $0.count },
        isMinimal: { $0 == [10, 10] }, holds: { $0[0] - $0[1] != 0 })

    /// difference_must_not_be_small. Generator: two positive integers x, y, assuming x ≥ 10. Property: |x − y| is 0
    /// or greater than 4. Known minimum: (10, 6).
    public static let differenceMustNotBeSmall = ShrinkingProblem(
        "difference_must_not_be_small", positivePair, minimal: "(10, 6)", minimalSize: 2, size: { $0.count },
        isMinimal: { $0 == [10, 6] }, holds: { let d = abs($0[0] - $0[1]); return d == 0 || d > 4 })

    /// difference_must_not_be_one. Generator: two positive integers x, y, assuming x ≥ 10. Property: |x − y| ≠ 1.
    /// Known minimum: (10, 9).
    public static let differenceMustNotBeOne = ShrinkingProblem(
        "difference_must_not_be_one", positivePair, minimal: "(10, 9)", minimalSize: 2, size: { $0.count },
        isMinimal: { $0 == [10, 9] }, holds: { abs($0[0] - $0[1]) != 1 })
}
