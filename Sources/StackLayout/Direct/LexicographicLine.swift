/// Lexicographic minimisation of one variable (R-SOLVE-2): the closed-form engine reduces several sub-problems
/// (a free fillEqually length, a free cross size under alignment fill, a free stack length) to choosing one number
/// x against costs at ordered levels. Each term costs `max(0, slope·x + offset)`; levels are processed highest
/// first, each narrowing the set of optimal x (an interval, since the costs are convex), so no error at a lower
/// level can outweigh one at a higher level.
///
/// A line is reusable: `reset()` keeps its buffers, so a prepared layout chooses its free lengths without
/// allocating once the buffers have grown to the largest stack (DirectLayoutPlan).
struct LexicographicLine: Sendable {
    /// A level key: UIKit priorities (higher first), then the R-T-1 tie levels (`tie` ascending = processed first).
    struct Level: Comparable, Sendable {
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

    struct Term: Sendable {
        var level: Level
        var slope: Double
        var offset: Double
    }

    private var terms: [Term] = []
    /// Scratch for `solve`: the terms' processing order and one level's breakpoints.
    private var order: [Int] = []
    private var breaks: [(x: Double, dslope: Double)] = []
    var lower = -Double.infinity
    var upper = Double.infinity

    /// Empties the line for a new problem, keeping its buffers.
    mutating func reset() {
        terms.removeAll(keepingCapacity: true)
        lower = -.infinity
        upper = .infinity
    }

    /// `max(0, slope·x + offset)` at `level`.
    mutating func add(_ level: Level, slope: Double, offset: Double) {
        terms.append(Term(level: level, slope: slope, offset: offset))
    }

    /// Cost of x exceeding `bound` (a hugging-like `x <= bound`).
    mutating func atMost(_ bound: Double, _ level: Level) { add(level, slope: 1, offset: -bound) }
    /// Cost of x falling short of `bound` (a compression-like `x >= bound`).
    mutating func atLeast(_ bound: Double, _ level: Level) { add(level, slope: -1, offset: bound) }
    /// Cost |x − target|.
    mutating func near(_ target: Double, _ level: Level) {
        atMost(target, level)
        atLeast(target, level)
    }

    /// The optimum: levels highest first; any interval left at the end resolves to the point nearest 0 (R-T-8's
    /// "minimise |size|"), then its lower end.
    ///
    /// Most problems are decided by their first two or three levels (a stack's hugging and compression resistance),
    /// so the first levels are picked by scanning, and the terms are sorted only if the answer is still open. Each
    /// level's terms are taken in the order they were added either way, so the answer does not depend on the path.
    mutating func solve() -> Double {
        var lo = lower, hi = upper
        let terms = self.terms
        // Taken out of self while in use, so that they stay uniquely referenced (no copy on write).
        var order = self.order
        self.order = []
        var breaks = self.breaks
        self.breaks = []
        defer { self.order = order; self.breaks = breaks }
        var hasDone = false
        var done = Level.tie(0)       // the last level processed: every level up to it is done
        for _ in 0..<3 {
            var found = false
            var level = done
            for t in terms where !hasDone || done < t.level {
                if !found || t.level < level { level = t.level; found = true }
            }
            guard found else { return Self.resolve(lo, hi) }
            order.removeAll(keepingCapacity: true)
            for k in terms.indices where terms[k].level == level { order.append(k) }
            (lo, hi) = Self.minimise(terms, order[...], lo, hi, breaks: &breaks)
            if lo == hi { return lo }
            done = level
            hasDone = true
        }
        order.removeAll(keepingCapacity: true)
        for k in terms.indices where done < terms[k].level { order.append(k) }
        // Ties between equal levels broken by insertion index: a total order, so the result is deterministic.
        order.sort { terms[$0].level < terms[$1].level || (terms[$0].level == terms[$1].level && $0 < $1) }
        var start = 0
        while start < order.count {
            var end = start
            while end < order.count && terms[order[end]].level == terms[order[start]].level { end += 1 }
            (lo, hi) = Self.minimise(terms, order[start..<end], lo, hi, breaks: &breaks)
            start = end
            if lo == hi { return lo }
        }
        return Self.resolve(lo, hi)
    }

    /// An interval left after every level: the point nearest 0, then the lower end.
    private static func resolve(_ lo: Double, _ hi: Double) -> Double {
        if lo <= 0 && 0 <= hi { return 0 }
        return abs(lo) <= abs(hi) ? lo : hi
    }

    /// The interval of minimisers of Σ max(0, slope·x + offset) over [lo, hi] for the terms `group` picks.
    /// Convex and piecewise linear: sweep the breakpoints in order, accumulating the slope.
    static func minimise(_ terms: [Term], _ group: ArraySlice<Int>, _ lo: Double, _ hi: Double,
                         breaks: inout [(x: Double, dslope: Double)]) -> (Double, Double) {
        var slope = 0.0
        breaks.removeAll(keepingCapacity: true)
        for k in group {
            let t = terms[k]
            guard t.slope != 0 else { continue }
            let x = -t.offset / t.slope
            let w = abs(t.slope)
            if t.slope < 0 { slope -= w }   // active (rising to the left) for x below its breakpoint
            breaks.append((x, w))
        }
        breaks.sort { $0.x < $1.x }
        // Slopes are sums of products of doubles: treat anything within a relative 1e-12 of 0 as flat.
        var total = 0.0
        for b in breaks { total += b.dslope }
        let eps = 1e-12 * max(1, total)
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

extension LexicographicLine {
    /// The free common length of `items` (a free fillEqually length, R-D-3; a free cross size under alignment fill,
    /// R-AL-1) when every item with a size hugs at one level H and resists compression at one higher level R, as
    /// with UIKit's defaults (250 and 750). Then level R leaves [largest size, ∞) and level H picks its lower end:
    /// the largest size, exactly the breakpoint `solve()` would return, before any tie level is reached. `nil` when
    /// the items are not like that (or the answer is 0, whose sign `solve()` decides), and the line must be solved.
    static func largestSizeUnderUniformPriorities(_ children: [Child], _ axis: Axis, among items: [Int]?) -> Double? {
        var hugging = -1.0, resistance = -1.0, largest = -Double.infinity
        func visit(_ child: Child) -> Bool {
            guard let size = child.size(axis) else { return true }
            guard let h = child.stretch(axis), let r = child.compress(axis) else { return false }
            if hugging < 0 {
                hugging = h
                resistance = r
            } else if h != hugging || r != resistance {
                return false
            }
            if size > largest { largest = size }
            return true
        }
        if let items {
            for i in items { guard visit(children[i]) else { return nil } }
        } else {
            for child in children { guard visit(child) else { return nil } }
        }
        guard hugging > 0, resistance > hugging, largest != 0 else { return nil }
        return largest
    }
}
