/// Generates UIKit's constraint set for a scenario (§2), in the order `stackcheck constraints` prints it:
/// stack by stack in pre-order (each stack's margins guide first, then the rows of the §2.2 table in order, items in
/// arranged order within a row), then the leaves' content-size constraints (pre-order, width before height, hugging
/// before compression), the user constraints (pre-order, listing order), and the container (width, height).
struct UISVGenerator {
    var constraints: [UISVConstraint] = []
    var diagnostics: [String] = []

    init(_ scenario: Scenario) {
        let index = ScenarioIndex(scenario.stack)
        generateStack(scenario.stack, owner: nil)
        for item in index.items {
            if case .stack(let nested) = item.view.content {
                generateStack(nested, owner: item.id)
                if item.view.contentHuggingPriority != .defaultHugging
                    || item.view.compressionResistancePriority != .defaultCompressionResistance {
                    diagnostics.append("ignored: hugging and compression resistance of nested stack '\(item.id)' (R-N-1)")
                }
            }
        }
        for item in index.items { generateContentSize(item.view) }
        for item in index.items { generateUser(item.view) }
        if let w = scenario.container.width {
            constraints.append(UISVConstraint("stackcheck-container-width", .root, .width, .equal, nil, nil,
                                              constant: w, role: .container))
        }
        if let h = scenario.container.height {
            constraints.append(UISVConstraint("stackcheck-container-height", .root, .height, .equal, nil, nil,
                                              constant: h, role: .container))
        }
    }

    /// The attributes of one axis: min edge, max edge, length, centre.
    struct AxisAttributes {
        let min: UISVAttribute, max: UISVAttribute, length: UISVAttribute, center: UISVAttribute
        init(_ axis: Axis) {
            if axis == .horizontal { (min, max, length, center) = (.leading, .trailing, .width, .centerX) }
            else { (min, max, length, center) = (.top, .bottom, .height, .centerY) }
        }
    }

    /// The alignment a stack is laid out with: first/last baseline on a vertical stack is invalid and laid out as
    /// leading (R-AL-9).
    static func effectiveAlignment(_ stack: Stack) -> Alignment {
        if stack.axis == .vertical, stack.alignment == .firstBaseline || stack.alignment == .lastBaseline {
            return .leading
        }
        return stack.alignment
    }

    private mutating func add(_ id: String, _ a: UISVItem, _ aa: UISVAttribute, _ rel: UserConstraint.Relation,
                              _ b: UISVItem?, _ ba: UISVAttribute?, multiplier: Double = 1, constant: Double = 0,
                              priority: Double = 1000, role: UISVConstraintRole = .stackInternal) {
        constraints.append(UISVConstraint(id, a, aa, rel, b, ba, multiplier: multiplier, constant: constant,
                                          priority: priority, role: role))
    }

