/// fill along the axis (R-D-2), and its baseline-relative form (R-BL-6): every visible item at its natural length,
/// one item absorbing the difference with the canvas (R-T-1).
extension AlongAxis {
    func fill(_ canvas: Double?, _ s: inout LayoutScratch) throws(Unsupported) -> Double {
        for i in visible { s.lengths[i] = natural(i) }
        let total = visibleSum(s.lengths) + gapTotal
        if let canvas { try absorb(canvas - total, among: visible, into: &s.lengths) }
        chainPositions(&s)
        return canvas ?? total
    }

    /// R-BL-6: a vertical baseline-relative stack chains `next.firstBaseline == prev.lastBaseline + k`, ends pinned by
    /// top and bottom. Only the heights that move the chain's total can absorb a difference: the first visible view's
    /// when its last baseline is its bottom, and the last visible view's when its first baseline is a fixed offset.
    func fillBaselineRelative(_ canvas: Double?, _ s: inout LayoutScratch) throws(Unsupported) -> Double {
        for i in visible { s.lengths[i] = natural(i) }
        func positions(_ s: inout LayoutScratch) {
            let first = visible[0]
            s.alongOrigin[first] = 0
            for i in stride(from: first + 1, to: children.count, by: 1) {
                s.alongOrigin[i] = s.alongOrigin[i - 1] + children[i - 1].lastBaselineOffset(height: s.lengths[i - 1]) + chain[i - 1]
                    - children[i].firstBaselineOffset(height: s.lengths[i])
            }
            for i in stride(from: first - 1, through: 0, by: -1) {
                s.alongOrigin[i] = s.alongOrigin[i + 1] + children[i + 1].firstBaselineOffset(height: s.lengths[i + 1]) - chain[i]
                    - children[i].lastBaselineOffset(height: s.lengths[i])
            }
        }
        positions(&s)
        let last = visible[visible.count - 1]
        let total = s.alongOrigin[last] + s.lengths[last]
        guard let canvas, canvas != total else { return total }
        // A nested stack's baselines move with its content when it is resized: not modelled here (R-N-1).
        if visible.contains(where: { children[$0].nested }) {
            throw Unsupported("nestedSlack: a baseline-relative stack with a nested stack does not fit its container")
        }
        let first = visible[0]
        var candidates: [Int] = []
        if first == last { candidates = [first] } else {
            if children[first].lastBaseline == nil { candidates.append(first) }
            if children[last].firstBaseline != nil { candidates.append(last) }
        }
        guard !candidates.isEmpty else {
            throw Unsupported("conflicts: no height can change the length of this baseline-relative stack (R-SOLVE-5)")
        }
        try absorb(canvas - total, among: candidates, into: &s.lengths)
        positions(&s)
        return canvas
    }
}
