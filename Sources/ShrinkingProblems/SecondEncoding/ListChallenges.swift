import PropertyCheck

extension SecondEncoding {
    /// Large union list: a list of lists of integers; the property claims at most four distinct integers occur
    /// across all of them.
    ///
    /// Encoding: the outer list is a `Gens.array` (a "more?" flag per element); each inner list draws its length
    /// first (0...10) and then exactly that many full-range `Int`s through `flatMap` into `Gens.array(_:length:)`.
    /// The cap on inner lengths is this encoding's: any inner list of five distinct values already fails.
    ///
    /// Known minimum: `[[0, 1, -1, 2, -2]]` (one list: splitting it costs a length and a flag per list). Size counts
    /// the inner lists and the integers (6 for the minimum, 10 for `[[0], [1], [-1], [2], [-2]]`).
    enum LargeUnionList {
        static let innerList = Gens.int(0...10).flatMap { n in Gens.array(Gens.anyInt, length: n) }
        static let generator = Gens.array(innerList)

        static func holds(_ lists: [[Int]]) -> Bool {
            var seen: Set<Int> = []
            for list in lists { seen.formUnion(list) }
            return seen.count < 5
        }

        static func size(_ lists: [[Int]]) -> Int { lists.count + lists.reduce(0) { $0 + $1.count } }
        static func isMinimal(_ lists: [[Int]]) -> Bool { lists == [[0, 1, -1, 2, -2]] }

        static let problem = ShrinkingProblem("largeUnionList", generator, minimal: "[[0, 1, -1, 2, -2]]", minimalSize: 6,
                                              size: size, isMinimal: isMinimal, holds: holds)
    }

    /// Reverse: the (wrong) claim that reversing a list of integers gives the same list.
    ///
    /// Encoding: the plain nested generators, `Gens.array` of full-range `Int64` (the control among the variants).
    /// Known minimum: `[0, 1]`.
    enum Reverse {
        static let generator = Gens.array(Gens.int64())
        static func holds(_ list: [Int64]) -> Bool { list.reversed().elementsEqual(list) }
        static func isMinimal(_ list: [Int64]) -> Bool { list == [0, 1] }
        static let problem = ShrinkingProblem("reverse", generator, minimal: "[0, 1]", minimalSize: 2,
                                              size: { $0.count }, isMinimal: isMinimal, holds: holds)
    }

    /// Length list: a length in 1...100, then exactly that many integers in 0...1000; the property claims the
    /// largest is below 900.
    ///
    /// Encoding: the challenge asks for a monadic bind, so the length is drawn first and `flatMap`s into
    /// `Gens.array(_:length:)` (no "more?" flags: shortening the list means lowering the length choice).
    /// Known minimum: `[900]`.
    enum LengthList {
        static let generator = Gens.int(1...100).flatMap { n in Gens.array(Gens.int(0...1000), length: n) }
        static func holds(_ list: [Int]) -> Bool { (list.max() ?? 0) < 900 }
        static func isMinimal(_ list: [Int]) -> Bool { list == [900] }
        static let problem = ShrinkingProblem("lengthList", generator, minimal: "[900]", minimalSize: 1,
                                              size: { $0.count }, isMinimal: isMinimal, holds: holds)
    }

    /// Coupling: a list of indices into itself; the property claims no two positions i ≠ j point at each other
    /// (`list[i] == j` and `list[j] == i`).
    ///
    /// Encoding: the length n (0...10) is drawn first and each element is drawn in 0...n − 1 through `flatMap`, so
    /// every value is a valid index by construction (no filter): lowering the length changes the elements' range.
    /// Known minimum: `[1, 0]`.
    enum Coupling {
        static let generator = Gens.int(0...10).flatMap { n in
            n == 0 ? Gen.just([]) : Gens.array(Gens.int(0...(n - 1)), length: n)
        }

        static func holds(_ list: [Int]) -> Bool {
            for (i, j) in list.enumerated() where i != j && list.indices.contains(j) && list[j] == i { return false }
            return true
        }