    // swiftlint:disable:next function_body_length cyclomatic_complexity
    private mutating func generateStack(_ stack: Stack, owner: String?) {
        let views = stack.arrangedSubviews
        guard !views.isEmpty else { return }   // An empty stack installs no constraints (RT).
        let stackItem: UISVItem = owner.map { .view($0) } ?? .root
        let canvas: UISVItem = stack.isLayoutMarginsRelativeArrangement ? .marginsGuide(owner: owner) : stackItem
        if stack.isLayoutMarginsRelativeArrangement {
            let m = stack.layoutMargins
            add("UIView-leadingMargin-guide-constraint", canvas, .leading, .equal, stackItem, .leading,
                constant: m.leading, role: .guideDefinition)
            add("UIView-topMargin-guide-constraint", canvas, .top, .equal, stackItem, .top,
                constant: m.top, role: .guideDefinition)
            add("UIView-trailingMargin-guide-constraint", stackItem, .trailing, .equal, canvas, .trailing,
                constant: m.trailing, role: .guideDefinition)
            add("UIView-bottomMargin-guide-constraint", stackItem, .bottom, .equal, canvas, .bottom,
                constant: m.bottom, role: .guideDefinition)
        }
        let ax = AxisAttributes(stack.axis), cr = AxisAttributes(stack.axis.cross)
        let alignment = Self.effectiveAlignment(stack)
        if alignment != stack.alignment {
            diagnostics.append("invalid: \(stack.alignment.rawValue) alignment on vertical stack '\(stackItem.name)' laid out as leading (R-AL-9)")
        }
        func item(_ i: Int) -> UISVItem { .view(views[i].id) }
        let visible = views.indices.filter { !views[$0].isHidden }
        let allHidden = visible.isEmpty
        let first = item(0)
        let spanner = UISVItem.alignmentSpanner(owner: owner)
        let hasSpanner = allHidden || (alignment != .fill && views.count > 1)
        let equalDistribution = stack.distribution == .equalSpacing || stack.distribution == .equalCentering
        let baselineRelative = stack.axis == .vertical && stack.isBaselineRelativeArrangement
        let connection = "UISV-canvas-connection"

        // UISV-canvas-connection along the axis (§2.3.1).
        if allHidden {
            let ordering = UISVItem.orderingSpanner(owner: owner)
            add(connection, canvas, ax.min, .equal, ordering, ax.min, role: .canvasConnection)
            add(connection, ordering, ax.max, .equal, canvas, ax.max, role: .canvasConnection)
        } else {
            add(connection, canvas, ax.min, .equal, item(visible[0]), ax.min, role: .canvasConnection)
            add(connection, item(visible[visible.count - 1]), ax.max, .equal, canvas, ax.max, role: .canvasConnection)
        }

        // UISV-canvas-connection across the axis (§2.4).
        var singleViewCanvasFit = false
        if allHidden {
            add(connection, canvas, cr.min, .equal, spanner, cr.min, role: .canvasConnection)
            add(connection, canvas, cr.max, .equal, spanner, cr.max, role: .canvasConnection)
            if alignment == .center {   // R-T-9
                add(connection, canvas, cr.center, .equal, first, cr.center, role: .canvasConnection)
            }
        } else if alignment == .fill {
            add(connection, canvas, cr.min, .equal, first, cr.min, role: .canvasConnection)
            add(connection, canvas, cr.max, .equal, first, cr.max, role: .canvasConnection)
        } else if views.count == 1 {
            add(connection, canvas, cr.min, alignment == .leading ? .equal : .lessThanOrEqual, first, cr.min,
                role: .canvasConnection)
            add(connection, canvas, cr.max, alignment == .trailing ? .equal : .greaterThanOrEqual, first, cr.max,
                role: .canvasConnection)
            if alignment == .center {
                add(connection, canvas, cr.center, .equal, first, cr.center, role: .canvasConnection)
            }
            singleViewCanvasFit = true   // leading, center, trailing and the baselines all have an inequality
        } else {
            switch alignment {
            case .leading:
                add(connection, canvas, cr.min, .equal, first, cr.min, role: .canvasConnection)
                add(connection, canvas, cr.max, .equal, spanner, cr.max, role: .canvasConnection)
            case .center:
                add(connection, canvas, cr.min, .equal, spanner, cr.min, role: .canvasConnection)
                add(connection, canvas, cr.max, .equal, spanner, cr.max, role: .canvasConnection)
                add(connection, canvas, cr.center, .equal, first, cr.center, role: .canvasConnection)
            case .trailing:
                add(connection, canvas, cr.min, .equal, spanner, cr.min, role: .canvasConnection)
                add(connection, canvas, cr.max, .equal, first, cr.max, role: .canvasConnection)
            case .firstBaseline:
                add(connection, canvas, .top, .lessThanOrEqual, first, .top, role: .canvasConnection)
                add(connection, canvas, .bottom, .equal, spanner, .bottom, role: .canvasConnection)
            case .lastBaseline:
                add(connection, canvas, .top, .equal, spanner, .top, role: .canvasConnection)
                add(connection, canvas, .bottom, .greaterThanOrEqual, first, .bottom, role: .canvasConnection)
            case .fill:
                break
            }
        }

        // UISV-spacing over all of A (§2.3.2, §2.5, R-T-3; baseline-relative: §2.3.4, R-BL-6).
        let constants = SpacingRules.chainConstants(stack)
        let spacingRelation: UserConstraint.Relation = equalDistribution ? .greaterThanOrEqual : .equal
        for i in 0..<(views.count - 1) {
            if baselineRelative {
                add("UISV-spacing", item(i + 1), .firstBaseline, spacingRelation, item(i), .lastBaseline,
                    constant: constants[i])
            } else {
                add("UISV-spacing", item(i + 1), ax.min, spacingRelation, item(i), ax.max, constant: constants[i])
            }
        }

        // UISV-fill-equally.
        let gapCount = equalDistribution ? max(0, visible.count - 1) : 0
        func gap(_ k: Int) -> UISVItem { .gap(owner: owner, index: k) }
        let proportional = stack.distribution == .fillProportionally
            ? Self.proportionalPlan(stack, visible: visible) : nil
        if stack.distribution == .fillEqually || proportional?.fallback == true {
            for j in visible.dropFirst() {
                add("UISV-fill-equally", item(j), ax.length, .equal, item(visible[0]), ax.length)
            }
        }
        if gapCount > 1 {
            for k in 1..<gapCount {
                let priority = stack.distribution == .equalSpacing ? UISVPriority.required : UISVPriority.equalCenteringGap(visible[k])
                add("UISV-fill-equally", gap(k), ax.length, .equal, gap(0), ax.length, priority: priority)
            }
        }

        // UISV-distributing-edge.
        for k in 0..<gapCount {
            let prev = item(visible[k]), next = item(visible[k + 1])
            if stack.distribution == .equalSpacing {
                add("UISV-distributing-edge", gap(k), ax.min, .equal, prev, baselineRelative ? .lastBaseline : ax.max)
                add("UISV-distributing-edge", next, baselineRelative ? .firstBaseline : ax.min, .equal, gap(k), ax.max)
            } else {
                add("UISV-distributing-edge", gap(k), ax.min, .equal, prev, ax.center)
                add("UISV-distributing-edge", gap(k), ax.max, .equal, next, ax.center)
            }
        }

        // UISV-fill-proportionally (§2.6).
        if let plan = proportional, !plan.fallback {
            for entry in plan.entries {
                if entry.multiplier == 0 {
                    add("UISV-fill-proportionally", item(entry.index), ax.length, .equal, nil, nil, constant: 0)
                } else {
                    add("UISV-fill-proportionally", item(entry.index), ax.length, .equal, stackItem, ax.length,
                        multiplier: entry.multiplier, priority: entry.priority)
                }
            }
        }

        // UISV-hiding (along the axis only, R-H-4).
        for i in views.indices where views[i].isHidden {
            add("UISV-hiding", item(i), ax.length, .equal, nil, nil, role: .hiding)
        }

        // UISV-alignment: a star from A.first, hidden views included.
        let alignmentAttributes: [UISVAttribute]
        switch alignment {
        case .fill: alignmentAttributes = [cr.min, cr.max]
        case .leading: alignmentAttributes = [cr.min]
        case .center: alignmentAttributes = [cr.center]
        case .trailing: alignmentAttributes = [cr.max]
        case .firstBaseline: alignmentAttributes = [.firstBaseline]
        case .lastBaseline: alignmentAttributes = [.lastBaseline]
        }
        for j in views.indices.dropFirst() {
            for attribute in alignmentAttributes {
                add("UISV-alignment", first, attribute, .equal, item(j), attribute)
            }
        }

        // UISV-spanning-boundary, one pair per visible view.
        if hasSpanner {
            for v in visible {
                let view = item(v)
                let minEqual = alignment == .leading, maxEqual = alignment == .trailing
                add("UISV-spanning-boundary", spanner, cr.min, minEqual ? .equal : .lessThanOrEqual, view, cr.min,
                    priority: minEqual ? UISVPriority.spanningBoundaryEquality : UISVPriority.required)
                add("UISV-spanning-boundary", spanner, cr.max, maxEqual ? .equal : .greaterThanOrEqual, view, cr.max,
                    priority: maxEqual ? UISVPriority.spanningBoundaryEquality : UISVPriority.required)
            }
            if alignment != .fill {
                add("UISV-spanning-fit", spanner, cr.length, .equal, nil, nil, priority: UISVPriority.spanningFit)
            }
        }

        // UISV-canvas-fit: equalSpacing and equalCentering keep theirs for any non-empty A, all hidden included
        // (§2.3.3, RT); only the baseline canvas-fit is left out when every view is hidden (§2.4).
        if equalDistribution {
            add("UISV-canvas-fit", stackItem, ax.length, .equal, nil, nil, priority: UISVPriority.canvasFit)
        }
        let baselineFit = !allHidden && stack.axis == .horizontal
            && (alignment == .firstBaseline || alignment == .lastBaseline)
        if baselineFit || singleViewCanvasFit {
            add("UISV-canvas-fit", stackItem, cr.length, .equal, nil, nil, priority: UISVPriority.canvasFit)
        }

        // UISV-ambiguity-suppression.
        if alignment != .fill {
            for i in views.indices {
                add("UISV-ambiguity-suppression", item(i), cr.length, .equal, nil, nil,
                    priority: UISVPriority.ambiguitySuppression)
            }
        }
    }

