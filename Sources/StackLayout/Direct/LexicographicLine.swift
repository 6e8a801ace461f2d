/// Lexicographic minimisation of one variable (R-SOLVE-2): the closed-form engine reduces several sub-problems
/// (a free fillEqually length, a free cross size under alignment fill, a free stack length) to choosing one number
/// x against costs at ordered levels. Each term costs `weight · max(0, slope·x + offset)`; levels are processed
/// highest first, each narrowing the set of optimal x (an interval, since the costs are convex), so no error at a
/// lower level can outweigh one at a higher level.
struct LexicographicLine {
    /// A level key: UIKit priorities (higher first), then the R-T-1 tie levels (`tie` ascending = processed first).
    struct Level: Comparable {
        var priority: Double
        var tie: Int
        static func priority(_ p: Double) -> Level { Level(priority: p, tie: 0) }
        /// R-T-1: tie levels below every priority; order 0 is processed first (the last item in pre-order).
        static func tie(_ order: Int) -> Level { Level(priority: 0, tie: order) }
        /// Processing order: higher priority first, then lower tie order first.
        static func < (a: Level, b: Level) -> Bool {
            a.priority != b.priority ? a.priority > b.priority : a.tie < b.tie
        }
    }

    struct Term {
        var level: Level
        var slope: Double
        var offset: Double
        var weight: Double = 1
    }

    private var terms: [Term] = []
    var lower = -Double.infinity
    var upper = Double.infinity

    /// `weight · max(0, slope·x + offset)` at `level`.
    mutating func add(_ level: Level, slope: Double, offset: Double, weight: Double = 1) {
        terms.append(Term(level: level, slope: slope, offset: offset, weight: weight))
    }

    /// Cost of x exceeding `bound` (a hugging-like `x <= bound`).
    mutating func atMost(_ bound: Double, _ level: Level, weight: Double = 1) { add(level, slope: 1, offset: -bound, weight: weight) }
    /// Cost of x falling short of `bound` (a compression-like `x >= bound`).
    mutating func atLeast(_ bound: Double, _ level: Level, weight: Double = 1) { add(level, slope: -1, offset: bound, weight: weight) }
    /// Cost |x − target|.
    mutating func near(_ target: Double, _ level: Level, weight: Double = 1) {
        atMost(target, level, weight: weight)
        atLeast(target, level, weight: weight)
    }

    /// The optimum: levels highest first; any interval left at the end resolves to the point nearest 0 (R-T-8's
    /// "minimise |size|"), then its lower end.
    func solve() -> Double {
        var lo = lower, hi = upper
        let order = terms.indices.sorted { terms[$0].level < terms[$1].level || (terms[$0].level == terms[$1].level && $0 < $1) }
        var start = 0
        while start < order.count {
            var end = start
            while end < order.count && terms[order[end]].level == terms[order[start]].level { end += 1 }
            (lo, hi) = Self.minimise(order[start..<end].map { terms[$0] }, lo, hi)
            start = end
            if lo == hi { return lo }
        }
        if lo <= 0 && 0 <= hi { return 0 }
        return abs(lo) <= abs(hi) ? lo : hi
    }

    /// The interval of minimisers of Σ weight·max(0, slope·x + offset) over [lo, hi]. Convex and piecewise linear:
    /// sweep the breakpoints in order, accumulating the slope.
    static func minimise(_ group: [Term], _ lo: Double, _ hi: Double) -> (Double, Double) {
        var slope = 0.0
        var breaks: [(x: Double, dslope: Double)] = []
        for t in group where t.slope != 0 {
            let x = -t.offset / t.slope
            let w = t.weight * abs(t.slope)
            if t.slope < 0 { slope -= w }   // active (rising to the left) for x below its breakpoint
            breaks.append((x, w))
        }
        breaks.sort { $0.x < $1.x }
        // Slopes are sums of products of doubles: treat anything within a relative 1e-12 of 0 as flat.
        let eps = 1e-12 * max(1, breaks.reduce(0) { $0 + $1.dslope })
        // The unconstrained minimiser set: where the slope crosses from negative to non-negative.
        var left = -Double.infinity, right = Double.infinity
        var i = 0
        var found = false
        if slope >= -eps {
            // Non-decreasing from the start: everything up to the first breakpoint.
            found = true
            right = breaks.first?.x ?? .infinity
        }
        while !found && i < breaks.count {
            let x = breaks[i].x
            var next = slope
            while i < breaks.count && breaks[i].x == x { next += breaks[i].dslope; i += 1 }
            if next > eps { left = x; right = x; found = true }
            else if next >= -eps { left = x; right = i < breaks.count ? breaks[i].x : .infinity; found = true }
            slope = next
        }
        if !found, let last = breaks.last {
            // Past the last breakpoint every term is non-decreasing: the slope is 0 up to rounding.
            left = last.x
            right = .infinity
            found = true
        }
        if !found { return (lo, hi) }  // no terms with slope: every x is optimal
        // Constrain to [lo, hi]: a convex function's minimisers over an interval.
        if right < lo { return (lo, lo) }
        if left > hi { return (hi, hi) }
        return (max(left, lo), min(right, hi))
    }
}
