/// §2.7's two passes, shared by the engines that solve UIKit's constraints. A text leaf keeps its `text` in both
/// passes' scenarios (R-TW-1 and R-TW-2 read it); its `intrinsicContentSize` and baselines are set from the text:
///
/// - pass 1: each label's size with no width given (`TextContent.intrinsicSize(solvedWidth: nil)`: the single-line
///   size, or the size at an explicit `preferredMaxLayoutWidth`), and the stack is solved;
/// - pass 2: each label's size at its exact solved width from pass 1 (not the pixel-rounded frame, TENTATIVE
///   R-T-10), and the stack is solved again from scratch, so every rule (fillProportionally's multipliers
///   included) sees the pass-2 sizes. There is no third pass.
///
/// Baselines are those of the pass's line count: first `b`, last `(lines − 1)·h + b`; an empty text has none (its
/// bottom edge). Invariant: a scenario without text is its own pass (nothing changes, and no solve is added).
extension Scenario {
    /// The scenario a pass lays out, clamped (R-SOLVE-6). `solvedWidth` gives an item's exact pass-1 width by its
    /// id; nil for pass 1.
    func textPass(solvedWidth: ((String) -> Double)?) -> Scenario {
        var copy = self
        copy.stack = stack.transformed(stack: { _ in }, item: { item in
            guard case .view(var leaf) = item.content, let text = leaf.text else { return }
            let width = solvedWidth.map { $0(item.id) }
            let size = text.intrinsicSize(solvedWidth: width)
            leaf.intrinsicContentSize = IntrinsicContentSize(width: size.width, height: size.height)
            let baselines = text.baselines(lineCount: text.lineCount(solvedWidth: width))
            leaf.firstBaseline = baselines?.first
            leaf.lastBaseline = baselines?.last
            item.content = .view(leaf)
        })
        return copy.clampedForLayout()
    }

    /// The clamped scenario whose solve is the layout: `clampedForLayout()` without text; with text, pass 2's
    /// scenario, after `solve` (the engine's exact solve of a clamped scenario) has laid out pass 1.
    func laidOutScenario(solve: (Scenario) -> ExactLayout) -> Scenario {
        guard hasText else { return clampedForLayout() }
        let first = textPass(solvedWidth: nil)
        let exact = solve(first)
        let index = ScenarioIndex(first)
        var widthByID: [String: Double] = [:]
        widthByID.reserveCapacity(index.items.count)
        for (i, item) in index.items.enumerated() { widthByID[item.id] = exact.frames[i].width }
        return textPass(solvedWidth: { widthByID[$0] ?? 0 })
    }
}
