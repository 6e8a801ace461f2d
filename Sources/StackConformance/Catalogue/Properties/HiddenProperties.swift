import PropertyCheck
import StackLayout

extension ConformanceProperty {
    static let hiddenCollapses = ConformanceProperty(
        "hidden.collapsesAlongAxis", rules: ["R-H-1"], features: [.hidden],
        statement: "In every stack, every hidden arranged view (leaf or nested stack) has length 0 along that stack's axis.",
        .layout(LayoutCheck(shape: { $0.hiddenProbability = 0.4 }) { ctx in
            for s in ctx.stacks {
                for item in s.items where item.isHidden {
                    try ctx.expectClose(item.along.length, 0, "hidden \(name(item)) in \(name(s)): length along the axis",
                                        measuring: .of(s, .alongLength, item))
                }
            }
        }))

    static let hiddenRemovedEqualsHidden = ConformanceProperty(
        "hidden.removedEqualsHidden", rules: ["R-H-1", "R-SP-1"], features: [.hidden],
        statement: "Removing every hidden arranged view (at every depth) leaves every other frame, the stack's size and "
            + "its baselines unchanged: a hidden view no longer contributes, and the spacing around it is not doubled. "
            + "Excluded, as R-H-1 lists: (a) alignment fill with a hidden view; (b) a fillProportionally stack whose "
            + "fallback (§2.6 case 2) depends on its hidden views; (c) first/last-baseline alignment with a hidden "
            + "A.first; (d) a non-fill alignment with one visible view and hidden ones; (e) a baseline-relative stack with "
            + "a hidden view; (f) user constraints on hidden views; and a margins-relative stack whose views are all "
            + "hidden (R-F-3: margins count only when it has arranged views). Also excluded, an exception R-H-1 does not "
            + "list but which follows from the same constraint model: a nested stack whose arranged views are all hidden "
            + "(its hiding constraints hold it at zero; with them removed it is an empty stack with no constraint of its "
            + "own, which its parent may stretch or shrink past zero, R-SOLVE-4). And an optional user constraint at "
            + "the priority of another optional constraint of the views (a hugging or compression resistance priority, "
            + "or another user constraint's): their errors can trade one for one, leaving equally good layouts that R-T-8 "
            + "decides item by item in pre-order, where a hidden view's position takes part.",
        .layout(LayoutCheck(shape: { $0.hiddenProbability = 0.35 }, precondition: { scenario, _ in
            let stacks = Spec.stacks(scenario.stack)
            guard stacks.contains(where: { $0.arrangedSubviews.contains(where: \.isHidden) }) else { return false }
            let nestedAllHidden = stacks.dropFirst().contains { !$0.arrangedSubviews.isEmpty && $0.arrangedSubviews.allSatisfy(\.isHidden) }
            return !nestedAllHidden && !stacks.contains(where: removalException) && !userPriorityIsShared(stacks)
        }) { ctx in
            let removed = removingHidden(ctx.scenario)
            let without = try ctx.layout(of: removed)
            var expected = ctx.layout
            let kept = Set(without.frameIDs)
            expected.frames = expected.frames.filter { kept.contains($0.id) }
            // Neither layout is known to be the wrong one: each value is named by the layout it comes from.
            let differences = LayoutComparison.differences(actual: without, expected: expected, tolerance: ctx.tolerance.absolute,
                                                           sides: ("with the hidden views removed", "with them hidden"))
            try ctx.expect(differences.isEmpty, "removing the hidden views changes the layout: "
                           + differences.prefix(6).joined(separator: "; "))
        }))

