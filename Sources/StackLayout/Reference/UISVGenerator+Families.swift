/// The families of §2.2, one function each, in the order `generateStack` calls them: each adds its UISV
/// constraints for one stack (`StackContext`).
extension UISVGenerator {
    /// R-M-1: the margins guide, inset from the stack by its layout margins.
    mutating func marginsGuide(_ c: StackContext) {
        let m = c.stack.layoutMargins
        add("UIView-leadingMargin-guide-constraint", c.canvas, .leading, .equal, c.stackItem, .leading,
            constant: m.leading, role: .guideDefinition)
        add("UIView-topMargin-guide-constraint", c.canvas, .top, .equal, c.stackItem, .top,
            constant: m.top, role: .guideDefinition)
        add("UIView-trailingMargin-guide-constraint", c.stackItem, .trailing, .equal, c.canvas, .trailing,
            constant: m.trailing, role: .guideDefinition)
        add("UIView-bottomMargin-guide-constraint", c.stackItem, .bottom, .equal, c.canvas, .bottom,
            constant: m.bottom, role: .guideDefinition)
    }

    /// UISV-canvas-connection along the axis (§2.3.1, R-D-1): the first and last visible views on the canvas ends;
    /// the ordering spanner when every view is hidden.
    mutating func canvasConnectionsAlong(_ c: StackContext) {
        let (ax, canvas) = (c.ax, c.canvas)
        if c.allHidden {
            let ordering = c.ordering
            add(Self.connection, canvas, ax.min, .equal, ordering, ax.min, role: .canvasConnection)
            add(Self.connection, ordering, ax.max, .equal, canvas, ax.max, role: .canvasConnection)
        } else {
            add(Self.connection, canvas, ax.min, .equal, c.item(c.visible[0]), ax.min, role: .canvasConnection)
            add(Self.connection, c.item(c.visible[c.visible.count - 1]), ax.max, .equal, canvas, ax.max,
                role: .canvasConnection)
        }
    }

    /// UISV-canvas-connection across the axis (§2.4; R-AL-1…R-AL-6, R-T-6, R-T-9). Returns whether the lone view's
    /// connections include an inequality, which brings the cross canvas-fit.
    mutating func canvasConnectionsAcross(_ c: StackContext) -> Bool {
        let (cr, canvas, first, spanner) = (c.cr, c.canvas, c.first, c.spanner)
        func connect(_ a: Item, _ aa: UISVAttribute, _ rel: UserConstraint.Relation, _ b: Item, _ ba: UISVAttribute) {
            add(Self.connection, a, aa, rel, b, ba, role: .canvasConnection)
        }
        if c.allHidden {
            connect(canvas, cr.min, .equal, spanner, cr.min)
            connect(canvas, cr.max, .equal, spanner, cr.max)
            if c.alignment == .center { connect(canvas, cr.center, .equal, first, cr.center) }   // R-T-9
            return false
        }
        if c.alignment == .fill {
            connect(canvas, cr.min, .equal, first, cr.min)
            connect(canvas, cr.max, .equal, first, cr.max)
            return false
        }
        if c.views.count == 1 {
            connect(canvas, cr.min, c.alignment == .leading ? .equal : .lessThanOrEqual, first, cr.min)
            connect(canvas, cr.max, c.alignment == .trailing ? .equal : .greaterThanOrEqual, first, cr.max)
            if c.alignment == .center { connect(canvas, cr.center, .equal, first, cr.center) }
            return true   // leading, center, trailing and the baselines all have an inequality
        }
        switch c.alignment {
        case .leading:
            connect(canvas, cr.min, .equal, first, cr.min)
            connect(canvas, cr.max, .equal, spanner, cr.max)
        case .center:
            connect(canvas, cr.min, .equal, spanner, cr.min)
            connect(canvas, cr.max, .equal, spanner, cr.max)
            connect(canvas, cr.center, .equal, first, cr.center)
        case .trailing:
            connect(canvas, cr.min, .equal, spanner, cr.min)
            connect(canvas, cr.max, .equal, first, cr.max)
        case .firstBaseline:
            connect(canvas, .top, .lessThanOrEqual, first, .top)
            connect(canvas, .bottom, .equal, spanner, .bottom)
        case .lastBaseline:
            connect(canvas, .top, .equal, spanner, .top)
            connect(canvas, .bottom, .greaterThanOrEqual, first, .bottom)
        case .fill:
            break
        }
        return false
    }

