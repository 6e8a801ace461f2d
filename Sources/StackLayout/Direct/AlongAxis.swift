/// Lengths and positions along one stack's axis, in closed form, per distribution (§2.3, R-D-*, §2.6, R-H-2,
/// R-T-1, R-T-3). Coordinates are the canvas's, leading = 0. The answer goes into the scratch buffers
/// (`lengths`, `alongOrigin`), so a prepared layout allocates nothing here on its common paths.
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
    func solve(canvasLength: Double?, _ s: inout SolverScratch) throws(Unsupported) -> Double {
        let count = children.count
        SolverScratch.zero(&s.lengths, count: count)
        SolverScratch.zero(&s.alongOrigin, count: count)
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
    func chainPositions(_ s: inout SolverScratch) {
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
    private func visibleSum(_ lengths: [Double]) -> Double {
        var sum = 0.0
        for i in visible { sum += lengths[i] }
        return sum
    }

    /// The sum of the gaps between visible items.
    private var gapTotal: Double {
        var sum = 0.0
        for g in gaps { sum += g }
        return sum
    }

    // MARK: fill (R-D-2)

    func fill(_ canvas: Double?, _ s: inout SolverScratch) throws(Unsupported) -> Double {
        for i in visible { s.lengths[i] = natural(i) }
        let total = visibleSum(s.lengths) + gapTotal
        if let canvas { try absorb(canvas - total, among: visible, into: &s.lengths) }
        chainPositions(&s)
        return canvas ?? total
    }

    /// R-BL-6: a vertical baseline-relative stack chains `next.firstBaseline == prev.lastBaseline + k`, ends pinned by
    /// top and bottom. Only the heights that move the chain's total can absorb a difference: the first visible view's
    /// when its last baseline is its bottom, and the last visible view's when its first baseline is a fixed offset.
    func fillBaselineRelative(_ canvas: Double?, _ s: inout SolverScratch) throws(Unsupported) -> Double {
        for i in visible { s.lengths[i] = natural(i) }
        func positions(_ s: inout SolverScratch) {
            let first = visible[0]
            s.alongOrigin[first] = 0
            for i in stride(from: first + 1, to: children.count, by: 1) {
                s.alongOrigin[i] = s.alongOrigin[i - 1] + children[i - 1].lastBaselineOffset(height: s.lengths[i - 1]) + chain[i - 1]
                    - children[i].firstBaselineOffset(height: s.lengths[i])
            }
            for i in stride(from: first - 1, through: 0, by: -1) {
                s.alongOrigin[i] = s.alongOrigin[i + 1] + children[i + 1].firstBaselineOffset(height: s.lengths[i + 1]) - chain[i]
                    - children[i].lastBaselineOffset(height: s.lengths[i])
            }
        }
        positions(&s)
        let last = visible[visible.count - 1]
        let total = s.alongOrigin[last] + s.lengths[last]
        guard let canvas, canvas != total else { return total }
        // A nested stack's baselines move with its content when it is resized: not modelled here (R-N-1).
        if visible.contains(where: { children[$0].nested }) {
            throw Unsupported("nestedSlack: a baseline-relative stack with a nested stack does not fit its container")
        }
        let first = visible[0]
        var candidates: [Int] = []
        if first == last { candidates = [first] } else {
            if children[first].lastBaseline == nil { candidates.append(first) }
            if children[last].firstBaseline != nil { candidates.append(last) }
        }
        guard !candidates.isEmpty else {
            throw Unsupported("conflicts: no height can change the length of this baseline-relative stack (R-SOLVE-5)")
        }
        try absorb(canvas - total, among: candidates, into: &s.lengths)
        positions(&s)
        return canvas
    }

    // MARK: fillEqually (R-D-3)

    func fillEqually(_ canvas: Double?, _ s: inout SolverScratch) throws(Unsupported) -> Double {
        let gapTotal = self.gapTotal
        let n = Double(visible.count)
        let common: Double
        if let canvas {
            common = (canvas - gapTotal) / n
        } else if let largest = LexicographicLine.largestSizeUnderUniformPriorities(children, axis, among: visible) {
            common = largest
        } else {
            // A free length: the common length is a lexicographic choice against every view's hugging and
            // compression resistance (R-D-3: the largest intrinsic length with default priorities), then R-T-1.
            s.line.reset()
            for i in visible {
                guard let c = children[i].size(axis) else { continue }
                guard let h = children[i].stretch(axis), let r = children[i].compress(axis) else {
                    throw Unsupported("nestedSlack: nested stack at position \(i) in a free fillEqually stack")
                }
                if h > 0 { s.line.atMost(c, .priority(h)) }
                if r > 0 { s.line.atLeast(c, .priority(r)) }
            }
            for i in visible.reversed() {
                s.line.near(children[i].size(axis) ?? 0, .tie(children.count - 1 - i))
            }
            common = s.line.solve()
        }
        for i in visible { s.lengths[i] = common }
        try requireRigidNested(s.lengths)
        chainPositions(&s)
        return canvas ?? (common * n + gapTotal)
    }

    // MARK: fillProportionally (§2.6, R-D-4, R-M-3, R-F-2, R-T-9)

    /// c: the intrinsic length, 0 when none; a nested stack's c is 0 (R-N-1).
    private func proportionalLength(_ i: Int) -> Double {
        children[i].nested ? 0 : (children[i].size(axis) ?? 0)
    }

    func fillProportionally(_ canvas: Double?, _ s: inout SolverScratch) throws(Unsupported) -> Double {
        let c = proportionalLength
        let spacing = stack.spacing     // literally, even with custom spacing (R-T-9)
        let hiddenCount = children.count - visible.count
        var sumC = 0.0
        for i in visible { sumC += c(i) }
        let n = visible.count
        // Special case 2: the fallback to fillEqually.
        var fallback: Bool
        if hiddenCount == 0 {
            fallback = (n == 1 && c(visible[0]) <= 1) || (n >= 2 && sumC == 0)
        } else {
            fallback = sumC <= spacing * Double(hiddenCount)
        }
        if sumC + Double(n - 1) * spacing <= 0 { fallback = true }   // TENTATIVE part of §2.6 special case 2
        if fallback { return try fillEqually(canvas, &s) }

        for i in visible where children[i].nested && natural(i) != 0 {
            throw Unsupported("nestedSlack: a nested stack in a fillProportionally stack gets length 0 (§2.6 case 3, R-N-1)")
        }
        // The proportional items: visible, with c > 0.
        var proportionalCount = 0, last = -1
        for i in visible where c(i) > 0 { proportionalCount += 1; last = i }
        let gapTotal = self.gapTotal
        let denominator = sumC + Double(n - 1) * spacing
        let m = { (i: Int) -> Double in c(i) / denominator }
        // Cases 4 and 5: the sole proportional constraint is required (m = 1): it conflicts with margins and
        // spacing unless they add up to nothing (R-T-7 keeps it and breaks a canvas connection).
        if proportionalCount == 1 && (n == 1 || spacing == 0) && margins + gapTotal != 0 {
            throw Unsupported("conflicts: a required proportional constraint with margins or spacing (R-SOLVE-5, R-T-7)")
        }
        let e = margins + gapTotal
        let stackLength: Double
        if let canvas {
            stackLength = canvas + margins
        } else {
            let g = Double(n - 1) * spacing
            if g != 0 {
                // R-F-2: the length at which every proportional constraint holds.
                stackLength = e * denominator / g
            } else {
                // Every proportional constraint but the last holds at any length; the content decides (R-F-2).
                s.line.reset()
                for i in visible where c(i) > 0 {
                    let slope = m(i)
                    let offset = i == last ? -e : 0.0
                    let ch = children[i]
                    if let h = ch.stretch(axis), h > 0 { s.line.add(.priority(h), slope: slope, offset: offset - c(i)) }
                    if let r = ch.compress(axis), r > 0 { s.line.add(.priority(r), slope: -slope, offset: c(i) - offset) }
                }
                for i in visible.reversed() where c(i) > 0 {
                    let offset = i == last ? -e : 0.0
                    s.line.add(.tie(children.count - 1 - i), slope: m(i), offset: offset - c(i))
                    s.line.add(.tie(children.count - 1 - i), slope: -m(i), offset: c(i) - offset)
                }
                stackLength = s.line.solve()
            }
        }
        // Case 3: no intrinsic length → 0. The last proportional view absorbs the difference (OBS).
        var assigned = 0.0
        for i in visible where c(i) > 0 && i != last {
            s.lengths[i] = m(i) * stackLength
            assigned += s.lengths[i]
        }
        let canvasLength = stackLength - margins
        s.lengths[last] = canvasLength - gapTotal - assigned
        chainPositions(&s)
        return canvasLength
    }

    // MARK: equalSpacing (R-D-5)

    func equalSpacing(_ canvas: Double?, _ s: inout SolverScratch) throws(Unsupported) -> Double {
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
    func singleEqualView(_ canvas: Double?, _ s: inout SolverScratch) throws(Unsupported) -> Double {
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
    func placeHiddenBetweenVisible(_ s: inout SolverScratch) {
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

    // MARK: equalCentering (R-D-6, R-F-2)

    func equalCentering(_ canvas: Double?, _ s: inout SolverScratch) throws(Unsupported) -> Double {
        if visible.count == 1 { return try singleEqualView(canvas, &s) }
        for i in visible {
            guard children[i].size(axis) != nil else {
                throw Unsupported("noIntrinsicSize: the direct engine does not model equalCentering with a view without intrinsic length")
            }
            guard let h = children[i].stretch(axis), let r = children[i].compress(axis) else {
                throw Unsupported("nestedSlack: cannot tell how the nested stack at position \(i) resists under equalCentering")
            }
            if min(h, r) <= UISVPriority.equalCenteringBase {
                throw Unsupported("priorities: content priority at or below the equalCentering gap priorities (150 − i)")
            }
            s.lengths[i] = natural(i)
        }
        // Gap k lies between visible[k] and visible[k + 1]; its equality with gap 0 has priority 150 − i, i being
        // the arranged index of the view before it. Below 49 canvas-fit would outrank it: out of this model.
        if let lastBefore = visible.dropLast().last, UISVPriority.equalCenteringGap(lastBefore) <= UISVPriority.canvasFit {
            throw Unsupported("equalCentering gap priorities reach canvas-fit's 49 (more than 100 arranged views)")
        }
        let count = visible.count
        /// The centre distance between visible[k] and visible[k + 1] at the current lengths.
        func centreDistance(_ k: Int, _ lengths: [Double]) -> Double {
            lengths[visible[k]] / 2 + gaps[k] + lengths[visible[k + 1]] / 2
        }
        var centre = s.lengths[visible[0]] / 2
        let canvasLength: Double
        if let canvas {
            let minimum = (0..<(count - 1)).map { centreDistance($0, s.lengths) }
            let edges = visibleSum(s.lengths) + gapTotal
            let distance: [Double]
            if canvas < edges {
                // Overflow: views shrink by compression resistance. A single cheapest view takes it all; several
                // share it by the gap equalities (R-D-6), which this engine does not model.
                let cheapest = visible.map { children[$0].compress(axis) ?? 0 }.min() ?? 0
                let tied = visible.filter { (children[$0].compress(axis) ?? 0) == cheapest }
                if tied.count > 1 {
                    throw Unsupported("equalCentering overflow shared by views of equal compression resistance (R-D-6)")
                }
                try absorb(canvas - edges, among: visible, into: &s.lengths)
                distance = (0..<(count - 1)).map { centreDistance($0, s.lengths) }
            } else {
                let span = canvas - s.lengths[visible[0]] / 2 - s.lengths[visible[count - 1]] / 2
                distance = Self.equalCentres(span: span, minimum: minimum)
            }
            canvasLength = canvas
            centre = s.lengths[visible[0]] / 2
            for (k, i) in visible.enumerated() {
                if k > 0 { centre += distance[k - 1] }
                s.alongOrigin[i] = centre - s.lengths[i] / 2
            }
        } else {
            // R-F-2: the centre equalities outrank canvas-fit, so the stack grows until the centres are equidistant.
            var d = centreDistance(0, s.lengths)
            for k in 1..<(count - 1) {
                let next = centreDistance(k, s.lengths)
                if d < next { d = next }    // as `Sequence.max()`: the first of equals
            }
            canvasLength = s.lengths[visible[0]] / 2 + d * Double(count - 1) + s.lengths[visible[count - 1]] / 2
            for (k, i) in visible.enumerated() {
                if k > 0 { centre += d }
                s.alongOrigin[i] = centre - s.lengths[i] / 2
            }
        }
        placeHiddenBetweenVisible(&s)
        return canvasLength
    }

    /// The centre distances d_k (summing to `span`, each at least `minimum[k]`) that satisfy the equalities
    /// d_k == d_0 in priority order (k = 1 first), each giving way only when it must (R-D-6, R-SOLVE-2).
    /// d_0 = t ranges over an interval; gaps are tied to t, fixed, or still free (at their minimum for now).
    static func equalCentres(span: Double, minimum: [Double]) -> [Double] {
        let count = minimum.count
        guard count > 1 else { return [span] }
        var fixed = Array<Double?>(repeating: nil, count: count)
        var tied = [0]
        var free = Array(1..<count)
        var lo = minimum[0]
        var hi = span - minimum[1...].reduce(0, +)
        for k in 1..<count where fixed[k] == nil {
            free.removeAll { $0 == k }
            let fixedSum = fixed.compactMap { $0 }.reduce(0, +)
            let freeMinimum = free.reduce(0) { $0 + minimum[$1] }
            let cap = (span - fixedSum - freeMinimum) / Double(tied.count + 1)
            var newLo = max(lo, minimum[k]), newHi = min(hi, cap)
            if free.isEmpty { newLo = max(newLo, cap); newHi = min(newHi, cap) }
            if newLo <= newHi + 1e-12 {
                tied.append(k)
                lo = newLo
                hi = max(newLo, newHi)
                continue
            }
            let others = span - fixedSum - freeMinimum          // room for the tied gaps and gap k
            if free.isEmpty {
                let t = min(max(others / Double(tied.count + 1), lo), hi)
                lo = t; hi = t
                fixed[k] = others - Double(tied.count) * t
            } else if minimum[k] > hi {
                lo = hi
                fixed[k] = minimum[k]
            } else {
                // Gap k cannot reach t even at t's lowest: every other free gap stays at its minimum.
                hi = lo
                fixed[k] = others - Double(tied.count) * lo
                for j in free { fixed[j] = minimum[j] }
                free.removeAll()
            }
        }
        let t = lo
        return (0..<count).map { k in fixed[k] ?? t }
    }
}
