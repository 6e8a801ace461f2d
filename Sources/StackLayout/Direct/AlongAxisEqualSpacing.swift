/// equalSpacing along the axis (R-D-5): natural lengths, equal gaps; and what equalCentering shares with it: a
/// single visible view, a free stack's total, and hidden views between visible ones (R-H-2).
extension AlongAxis {
    func equalSpacing(_ canvas: Double?, _ s: inout LayoutScratch) throws(Unsupported) -> Double {
        if visible.count == 1 { return try singleEqualView(canvas, &s) }
        for i in visible { s.lengths[i] = natural(i) }
        let n = Double(visible.count)
        // All gaps are tied equal at 1000, so the largest minimum governs every gap (R-D-5).
        let minimumGap = gaps.max() ?? 0
        let sumC = visibleSum(s.lengths)
        var gap = minimumGap
        let canvasLength: Double
        if let canvas {
            let room = canvas - sumC - (n - 1) * minimumGap
            if room >= 0 {
                gap = minimumGap + room / (n - 1)       // underflow pads the gaps evenly
            } else {
                try absorb(room, among: visible, into: &s.lengths)   // gaps at their minimum, then views shrink
            }
            canvasLength = canvas
        } else {
            // Free: canvas-fit (stack length == 0 @49) against the views' resistance to change.
            let total = try freeTotal(sumC: sumC, fixed: (n - 1) * minimumGap, &s.line)
            try absorb(total - sumC, among: visible, into: &s.lengths)
            let content = total + (n - 1) * minimumGap
            if content + margins < 0 { gap = minimumGap - (content + margins) / (n - 1) }
            canvasLength = total + (n - 1) * gap
        }
        var x = 0.0
        for (k, i) in visible.enumerated() {
            s.alongOrigin[i] = x
            x += s.lengths[i] + (k + 1 < visible.count ? gap : 0)
        }
        placeHiddenBetweenVisible(&s)
        return canvasLength
    }

    /// One visible view under equalSpacing or equalCentering: no gap guides, but canvas-fit (@49) still pulls a free
    /// stack's length towards 0 against the view's own resistance (§2.3).
    func singleEqualView(_ canvas: Double?, _ s: inout LayoutScratch) throws(Unsupported) -> Double {
        guard canvas == nil else { return try fill(canvas, &s) }
        let only = visible[0]
        let total = try freeTotal(sumC: natural(only), fixed: 0, &s.line)
        s.lengths[only] = natural(only)
        try absorb(total - natural(only), among: visible, into: &s.lengths)
        placeHiddenBetweenVisible(&s)
        return total
    }

    /// The total of the visible lengths in a free equal-* stack: canvas-fit at 49 pulls the stack's length to 0;
    /// the cheapest way to grow or shrink the views resists at its level (R-D-5, R-F-2).
    func freeTotal(sumC: Double, fixed: Double, _ line: inout LexicographicLine) throws(Unsupported) -> Double {
        var stretch = Double.infinity, compress = Double.infinity
        for i in visible {
            guard let h = children[i].stretch(axis), let r = children[i].compress(axis) else {
                throw Unsupported("nestedSlack: nested stack at position \(i) in a free equal-* stack")
            }
            stretch = min(stretch, h)
            compress = min(compress, r)
        }
        // Resistance above hugging above canvas-fit: the first level keeps the total from shrinking, the second
        // from growing, so the views keep their lengths (what `solve()` returns after those two levels).
        if compress > stretch && stretch > UISVPriority.canvasFit { return sumC }
        line.reset()
        if stretch > 0 { line.atMost(sumC, .priority(stretch)) }
        if compress > 0 { line.atLeast(sumC, .priority(compress)) }
        line.atMost(-fixed - margins, .priority(UISVPriority.canvasFit))   // UISV-canvas-fit: the stack's length, when positive
        line.near(sumC, .tie(0))
        return line.solve()
    }

    /// R-H-2 (TENTATIVE for equal-*): the `>=` chain does not place hidden views; a middle run sits at the midpoint
    /// between the visible neighbours' facing edges, an end run where the `==` chain would put it.
    func placeHiddenBetweenVisible(_ s: inout LayoutScratch) {
        let first = visible[0], last = visible[visible.count - 1]
        for i in stride(from: first - 1, through: 0, by: -1) {
            s.alongOrigin[i] = s.alongOrigin[i + 1] - chain[i] - s.lengths[i]
        }
        for i in stride(from: last + 1, to: children.count, by: 1) {
            s.alongOrigin[i] = s.alongOrigin[i - 1] + s.lengths[i - 1] + chain[i - 1]
        }
        for k in visible.indices.dropFirst() {
            let a = visible[k - 1], b = visible[k]
            guard b > a + 1 else { continue }
            let mid = (s.alongOrigin[a] + s.lengths[a] + s.alongOrigin[b]) / 2
            for i in (a + 1)..<b { s.alongOrigin[i] = mid }
        }
    }
}
