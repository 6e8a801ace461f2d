/// Solves one stack in closed form: along the axis (AlongAxis), across it (AcrossAxis), margins (R-M-1, R-M-2 with
/// leading = left), and the summary a parent needs when this stack is nested (R-N-1).
struct StackSolver {
    let stack: Stack
    let children: [Child]
    /// The alignment actually laid out: first/last baseline on a vertical stack is laid out as leading (R-AL-9).
    var alignment: Alignment {
        stack.axis == .vertical && (stack.alignment == .firstBaseline || stack.alignment == .lastBaseline)
            ? .leading : stack.alignment
    }

    var margins: DirectionalEdgeInsets { stack.isLayoutMarginsRelativeArrangement ? stack.layoutMargins : .zero }
    /// The margins across the axis (0 unless margins-relative).
    var crossMargins: Double {
        stack.axis == .horizontal ? margins.top + margins.bottom : margins.leading + margins.trailing
    }

    func solve(width: Double?, height: Double?) throws(Unsupported) -> StackSolution {
        // An empty stack installs no constraints: its size is zero, margins do not count (R-F-3).
        guard !children.isEmpty else { return StackSolution(size: Size(width: width ?? 0, height: height ?? 0), frames: []) }
        let m = margins
        let horizontal = stack.axis == .horizontal
        let alongMargins = horizontal ? m.leading + m.trailing : m.top + m.bottom
        let crossMargins = horizontal ? m.top + m.bottom : m.leading + m.trailing
        let fixedAlong = horizontal ? width : height
        let fixedCross = horizontal ? height : width
        let along = try AlongAxis(stack: stack, children: children, margins: alongMargins)
            .solve(canvasLength: fixedAlong.map { $0 - alongMargins })
        let across = try AcrossAxis(stack: stack, children: children, alignment: alignment, crossMargins: crossMargins)
            .solve(canvasCross: fixedCross.map { $0 - crossMargins })
        let alongSize = fixedAlong ?? (along.canvasLength + alongMargins)
        let crossSize = fixedCross ?? (across.canvasCross + crossMargins)
        var frames: [Frame] = []
        frames.reserveCapacity(children.count)
        for i in children.indices {
            if horizontal {
                frames.append(Frame(x: m.leading + along.origin[i], y: m.top + across.origin[i],
                                    width: along.length[i], height: across.size[i]))
            } else {
                frames.append(Frame(x: m.leading + across.origin[i], y: m.top + along.origin[i],
                                    width: across.size[i], height: along.length[i]))
            }
        }
        let size = horizontal ? Size(width: alongSize, height: crossSize) : Size(width: crossSize, height: alongSize)
        var solution = StackSolution(size: size, frames: frames)
        (solution.firstBaseline, solution.lastBaseline) = baselines(frames: frames, childBaselines: children.map { ($0.firstBaseline, $0.lastBaseline) })
        return solution
    }

    /// R-BL-2, R-BL-3, R-BL-5: a horizontal stack's baseline view is its tallest visible item by fitting height
    /// (lowest index on ties); a vertical stack's first and last visible items. `nil`: no visible item.
    func baselines(frames: [Frame], childBaselines: [(Double?, Double?)]) -> (Double?, Double?) {
        let visible = children.filter { !$0.hidden }.map(\.position)
        guard let firstVisible = visible.first, let lastVisible = visible.last else { return (nil, nil) }
        func first(_ i: Int) -> Double { frames[i].y + (childBaselines[i].0 ?? frames[i].height) }
        func last(_ i: Int) -> Double { frames[i].y + (childBaselines[i].1 ?? frames[i].height) }
        if stack.axis == .horizontal {
            var tallest = firstVisible
            for i in visible where (children[i].height ?? 0) > (children[tallest].height ?? 0) { tallest = i }
            return (first(tallest), last(tallest))
        }
        return (first(firstVisible), last(lastVisible))
    }

    /// This stack as a child of its parent (R-N-1): its fitting size, its baselines at that size, and the levels at
    /// which its content resists being stretched or compressed in each dimension (`nil` where not modelled).
    func asChild(of item: ArrangedView, position: Int, fitting: StackSolution) -> Child {
        var child = Child(position: position, hidden: item.isHidden, nested: true,
                          width: fitting.size.width, height: fitting.size.height,
                          firstBaseline: fitting.firstBaseline, lastBaseline: fitting.lastBaseline)
        let alongLevels = levelsAlongAxis()
        let crossLevels = levelsAcrossAxis()
        if stack.axis == .horizontal {
            (child.stretchWidth, child.compressWidth) = alongLevels
            (child.stretchHeight, child.compressHeight) = crossLevels
        } else {
            (child.stretchHeight, child.compressHeight) = alongLevels
            (child.stretchWidth, child.compressWidth) = crossLevels
        }
        return child
    }

