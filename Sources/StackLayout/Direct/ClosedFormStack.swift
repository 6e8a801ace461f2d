/// Solves one stack in closed form: along the axis (AlongAxis), across it (AcrossAxis), margins (R-M-1, R-M-2 with
/// leading = left), and the summary a parent needs when this stack is nested (R-N-1).
struct ClosedFormStack {
    let stack: PlannedStack
    var children: [Child] { stack.children }
    /// The alignment actually laid out: first/last baseline on a vertical stack is laid out as leading (R-AL-9).
    var alignment: Alignment {
        stack.axis == .vertical && (stack.alignment == .firstBaseline || stack.alignment == .lastBaseline)
            ? .leading : stack.alignment
    }

    var margins: DirectionalEdgeInsets { stack.margins }
    /// The margins across the axis (0 unless margins-relative).
    var crossMargins: Double {
        stack.axis == .horizontal ? margins.top + margins.bottom : margins.leading + margins.trailing
    }

    /// Lays the stack out at `width` × `height` (`nil`: free, the fitting size along that dimension) and writes each
    /// arranged item's frame into `frames` at its pre-order index, moved by `offset` (the stack's own origin) when
    /// given. Returns the stack's size.
    func solve(width: Double?, height: Double?, _ s: inout LayoutScratch, into frames: inout [Frame],
               offset: (x: Double, y: Double)? = nil) throws(Unsupported) -> Size {
        // An empty stack installs no constraints: its size is zero, margins do not count (R-F-3).
        guard !children.isEmpty else { return Size(width: width ?? 0, height: height ?? 0) }
        let m = margins
        let horizontal = stack.axis == .horizontal
        let alongMargins = horizontal ? m.leading + m.trailing : m.top + m.bottom
        let crossMargins = horizontal ? m.top + m.bottom : m.leading + m.trailing
        let fixedAlong = horizontal ? width : height
        let fixedCross = horizontal ? height : width
        let canvasLength = try AlongAxis(stack: stack, margins: alongMargins)
            .solve(canvasLength: fixedAlong.map { $0 - alongMargins }, &s)
        let canvasCross = try AcrossAxis(stack: stack, alignment: alignment, crossMargins: crossMargins)
            .solve(canvasCross: fixedCross.map { $0 - crossMargins }, &s)
        let alongSize = fixedAlong ?? (canvasLength + alongMargins)
        let crossSize = fixedCross ?? (canvasCross + crossMargins)
        let members = stack.members
        frames.withUnsafeMutableBufferPointer { frames in
            for i in children.indices {
                var f: Frame
                if horizontal {
                    f = Frame(x: m.leading + s.alongOrigin[i], y: m.top + s.crossOrigin[i],
                              width: s.lengths[i], height: s.crossSize[i])
                } else {
                    f = Frame(x: m.leading + s.crossOrigin[i], y: m.top + s.alongOrigin[i],
                              width: s.crossSize[i], height: s.lengths[i])
                }
                if let offset {
                    f.x += offset.x
                    f.y += offset.y
                }
                frames[members[i]] = f
            }
        }
        return horizontal ? Size(width: alongSize, height: crossSize) : Size(width: crossSize, height: alongSize)
    }

    /// R-BL-2, R-BL-3, R-BL-5: a horizontal stack's baseline view is its tallest visible item by fitting height
    /// (lowest index on ties); a vertical stack's first and last visible items. `nil`: no visible item.
    /// The items' frames are read from `frames` (pre-order) relative to `originY`, the stack's own top; a nested
    /// item's baselines come from `nestedBaselines` (pre-order) when given, else from its fitting summary.
    func baselines(frames: [Frame], originY: Double,
                   nestedBaselines: [(Double?, Double?)]? = nil) -> (Double?, Double?) {
        let visible = stack.visible
        guard let firstVisible = visible.first, let lastVisible = visible.last else { return (nil, nil) }
        let members = stack.members
        func offsets(_ i: Int) -> (Double?, Double?) {
            if children[i].nested, let nestedBaselines { return nestedBaselines[members[i]] }
            return (children[i].firstBaseline, children[i].lastBaseline)
        }
        func first(_ i: Int) -> Double {
            let f = frames[members[i]]
            return (f.y - originY) + (offsets(i).0 ?? f.height)
        }
        func last(_ i: Int) -> Double {
            let f = frames[members[i]]
            return (f.y - originY) + (offsets(i).1 ?? f.height)
        }
        if stack.axis == .horizontal {
            var tallest = firstVisible
            for i in visible where (children[i].height ?? 0) > (children[tallest].height ?? 0) { tallest = i }
            return (first(tallest), last(tallest))
        }
        return (first(firstVisible), last(lastVisible))
    }

    /// This stack as a child of its parent (R-N-1): its fitting size, its baselines at that size, and the levels at
    /// which its content resists being stretched or compressed in each dimension (`nil` where not modelled).
    func asChild(hidden: Bool, position: Int, fittingSize: Size, baselines: (Double?, Double?)) -> Child {
        var child = Child(position: position, hidden: hidden, nested: true,
                          width: fittingSize.width, height: fittingSize.height,
                          firstBaseline: baselines.0, lastBaseline: baselines.1)
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
            if visible.count == 1 { return (combine([visible[0].stretch(axis)]) { max($0[0], UISVPriority.canvasFit) }, compress) }
            return (UISVPriority.canvasFit, compress)
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
            return (UISVPriority.canvasFit, nil)
        default:
            // Shrinking the canvas squeezes the items in turn, largest first: with more than one item that has a
            // size, the cost changes level as it goes, which one level cannot summarise.
            let sized = visible.filter { ($0.size(cross) ?? 0) > 0 }
            let compress: Double? = sized.isEmpty ? 0 : (sized.count == 1 ? sized[0].compress(cross) : nil)
            return (children.count == 1 ? UISVPriority.canvasFit : UISVPriority.spanningFit, compress)
        }
    }
}
