import PropertyCheck
import StackLayout

extension ConformanceProperty {
    static let fittingAlong = ConformanceProperty(
        "fitting.sumOfSizesPlusSpacing", rules: ["R-F-1", "R-F-2", "R-M-1"],
        statement: "A root stack free along its axis, with at least one visible view, not baseline-relative, no user "
            + "constraints and no custom spacing on hidden views, has length Σ c + the spacings between consecutive "
            + "visible views (the spacing after the earlier one) + the margins when margins-relative, where c is a "
            + "visible leaf's intrinsic length (0 for none) or a nested stack's length. Per distribution (R-F-2): fill "
            + "as stated; fillEqually |V| × max c (compression resistance above every hugging priority); equalSpacing "
            + "with every gap equal to the largest minimum spacing (views with intrinsic lengths and compression "
            + "resistance ≥ 200), unless that length is negative (negative spacing: UISV-canvas-fit @49 then pulls the "
            + "stack towards zero, R-SOLVE-4); fillProportionally without margins or custom spacing (and its fillEqually "
            + "fallback as fillEqually). equalCentering is R-F-2's exception (distribution.equalCentering.centresEquidistant).",
        .layout(LayoutCheck(shape: { $0.allowsFixedLength = false; $0.distributions = [.fill, .fillEqually, .equalSpacing, .fillProportionally] },
                            precondition: { scenario, _ in
            let st = scenario.stack
            return scenario.container[st.axis] == nil && !Spec.isBaselineRelative(st) && !Spec.hasUserConstraints(st)
                && !Spec.hasCustomSpacingOnHidden(st) && st.arrangedSubviews.contains { !$0.isHidden }
        }) { ctx in
            let s = ctx.root
            let st = s.stack
            let indices = Spec.visibleIndices(st)
            let visible = s.visible
            let c = visible.map { item in item.view.leaf != nil ? (Spec.intrinsic(item.view, s.axis) ?? 0) : item.along.length }
            let gaps = zip(indices, indices.dropFirst()).map { Spec.gap(from: $0.0, in: st) }
            var distribution = st.distribution
            if distribution == .fillProportionally {
                guard !st.isLayoutMarginsRelativeArrangement, !Spec.hasCustomSpacing(st) else { throw StopTest.invalid }
                if Spec.proportionalFallback(st) { distribution = .fillEqually }
            }
            let expected: Double
            switch distribution {
            case .fill, .fillProportionally:
                expected = c.reduce(0, +) + gaps.reduce(0, +)
            case .fillEqually:
                // A nested stack's resistance is its content's, summed per level (R-N-1): leaves only.
                guard visible.allSatisfy({ $0.view.leaf != nil }) else { throw StopTest.invalid }
                let leaves = visible.map(\.view)
                let hug = leaves.map { $0.contentHuggingPriority[s.axis] }.max() ?? 0
                let resistance = leaves.map { $0.compressionResistancePriority[s.axis] }.min() ?? 1000
                guard resistance > hug else { throw StopTest.invalid }
                expected = Double(visible.count) * (c.max() ?? 0) + gaps.reduce(0, +)
            case .equalSpacing:
                guard visible.allSatisfy({ $0.view.leaf == nil || (Spec.intrinsic($0.view, s.axis) != nil
                                           && $0.view.compressionResistancePriority[s.axis] >= 200) }) else { throw StopTest.invalid }
                expected = c.reduce(0, +) + Double(gaps.count) * (gaps.max() ?? 0)
                guard expected >= 0 else { throw StopTest.invalid }
            case .equalCentering:
                throw StopTest.invalid
            }
            try ctx.expectClose(s.length, expected + Spec.margins(st).along,
                                "\(name(s)), free along the axis: its length (Σ c = \(formatNumber(c.reduce(0, +))), spacing and margins)", measuring: .ofStack(s, .alongLength))
        }))

