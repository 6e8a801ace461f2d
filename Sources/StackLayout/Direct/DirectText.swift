extension DirectEngine {
    /// The text the direct engine lays out in closed form (§2.7): labels whose size is the same in both passes and
    /// that no text rule touches. A single-line label (numberOfLines 1) always has its single-line size (R-T-10); a
    /// wrapping label with an explicit preferredMaxLayoutWidth has its size at that width (R-TX-3), and is such a
    /// label in a vertical stack or a fillEqually one (R-TW-3). Such a label is a plain leaf of that size with its
    /// baselines, so the rest of the engine needs nothing new.
    ///
    /// Declined (nil): a wrapping label with an automatic width anywhere (its pass-2 size depends on the width pass
    /// 1 solves, which is the whole layout's solve), and a wrapping label with a preferredMaxLayoutWidth in a
    /// horizontal fill, equalSpacing, equalCentering or fillProportionally stack (R-TW-1, R-TW-2 add a constraint
    /// or a zero proportion that the closed forms do not model).
    static func fixedSizeText(_ scenario: Scenario) -> Scenario? {
        var declined = false
        var copy = scenario
        copy.stack = scenario.stack.transformed(stack: { stack in
            let touched = stack.axis == .horizontal && stack.distribution != .fillEqually
            for i in stack.arrangedSubviews.indices {
                guard let text = stack.arrangedSubviews[i].leaf?.text else { continue }
                if text.wraps && (text.preferredMaxLayoutWidth == nil || touched) { declined = true; continue }
                let size = text.intrinsicSize(solvedWidth: nil)
                let baselines = text.baselines(lineCount: text.lineCount(solvedWidth: nil))
                stack.arrangedSubviews[i].content = .view(LeafView(
                    intrinsicContentSize: IntrinsicContentSize(width: size.width, height: size.height),
                    firstBaseline: baselines?.first, lastBaseline: baselines?.last))
            }
        }, item: { _ in })
        return declined ? nil : copy
    }
}
