import Testing
@testable import PropertyCheck

/// The generators: every width without traps, the distribution bugs live in, the combinators, and the order
/// of simplicity the shrinker works to.
@Suite struct GeneratorTests {
    /// Draws `count` fresh values of `gen` from `seed` (each value from a fresh case, as the runner does).
    static func draws<T>(_ gen: Gen<T>, count: Int = 1000, seed: UInt64 = 1) -> [T] {
        var random = Xoshiro256StarStar(seed: seed)
        return (0..<count).compactMap { _ in try? gen.run(TestCase.fresh(Xoshiro256StarStar(seed: random.next()))) }
    }

    static func reachesBothEnds<T: FixedWidthInteger & Sendable>(_ gen: Gen<T>) -> Bool {
        let values = draws(gen)
        return values.count == 1000 && values.contains(T.min) && values.contains(T.max)
    }

    // Full-width generators of every type: no trap, and the ends of the range are drawn.
    @Test func everyFullWidthIntegerTypeDrawsWithoutTrapping() {
        #expect(Self.reachesBothEnds(Gens.anyInt))
        #expect(Self.reachesBothEnds(Gens.int64()))
        #expect(Self.reachesBothEnds(Gens.int32()))
        #expect(Self.reachesBothEnds(Gens.int16()))
        #expect(Self.reachesBothEnds(Gens.int8()))
        #expect(Self.reachesBothEnds(Gens.uint()))
        #expect(Self.reachesBothEnds(Gens.uint64()))
        #expect(Self.reachesBothEnds(Gens.uint32()))
        #expect(Self.reachesBothEnds(Gens.uint16()))
        #expect(Self.reachesBothEnds(Gens.uint8()))
        // Targets at the ends and ranges of one value.
        #expect(Self.draws(Gens.int64(.min ... .max, target: .max), count: 100).count == 100)
        #expect(Self.draws(Gens.uint64(.max ... .max)).allSatisfy { $0 == .max })
        #expect(Self.draws(Gens.int(Int.min...Int.min)).allSatisfy { $0 == .min })
    }

    @Test func fullRangeIntegersShrinkToTheBoundary() async {
        let up = await PropertyRunner.run(Property("up", Gens.anyInt) { x, _ in try require(x < 1000, "big") })
        #expect(up.counterexample.flatMap { PropertyRunner.value(of: $0.token, Gens.anyInt) } == 1000)
        let down = await PropertyRunner.run(Property("down", Gens.uint64()) { x, _ in try require(x < UInt64.max - 5, "big") })
        #expect(down.counterexample.flatMap { PropertyRunner.value(of: $0.token, Gens.uint64()) } == UInt64.max - 5)
    }

    // An extreme value costs a sign choice like any other, so −32768 is more complex than −1.
    @Test func extremeValuesOrderLikeAnyOther() throws {
        let gen = Gens.int16()
        #expect(try gen.run(TestCase.replaying([1, 1])) == -1)
        #expect(try gen.run(TestCase.replaying([32768, 0])) == -32768)
        #expect(try gen.run(TestCase.replaying([32768, 1])) == -32768)
        #expect(try gen.run(TestCase.replaying([1, 0])) == 1)
        #expect(shortlexPrecedes([1, 1], [32768, 0]))
    }

    @Test func theSimplerOfTwoFailingExtremesIsFound() async {
        let gen = Gens.int16()
        let p = Property("extreme", gen) { x, _ in try require(x != -1 && x != .min, "hit") }
        let report = await PropertyRunner.run(p, configuration: Configuration(seed: 0, cases: 2000))
        #expect(report.counterexample.flatMap { PropertyRunner.value(of: $0.token, gen) } == -1)
    }

    // Values already drawn come back: equal and near-equal pairs are common, not one in 2^64.
    @Test func equalAndNearPairsAreCommon() {
        let pairs = Self.draws(Gens.zip(Gens.anyInt, Gens.anyInt))
        let equal = pairs.filter { $0.0 == $0.1 }.count
        let near = pairs.filter { $0.0 != $0.1 && $0.0.subtractingReportingOverflow($0.1).partialValue.magnitude <= 4 }.count
        #expect(equal >= 50, "\(equal) equal pairs in 1000")
        #expect(near >= 30, "\(near) near pairs in 1000")
        // Small magnitudes dominate a full-width range.
        #expect(pairs.filter { $0.0.magnitude < 256 }.count >= 400)
    }

    @Test func doublesFavourZeroIntegersHalvesAndEnds() {
        let xs = Self.draws(Gens.double(-100...100.5))
        #expect(xs.allSatisfy { (-100...100.5).contains($0) })
        #expect(xs.filter { $0 == $0.rounded() }.count >= 300)
        #expect(xs.filter { $0 * 2 == ($0 * 2).rounded() && $0 != $0.rounded() }.count >= 50)
        #expect(xs.contains(0) && xs.contains(-100) && xs.contains(100.5))
        #expect(Self.draws(Gens.double(-Double.infinity...Double.infinity), count: 100).count == 100)
    }

    @Test func zipsDrawEachComponent() throws {
        let g = Gens.zip(Gens.int(0...9), Gens.bool, Gens.element(of: ["a", "b"]), Gens.int8(), Gens.int(5...5))
        let v = try g.run(TestCase.replaying([3, 1, 1, 0, 0, 0]))
        #expect(v.0 == 3 && v.1 && v.2 == "b" && v.3 == 0 && v.4 == 5)
        let two = try Gens.zip(Gens.int(0...9), Gens.int(0...9)).run(TestCase.replaying([4, 7]))
        #expect(two == (4, 7))
    }

