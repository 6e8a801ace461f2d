import Testing
@testable import StackLayout

/// The closed forms the direct engine takes instead of solving a lexicographic line give the line's own answer.
@Suite struct LexicographicLineTests {
    /// A small deterministic generator (no timing, no global state).
    struct Numbers {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(bound))
        }
    }

    @Test func largestSizeUnderUniformPrioritiesIsTheLinesAnswer() {
        var numbers = Numbers(state: 7)
        let levels: [Double] = [1, 49, 250, 250.5, 750, 999.5, 1000]
        var closedForms = 0
        for _ in 0..<3000 {
            let count = 1 + numbers.next(6)
            let uniform = numbers.next(3) != 0
            let h0 = levels[numbers.next(levels.count)], r0 = levels[numbers.next(levels.count)]
            let children = (0..<count).map { i -> Child in
                let size: Double? = numbers.next(5) == 0 ? nil : Double(numbers.next(40)) / 4
                let h = uniform ? h0 : levels[numbers.next(levels.count)]
                let r = uniform ? r0 : levels[numbers.next(levels.count)]
                return Child(position: i, hidden: false, nested: false, width: size, height: size,
                             stretchWidth: size == nil ? 0 : h, compressWidth: size == nil ? 0 : r)
            }
            guard let closed = LexicographicLine.largestSizeUnderUniformPriorities(children, .horizontal, among: nil) else { continue }
            // The line AcrossAxis.fill and AlongAxis.fillEqually build for a free length.
            var line = LexicographicLine()
            for c in children {
                guard let size = c.width else { continue }
                if c.stretchWidth! > 0 { line.atMost(size, .priority(c.stretchWidth!)) }
                if c.compressWidth! > 0 { line.atLeast(size, .priority(c.compressWidth!)) }
            }
            for c in children.reversed() { line.near(c.width ?? 0, .tie(count - 1 - c.position)) }
            #expect(closed.bitPattern == line.solve().bitPattern)
            closedForms += 1
        }
        #expect(closedForms > 100)
    }

    @Test func roundedHalfAwayFromZeroIsRounded() {
        var numbers = Numbers(state: 11)
        var values: [Double] = [0, -0.0, 0.5, -0.5, 1.5, -2.5, 0.49999999999999994, -0.49999999999999994,
                                4_503_599_627_370_495.5, 4_503_599_627_370_496, 1e300, -1e300, .infinity, -.infinity]
        for _ in 0..<5000 { values.append(Double(numbers.next(1 << 30) - (1 << 29)) / Double(1 << numbers.next(30))) }
        for v in values { #expect(roundedHalfAwayFromZero(v).bitPattern == v.rounded().bitPattern, "\(v)") }
        #expect(roundedHalfAwayFromZero(.nan).isNaN)
    }
}
