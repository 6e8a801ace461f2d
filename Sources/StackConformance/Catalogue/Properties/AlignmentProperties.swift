import PropertyCheck
import StackLayout

extension ConformanceProperty {
    static let alignFill = ConformanceProperty(
        "alignment.fill", rules: ["R-AL-1", "R-AL-8"], features: [.alignFill],
        statement: "In a stack with alignment fill and at least one visible view, every arranged view (hidden ones "
            + "included) spans the canvas across the axis: its start and end edges are the canvas's.",
        .layout(LayoutCheck(shape: { $0.alignments = [.fill] }) { ctx in
            for s in ctx.stacks where s.stack.alignment == .fill && !s.visible.isEmpty {
                for item in s.items {
                    try ctx.expectClose(item.across.start, s.canvasAcross.start, "\(name(s)): the start edge of \(name(item)) across the axis, against the canvas's",
                                        measuring: .of(s, .acrossStart, item))
                    try ctx.expectClose(item.across.end, s.canvasAcross.end, "\(name(s)): the end edge of \(name(item)) across the axis, against the canvas's",
                                        measuring: .of(s, .acrossEnd, item))
                }
            }
        }))

    static let alignLeading = edgeAlignment("alignment.leading", .leading, rule: "R-AL-2",
        "In a stack with alignment leading (top), every arranged view's leading (top) edge across the axis is on the "
        + "canvas's: the left edge in a left-to-right vertical stack, the right edge in right-to-left (R-M-2).") { $0.start }
    static let alignCenter = edgeAlignment("alignment.center", .center, rule: "R-AL-3",
        "In a stack with alignment center, every arranged view's centre across the axis is on the canvas's centre line.") { $0.middle }
    static let alignTrailing = edgeAlignment("alignment.trailing", .trailing, rule: "R-AL-4",
        "In a stack with alignment trailing (bottom), every arranged view's trailing (bottom) edge across the axis is "
        + "on the canvas's.") { $0.end }

    static func edgeAlignment(_ id: String, _ alignment: Alignment, rule: String, _ statement: String,
                              edge: @escaping @Sendable (Extent) -> Double) -> ConformanceProperty {
        ConformanceProperty(id, rules: [rule, "R-M-2"], features: [.of(alignment)], statement: statement,
            .layout(LayoutCheck(shape: { $0.alignments = [alignment] }) { ctx in
                for s in ctx.stacks where s.stack.alignment == alignment {
                    for item in s.items {
                        try ctx.expectClose(edge(item.across), edge(s.canvasAcross),
                                            "\(name(s)): the \(alignment == .center ? "centre" : alignment.rawValue + " edge") of \(name(item)) across the axis, against the canvas's",
                                            measuring: .of(s, alignment == .center ? .acrossCentre : alignment == .leading ? .acrossStart : .acrossEnd, item))
                    }
                }
            }))
    }

    static let alignFirstBaseline = baselineAlignment("alignment.firstBaseline", .firstBaseline, rule: "R-AL-5")
    static let alignLastBaseline = baselineAlignment("alignment.lastBaseline", .lastBaseline, rule: "R-AL-6")

    static func baselineAlignment(_ id: String, _ alignment: Alignment, rule: String) -> ConformanceProperty {
        let first = alignment == .firstBaseline
        return ConformanceProperty(id, rules: [rule], features: [.of(alignment)],
            statement: "In a horizontal stack with alignment \(alignment.rawValue), the \(first ? "first" : "last") "
                + "baselines of all its arranged leaf views (hidden ones included) lie on one line; a view without text "
                + "has its baselines at its bottom edge. (Nested stacks' baselines: alignment.stackBaselines.)",
            .layout(LayoutCheck(shape: { $0.alignments = [alignment] }) { ctx in
                for s in ctx.stacks where s.stack.alignment == alignment && s.axis == .horizontal {
                    let leaves = s.items.filter { $0.view.leaf != nil }
                    func baseline(_ item: LaidOutStack.Item) -> Double {
                        let leaf = item.view.leaf!
                        return item.frame.minY + ((first ? leaf.firstBaseline : leaf.lastBaseline) ?? item.frame.height)
                    }
                    guard let reference = leaves.first else { continue }
                    for item in leaves.dropFirst() {
                        try ctx.expectClose(baseline(item), baseline(reference),
                                            "\(name(s)): the \(first ? "first" : "last") baseline of \(name(item)) against that of \(name(reference))")
                    }
                }
            }))
    }

