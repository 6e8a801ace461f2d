import PropertyCheck
import StackLayout

extension ConformanceProperty {
    static let pinnedToCanvas = ConformanceProperty(
        "distribution.pinnedToCanvasEnds", rules: ["R-D-1", "R-M-1"],
        statement: "In every stack with a visible arranged view, under every distribution, the first visible view's "
            + "leading edge is on the canvas's leading edge and the last visible view's trailing edge on its trailing "
            + "edge (the canvas is inset by the margins when margins-relative).",
        .layout(LayoutCheck { ctx in
            for s in ctx.stacks {
                guard let first = s.visible.first, let last = s.visible.last else { continue }
                try ctx.expectClose(first.along.start, s.canvasAlong.start, "\(name(s)): the leading edge of \(name(first)), its first visible view",
                                    measuring: .of(s, .alongStart, first))
                try ctx.expectClose(last.along.end, s.canvasAlong.end, "\(name(s)): the trailing edge of \(name(last)), its last visible view",
                                    measuring: .of(s, .alongEnd, last))
            }
        }))

    static let readingOrder = ConformanceProperty(
        "distribution.readingOrder", rules: ["R-RTL-1", "R-D-1"],
        statement: "In every stack whose spacings are all ≥ 0 and whose visible views all have lengths ≥ 0 (not "
            + "baseline-relative), each visible view starts at or after the end of the visible view before it in "
            + "arrangedSubviews, in reading order (right to left in a right-to-left horizontal stack).",
        .layout(LayoutCheck { ctx in
            for s in ctx.stacks where !s.isBaselineRelative {
                let spacings = s.stack.arrangedSubviews.indices.map { Spec.spacing(after: $0, in: s.stack) } + [Spec.spacing(s.stack)]
                let visible = s.visible
                guard spacings.allSatisfy({ $0 >= 0 }), visible.allSatisfy({ $0.along.length >= -ctx.tolerance.absolute }) else { continue }
                for (a, b) in zip(visible, visible.dropFirst()) {
                    try ctx.expect(b.along.start >= a.along.end - ctx.tolerance.absolute,
                                   "\(name(s)): \(name(b)) starts at \(formatNumber(b.along.start)) in reading order, before "
                                   + "\(name(a)) ends at \(formatNumber(a.along.end))")
                }
            }
        }))

    static let fillEquallyEqualLengths = ConformanceProperty(
        "distribution.fillEqually.equalLengths", rules: ["R-D-3"], features: [.fillEqually],
        statement: "In a fillEqually stack, every visible arranged view has the same length along the axis.",
        .layout(LayoutCheck(shape: { $0.distributions = [.fillEqually] }) { ctx in
            for s in ctx.stacks where s.stack.distribution == .fillEqually {
                guard let first = s.visible.first else { continue }
                for item in s.visible.dropFirst() {
                    try ctx.expectClose(item.along.length, first.along.length,
                                        "\(name(s)): the length of \(name(item)) against that of \(name(first))", measuring: .of(s, .alongLength, item))
                }
            }
        }))