    /// UISV-spacing over all of A, hidden views included (§2.3.2, §2.5, R-T-3, R-SP-1; baseline-relative: §2.3.4,
    /// R-BL-6): `==` for fill*, `>=` for equal-*.
    mutating func spacingChain(_ c: StackContext) {
        let constants = SpacingRules.chainConstants(c.stack)
        let relation: UserConstraint.Relation = c.equalDistribution ? .greaterThanOrEqual : .equal
        for i in 0..<(c.views.count - 1) {
            if c.baselineRelative {
                add("UISV-spacing", c.item(i + 1), .firstBaseline, relation, c.item(i), .lastBaseline, constant: constants[i])
            } else {
                add("UISV-spacing", c.item(i + 1), c.ax.min, relation, c.item(i), c.ax.max, constant: constants[i])
            }
        }
    }

    /// The number of gap guides: one per adjacent visible pair under equalSpacing and equalCentering.
    static func gapCount(_ c: StackContext) -> Int { c.equalDistribution ? max(0, c.visible.count - 1) : 0 }

    /// UISV-fill-equally: visible views of one length (R-D-3, and §2.6's fallback), then the gap guides of one
    /// length: required for equalSpacing (R-D-5), 150 − i for equalCentering (R-D-6).
    mutating func fillEqually(_ c: StackContext, fallback: Bool) {
        if c.stack.distribution == .fillEqually || fallback {
            for j in c.visible.dropFirst() {
                add("UISV-fill-equally", c.item(j), c.ax.length, .equal, c.item(c.visible[0]), c.ax.length)
            }
        }
        let gaps = Self.gapCount(c)
        guard gaps > 1 else { return }
        for k in 1..<gaps {
            let priority = c.stack.distribution == .equalSpacing ? UISVPriority.required
                : UISVPriority.equalCenteringGap(c.visible[k])
            add("UISV-fill-equally", c.gap(k), c.ax.length, .equal, c.gap(0), c.ax.length, priority: priority)
        }
    }

    /// UISV-distributing-edge: each gap guide between facing edges (equalSpacing, R-D-5; baselines when
    /// baseline-relative) or between centres (equalCentering, R-D-6; centres even when baseline-relative, R-T-9).
    mutating func distributingEdges(_ c: StackContext) {
        for k in 0..<Self.gapCount(c) {
            let prev = c.item(c.visible[k]), next = c.item(c.visible[k + 1])
            if c.stack.distribution == .equalSpacing {
                add("UISV-distributing-edge", c.gap(k), c.ax.min, .equal, prev, c.baselineRelative ? .lastBaseline : c.ax.max)
                add("UISV-distributing-edge", next, c.baselineRelative ? .firstBaseline : c.ax.min, .equal, c.gap(k), c.ax.max)
            } else {
                add("UISV-distributing-edge", c.gap(k), c.ax.min, .equal, prev, c.ax.center)
                add("UISV-distributing-edge", c.gap(k), c.ax.max, .equal, next, c.ax.center)
            }
        }
    }

    /// UISV-fill-proportionally (§2.6, R-D-4, R-M-3): lengths as multiples of the stack's full length.
    mutating func fillProportionally(_ c: StackContext, _ plan: ProportionalPlan) {
        for entry in plan.entries {
            if entry.multiplier == 0 {
                add("UISV-fill-proportionally", c.item(entry.index), c.ax.length, .equal, nil, nil, constant: 0)
            } else {
                add("UISV-fill-proportionally", c.item(entry.index), c.ax.length, .equal, c.stackItem, c.ax.length,
                    multiplier: entry.multiplier, priority: entry.priority)
            }
        }
    }

    /// UISV-hiding: a hidden view's length along the axis only (R-H-1, R-H-4).
    mutating func hiding(_ c: StackContext) {
        for i in c.views.indices where c.views[i].isHidden {
            add("UISV-hiding", c.item(i), c.ax.length, .equal, nil, nil, role: .hiding)
        }
    }

    /// UISV-alignment: a star from A.first to every other arranged view, hidden ones included (§2.4, R-AL-1…R-AL-6).
    mutating func alignmentStar(_ c: StackContext) {
        // One or two attributes per view (a pair, not an array allocated per stack).
        let attributes: (UISVAttribute, UISVAttribute?)
        switch c.alignment {
        case .fill: attributes = (c.cr.min, c.cr.max)
        case .leading: attributes = (c.cr.min, nil)
        case .center: attributes = (c.cr.center, nil)
        case .trailing: attributes = (c.cr.max, nil)
        case .firstBaseline: attributes = (.firstBaseline, nil)
        case .lastBaseline: attributes = (.lastBaseline, nil)
        }
        for j in c.views.indices.dropFirst() {
            add("UISV-alignment", c.first, attributes.0, .equal, c.item(j), attributes.0)
            if let second = attributes.1 { add("UISV-alignment", c.first, second, .equal, c.item(j), second) }
        }
    }

