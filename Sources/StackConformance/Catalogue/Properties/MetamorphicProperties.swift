import PropertyCheck
import StackLayout

/// Properties that lay out a transformed scenario on the same engine and compare the two layouts.
extension ConformanceProperty {
    static let marginsInset = ConformanceProperty(
        "margins.actAsInsets", rules: ["R-M-1", "R-M-2"], features: [.margins],
        statement: "A margins-relative root stack (with a visible arranged view, not fillProportionally, R-M-3; its visible views "
            + "leaves with intrinsic sizes and compression resistance ≥ 200, so that nothing gives way to canvas-fit, "
            + "which §2.2 puts on the stack, margins included; no canvas-fit constraint at all; and no user "
            + "constraints: one at the priority of a content constraint ties with it, and the tie goes to R-T-8's "
            + "smallest root size, which the margins change once negative spacing makes the content negative) lays out as the "
            + "same stack without margins-relative arrangement in a container smaller by the margins, shifted by the "
            + "top and left margins (the leading margin in left-to-right, the trailing one in right-to-left, R-M-2), "
            + "and grown by the margins: every frame of its arranged views, its size and its baselines.",
        .layout(LayoutCheck(shape: {
            $0.marginsProbability = 0.9; $0.noIntrinsicProbability = 0; $0.priorityProbability = 0
            $0.distributions = [.fill, .fillEqually]; $0.alignments = [.fill, .leading, .center, .trailing]
            $0.allowsUserConstraints = false
        }, precondition: { s, _ in
            s.stack.isLayoutMarginsRelativeArrangement && s.stack.distribution != .fillProportionally
                && s.stack.arrangedSubviews.allSatisfy { $0.constraints.isEmpty }
                && s.stack.arrangedSubviews.contains { !$0.isHidden } && !Spec.canvasFitThroughMargins(s.stack)
                && s.stack.arrangedSubviews.allSatisfy { item in
                    item.isHidden || (item.leaf != nil && [Axis.horizontal, .vertical].allSatisfy {
                        Spec.intrinsic(item, $0) != nil && item.compressionResistancePriority[$0] >= 200 })
                }
        }) { ctx in
            let m = ctx.scenario.stack.layoutMargins
            var variant = ctx.scenario
            variant.stack.isLayoutMarginsRelativeArrangement = false
            if let w = variant.container.width { variant.container.width = w - m.leading - m.trailing }
            if let h = variant.container.height { variant.container.height = h - m.top - m.bottom }
            guard (variant.container.width ?? 0) >= 0, (variant.container.height ?? 0) >= 0 else { throw StopTest.invalid }
            var expected = try ctx.layout(of: variant)
            let dx = ctx.scenario.layoutDirection == .leftToRight ? m.leading : m.trailing
            let rootIDs = Set(ctx.scenario.stack.arrangedSubviews.map(\.id))
            expected.frames = expected.frames.map { entry in
                guard rootIDs.contains(entry.id) else { return entry }
                var f = entry.frame
                f.x += dx
                f.y += m.top
                return (entry.id, f)
            }
            expected.size.width += m.leading + m.trailing
            expected.size.height += m.top + m.bottom
            if case .value(let b) = expected.firstBaseline { expected.firstBaseline = .value(b + m.top) }
            if case .value(let b) = expected.lastBaseline { expected.lastBaseline = .value(b + m.top) }
            let differences = LayoutComparison.differences(actual: ctx.layout, expected: expected, tolerance: ctx.tolerance.absolute)
            try ctx.expect(differences.isEmpty, "the margins-relative layout is not the inset layout: " + differences.prefix(6).joined(separator: "; "))
        }))

    static let rightToLeftMirror = ConformanceProperty(
        "direction.rightToLeftMirrors", rules: ["R-RTL-1", "R-M-2"], features: [.rightToLeft],
        statement: "The right-to-left layout is the mirror image of the left-to-right layout of the same scenario: in "
            + "every stack of width W, a frame at x with width w moves to W − x − w; y, sizes, the stack's size and its "
            + "baselines are unchanged.",
        .layout(LayoutCheck(shape: { _ in }) { ctx in
            var ltr = ctx.scenario, rtl = ctx.scenario
            ltr.layoutDirection = .leftToRight
            rtl.layoutDirection = .rightToLeft
            let left = ltr == ctx.scenario ? ctx.layout : try ctx.layout(of: ltr)
            let right = rtl == ctx.scenario ? ctx.layout : try ctx.layout(of: rtl)
            var mirrored = left
            var widths: [String: Double] = [:]
            for stack in LaidOutStack.all(ltr, left) {
                for item in stack.items { widths[item.view.id] = stack.bounds.width }
            }
            mirrored.frames = left.frames.map { entry in
                var f = entry.frame
                f.x = (widths[entry.id] ?? 0) - f.x - f.width
                return (entry.id, f)
            }
            let differences = LayoutComparison.differences(actual: right, expected: mirrored, tolerance: ctx.tolerance.absolute)
            try ctx.expect(differences.isEmpty, "the right-to-left layout is not the mirror of the left-to-right one: "
                           + differences.prefix(6).joined(separator: "; "))
        }))

