/// Sizes and positions across one stack's axis, per alignment (§2.4, R-AL-*, R-H-4, R-T-6, R-T-9), in canvas
/// coordinates (min edge = 0).
struct AcrossAxis {
    let children: [Child]
    let axis: Axis
    let alignment: Alignment
    let visible: [Int]
    /// The stack's margins across the axis when margins-relative (canvas-fit acts on the stack, not the canvas).
    let crossMargins: Double

    init(stack: Stack, children: [Child], alignment: Alignment, crossMargins: Double = 0) {
        self.children = children
        self.crossMargins = crossMargins
        self.axis = stack.axis.cross
        self.alignment = alignment
        self.visible = children.filter { !$0.hidden }.map(\.position)
    }

    struct Result {
        var canvasCross: Double
        var origin: [Double]
        var size: [Double]
    }

    /// An item's cross size under a non-fill alignment when nothing squeezes it: its intrinsic size, unless
    /// ambiguity suppression (crossSize == 0 @25) beats its compression resistance; 0 with no intrinsic size (R-AL-8).
    func own(_ i: Int) throws(Unsupported) -> Double {
        guard let size = children[i].size(axis), size != 0 else { return 0 }
        guard let r = children[i].compress(axis) else {
            throw Unsupported("nestedSlack: cannot tell how the nested stack at position \(i) resists ambiguity suppression")
        }
        return r > 25 ? size : 0
    }

    func solve(canvasCross: Double?) throws(Unsupported) -> Result {
        let n = children.count
        if alignment == .fill { return try fill(canvasCross) }
        var size = Array(repeating: 0.0, count: n)
        for i in 0..<n { size[i] = try own(i) }
        var origin = Array(repeating: 0.0, count: n)
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
                var line = LexicographicLine()
                line.near(-crossMargins, .priority(49))
                if size[0] > 0 { line.atLeast(size[0], .priority(r)) }
                canvas = line.solve()
            }
            size[0] = min(size[0], canvas)
        } else if alignment == .firstBaseline || alignment == .lastBaseline {
            return try baseline(canvasCross, size)
        } else {
            // The alignment spanner covers every visible view; spanning-fit (@51) pulls it tight (R-AL-7).
            if let canvasCross {
                canvas = canvasCross
            } else {
                var line = LexicographicLine()
                line.near(0, .priority(51))
                for i in visible where size[i] > 0 {
                    line.atLeast(size[i], .priority(children[i].compress(axis) ?? 1000))
                }
                line.lower = 0
                canvas = line.solve()
            }
            for i in visible { size[i] = min(size[i], canvas) }
        }
        if alignment == .firstBaseline || alignment == .lastBaseline {
            // All hidden or a single view: A.first at the canvas top (R-T-6, R-T-9), the others on its baseline.
            let first = children[0]
            for i in 0..<n {
                origin[i] = alignment == .firstBaseline
                    ? first.firstBaselineOffset(height: size[0]) - children[i].firstBaselineOffset(height: size[i])
                    : first.lastBaselineOffset(height: size[0]) - children[i].lastBaselineOffset(height: size[i])
            }
            return Result(canvasCross: canvas, origin: origin, size: size)
        }
        for i in 0..<n {
            switch alignment {
            case .center: origin[i] = (canvas - size[i]) / 2
            case .trailing: origin[i] = canvas - size[i]
            default: origin[i] = 0
            }
        }
        return Result(canvasCross: canvas, origin: origin, size: size)
    }

    /// R-AL-1, R-H-4: every arranged view, hidden ones included, spans the canvas; a free canvas takes the
    /// lexicographically best common size (the largest intrinsic size with default priorities), then R-T-1.
    /// When every view is hidden the views are not connected to the canvas (R-T-9) and the canvas fits to 0.
    func fill(_ canvasCross: Double?) throws(Unsupported) -> Result {
        let n = children.count
        var common: Double
        if let canvasCross, !visible.isEmpty {
            common = canvasCross
        } else {
            var line = LexicographicLine()
            for c in children {
                guard let size = c.size(axis) else { continue }
                guard let s = c.stretch(axis), let r = c.compress(axis) else {
                    throw Unsupported("nestedSlack: cannot tell how the nested stack at position \(c.position) resists a free fill alignment")
                }
                if s > 0 { line.atMost(size, .priority(s)) }
                if r > 0 { line.atLeast(size, .priority(r)) }
            }
            for c in children.reversed() { line.near(c.size(axis) ?? 0, .tie(n - 1 - c.position)) }
            common = line.solve()
        }
        let canvas = canvasCross ?? (visible.isEmpty ? 0 : common)
        return Result(canvasCross: canvas, origin: Array(repeating: 0, count: n), size: Array(repeating: common, count: n))
    }

    /// R-AL-5, R-AL-6 (horizontal stacks): every first (last) baseline on one line; the stack's top follows A.first's
    /// top (firstBaseline) or its bottom follows A.first's bottom (lastBaseline), A.first counting even when hidden
    /// (R-H-1 c); in a taller container the content sits at the bottom (first) or the top (last).
    func baseline(_ canvasCross: Double?, _ size: [Double]) throws(Unsupported) -> Result {
        let n = children.count
        // R-H-1 (c): a hidden A.first still positions the canvas, through a height nothing else holds.
        if children[0].hidden {
            throw Unsupported("hidden: baseline alignment with a hidden first arranged view is not modelled by the direct engine")
        }
        for i in visible where (children[i].compress(axis) ?? 1000) <= 51 {
            throw Unsupported("priorities: a baseline-aligned view whose vertical compression resistance does not beat spanning-fit (51)")
        }
        var origin = Array(repeating: 0.0, count: n)
        let canvas: Double
        if alignment == .firstBaseline {
            let fb = (0..<n).map { children[$0].firstBaselineOffset(height: size[$0]) }
            let below = visible.map { size[$0] - fb[$0] }.max() ?? 0
            let line: Double
            if let canvasCross {
                line = canvasCross - below          // canvas.bottom == spanner.bottom: content at the bottom
                if line - fb[0] < -1e-9 {
                    throw Unsupported("overflow: a firstBaseline stack shorter than its content")
                }
                canvas = canvasCross
            } else {
                line = fb[0]                        // canvas.top <= first.top, canvas-fit pulls it down
                canvas = line + below
                if canvas + crossMargins < 0 {
                    throw Unsupported("canvas-fit would pull the stack below zero height (not modelled)")
                }
            }
            for i in 0..<n { origin[i] = line - fb[i] }
        } else {
            let lb = (0..<n).map { children[$0].lastBaselineOffset(height: size[$0]) }
            let line = visible.map { lb[$0] }.max() ?? 0   // canvas.top == spanner.top: content at the top
            let firstBottom = line - lb[0] + size[0]
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
            for i in 0..<n { origin[i] = line - lb[i] }
        }
        return Result(canvasCross: canvas, origin: origin, size: size)
    }
}