    static let fillProportionallyRatios = ConformanceProperty(
        "distribution.fillProportionally.preservesRatios", rules: ["R-D-4", "R-M-3"], features: [.fillProportionally],
        statement: "In a fillProportionally stack of length L with visible views V and spacing s (a number, not system; "
            + "no custom spacing, no user constraints; not baseline-relative, whose spacing chain runs between "
            + "baselines, §2.3 item 4; not the fillEqually fallback of §2.6 case 2), with c_i each "
            + "view's intrinsic length (0 for none and for nested stacks), at least two views with c > 0 and none of "
            + "them with a required (1000) hugging or compression resistance along the axis (a required content "
            + "constraint beats the proportional ones, which beat only optional ones, §2.6): every "
            + "visible view with c = 0 has length 0, and every other one, except the last with c > 0 (which absorbs the "
            + "difference), has length c_i / (Σ_V c + (|V| − 1)·s) × L, L being the stack's full length even with "
            + "margins (R-M-3). When the root stack is at its natural length (free along the axis, no margins), the last "
            + "one too: every length is c_i, so every ratio of lengths is the ratio of intrinsic lengths.",
        .layout(LayoutCheck(shape: { $0.distributions = [.fillProportionally] }) { ctx in
            for s in ctx.stacks where s.stack.distribution == .fillProportionally {
                let st = s.stack
                guard st.spacing != .system, !Spec.hasCustomSpacing(st), !Spec.hasUserConstraints(st),
                      !s.isBaselineRelative, !Spec.proportionalFallback(st) else { continue }
                let visible = s.visible
                let c = visible.map { Spec.proportionalLength($0.view, s.axis) }
                guard c.filter({ $0 > 0 }).count >= 2, let lastPositive = c.lastIndex(where: { $0 > 0 }) else { continue }
                let requiredContent = zip(visible, c).contains { item, length in
                    length > 0 && (item.view.contentHuggingPriority[s.axis] >= .required
                                   || item.view.compressionResistancePriority[s.axis] >= .required)
                }
                guard !requiredContent else { continue }
                let denominator = c.reduce(0, +) + Double(visible.count - 1) * Spec.spacing(st)
                let natural = s.depth == 1 && ctx.scenario.container[s.axis] == nil && !st.isLayoutMarginsRelativeArrangement
                for (k, item) in visible.enumerated() {
                    if c[k] == 0 {
                        try ctx.expectClose(item.along.length, 0, "\(name(s)): \(name(item)) has no intrinsic length; its length",
                                                        measuring: .of(s, .alongLength, item))
                    } else if k != lastPositive {
                        try ctx.expectClose(item.along.length, c[k] / denominator * s.length,
                                            "\(name(s)) of length \(formatNumber(s.length)): \(name(item)) with c = \(formatNumber(c[k])), m = \(formatNumber(c[k])) / \(formatNumber(denominator)); its length", measuring: .of(s, .alongLength, item))
                    } else if natural {
                        try ctx.expectClose(item.along.length, c[k], "\(name(s)) at its natural length: the length of \(name(item)), the last proportional view",
                                            measuring: .of(s, .alongLength, item))
                    }
                }
            }
        }))

    static let equalSpacingGaps = ConformanceProperty(
        "distribution.equalSpacing.equalGaps", rules: ["R-D-5"], features: [.equalSpacing],
        statement: "In an equalSpacing stack (not baseline-relative), the gaps between consecutive visible views are all "
            + "equal.",
        .layout(LayoutCheck(shape: { $0.distributions = [.equalSpacing] }) { ctx in
            for s in ctx.stacks where s.stack.distribution == .equalSpacing && !s.isBaselineRelative {
                let v = s.visible
                guard v.count >= 3 else { continue }
                let first = v[1].along.start - v[0].along.end
                for k in 1..<(v.count - 1) {
                    try ctx.expectClose(v[k + 1].along.start - v[k].along.end, first,
                                        "\(name(s)): the gap after \(name(v[k])) against the first gap",
                                        measuring: .of(s, .alongStart, v[k + 1]).and(.of(s, .alongEnd, v[k])))
                }
            }
        }))