    static let hiddenPlacement = ConformanceProperty(
        "hidden.placement", rules: ["R-H-2"], features: [.hidden],
        statement: "In fill, fillEqually and fillProportionally stacks without custom spacing or baseline-relative "
            + "arrangement, with at least one visible view: a hidden view between visible views sits, with zero length, "
            + "at the midpoint between them; a single hidden view at an end sits on the neighbouring visible view's edge; "
            + "a run of several hidden views at the leading end sits s/2 before the first visible view, and at the "
            + "trailing end s/2 after the last one (§2.5).",
        .layout(LayoutCheck(shape: { $0.hiddenProbability = 0.4; $0.distributions = [.fill, .fillEqually, .fillProportionally] }) { ctx in
            for s in ctx.stacks where hiddenPlacementApplies(s, tentative: false) {
                try checkHiddenPlacement(s, ctx)
            }
        }))

    static let hiddenPlacementTentative = ConformanceProperty(
        "hidden.placementTentative", rules: ["R-H-2", "R-T-2", "R-T-3"], features: [.hidden],
        statement: "Where the evidence runs out, hidden views are placed as this project decides: under equalSpacing and "
            + "equalCentering like the == spacing chain would place them (a middle run at the midpoint between its "
            + "visible neighbours, end runs as in hidden.placement); with custom spacing, a trailing run uses half the "
            + "spacing after the last visible view (R-T-3); in a stack whose views are all hidden, every view sits at "
            + "the canvas origin along the axis (R-T-2). Baseline-relative stacks are excluded.",
        .layout(LayoutCheck(shape: { $0.hiddenProbability = 0.45; $0.allowsBaselineRelative = false }) { ctx in
            for s in ctx.stacks where hiddenPlacementApplies(s, tentative: true) {
                try checkHiddenPlacement(s, ctx)
            }
        }))

    static let hiddenAllHidden = ConformanceProperty(
        "hidden.allHiddenFitsZero", rules: ["R-F-3", "R-T-2"], features: [.hidden],
        statement: "A root stack free in both dimensions whose arranged views are all hidden has size zero, plus its "
            + "margins when margins-relative, except along the axis of equalSpacing and equalCentering, whose "
            + "canvas-fit (@49, on the stack, margins included; §2.3) pulls the length to zero; a root stack with no "
            + "arranged views has size zero (margins do not count).",
        .layout(LayoutCheck(shape: {
            $0.hiddenProbability = 0.85; $0.allowsFixedLength = false; $0.allowsFixedCrossSize = false
        }, precondition: { s, _ in s.stack.arrangedSubviews.allSatisfy(\.isHidden) }) { ctx in
            let stack = ctx.scenario.stack
            var m = stack.arrangedSubviews.isEmpty ? (along: 0.0, across: 0.0) : Spec.margins(stack)
            if stack.distribution == .equalSpacing || stack.distribution == .equalCentering { m.along = 0 }
            let root = ctx.root
            try ctx.expectClose(root.length, m.along, "\(name(root)) with every view hidden: length",
                                measuring: .ofStack(root, .alongLength))
            try ctx.expectClose(root.crossSize, m.across, "\(name(root)) with every view hidden: cross size",
                                measuring: .ofStack(root, .acrossLength))
        }))
}

/// The R-H-1 exceptions (a)–(f) and the R-F-3 margins case, for one stack.
func removalException(_ stack: Stack) -> Bool {
    let items = stack.arrangedSubviews
    let hidden = items.filter(\.isHidden)
    guard !hidden.isEmpty else { return false }
    let visibleCount = items.count - hidden.count
    if stack.alignment == .fill { return true }                                                    // (a)
    if stack.distribution == .fillProportionally {                                                 // (b)
        var without = stack
        without.arrangedSubviews = items.filter { !$0.isHidden }
        if Spec.proportionalFallback(stack) != Spec.proportionalFallback(without) { return true }
    }
    if (stack.alignment == .firstBaseline || stack.alignment == .lastBaseline) && items[0].isHidden { return true }   // (c)
    if visibleCount == 1 { return true }                                                           // (d)
    if Spec.isBaselineRelative(stack) { return true }                                              // (e)
    if hidden.contains(where: { !$0.constraints.isEmpty }) { return true }                         // (f)
    if visibleCount == 0 && stack.isLayoutMarginsRelativeArrangement { return true }               // R-F-3
    return false
}