    static let scaling = ConformanceProperty(
        "scaling.framesScaleWithLengths", rules: ["R-SOLVE-1", "R-SOLVE-2"],
        statement: "Multiplying every length of the scenario by k ∈ {0.5, 2, 4} (intrinsic sizes, baselines, spacings, "
            + "margins, container and user width/height constants; not priorities, aspect ratios or the scale) "
            + "multiplies every number of the layout by k. Excluded: system spacing, a scale, a fillProportionally "
            + "fallback (§2.6 case 2) that the scaling turns on or off, and any length of 2,777,777/k or more.",
        .layout(LayoutCheck(shape: { $0.allowsTextBaselines = true }, precondition: { s, _ in
            Spec.stacks(s.stack).allSatisfy { $0.spacing != .system && !$0.arrangedSubviews.contains { $0.customSpacingAfter == .system } }
        }) { ctx in
            let factors = [2.0, 0.5, 4.0]
            let k = factors[Spec.items(ctx.scenario.stack).count % factors.count]
            let scaled = scale(ctx.scenario, by: k)
            let before = Spec.stacks(ctx.scenario.stack).map(Spec.proportionalFallback)
            let after = Spec.stacks(scaled.stack).map(Spec.proportionalFallback)
            guard before == after, largestLength(ctx.scenario) * k < 2_777_777 else { throw StopTest.invalid }
            let other = try ctx.layout(of: scaled)
            var expected = ctx.layout
            expected.size = Size(width: expected.size.width * k, height: expected.size.height * k)
            expected.frameValues = expected.frameValues.map { Frame(x: $0.x * k, y: $0.y * k, width: $0.width * k, height: $0.height * k) }
            if case .value(let b) = expected.firstBaseline { expected.firstBaseline = .value(b * k) }
            if case .value(let b) = expected.lastBaseline { expected.lastBaseline = .value(b * k) }
            let tolerance = ctx.tolerance.absolute * max(1, k)
            let differences = LayoutComparison.differences(actual: other, expected: expected, tolerance: tolerance)
            try ctx.expect(differences.isEmpty, "scaling every length by \(formatNumber(k)) did not scale the layout by \(formatNumber(k)): "
                           + differences.prefix(6).joined(separator: "; "))
        }))

    static let axisSwap = ConformanceProperty(
        "axis.swapTransposes", rules: ["R-AL-1", "R-AL-2", "R-AL-3", "R-AL-4", "R-D-1"],
        statement: "Swapping every stack's axis (and the container's width and height, every intrinsic width and height, "
            + "the top/leading and bottom/trailing margins, the per-axis priorities, user width and height constraints) "
            + "transposes the layout: every frame (x, y, w, h) becomes (y, x, h, w). Excluded: baselines (alignment, "
            + "baseline-relative arrangement, text), right-to-left, aspect-ratio constraints, a scale.",
        .layout(LayoutCheck(shape: {
            $0.allowsRightToLeft = false; $0.allowsBaselineRelative = false; $0.allowsTextBaselines = false
            $0.alignments = [.fill, .leading, .center, .trailing]
        }, precondition: { s, _ in
            !Spec.usesBaselines(s) && s.layoutDirection == .leftToRight
                && !Spec.items(s.stack).contains { $0.constraints.contains { $0.attribute == .aspectRatio } }
                && !Spec.items(s.stack).contains { $0.leaf?.firstBaseline != nil || $0.leaf?.lastBaseline != nil }
        }) { ctx in
            let swapped = transpose(ctx.scenario)
            let other = try ctx.layout(of: swapped)
            var expected = ctx.layout
            expected.size = Size(width: expected.size.height, height: expected.size.width)
            expected.frameValues = expected.frameValues.map { Frame(x: $0.y, y: $0.x, width: $0.height, height: $0.width) }
            expected.firstBaseline = .notComputed
            expected.lastBaseline = .notComputed
            let differences = LayoutComparison.differences(actual: other, expected: expected, tolerance: ctx.tolerance.absolute)
            try ctx.expect(differences.isEmpty, "the layout with the axes swapped is not the transposed layout: "
                           + differences.prefix(6).joined(separator: "; "))
        }))

