import PropertyCheck
import Testing
@testable import StackLayout

/// The closed forms the direct engine takes instead of solving a lexicographic line give the line's own answer.
@Suite struct LexicographicLineTests {
    /// The priority levels the children draw from: UIKit's usual ones, their neighbours and halves.
    static let levels: [Double] = [1, 49, 250, 250.5, 750, 999.5, 1000]

    /// One to six children of a horizontal line, each with no intrinsic width (one in five) or 0 to 9.75 pt in
    /// quarter points, and a hugging and a compression resistance level: shared by every child two times in three
    /// (where the closed form applies), else each child's own. Shrinks towards one child of no intrinsic width,
    /// shared levels, level 1.
    static let lines: Gen<[Child]> = {
        let level = Gens.element(of: levels)
        let size = Gen<Double?>.optional(Gens.int(0...39).map { Double($0) / 4 }, probability: 0.8)
        let uniform = Gen.frequency([(2, .just(true)), (1, .just(false))])
        let child = Gens.zip(size, level, level)
        return Gens.zip(uniform, level, level, Gens.array(child, count: 1...6, averageLength: 2.5))
            .map { uniform, h0, r0, drawn in
                drawn.enumerated().map { i, c in
                    Child(position: i, hidden: false, nested: false, width: c.0, height: c.0,
                          stretchWidth: c.0 == nil ? 0 : (uniform ? h0 : c.1),
                          compressWidth: c.0 == nil ? 0 : (uniform ? r0 : c.2))
                }
            }
    }()

    /// The line `AcrossAxis.fill` and `AlongAxis.fillEqually` build for a free length, solved.
    static func solvedLine(_ children: [Child]) -> Double {
        var line = LexicographicLine()
        for c in children {
            guard let size = c.width else { continue }
            if c.stretchWidth! > 0 { line.atMost(size, .priority(c.stretchWidth!)) }
            if c.compressWidth! > 0 { line.atLeast(size, .priority(c.compressWidth!)) }
        }
        for c in children.reversed() { line.near(c.width ?? 0, .tie(children.count - 1 - c.position)) }
        return line.solve()
    }

    /// Where the closed form gives an answer, it is the solved line's, to the bit. More than 100 of the 3000 cases
    /// must have a closed form, or the comparison would test little.
    @Test func largestSizeUnderUniformPrioritiesIsTheLinesAnswer() async {
        let describe: @Sendable ([Child]) -> String = { children in
            children.map { "\($0.width.map { "\($0)" } ?? "nil") H \($0.stretchWidth!) R \($0.compressWidth!)" }
                .joined(separator: ", ")
        }
        // More than 100 of 3000 cases: at least 101.
        let property = Property("direct.lexicographicLine.closedForm", Self.lines, describe: describe,
                                cover: [("closed form", 100.0 * 101 / 3000)]) { children, tc in
            guard let closed = LexicographicLine.largestSizeUnderUniformPriorities(children, .horizontal, among: nil) else {
                return
            }
            tc.label("closed form")
            let solved = Self.solvedLine(children)
            try require(closed.bitPattern == solved.bitPattern, "closed form \(closed), solved line \(solved)")
        }
        await checkProperty(property, configuration: ReferenceScenarios.configuration(seed: 7, cases: 3000))
    }

    /// Halves, their neighbours, the ends of exact integers, infinities: rounded as `rounded()` rounds them.
    @Test func roundedHalfAwayFromZeroIsRounded() {
        let values: [Double] = [0, -0.0, 0.5, -0.5, 1.5, -2.5, 0.49999999999999994, -0.49999999999999994,
                                4_503_599_627_370_495.5, 4_503_599_627_370_496, 1e300, -1e300, .infinity, -.infinity]
        for v in values { #expect(roundedHalfAwayFromZero(v).bitPattern == v.rounded().bitPattern, "\(v)") }
        #expect(roundedHalfAwayFromZero(.nan).isNaN)
    }

    /// Dyadic fractions n / 2^k (|n| < 2^29, k < 30): every half and quarter case of either sign, to the bit.
    static let dyadics = Gens.zip(Gens.int(-(1 << 29)...(1 << 29) - 1), Gens.int(0...29))
        .map { Double($0) / Double(1 << $1) }

    /// The property: `rounding` rounds every dyadic fraction as `rounded()` does, the sign of zero included.
    static func roundsLikeTheStandardLibrary(_ id: String, _ rounding: @escaping @Sendable (Double) -> Double)
        -> Property<Double> {
        Property(id, dyadics) { v, _ in
            let mine = rounding(v), expected = v.rounded()
            try require(mine.bitPattern == expected.bitPattern, "\(v) rounds to \(mine), rounded() gives \(expected)")
        }
    }

    @Test func roundedHalfAwayFromZeroRoundsDyadicFractions() async {
        await checkProperty(Self.roundsLikeTheStandardLibrary("direct.roundedHalfAwayFromZero") { roundedHalfAwayFromZero($0) },
                            configuration: ReferenceScenarios.configuration(seed: 11, cases: 5000))
    }

    /// A wrong rounding: ties to even, as `rint` rounds. The property must catch it.
    @Test func roundingTiesToEvenIsCaught() async {
        let report = await PropertyRunner.run(Self.roundsLikeTheStandardLibrary("direct.mutant.tiesToEven") {
            $0.rounded(.toNearestOrEven)
        }, configuration: Configuration(seed: 0, cases: 5000))
        #expect(report.status == .failed)
    }
}