/// Whether an optional user constraint shares its priority level with another optional constraint of the views
/// (content priorities, other user constraints): within one level errors add up (R-SOLVE-2), so such a pair can
/// leave a range of equally good layouts, decided only by R-T-8.
func userPriorityIsShared(_ stacks: [Stack]) -> Bool {
    var content: [Double] = [], user: [Double] = []
    for item in stacks.flatMap(\.arrangedSubviews) {
        if item.leaf != nil {
            for axis in [Axis.horizontal, .vertical] {
                content.append(item.contentHuggingPriority[axis].rawValue)
                content.append(item.compressionResistancePriority[axis].rawValue)
            }
        }
        user += item.constraints.map(\.priority.rawValue).filter { $0 < 1000 }
    }
    return user.enumerated().contains { i, p in content.contains(p) || user[(i + 1)...].contains(p) }
}

/// The scenario with every hidden arranged item removed, at every depth.
func removingHidden(_ scenario: Scenario) -> Scenario {
    var s = scenario
    s.stack = s.stack.transformed(stack: { $0.arrangedSubviews.removeAll(where: \.isHidden) }, item: { _ in })
    return s
}

/// Which stacks each hidden-placement property checks: the RT one takes fill* stacks without custom spacing; the
/// tentative one takes every other stack (equal-*, custom spacing, all hidden). Baseline-relative stacks: neither.
func hiddenPlacementApplies(_ s: LaidOutStack, tentative: Bool) -> Bool {
    let st = s.stack
    guard st.arrangedSubviews.contains(where: \.isHidden) else { return false }
    if Spec.isBaselineRelative(st) { return false }
    let rt = [.fill, .fillEqually, .fillProportionally].contains(st.distribution) && !Spec.hasCustomSpacing(st)
        && st.arrangedSubviews.contains(where: { !$0.isHidden })
    return tentative ? !rt : rt
}

/// §2.5 and R-T-3: where each hidden view of the stack sits along the axis.
func checkHiddenPlacement(_ s: LaidOutStack, _ ctx: CaseContext) throws {
    let items = s.items
    let visible = items.indices.filter { !items[$0].isHidden }
    func expectAt(_ i: Int, _ position: Double, _ why: String) throws {
        let e = items[i].along
        try ctx.expect(ctx.close(e.start, position) && ctx.close(e.end, position),
                       "hidden \(name(items[i])) in \(name(s)) spans \(formatNumber(e.start))…\(formatNumber(e.end)) along the axis; "
                       + "\(why) puts it at \(formatNumber(position))",
                       measuring: .of(s, .alongStart, items[i]).and(.of(s, .alongEnd, items[i])))
    }
    guard let first = visible.first, let last = visible.last else {
        for i in items.indices { try expectAt(i, s.canvasAlong.start, "R-T-2 (every view hidden: the canvas origin)") }
        return
    }
    let s0 = Spec.spacing(s.stack)
    for i in 0..<first {
        let position = first == 1 ? items[first].along.start : items[first].along.start - s0 / 2
        try expectAt(i, position, first == 1 ? "a single leading hidden view" : "a leading run (s/2 before the first visible view)")
    }
    for i in (last + 1)..<items.count {
        let g = Spec.spacing(after: last, in: s.stack)
        let position = last == items.count - 2 ? items[last].along.end : items[last].along.end + g / 2
        try expectAt(i, position, last == items.count - 2 ? "a single trailing hidden view" : "a trailing run (half the spacing after the last visible view)")
    }
    for (a, b) in zip(visible, visible.dropFirst()) where b > a + 1 {
        let mid = (items[a].along.end + items[b].along.start) / 2
        for i in (a + 1)..<b { try expectAt(i, mid, "the midpoint between its visible neighbours") }
    }
}