    static let nestedAsView = ConformanceProperty(
        "nesting.behavesAsFittingSizeView", rules: ["R-N-1"], features: [.nested],
        statement: "In a root stack free in both dimensions, not fillProportionally and without baselines (alignment or "
            + "baseline-relative), replacing each nested stack among its arranged views by a leaf view whose intrinsic "
            + "size is that stack's fitting size (its own layout with nothing fixed; same id, hidden flag, custom "
            + "spacing and user constraints) leaves the root's size and its arranged views' frames unchanged. The "
            + "nested stacks' content has intrinsic sizes and hugging and compression resistance ≥ 200 (other content gives way to the "
            + "parent's ambiguity suppression @25, R-N-1: it is one system with its parent), and no nested stack is "
            + "margins-relative under a canvas-fit constraint (see margins.actAsInsets). Under a fill-aligned root no "
            + "nested stack is equalCentering: its fitting length comes from centre equalities at 150 − i (R-F-2), "
            + "which give way to its siblings' hugging (≥ 200) once the root makes their cross sizes equal (R-N-1). "
            + "No nested stack is baseline-relative: its spacing chain runs between baselines with required constraints "
            + "(§2.3 item 4), which can fix its length where a view of the same fitting size would give way. Every "
            + "nested stack has a visible arranged view: an empty or all-hidden stack has no content constraint to hold "
            + "it at its fitting size, so canvas-fit can take it below zero (R-SOLVE-4), where a view's compression "
            + "resistance would not.",
        .layout(LayoutCheck(shape: {
            $0.allowsFixedLength = false; $0.allowsFixedCrossSize = false; $0.nestedProbability = 0.35
            $0.priorityProbability = 0; $0.allowsUserConstraints = false; $0.noIntrinsicProbability = 0
            $0.distributions = [.fill, .fillEqually, .equalSpacing, .equalCentering]
            // Not generated, as the precondition would discard them: baseline alignment at the root, baseline-relative stacks.
            $0.rootAlignments = [.fill, .leading, .center, .trailing]; $0.allowsBaselineRelative = false
        }, precondition: { s, _ in
            s.container == .free && s.stack.distribution != .fillProportionally
                && s.stack.alignment != .firstBaseline && s.stack.alignment != .lastBaseline
                && !Spec.isBaselineRelative(s.stack)
                && s.stack.arrangedSubviews.contains { $0.stack != nil }
                && s.stack.arrangedSubviews.compactMap(\.stack).allSatisfy { nested in
                    !Spec.stacks(nested).contains(where: Spec.canvasFitThroughMargins)
                    && !(s.stack.alignment == .fill && Spec.stacks(nested).contains { $0.distribution == .equalCentering })
                    && !Spec.stacks(nested).contains(where: Spec.isBaselineRelative)
                    && !Spec.stacks(nested).contains { $0.arrangedSubviews.allSatisfy(\.isHidden) }
                    && Spec.items(nested).allSatisfy { item in
                        [Axis.horizontal, .vertical].allSatisfy {
                            Spec.hasFirmPriorities(item, $0) && (item.leaf == nil || Spec.intrinsic(item, $0) != nil)
                        }
                    }
                }
        }) { ctx in
            var variant = ctx.scenario
            for i in variant.stack.arrangedSubviews.indices {
                let item = variant.stack.arrangedSubviews[i]
                guard let nested = item.stack else { continue }
                let fitting = try ctx.size(of: Scenario(scale: nil, layoutDirection: ctx.scenario.layoutDirection, stack: nested))
                guard fitting.width >= 0, fitting.height >= 0 else { throw StopTest.invalid }   // a leaf's size cannot be negative
                var leaf = ArrangedView.view(item.id, width: fitting.width, height: fitting.height)
                leaf.isHidden = item.isHidden
                leaf.customSpacingAfter = item.customSpacingAfter
                leaf.constraints = item.constraints
                variant.stack.arrangedSubviews[i] = leaf
            }
            guard requiredFeatures(of: variant).subtracting(requiredFeatures(of: ctx.scenario)).sorted.allSatisfy({ $0 == .overflow }) else {
                throw StopTest.invalid
            }
            let other = try ctx.layout(of: variant)
            var expected = ctx.layout
            let rootIDs = Set(ctx.scenario.stack.arrangedSubviews.map(\.id))
            expected.frames = expected.frames.filter { rootIDs.contains($0.id) }
            expected.firstBaseline = .notComputed
            expected.lastBaseline = .notComputed
            var actual = other
            actual.frames = actual.frames.filter { rootIDs.contains($0.id) }
            let differences = LayoutComparison.differences(actual: actual, expected: expected, tolerance: ctx.tolerance.absolute)
            try ctx.expect(differences.isEmpty, "with each nested stack replaced by a view of its fitting size, the root's layout changes: "
                           + differences.prefix(6).joined(separator: "; "))
        }))
}