    static let equalCenteringCentres = ConformanceProperty(
        "distribution.equalCentering.centresEquidistant", rules: ["R-D-6", "R-F-2"], features: [.equalCentering],
        statement: "In a root equalCentering stack (not baseline-relative) whose visible views are leaves with an "
            + "intrinsic length, hugging and compression resistance ≥ 200 along the axis, and no user constraints, no "
            + "custom spacing on hidden views: let F be the smallest length at which adjacent centres are equidistant "
            + "while every gap is at least its minimum spacing, plus the margins (R-F-2). When the stack is free along "
            + "the axis its length is F (unless F less the margins is negative, negative spacing: UISV-canvas-fit @49 "
            + "then pulls the stack towards zero, R-SOLVE-4); whenever its length is at least F, every view keeps its "
            + "intrinsic length and adjacent visible centres are equidistant.",
        .layout(LayoutCheck(shape: { $0.distributions = [.equalCentering]; $0.allowsBaselineRelative = false },
                            precondition: { scenario, _ in
            let st = scenario.stack
            guard st.distribution == .equalCentering, !Spec.isBaselineRelative(st),
                  !Spec.hasUserConstraints(st), !Spec.hasCustomSpacingOnHidden(st) else { return false }
            let indices = Spec.visibleIndices(st)
            return indices.count >= 2 && indices.allSatisfy {
                Spec.intrinsic(st.arrangedSubviews[$0], st.axis) != nil && Spec.hasFirmPriorities(st.arrangedSubviews[$0], st.axis)
            }
        }) { ctx in
            let s = ctx.root
            let st = s.stack
            let indices = Spec.visibleIndices(st)
            let lengths = indices.compactMap { Spec.intrinsic(st.arrangedSubviews[$0], s.axis) }
            var d = -Double.infinity
            for k in 0..<(indices.count - 1) {
                d = max(d, (lengths[k] + lengths[k + 1]) / 2 + Spec.gap(from: indices[k], in: st))
            }
            let fitting = lengths[0] / 2 + Double(indices.count - 1) * d + lengths[lengths.count - 1] / 2 + Spec.margins(st).along
            if ctx.scenario.container[s.axis] == nil && fitting - Spec.margins(st).along >= 0 {
                try ctx.expectClose(s.length, fitting, "\(name(s)), free along the axis: its length (the smallest with equidistant centres)",
                                measuring: .ofStack(s, .alongLength))
            }
            guard s.length >= fitting - ctx.tolerance.absolute else { return }
            let v = s.visible
            for (k, item) in v.enumerated() {
                try ctx.expectClose(item.along.length, lengths[k], "\(name(s)) at length ≥ \(formatNumber(fitting)): the length of \(name(item))",
                                    measuring: .of(s, .alongLength, item))
            }
            for k in 1..<(v.count - 1) {
                try ctx.expectClose(v[k + 1].along.middle - v[k].along.middle, v[1].along.middle - v[0].along.middle,
                                    "\(name(s)) at length ≥ \(formatNumber(fitting)): the distance between the centres of \(name(v[k])) and \(name(v[k + 1])) against the first", measuring: .of(s, .alongCentre, v[k + 1]).and(.of(s, .alongCentre, v[k])))
            }
        }))

    static let fillByPriority = ConformanceProperty(
        "distribution.fill.stretchAndShrinkByPriority", rules: ["R-D-2"], features: [.fill, .priorities],
        statement: "In a root fill stack of fixed length L whose visible views are leaves with intrinsic lengths and no "
            + "user constraints (not baseline-relative, no custom spacing on hidden views): let D = L − (Σ c + spacing + "
            + "margins). When D > 0 and one visible view has the lowest hugging priority, it alone stretches, to c + D; "
            + "when D < 0 and one has the lowest compression resistance and c ≥ |D|, it alone shrinks, to c + D. Every "
            + "other visible view keeps its intrinsic length.",
        .layout(LayoutCheck(shape: {
            $0.distributions = [.fill]; $0.nestedProbability = 0; $0.allowsBaselineRelative = false
            $0.freeContainerWeight = 0; $0.allowsUserConstraints = false; $0.priorityProbability = 0.9
            $0.noIntrinsicProbability = 0; $0.hiddenProbability = 0.1
        }, precondition: { s, tolerance in
            fillDistributionApplies(s) && fillDistributionCase(s, tolerance, ties: false) != nil
        }) { ctx in
            try checkFillDistribution(ctx, ties: false)
        }))