    /// §2.6: the proportional constraints of a fillProportionally stack, or the fillEqually fallback.
    struct ProportionalPlan {
        struct Entry { let index: Int; let multiplier: Double; let priority: Double }
        var fallback: Bool
        var entries: [Entry]
    }

    static func proportionalPlan(_ stack: Stack, visible: [Int]) -> ProportionalPlan {
        let views = stack.arrangedSubviews
        // c_i: the intrinsic length along the axis; none, and nested stacks, count as 0 (§2.6, R-N-1).
        func c(_ i: Int) -> Double { max(0, views[i].leaf?.intrinsicContentSize[stack.axis] ?? 0) }
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

    /// A leaf's content-size constraints (§1): `length <= c @h`, `length >= c @r` per dimension with a size.
    private mutating func generateContentSize(_ view: ArrangedView) {
        guard let leaf = view.leaf else { return }
        for axis in [Axis.horizontal, .vertical] {
            guard let c = leaf.intrinsicContentSize[axis] else { continue }
            let attribute: UISVAttribute = axis == .horizontal ? .width : .height
            add("NSContentSizeLayoutConstraint-hugging", .view(view.id), attribute, .lessThanOrEqual, nil, nil,
                constant: c, priority: view.contentHuggingPriority[axis].rawValue, role: .contentSize)
            add("NSContentSizeLayoutConstraint-compression", .view(view.id), attribute, .greaterThanOrEqual, nil, nil,
                constant: c, priority: view.compressionResistancePriority[axis].rawValue, role: .contentSize)
        }
    }

    /// The item's own constraints (§7): width, height, or aspect ratio (`width == constant × height`).
    private mutating func generateUser(_ view: ArrangedView) {
        for u in view.constraints {
            switch u.attribute {
            case .width:
                add("user", .view(view.id), .width, u.relation, nil, nil, constant: u.constant,
                    priority: u.priority.rawValue, role: .user)
            case .height:
                add("user", .view(view.id), .height, u.relation, nil, nil, constant: u.constant,
                    priority: u.priority.rawValue, role: .user)
            case .aspectRatio:
                add("user", .view(view.id), .width, u.relation, .view(view.id), .height, multiplier: u.constant,
                    priority: u.priority.rawValue, role: .user)
            }
        }
    }
}
