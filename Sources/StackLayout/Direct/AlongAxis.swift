/// Lengths and positions along one stack's axis, in closed form, per distribution (§2.3, R-D-*, §2.6, R-H-2,
/// R-T-1, R-T-3). Coordinates are the canvas's, leading = 0. The answer goes into the scratch buffers
/// (`lengths`, `alongOrigin`), so a prepared layout allocates nothing here on its common paths.
///
/// This file holds the dispatch and the pieces every distribution shares; each distribution is an extension in a
/// file of its own (`AlongAxisFill.swift`, `AlongAxisFillEqually.swift`, …).
struct AlongAxis {
    let stack: PlannedStack
    let axis: Axis
    /// The margins along the axis when margins-relative, else 0 (R-M-1, R-M-3).
    let margins: Double
    /// Baseline-relative vertical stack (R-BL-1, R-BL-6).
    let baselineRelative: Bool

    init(stack: PlannedStack, margins: Double) {
        self.stack = stack
        self.axis = stack.axis
        self.margins = margins
        self.baselineRelative = stack.isBaselineRelativeArrangement && stack.axis == .vertical
    }

    var children: [Child] { stack.children }
    /// Positions of the visible items, in arranged order.
    var visible: [Int] { stack.visible }
    /// §2.5's constants between adjacent arranged items (R-T-3).
    var chain: [Double] { stack.chain }
    /// The actual space between consecutive visible items.
    var gaps: [Double] { stack.gaps }

    /// The natural length of a visible item: intrinsic or fitting, 0 when it has none (R-I-1).
    func natural(_ i: Int) -> Double { children[i].size(axis) ?? 0 }

    /// Fills `s.lengths` and `s.alongOrigin` and returns the canvas length.
    func solve(canvasLength: Double?, _ s: inout LayoutScratch) throws(Unsupported) -> Double {
        let count = children.count
        LayoutScratch.zero(&s.lengths, count: count)
        LayoutScratch.zero(&s.alongOrigin, count: count)
        // Hidden items have length 0 (UISV-hiding); a hidden nested stack with content is squeezed (R-N-2).
        for c in children where c.hidden && c.nested && natural(c.position) != 0 {
            throw Unsupported("nestedSlack: hidden nested stack at position \(c.position) has a non-zero fitting length (R-N-2)")
        }
        guard !visible.isEmpty else {
            // R-T-2, R-F-3: every view hidden (or none): fitting length 0, hidden views at the canvas origin; in a
            // baseline-relative stack the (required) baseline chain still offsets them from A.first (R-T-8).
            if baselineRelative {
                // fill*: the chain is `==`; equal-*: `>=`, so each view stays at the origin unless pushed (R-T-8).
                let exact = stack.distribution != .equalSpacing && stack.distribution != .equalCentering
                for i in stride(from: 1, to: count, by: 1) {
                    let chained = s.alongOrigin[i - 1] + children[i - 1].lastBaselineOffset(height: 0) + chain[i - 1]
                        - children[i].firstBaselineOffset(height: 0)
                    s.alongOrigin[i] = exact ? chained : max(0, chained)
                }
            }
            // equalSpacing and equalCentering keep their canvas-fit (the STACK's length == 0 @49, margins included)
            // when every view is hidden (§2.3.3): a free canvas is pulled to minus the margins (R-F-3).
            let equal = stack.distribution == .equalSpacing || stack.distribution == .equalCentering
            return canvasLength ?? (equal ? -margins : 0)
        }
        if baselineRelative && stack.distribution != .fill {
            throw Unsupported("baselineRelative: the direct engine models baseline-relative spacing for fill only")
        }
        switch stack.distribution {
        case .fill:
            return baselineRelative ? try fillBaselineRelative(canvasLength, &s) : try fill(canvasLength, &s)
        case .fillEqually:
            return try fillEqually(canvasLength, &s)
        case .fillProportionally:
            return try fillProportionally(canvasLength, &s)
        case .equalSpacing:
            return try equalSpacing(canvasLength, &s)
        case .equalCentering:
            return try equalCentering(canvasLength, &s)
        }
    }

    // MARK: Shared pieces

    /// The level at which growing (`delta > 0`) or shrinking item `i` costs; `nil`: not modelled (R-N-1).
    private func level(_ i: Int, _ delta: Double) -> Double? {
        delta > 0 ? children[i].stretch(axis) : children[i].compress(axis)
    }

    /// R-D-2, R-I-1, R-T-1: a difference `delta` goes to one item: the items with no intrinsic length first (level
    /// 0), else those with the lowest hugging (growing) or compression resistance (shrinking); among equals the
    /// lowest index takes all of it, even past zero (R-SOLVE-4).
    func absorb(_ delta: Double, among candidates: [Int], into lengths: inout [Double]) throws(Unsupported) {
        guard delta != 0, !candidates.isEmpty else { return }
        var bestLevel = 0.0, chosen = -1
        for i in candidates {
            guard let level = level(i, delta) else {
                throw Unsupported("nestedSlack: cannot tell how the nested stack at position \(i) resists being \(delta > 0 ? "stretched" : "compressed")")
            }
            if chosen < 0 || level < bestLevel { bestLevel = level; chosen = i }
        }
        // A nested stack tied at the cheapest level may relieve a lower level of its own (its spanning-fit @51, for
        // one) and so win the tie in the real system: the summary cannot tell, so decline.
        let tiedNested = candidates.contains { i in children[i].nested && level(i, delta) == bestLevel }
        if children[chosen].nested || tiedNested {
            throw Unsupported("nestedSlack: the nested stack at position \(chosen) would be \(delta > 0 ? "stretched" : "compressed") along its parent's axis (R-N-1)")
        }
        lengths[chosen] += delta
    }

    /// Positions along an `==` spacing chain (fill, fillEqually, fillProportionally): the first visible item at the
    /// canvas's leading edge, every other arranged item, hidden ones included, placed by §2.5's constants (R-H-2).
    func chainPositions(_ s: inout LayoutScratch) {
        let first = visible[0]
        s.alongOrigin[first] = 0
        for i in stride(from: first + 1, to: children.count, by: 1) {
            s.alongOrigin[i] = s.alongOrigin[i - 1] + s.lengths[i - 1] + chain[i - 1]
        }
        for i in stride(from: first - 1, through: 0, by: -1) {
            s.alongOrigin[i] = s.alongOrigin[i + 1] - chain[i] - s.lengths[i]
        }
    }

    /// Checks that a nested visible item keeps its fitting length (the domain of the direct engine, R-N-1).
    func requireRigidNested(_ lengths: [Double]) throws(Unsupported) {
        for i in visible where children[i].nested {
            if abs(lengths[i] - natural(i)) > 1e-9 * max(1, abs(natural(i))) {
                throw Unsupported("nestedSlack: the nested stack at position \(i) would get length \(lengths[i]) instead of its fitting length \(natural(i)) (R-N-1)")
            }
        }
    }

    /// The sum of the visible lengths, in arranged order.
    func visibleSum(_ lengths: [Double]) -> Double {
        var sum = 0.0
        for i in visible { sum += lengths[i] }
        return sum
    }

    /// The sum of the gaps between visible items.
    var gapTotal: Double {
        var sum = 0.0
        for g in gaps { sum += g }
        return sum
    }
}