    /// Items that all share one length (fillEqually along, alignment fill across): growing it costs the hugging of
    /// every item not larger than it, and relieves the compression of those larger; shrinking the reverse. When the
    /// relief is at a level as high as the cost, the summary would mislead: `nil` (not modelled).
    static func equalGrowthLevels(_ items: [Child], _ axis: Axis, common: Double?) -> (Double?, Double?) {
        var sized: [(c: Double, hug: Double, cr: Double)] = []
        for item in items {
            guard let c = item.size(axis) else { continue }
            guard let h = item.stretch(axis), let r = item.compress(axis) else { return (nil, nil) }
            sized.append((c, h, r))
        }
        guard !sized.isEmpty else { return (0, 0) }
        // Several sized items change together, so the cost grows at several times the rate at its level; a single
        // level cannot say that, and a wrong rate picks the wrong absorber. Not modelled.
        guard sized.count == 1 else { return (nil, nil) }
        // The shared length at fitting: the largest size with default priorities; otherwise recomputed by the caller.
        let shared = common ?? Self.sharedLength(sized)
        let stretchCost = sized.filter { $0.c <= shared }.map(\.hug).max() ?? 0
        let stretchRelief = sized.filter { $0.c > shared }.map(\.cr).max() ?? -1
        let compressCost = sized.filter { $0.c >= shared }.map(\.cr).max() ?? 0
        let compressRelief = sized.filter { $0.c < shared }.map(\.hug).max() ?? -1
        return (stretchRelief >= stretchCost ? nil : stretchCost, compressRelief >= compressCost ? nil : compressCost)
    }

    /// The lexicographic choice of a shared length among items (as `AcrossAxis.fill` makes it for a free canvas).
    static func sharedLength(_ sized: [(c: Double, hug: Double, cr: Double)]) -> Double {
        var line = LexicographicLine()
        for s in sized {
            if s.hug > 0 { line.atMost(s.c, .priority(s.hug)) }
            if s.cr > 0 { line.atLeast(s.c, .priority(s.cr)) }
        }
        for (k, s) in sized.reversed().enumerated() { line.near(s.c, .tie(k)) }
        return line.solve()
    }

    /// fillEqually's shared length at fitting, as `AlongAxis.fillEqually` chooses it.
    private func fittingLength(_ axis: Axis, _ visible: [Child], _ fallback: Double) -> Double {
        var sized: [(c: Double, hug: Double, cr: Double)] = []
        for item in visible {
            guard let c = item.size(axis), let h = item.stretch(axis), let r = item.compress(axis) else { continue }
            sized.append((c, h, r))
        }
        return sized.isEmpty ? fallback : Self.sharedLength(sized)
    }

    private func combine(_ values: [Double?], _ pick: ([Double]) -> Double?) -> Double? {
        var list: [Double] = []
        for v in values { guard let v else { return nil }; list.append(v) }
        return pick(list) ?? 0
    }

    /// Growing the stack along its own axis costs: fill, the cheapest item (R-D-2); fillEqually, every item (the
    /// highest level dominates); equalSpacing, canvas-fit at 49 (the gaps absorb). Not modelled otherwise.
    func levelsAlongAxis() -> (Double?, Double?) {
        let axis = stack.axis
        let visible = children.filter { !$0.hidden }
        guard !visible.isEmpty else { return (0, 0) }
        if stack.isBaselineRelativeArrangement && axis == .vertical && visible.count > 1 { return (nil, nil) }
        switch stack.distribution {
        case .fill:
            return (combine(visible.map { $0.stretch(axis) }) { $0.min() }, combine(visible.map { $0.compress(axis) }) { $0.min() })
        case .fillEqually:
            let common = visible.compactMap { $0.size(axis) }.max() ?? 0
            return Self.equalGrowthLevels(visible, axis, common: fittingLength(axis, visible, common))
        case .equalSpacing:
            let compress = combine(visible.map { $0.compress(axis) }) { $0.min() }
            if visible.count == 1 { return (combine([visible[0].stretch(axis)]) { max($0[0], 49) }, compress) }
            return (49, compress)
        case .fillProportionally, .equalCentering:
            return (nil, nil)
        }
    }

    /// Growing across: under fill every item grows (R-AL-1); otherwise the canvas leaves the content and
    /// spanning-fit (51) or canvas-fit (49, single view or baselines) pays. Shrinking across squeezes the tallest.
    func levelsAcrossAxis() -> (Double?, Double?) {
        let cross = stack.axis.cross
        // Squeezing the stack into its margins forces its content negative at levels the summary cannot weigh.
        if crossMargins != 0 { return (nil, nil) }
        let visible = children.filter { !$0.hidden }
        guard !visible.isEmpty else { return (0, 0) }
        switch alignment {
        case .fill:
            return Self.equalGrowthLevels(children, cross, common: nil)
        case .firstBaseline, .lastBaseline:
            return (49, nil)
        default:
            // Shrinking the canvas squeezes the items in turn, largest first: with more than one item that has a
            // size, the cost changes level as it goes, which one level cannot summarise.
            let sized = visible.filter { ($0.size(cross) ?? 0) > 0 }
            let compress: Double? = sized.isEmpty ? 0 : (sized.count == 1 ? sized[0].compress(cross) : nil)
            return (children.count == 1 ? 49 : 51, compress)
        }
    }
}