    static let fillTies = ConformanceProperty(
        "distribution.fill.tiesToFirstView", rules: ["R-SOLVE-3", "R-T-1", "R-I-1", "R-SOLVE-4"], features: [.fill],
        statement: "In the same stacks as distribution.fill.stretchAndShrinkByPriority, views with no intrinsic length "
            + "allowed, and when several views tie: the one view that absorbs D is the first visible view with no "
            + "intrinsic length if there is one, else the lowest-index view among those with the lowest hugging priority "
            + "(D > 0) or compression resistance (D < 0); it absorbs all of D, past zero if need be (R-SOLVE-4); every "
            + "other visible view keeps its intrinsic length (0 for none).",
        .layout(LayoutCheck(shape: {
            $0.distributions = [.fill]; $0.nestedProbability = 0; $0.allowsBaselineRelative = false
            $0.freeContainerWeight = 0; $0.allowsUserConstraints = false
        }, precondition: { s, tolerance in
            fillDistributionApplies(s) && fillDistributionCase(s, tolerance, ties: true) != nil
        }) { ctx in
            try checkFillDistribution(ctx, ties: true)
        }))
}

/// The stacks of R-D-2 and R-T-1's properties: a root fill stack of fixed length whose views are leaves, with a
/// visible one, not baseline-relative, no user constraints, no custom spacing on hidden views.
@Sendable func fillDistributionApplies(_ scenario: Scenario) -> Bool {
    let st = scenario.stack
    return scenario.container[st.axis] != nil && st.distribution == .fill && !Spec.isBaselineRelative(st)
        && !Spec.hasUserConstraints(st) && !Spec.hasCustomSpacingOnHidden(st)
        && st.arrangedSubviews.allSatisfy({ $0.leaf != nil }) && st.arrangedSubviews.contains { !$0.isHidden }
}

/// What R-D-2 and R-T-1 expect of a root fill stack (`fillDistributionApplies`), from the scenario alone: the
/// container length, D, the visible views' intrinsic lengths and the view that absorbs D; nil when the case does
/// not apply (part of the properties' precondition).
func fillDistributionCase(_ scenario: Scenario, _ tolerance: Tolerance, ties: Bool)
    -> (length: Double, d: Double, c: [Double?], absorber: Int)? {
    let st = scenario.stack
    let axis = st.axis
    guard let length = scenario.container[axis] else { return nil }
    let indices = Spec.visibleIndices(st)
    let c = indices.map { Spec.intrinsic(st.arrangedSubviews[$0], axis) }
    var fitting = c.reduce(0) { $0 + ($1 ?? 0) } + Spec.margins(st).along
    for (a, _) in zip(indices, indices.dropFirst()) { fitting += Spec.gap(from: a, in: st) }
    let d = length - fitting
    guard abs(d) > tolerance.absolute else { return nil }
    let absorber: Int
    if let none = c.firstIndex(where: { $0 == nil }) {
        guard ties else { return nil }
        absorber = none
    } else {
        let priority = indices.map { i -> LayoutPriority in
            let item = st.arrangedSubviews[i]
            return d > 0 ? item.contentHuggingPriority[axis] : item.compressionResistancePriority[axis]
        }
        let lowest = priority.min()!
        let tied = priority.indices.filter { priority[$0] == lowest }
        if ties {
            guard tied.count > 1 else { return nil }
        } else {
            guard tied.count == 1, d > 0 || (c[tied[0]] ?? 0) >= -d else { return nil }
        }
        absorber = tied[0]
    }
    return (length, d, c, absorber)
}

/// R-D-2 and R-T-1: which single view absorbs the difference in a root fill stack (`fillDistributionApplies`).
func checkFillDistribution(_ ctx: CaseContext, ties: Bool) throws {
    // The precondition has it; a case without one never reaches here.
    guard let (length, d, c, absorber) = fillDistributionCase(ctx.scenario, ctx.tolerance, ties: ties) else {
        throw StopTest.invalid
    }
    let s = ctx.root
    let visible = s.visible
    for (k, item) in visible.enumerated() {
        let expected = (c[k] ?? 0) + (k == absorber ? d : 0)
        try ctx.expectClose(item.along.length, expected,
                            "\(name(s)) of length \(formatNumber(length)) with D = \(formatNumber(d)) "
                            + (k == absorber ? "(\(name(item)) absorbs D)" : "(\(name(visible[absorber])) absorbs D)")
                            + ": the length of \(name(item))", measuring: .of(s, .alongLength, item))
    }
}