    static let fittingAcross = ConformanceProperty(
        "fitting.largestCrossSize", rules: ["R-F-1", "R-AL-7", "R-H-4", "R-M-1"],
        statement: "A root stack free across its axis, with alignment fill, leading, center or trailing, at least one "
            + "visible view and no user constraints (under fill, at any depth), has cross size max c + the margins when "
            + "margins-relative, where c is a leaf's intrinsic cross size (0 for none) or a nested stack's cross size, "
            + "taken over the visible views, and under alignment fill over every arranged view, hidden ones included "
            + "(R-H-4). Under fill every compression resistance across is above every hugging priority across, over "
            + "the leaves at every depth (a nested stack's content shares the root's cross size, R-N-1), and no nested "
            + "stack along the cross axis is fillProportionally (its UISV-fill-proportionally @999 − i outranks every "
            + "content priority) or baseline-relative (its spacing chain between baselines is required, §2.3 item 4, "
            + "and can fix its length); otherwise "
            + "every compression resistance across of the root's leaves is ≥ 200. A margins-relative stack under a "
            + "canvas-fit constraint is left out (see margins.actAsInsets), and so is a nested stack narrower than zero "
            + "across (negative spacing inside it, R-SOLVE-4), which the spanner and canvas-fit leave the root free to "
            + "ignore.",
        .layout(LayoutCheck(shape: { $0.allowsFixedCrossSize = false; $0.alignments = [.fill, .leading, .center, .trailing] },
                            precondition: { scenario, _ in
            let st = scenario.stack
            return scenario.container[st.axis.cross] == nil && [.fill, .leading, .center, .trailing].contains(st.alignment)
                && !Spec.hasUserConstraints(st)
                && (st.alignment != .fill || !Spec.stacks(st).contains(where: Spec.hasUserConstraints))
                && st.arrangedSubviews.contains { !$0.isHidden } && !Spec.canvasFitThroughMargins(st)
        }) { ctx in
            let s = ctx.root
            let st = s.stack
            let counted = st.alignment == .fill ? s.items : s.visible
            let cross = s.axis.cross
            if st.alignment == .fill {
                // Every leaf at every depth: under fill a nested stack's content competes for the root's cross size.
                let leaves = Spec.items(st).filter { $0.leaf != nil }
                guard !Spec.stacks(st).dropFirst().contains(where: {
                    $0.axis == cross && ($0.distribution == .fillProportionally || Spec.isBaselineRelative($0))
                }) else { throw StopTest.invalid }
                let hug = leaves.map { $0.contentHuggingPriority[cross] }.max() ?? 0
                let resistance = leaves.map { $0.compressionResistancePriority[cross] }.min() ?? 1000
                guard resistance > hug else { throw StopTest.invalid }
            } else {
                let leaves = counted.filter { $0.view.leaf != nil }.map(\.view)
                guard leaves.allSatisfy({ $0.compressionResistancePriority[cross] >= 200 }) else { throw StopTest.invalid }
            }
            let c = counted.map { item in item.view.leaf != nil ? (Spec.intrinsic(item.view, cross) ?? 0) : item.across.length }
            guard c.allSatisfy({ $0 >= 0 }) else { throw StopTest.invalid }
            try ctx.expectClose(s.crossSize, (c.max() ?? 0) + Spec.margins(st).across,
                                "\(name(s)), free across the axis: its cross size (largest \(st.alignment == .fill ? "arranged" : "visible") cross size plus margins)", measuring: .ofStack(s, .acrossLength))
        }))

    static let fittingIntrinsic = ConformanceProperty(
        "fitting.viewsAtIntrinsicSize", rules: ["R-F-1", "R-F-2"],
        statement: "When the root stack is free along its axis (not baseline-relative, no user constraints, no custom "
            + "spacing on hidden views), every visible leaf with an intrinsic length and hugging and compression "
            + "resistance ≥ 200 along the axis has exactly that length; under fillEqually every visible view has the "
            + "largest of them (compression resistance above every hugging priority). R-F-2's exceptions are excluded: "
            + "fillProportionally with margins, custom spacing or the fallback. When it is also free across and its "
            + "alignment is not fill, every visible leaf with an intrinsic cross size and compression resistance ≥ 200 "
            + "across has that cross size (under baseline alignments too).",
        .layout(LayoutCheck(shape: { $0.allowsFixedLength = false }, precondition: { scenario, _ in
            let st = scenario.stack
            guard scenario.container[st.axis] == nil, !Spec.isBaselineRelative(st), !Spec.hasUserConstraints(st),
                  !Spec.hasCustomSpacingOnHidden(st) else { return false }
            return st.distribution != .fillProportionally
                || (!st.isLayoutMarginsRelativeArrangement && !Spec.hasCustomSpacing(st) && !Spec.proportionalFallback(st))
        }) { ctx in
            let s = ctx.root
            let st = s.stack
            let visible = s.visible
            if st.distribution == .fillEqually {
                guard visible.allSatisfy({ $0.view.leaf != nil }) else { throw StopTest.invalid }
                let leaves = visible.map(\.view)
                let hug = leaves.map { $0.contentHuggingPriority[s.axis] }.max() ?? 0
                let resistance = leaves.map { $0.compressionResistancePriority[s.axis] }.min() ?? 1000
                let c = visible.map { item in item.view.leaf != nil ? (Spec.intrinsic(item.view, s.axis) ?? 0) : item.along.length }
                guard resistance > hug, let largest = c.max() else { throw StopTest.invalid }
                for item in visible {
                    try ctx.expectClose(item.along.length, largest, "\(name(s)) at its fitting length: the length of \(name(item)) (the largest intrinsic length)", measuring: .of(s, .alongLength, item))
                }
            } else {
                for item in visible where item.view.leaf != nil && Spec.hasFirmPriorities(item.view, s.axis) {
                    guard let c = Spec.intrinsic(item.view, s.axis) else { continue }
                    try ctx.expectClose(item.along.length, c, "\(name(s)) at its fitting length: the length of \(name(item))", measuring: .of(s, .alongLength, item))
                }
            }
            guard ctx.scenario.container[s.axis.cross] == nil, st.alignment != .fill, !Spec.canvasFitThroughMargins(st) else { return }
            for item in visible where item.view.leaf != nil && item.view.compressionResistancePriority[s.axis.cross] >= 200 {
                guard let c = Spec.intrinsic(item.view, s.axis.cross) else { continue }
                try ctx.expectClose(item.across.length, c, "\(name(s)) at its fitting size: the cross size of \(name(item))", measuring: .of(s, .acrossLength, item))
            }
        }))
}