    /// UISV-spanning-boundary, one pair per visible view (999.5 on the aligned edge for leading and trailing), and
    /// UISV-spanning-fit pulling the spanner tight (R-AL-7, R-H-4).
    mutating func spanningBoundaries(_ c: StackContext) {
        guard c.hasSpanner else { return }
        let minEqual = c.alignment == .leading, maxEqual = c.alignment == .trailing
        for v in c.visible {
            add("UISV-spanning-boundary", c.spanner, c.cr.min, minEqual ? .equal : .lessThanOrEqual, c.item(v), c.cr.min,
                priority: minEqual ? UISVPriority.spanningBoundaryEquality : UISVPriority.required)
            add("UISV-spanning-boundary", c.spanner, c.cr.max, maxEqual ? .equal : .greaterThanOrEqual, c.item(v), c.cr.max,
                priority: maxEqual ? UISVPriority.spanningBoundaryEquality : UISVPriority.required)
        }
        if c.alignment != .fill {
            add("UISV-spanning-fit", c.spanner, c.cr.length, .equal, nil, nil, priority: UISVPriority.spanningFit)
        }
    }

    /// UISV-canvas-fit on the stack (margins included): along the axis for equalSpacing and equalCentering, for
    /// any non-empty A, all hidden included (§2.3.3, RT; R-F-2, R-F-3); across it for a lone view with an
    /// inequality and for horizontal baseline alignment, never when every view is hidden (§2.4).
    mutating func canvasFit(_ c: StackContext, singleView: Bool) {
        if c.equalDistribution {
            add("UISV-canvas-fit", c.stackItem, c.ax.length, .equal, nil, nil, priority: UISVPriority.canvasFit)
        }
        let baselineFit = !c.allHidden && c.stack.axis == .horizontal
            && (c.alignment == .firstBaseline || c.alignment == .lastBaseline)
        if baselineFit || singleView {
            add("UISV-canvas-fit", c.stackItem, c.cr.length, .equal, nil, nil, priority: UISVPriority.canvasFit)
        }
    }

    /// UISV-ambiguity-suppression: every view's cross size pulled to 0 under a non-fill alignment (R-AL-8).
    mutating func ambiguitySuppression(_ c: StackContext) {
        guard c.alignment != .fill else { return }
        for i in c.views.indices {
            add("UISV-ambiguity-suppression", c.item(i), c.cr.length, .equal, nil, nil,
                priority: UISVPriority.ambiguitySuppression)
        }
    }

    private static let connection = "UISV-canvas-connection"

    /// §2.6: the proportional constraints of a fillProportionally stack, or the fillEqually fallback.
    struct ProportionalPlan {
        struct Entry { let index: Int; let multiplier: Double; let priority: Double }
        var fallback: Bool
        var entries: [Entry]
    }

    static func proportionalPlan(_ stack: Stack, visible: [Int]) -> ProportionalPlan {
        let views = stack.arrangedSubviews
        // c_i: the intrinsic length along the axis; none, and nested stacks, count as 0 (§2.6, R-N-1); so does a
        // wrapping label in a horizontal stack (R-TW-2).
        func c(_ i: Int) -> Double {
            guard let leaf = views[i].leaf, !(stack.axis == .horizontal && leaf.wrapsText) else { return 0 }
            return max(0, leaf.intrinsicContentSize[stack.axis] ?? 0)
        }
        guard !visible.isEmpty else { return ProportionalPlan(fallback: false, entries: []) }   // case 1
        let s = SpacingRules.stackSpacing(stack)   // literally, R-T-9
        let total = visible.reduce(0.0) { $0 + c($1) }
        let hiddenCount = views.count - visible.count
        let denominator = total + Double(visible.count - 1) * s
        var fallback: Bool
        if hiddenCount == 0 {
            fallback = (visible.count == 1 && total <= 1) || (visible.count >= 2 && total == 0)
        } else {
            fallback = total <= s * Double(hiddenCount)
        }
        if denominator <= 0 { fallback = true }   // TENTATIVE
        if fallback { return ProportionalPlan(fallback: true, entries: []) }
        let positive = visible.filter { c($0) > 0 }
        var entries: [ProportionalPlan.Entry] = []
        for i in visible {
            let ci = c(i)
            if ci == 0 {   // case 3
                entries.append(.init(index: i, multiplier: 0, priority: 1000))
            } else if visible.count == 1 {   // case 4
                entries.append(.init(index: i, multiplier: 1, priority: 1000))
            } else if positive.count == 1 && s == 0 {   // case 5
                entries.append(.init(index: i, multiplier: ci / denominator, priority: 1000))
            } else {
                entries.append(.init(index: i, multiplier: ci / denominator, priority: UISVPriority.proportional(i)))
            }
        }
        return ProportionalPlan(fallback: false, entries: entries)
    }
}