/// Every length of the scenario multiplied by `k` (scaling.framesScaleWithLengths).
func scale(_ scenario: Scenario, by k: Double) -> Scenario {
    func sp(_ s: Spacing) -> Spacing { if case .points(let p) = s { return .points(p * k) }; return s }
    var s = scenario
    s.container = Container(width: scenario.container.width.map { $0 * k }, height: scenario.container.height.map { $0 * k })
    s.stack = scenario.stack.transformed(stack: { st in
        st.spacing = sp(st.spacing)
        let m = st.layoutMargins
        st.layoutMargins = DirectionalEdgeInsets(top: m.top * k, leading: m.leading * k, bottom: m.bottom * k, trailing: m.trailing * k)
    }, item: { item in
        item.customSpacingAfter = sp(item.customSpacingAfter)
        item.constraints = item.constraints.map { c in
            var c = c
            if c.attribute != .aspectRatio { c.constant *= k }
            return c
        }
        if case .view(var leaf) = item.content {
            leaf.intrinsicContentSize = IntrinsicContentSize(width: leaf.intrinsicContentSize.width.map { $0 * k },
                                                             height: leaf.intrinsicContentSize.height.map { $0 * k })
            leaf.firstBaseline = leaf.firstBaseline.map { $0 * k }
            leaf.lastBaseline = leaf.lastBaseline.map { $0 * k }
            item.content = .view(leaf)
        }
    })
    return s
}

/// The largest absolute length of the scenario (for the clamp bound of the scaling property).
func largestLength(_ scenario: Scenario) -> Double {
    var largest = max(scenario.container.width ?? 0, scenario.container.height ?? 0)
    for st in Spec.stacks(scenario.stack) {
        largest = max(largest, abs(Spec.spacing(st)))
        for item in st.arrangedSubviews {
            if case .points(let p) = item.customSpacingAfter { largest = max(largest, abs(p)) }
            for c in item.constraints where c.attribute != .aspectRatio { largest = max(largest, abs(c.constant)) }
            if let leaf = item.leaf {
                largest = max(largest, leaf.intrinsicContentSize.width ?? 0, leaf.intrinsicContentSize.height ?? 0)
            }
        }
    }
    return largest
}

/// The scenario with the axes swapped (axis.swapTransposes).
func transpose(_ scenario: Scenario) -> Scenario {
    var s = scenario
    s.container = Container(width: scenario.container.height, height: scenario.container.width)
    s.stack = scenario.stack.transformed(stack: { st in
        st.axis = st.axis.cross
        let m = st.layoutMargins
        st.layoutMargins = DirectionalEdgeInsets(top: m.leading, leading: m.top, bottom: m.trailing, trailing: m.bottom)
    }, item: { item in
        item.contentHuggingPriority = AxisPriorities(horizontal: item.contentHuggingPriority.vertical,
                                                     vertical: item.contentHuggingPriority.horizontal)
        item.compressionResistancePriority = AxisPriorities(horizontal: item.compressionResistancePriority.vertical,
                                                            vertical: item.compressionResistancePriority.horizontal)
        item.constraints = item.constraints.map { c in
            var c = c
            if c.attribute == .width { c.attribute = .height } else if c.attribute == .height { c.attribute = .width }
            return c
        }
        if case .view(var leaf) = item.content {
            leaf.intrinsicContentSize = IntrinsicContentSize(width: leaf.intrinsicContentSize.height,
                                                             height: leaf.intrinsicContentSize.width)
            item.content = .view(leaf)
        }
    })
    return s
}
