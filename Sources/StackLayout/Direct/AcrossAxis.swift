/// Sizes and positions across one stack's axis, per alignment (§2.4, R-AL-*, R-H-4, R-T-6, R-T-9), in canvas
/// coordinates (min edge = 0). The answer goes into the scratch buffers (`crossSize`, `crossOrigin`).
struct AcrossAxis {
    let stack: PlannedStack
    let axis: Axis
    let alignment: Alignment
    /// The stack's margins across the axis when margins-relative (canvas-fit acts on the stack, not the canvas).
    let crossMargins: Double

    init(stack: PlannedStack, alignment: Alignment, crossMargins: Double = 0) {
        self.stack = stack
        self.crossMargins = crossMargins
        self.axis = stack.axis.cross
        self.alignment = alignment
    }

    var children: [Child] { stack.children }
    var visible: [Int] { stack.visible }

    /// An item's cross size under a non-fill alignment when nothing squeezes it: its intrinsic size, unless
    /// ambiguity suppression (crossSize == 0 @25) beats its compression resistance; 0 with no intrinsic size (R-AL-8).
    func own(_ i: Int) throws(Unsupported) -> Double {
        guard let size = children[i].size(axis), size != 0 else { return 0 }
        guard let r = children[i].compress(axis) else {
            throw Unsupported("nestedSlack: cannot tell how the nested stack at position \(i) resists ambiguity suppression")
        }
        return r > UISVPriority.ambiguitySuppression ? size : 0
    }

    /// Fills `s.crossSize` and `s.crossOrigin` and returns the canvas's cross size.
    func solve(canvasCross: Double?, _ s: inout LayoutScratch) throws(Unsupported) -> Double {
        let n = children.count
        LayoutScratch.zero(&s.crossOrigin, count: n)
        if alignment == .fill { return try fill(canvasCross, &s) }
        LayoutScratch.zero(&s.crossSize, count: n)
        for i in 0..<n { s.crossSize[i] = try own(i) }
        let canvas: Double

        if visible.isEmpty {
            // Every view hidden (R-T-9): fitting size 0 (R-F-3); A.first centred for center, on the max edge for
            // trailing, on the min edge otherwise; the others aligned with it by the UISV-alignment star.
            canvas = canvasCross ?? 0
        } else if n == 1 {
            // A single arranged view: no spanner; canvas-fit crossSize == 0 @49 (§2.4).
            let r = children[0].compress(axis) ?? 1000
            if let canvasCross {
                canvas = canvasCross
            } else {
                // UISV-canvas-fit: the STACK's cross size == 0 @49, margins included, against the view's resistance.
                // A view with an intrinsic size resists below it, an intrinsic size of 0 included (its resistance
                // holds the canvas at 0 or more against the margins); only a view without one leaves the canvas free.
                s.line.reset()
                s.line.near(-crossMargins, .priority(UISVPriority.canvasFit))
                if children[0].size(axis) != nil { s.line.atLeast(s.crossSize[0], .priority(r)) }
                canvas = s.line.solve()
            }
            s.crossSize[0] = min(s.crossSize[0], canvas)
        } else if alignment == .firstBaseline || alignment == .lastBaseline {
            return try baseline(canvasCross, &s)
        } else {
            // The alignment spanner covers every visible view; spanning-fit (@51) pulls it tight (R-AL-7).
            if let canvasCross {
                canvas = canvasCross
            } else {
                s.line.reset()
                s.line.near(0, .priority(UISVPriority.spanningFit))
                for i in visible where s.crossSize[i] > 0 {
                    s.line.atLeast(s.crossSize[i], .priority(children[i].compress(axis) ?? 1000))
                }
                s.line.lower = 0
                canvas = s.line.solve()
            }
            for i in visible { s.crossSize[i] = min(s.crossSize[i], canvas) }
        }
        place(in: canvas, &s)
        return canvas
    }

    /// Fills `s.crossOrigin` for items already sized in a canvas of cross size `canvas`: by the aligned edge or
    /// centre, or, under baseline alignment with every view hidden or a single view, A.first at the canvas top
    /// (R-T-6, R-T-9) and the others on its baseline.
    private func place(in canvas: Double, _ s: inout LayoutScratch) {
        let n = children.count
        if alignment == .firstBaseline || alignment == .lastBaseline {
            let first = children[0]
            for i in 0..<n {
                s.crossOrigin[i] = alignment == .firstBaseline
                    ? first.firstBaselineOffset(height: s.crossSize[0]) - children[i].firstBaselineOffset(height: s.crossSize[i])
                    : first.lastBaselineOffset(height: s.crossSize[0]) - children[i].lastBaselineOffset(height: s.crossSize[i])
            }
            return
        }
        for i in 0..<n {
            switch alignment {
            case .center: s.crossOrigin[i] = (canvas - s.crossSize[i]) / 2
            case .trailing: s.crossOrigin[i] = canvas - s.crossSize[i]
            default: s.crossOrigin[i] = 0
            }
        }
    }