    @Test func arraysHaveNoDefaultCapAndFixedLengthsHaveNoFlags() async throws {
        #expect(Self.draws(Gens.array(Gens.int(0...9))).contains { $0.count > 10 })
        let fixed = Gens.array(Gens.int(0...9), length: 3)
        #expect(try fixed.run(TestCase.replaying([1, 2, 3])) == [1, 2, 3])
        #expect(Self.draws(fixed, count: 100).allSatisfy { $0.count == 3 })
        // A list of 11 is reachable and is the minimum of "at most 10 elements".
        let gen = Gens.array(Gens.int(0...9))
        let report = await PropertyRunner.run(Property("long", gen) { xs, _ in try require(xs.count <= 10, "long") })
        #expect(report.counterexample.flatMap { PropertyRunner.value(of: $0.token, gen) } == Array(repeating: 0, count: 11))
    }

    /// A run's first cases are small: the size grows to full over the first half of the run (at most 100 cases), and
    /// collections left to their default length grow with it; a length the caller gives holds from the first case.
    @Test func defaultLengthCollectionsGrowOverARun() async {
        final class Seen: @unchecked Sendable { var sizes: [Double] = []; var grown: [Int] = []; var given: [Int] = [] }
        let seen = Seen()
        let gen = Gens.zip(Gens.array(Gens.int(0...9)), Gens.array(Gens.int(0...9), averageLength: 5))
        let report = await PropertyRunner.run(Property("grow", gen) { pair, tc in
            seen.sizes.append(tc.size)
            seen.grown.append(pair.0.count)
            seen.given.append(pair.1.count)
        }, configuration: Configuration(seed: 0, cases: 200))
        #expect(report.status == .passed && seen.sizes.count == 200)
        #expect(seen.sizes == seen.sizes.sorted() && seen.sizes[0] < 0.1 && seen.sizes[100...].allSatisfy { $0 == 1 })
        let early = seen.grown[..<20].reduce(0, +), late = seen.grown[100..<120].reduce(0, +)
        #expect(early * 4 < late, "default lengths: \(early) elements in the first 20 cases, \(late) in 20 full-size ones")
        let givenEarly = seen.given[..<20].reduce(0, +)
        #expect(givenEarly * 2 > late, "an explicit average is kept: \(givenEarly) elements in the first 20 cases")
        // Replays and shrinking never see the size.
        #expect(TestCase.replaying([1, 5, 0]).size == 1)
    }

    @Test func uniqueCollectionsAreUnique() {
        for xs in Self.draws(Gens.uniqueArray(Gens.int(0...20)), count: 300) { #expect(Set(xs).count == xs.count) }
        #expect(Self.draws(Gens.set(Gens.int(0...3), count: 2...4), count: 200).allSatisfy { (2...4).contains($0.count) })
        let dicts = Self.draws(Gens.dictionary(Gens.int(0...5), Gens.bool, count: 1...3), count: 200)
        #expect(dicts.count > 150 && dicts.allSatisfy { (1...3).contains($0.count) })
    }

    @Test func subsequencesAndPermutationsKeepTheElements() throws {
        for xs in Self.draws(Gens.subsequence(of: Array(0..<8)), count: 200) { #expect(xs == xs.sorted() && Set(xs).isSubset(of: 0..<8)) }
        for xs in Self.draws(Gens.permutation(of: Array(0..<6)), count: 200) { #expect(xs.sorted() == Array(0..<6)) }
        #expect(try Gens.permutation(of: [1, 2, 3]).run(TestCase.replaying([])) == [1, 2, 3])
    }

    indirect enum Tree: Sendable { case leaf, node(Tree, Tree)
        var nodes: Int { if case .node(let a, let b) = self { return 1 + a.nodes + b.nodes } else { return 0 } }
    }

    @Test func recursionStaysWithinItsBudget() {
        let gen = Gen<Tree>.recursive(budget: 7, base: .just(.leaf)) { smaller in
            Gen { tc throws(StopTest) in .node(try smaller.run(tc), try smaller.run(tc)) }
        }
        let trees = Self.draws(gen)
        #expect(trees.allSatisfy { $0.nodes <= 7 })
        #expect(trees.contains { $0.nodes == 7 })
    }

    /// The README's `assume` example, exactly as printed there (`ReadmeSnippetTests` checks it): it passes.
    @Test func theReadmeAssumeExamplePasses() async {
        await checkProperty("example.division", Gens.zip(Gens.anyInt, Gens.anyInt)) { pair, tc in
            let (a, b) = pair
            try tc.assume(b != 0 && !(a == .min && b == -1))
            try require(a / b * b + a % b == a, "division identity fails for \(a), \(b)")
        }
    }

    /// The same property: the assumption is what keeps it from trapping, since b = 0 (the target) is drawn.
    @Test func theReadmeAssumptionRejectsCases() async {
        let report = await PropertyRunner.run(Property("example.division", Gens.zip(Gens.anyInt, Gens.anyInt)) { pair, tc in
            let (a, b) = pair
            try tc.assume(b != 0 && !(a == .min && b == -1))
            try require(a / b * b + a % b == a, "division identity fails for \(a), \(b)")
        })
        #expect(report.passed)
        #expect(report.invalid > 0, "b = 0 is drawn (the target), so some cases are rejected")
    }
}