        static func isMinimal(_ list: [Int]) -> Bool { list == [1, 0] }
        static let problem = ShrinkingProblem("coupling", generator, minimal: "[1, 0]", minimalSize: 2,
                                              size: { $0.count }, isMinimal: isMinimal, holds: holds)
    }

    /// Deletion: removing an element of a list (by its first occurrence) leaves it absent from the list, which a
    /// duplicate breaks.
    ///
    /// Encoding (the challenge's original): a list of full-range `Int64` zipped with an index in 0...10, and the
    /// index's validity as `try tc.assume(index < list.count)` inside a composite `Gen { tc in … }`: a case with too
    /// short a list is rejected, not repaired. Known minimum: `([0, 0], 0)` (the list, then the index of the
    /// element removed).
    enum Deletion {
        static let generator: Gen<([Int64], Int)> = {
            let pair = Gens.zip(Gens.array(Gens.int64()), Gens.int(0...10))
            return Gen { tc throws(StopTest) in
                let (list, index) = try pair.run(tc)
                try tc.assume(index < list.count)
                return (list, index)
            }
        }()

        static func holds(_ value: ([Int64], Int)) -> Bool {
            let (list, index) = value
            guard list.indices.contains(index) else { return true }
            let removed = list[index]
            var rest = list
            if let first = rest.firstIndex(of: removed) { rest.remove(at: first) }
            return !rest.contains(removed)
        }

        static func isMinimal(_ value: ([Int64], Int)) -> Bool { value.0 == [0, 0] && value.1 == 0 }
        static let problem = ShrinkingProblem("deletion", generator, minimal: "([0, 0], 0)", minimalSize: 2,
                                              size: { $0.0.count }, isMinimal: isMinimal, holds: holds)
    }

    /// Distinct: the (wrong) claim that a list of integers holds fewer than three distinct values.
    ///
    /// Encoding: a hand-rolled list in a composite `Gen { tc in … }`: a `tc.weighted` "more?" choice before each
    /// full-range `Int` (about four elements on average), with no span around an element's flag and value as
    /// `Gens.array` records, so the shrinker sees the list only through its choices.
    /// Known minimum: `[0, 1, -1]` or `[0, 1, 2]` (as the challenge gives both); no other order.
    enum Distinct {
        static let generator = Gen<[Int]> { tc throws(StopTest) in
            var list: [Int] = []
            while try tc.weighted(0.8) { list.append(try Gens.anyInt.run(tc)) }
            return list
        }

        static func holds(_ list: [Int]) -> Bool { Set(list).count < 3 }
        static func isMinimal(_ list: [Int]) -> Bool { list == [0, 1, -1] || list == [0, 1, 2] }
        static let problem = ShrinkingProblem("distinct", generator, minimal: "[0, 1, -1] or [0, 1, 2]", minimalSize: 3,
                                              size: { $0.count }, isMinimal: isMinimal, holds: holds)
    }

    /// Nested lists: the (wrong) claim that the lengths of a list of lists of integers sum to at most 10.
    ///
    /// Encoding: the outer list's length is drawn first (0...20, this encoding's cap) and `flatMap`s into
    /// `Gens.array(_:length:)` of inner `Gens.array`s of full-range `Int64` (the inverse of `largeUnionList`'s
    /// layout). Known minimum: `[[0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]]`, one list of eleven zeros. Size counts the inner
    /// lists and the integers (12 for the minimum).
    enum NestedLists {
        static let generator = Gens.int(0...20).flatMap { n in Gens.array(Gens.array(Gens.int64()), length: n) }
        static func holds(_ lists: [[Int64]]) -> Bool { lists.reduce(0) { $0 + $1.count } <= 10 }
        static func size(_ lists: [[Int64]]) -> Int { lists.count + lists.reduce(0) { $0 + $1.count } }
        static func isMinimal(_ lists: [[Int64]]) -> Bool { lists == [Array(repeating: 0, count: 11)] }
        static let problem = ShrinkingProblem("nestedLists", generator, minimal: "[[0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]]",
                                              minimalSize: 12, size: size, isMinimal: isMinimal, holds: holds)
    }
}