    static let noIntrinsicCross = ConformanceProperty(
        "alignment.noIntrinsicCrossSize", rules: ["R-AL-8", "R-I-2"], features: [.noIntrinsicSize],
        statement: "A visible leaf view with no intrinsic size across its stack's axis and no user constraints has cross "
            + "size 0 under leading, center and trailing alignment (ambiguity suppression @25); stacks that canvas-fit "
            + "pulls through their margins, or whose canvas is narrower than zero (a container smaller than its margins), "
            + "are left out. Under first/last-baseline alignment such a view's baseline is its bottom edge, tied to the "
            + "others' baselines, and the canvas-fit constraint of a horizontal baseline stack (stack.height == 0 @49) "
            + "outranks the suppression (@25): its height is whatever the baselines leave it, possibly negative (R-SOLVE-4), "
            + "so baseline alignments are excluded. So are stacks nested in a baseline-relative stack, whose spacing "
            + "chain runs between baselines with required constraints (§2.3 item 4) and can pin such a view's bottom edge.",
        .layout(LayoutCheck(shape: { $0.alignments = [.leading, .center, .trailing] }) { ctx in
            let pinned = Spec.stacksInsideBaselineRelative(ctx.scenario.stack)
            for s in ctx.stacks where [.leading, .center, .trailing].contains(s.stack.alignment)
                && !Spec.canvasFitThroughMargins(s.stack)
                && s.canvasAcross.length >= 0 && !(s.id.map(pinned.contains) ?? false) {
                for item in s.items where item.view.leaf != nil && item.view.constraints.isEmpty
                    && Spec.intrinsic(item.view, s.axis.cross) == nil {
                    try ctx.expectClose(item.across.length, 0, "\(name(s)): \(name(item)) has no intrinsic cross size; its cross size",
                                        measuring: .of(s, .acrossLength, item))
                }
            }
        }))

    static let stackBaselines = ConformanceProperty(
        "alignment.stackBaselines", rules: ["R-BL-2", "R-BL-3", "R-BL-5"],
        statement: "The root stack's first (last) baseline is that of its first (last) baseline view, recursively into "
            + "nested stacks: in a horizontal stack the visible arranged view with the largest fitting height (a leaf's "
            + "intrinsic height, 0 for none; a nested stack's own fitting height; the lowest index wins ties), in a "
            + "vertical stack the first (last) visible one; a leaf without text has both at its bottom edge; a stack "
            + "with no visible view has its bottom edge. An engine that does not compute baselines skips the case.",
        .layout(LayoutCheck { ctx in
            for first in [true, false] {
                let actual = first ? ctx.layout.firstBaseline : ctx.layout.lastBaseline
                // Omitted or null: this engine does not compute baselines; the case is counted apart, not checked.
                guard case .value(let value) = actual else { throw BaselinesNotComputed() }
                let expected = try expectedBaseline(ctx, first: first)
                try ctx.expectClose(value, expected, "the root stack's \(first ? "first" : "last") baseline")
            }
        }))
}

/// Thrown by a check that needs the root's baselines from an engine that did not compute them (SCENARIO-FORMAT.md:
/// omitted or `null`). The runner counts the case apart, as it counts `unsupported` answers; a property whose every
/// case ended so is a SKIP that matches the default expectation.
struct BaselinesNotComputed: Error {}

/// R-BL-2/3/5: the expected root baseline, computed from the engine's frames.
func expectedBaseline(_ ctx: CaseContext, first: Bool) throws -> Double {
    var frames: [String: Frame] = [:]
    for (id, f) in zip(ctx.layout.frameIDs, ctx.layout.frameValues) { frames[id] = f }
    var stack = ctx.scenario.stack
    var top = 0.0
    var height = ctx.layout.size.height
    while true {
        let visible = stack.arrangedSubviews.filter { !$0.isHidden }
        guard !visible.isEmpty else { return top + height }
        let chosen: ArrangedView
        if stack.axis == .vertical {
            chosen = first ? visible[0] : visible[visible.count - 1]
        } else {
            var best = visible[0], bestHeight = -Double.infinity
            for item in visible {
                let h: Double
                if let leaf = item.leaf { h = leaf.intrinsicContentSize.height ?? 0 }
                else { h = try ctx.referenceLayout(of: Scenario(stack: item.stack!)).size.height }
                if h > bestHeight { best = item; bestHeight = h }
            }
            chosen = best
        }
        let frame = frames[chosen.id] ?? .zero
        if let leaf = chosen.leaf {
            return top + frame.minY + ((first ? leaf.firstBaseline : leaf.lastBaseline) ?? frame.height)
        }
        stack = chosen.stack!
        top += frame.minY
        height = frame.height
    }
}