    /// R-AL-1, R-H-4: every arranged view, hidden ones included, spans the canvas; a free canvas takes the
    /// lexicographically best common size (the largest intrinsic size with default priorities), then R-T-1.
    /// When every view is hidden the views are not connected to the canvas (R-T-9) and the canvas fits to 0.
    func fill(_ canvasCross: Double?, _ s: inout LayoutScratch) throws(Unsupported) -> Double {
        let n = children.count
        var common: Double
        if let canvasCross, !visible.isEmpty {
            common = canvasCross
        } else if let largest = LexicographicLine.largestSizeUnderUniformPriorities(children, axis, among: nil) {
            common = largest
        } else {
            s.line.reset()
            for c in children {
                guard let size = c.size(axis) else { continue }
                guard let h = c.stretch(axis), let r = c.compress(axis) else {
                    throw Unsupported("nestedSlack: cannot tell how the nested stack at position \(c.position) resists a free fill alignment")
                }
                if h > 0 { s.line.atMost(size, .priority(h)) }
                if r > 0 { s.line.atLeast(size, .priority(r)) }
            }
            for c in children.reversed() { s.line.near(c.size(axis) ?? 0, .tie(n - 1 - c.position)) }
            common = s.line.solve()
        }
        LayoutScratch.fill(&s.crossSize, with: common, count: n)
        return canvasCross ?? (visible.isEmpty ? 0 : common)
    }

    /// R-AL-5, R-AL-6 (horizontal stacks): every first (last) baseline on one line; the stack's top follows A.first's
    /// top (firstBaseline) or its bottom follows A.first's bottom (lastBaseline), A.first counting even when hidden
    /// (R-H-1 c); in a taller container the content sits at the bottom (first) or the top (last).
    func baseline(_ canvasCross: Double?, _ s: inout LayoutScratch) throws(Unsupported) -> Double {
        let n = children.count
        // R-H-1 (c): a hidden A.first still positions the canvas, through a height nothing else holds.
        if children[0].hidden {
            throw Unsupported("hidden: baseline alignment with a hidden first arranged view is not modelled by the direct engine")
        }
        for i in visible where (children[i].compress(axis) ?? UISVPriority.required) <= UISVPriority.spanningFit {
            throw Unsupported("priorities: a baseline-aligned view whose vertical compression resistance does not beat spanning-fit (51)")
        }
        let canvas: Double
        if alignment == .firstBaseline {
            // Each item's first baseline from its top, and the largest extent below it among the visible items.
            func fb(_ i: Int) -> Double { children[i].firstBaselineOffset(height: s.crossSize[i]) }
            var below: Double? = nil
            for i in visible {
                let extent = s.crossSize[i] - fb(i)
                if below.map({ $0 < extent }) ?? true { below = extent }   // as `Sequence.max()`
            }
            let belowLine = below ?? 0
            let line: Double
            if let canvasCross {
                line = canvasCross - belowLine      // canvas.bottom == spanner.bottom: content at the bottom
                if line - fb(0) < -1e-9 {
                    throw Unsupported("overflow: a firstBaseline stack shorter than its content")
                }
                canvas = canvasCross
            } else {
                line = fb(0)                        // canvas.top <= first.top, canvas-fit pulls it down
                canvas = line + belowLine
                if canvas + crossMargins < 0 {
                    throw Unsupported("canvas-fit would pull the stack below zero height (not modelled)")
                }
            }
            for i in 0..<n { s.crossOrigin[i] = line - fb(i) }
        } else {
            func lb(_ i: Int) -> Double { children[i].lastBaselineOffset(height: s.crossSize[i]) }
            var highest: Double? = nil
            for i in visible where highest.map({ $0 < lb(i) }) ?? true { highest = lb(i) }   // as `Sequence.max()`
            let line = highest ?? 0                 // canvas.top == spanner.top: content at the top
            let firstBottom = line - lb(0) + s.crossSize[0]
            if let canvasCross {
                if canvasCross < firstBottom - 1e-9 {
                    throw Unsupported("overflow: a lastBaseline stack shorter than its first view")
                }
                canvas = canvasCross
            } else {
                canvas = firstBottom                // canvas.bottom >= first.bottom, canvas-fit
                if canvas + crossMargins < 0 {
                    throw Unsupported("canvas-fit would pull the stack below zero height (not modelled)")
                }
            }
            for i in 0..<n { s.crossOrigin[i] = line - lb(i) }
        }
        return canvas
    }
}
