import PropertyCheck

extension SecondEncoding {
    /// Bound 5: five lists of 16-bit integers, each summing (in 16-bit arithmetic) to less than 256; the property
    /// claims the 16-bit sum of all of them is below 5 × 256, which overflow breaks.
    ///
    /// Encoding: one composite `Gen { tc in … }` draws the five lists in a loop (no `Gens.zip`), as an array of five
    /// arrays; each list is an unbounded `Gens.array` of full-range `Int16` with the per-list bound as a `.filter`
    /// (three tries, as the challenge's own filter). Sums wrap, as the challenge's `int16` sums do.
    ///
    /// Known minimum: "something like" `([-32768], [-1], [], [], [])`: two singleton lists holding −32768 and −1,
    /// the others empty. Which two of the five positions hold them, and in which order, is the encoding's choice
    /// (Hypothesis reaches `([], [], [], [-1], [-32768])`), so any placement is recognised; any other values are not.
    enum Bound5 {
        static func wrappingSum(_ list: [Int16]) -> Int16 { list.reduce(0, &+) }

        static let generator: Gen<[[Int16]]> = {
            let boundedList = Gens.array(Gens.int16()).filter { wrappingSum($0) < 256 }
            return Gen { tc throws(StopTest) in
                var lists: [[Int16]] = []
                for _ in 0..<5 { lists.append(try boundedList.run(tc)) }
                return lists
            }
        }()

        static func holds(_ lists: [[Int16]]) -> Bool {
            lists.reduce(Int16(0)) { $0 &+ wrappingSum($1) } < 5 * 256
        }

        static func size(_ lists: [[Int16]]) -> Int { lists.reduce(0) { $0 + $1.count } }

        static func isMinimal(_ lists: [[Int16]]) -> Bool {
            let nonEmpty = lists.filter { !$0.isEmpty }
            return lists.count == 5 && nonEmpty.count == 2 && nonEmpty.allSatisfy { $0.count == 1 }
                && nonEmpty.map { $0[0] }.sorted() == [-32768, -1]
        }

        static let problem = ShrinkingProblem("bound5", generator, minimal: "[[-32768], [-1], [], [], []] (any placement)",
                                              minimalSize: 2, size: size, isMinimal: isMinimal, holds: holds)
    }

    /// The difference problems' parameters: "positive integers", so the whole of 1...Int.max (shrinking towards 1,
    /// the default target 0 clamped into the range).
    static let positive = Gens.int(1...Int.max)

    /// The distance between two positive integers (it cannot overflow: both lie in 1...Int.max).
    static func distance(_ a: Int, _ b: Int) -> Int { a >= b ? a - b : b - a }

    /// Difference must not be zero: holds when the first parameter is below 10 or the two differ.
    ///
    /// Encoding: two nested generators joined with `Gens.zip`. Known minimum: `(10, 10)`.
    enum DifferenceMustNotBeZero {
        static let generator = Gens.zip(positive, positive)
        static func holds(_ p: (Int, Int)) -> Bool { p.0 < 10 || p.0 != p.1 }
        static func isMinimal(_ p: (Int, Int)) -> Bool { p == (10, 10) }
        static let problem = ShrinkingProblem("differenceMustNotBeZero", generator, minimal: "(10, 10)", minimalSize: 2,
                                              size: { _ in 2 }, isMinimal: isMinimal, holds: holds)
    }

    /// Difference must not be small: holds when the first parameter is below 10 or the distance is not in 1...4.
    ///
    /// Encoding: the second parameter drawn in a `flatMap` on the first (a dependent-looking bind whose inner
    /// generator ignores the first value). Known minimum: `(10, 6)`.
    enum DifferenceMustNotBeSmall {
        static let generator = positive.flatMap { a in positive.map { b in (a, b) } }
        static func holds(_ p: (Int, Int)) -> Bool { p.0 < 10 || !(1...4).contains(distance(p.0, p.1)) }
        static func isMinimal(_ p: (Int, Int)) -> Bool { p == (10, 6) }
        static let problem = ShrinkingProblem("differenceMustNotBeSmall", generator, minimal: "(10, 6)", minimalSize: 2,
                                              size: { _ in 2 }, isMinimal: isMinimal, holds: holds)
    }

    /// Difference must not be one: holds when the first parameter is below 10 or the distance is not exactly 1.
    ///
    /// Encoding: both parameters drawn in one composite `Gen { tc in … }`. Known minimum: `(10, 9)`.
    enum DifferenceMustNotBeOne {
        static let generator = Gen<(Int, Int)> { tc throws(StopTest) in
            let first = try positive.run(tc)
            return (first, try positive.run(tc))
        }
        static func holds(_ p: (Int, Int)) -> Bool { p.0 < 10 || distance(p.0, p.1) != 1 }
        static func isMinimal(_ p: (Int, Int)) -> Bool { p == (10, 9) }
        static let problem = ShrinkingProblem("differenceMustNotBeOne", generator, minimal: "(10, 9)", minimalSize: 2,
                                              size: { _ in 2 }, isMinimal: isMinimal, holds: holds)
    }
}
