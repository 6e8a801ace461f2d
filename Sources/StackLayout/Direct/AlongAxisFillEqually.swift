/// fillEqually along the axis (R-D-3): every visible item at one common length.
extension AlongAxis {
    func fillEqually(_ canvas: Double?, _ s: inout LayoutScratch) throws(Unsupported) -> Double {
        let gapTotal = self.gapTotal
        let n = Double(visible.count)
        let common: Double
        if let canvas {
            common = (canvas - gapTotal) / n
        } else if let largest = LexicographicLine.largestSizeUnderUniformPriorities(children, axis, among: visible) {
            common = largest
        } else {
            // A free length: the common length is a lexicographic choice against every view's hugging and
            // compression resistance (R-D-3: the largest intrinsic length with default priorities), then R-T-1.
            s.line.reset()
            for i in visible {
                guard let c = children[i].size(axis) else { continue }
                guard let h = children[i].stretch(axis), let r = children[i].compress(axis) else {
                    throw Unsupported("nestedSlack: nested stack at position \(i) in a free fillEqually stack")
                }
                if h > 0 { s.line.atMost(c, .priority(h)) }
                if r > 0 { s.line.atLeast(c, .priority(r)) }
            }
            for i in visible.reversed() {
                s.line.near(children[i].size(axis) ?? 0, .tie(children.count - 1 - i))
            }
            common = s.line.solve()
        }
        for i in visible { s.lengths[i] = common }
        try requireRigidNested(s.lengths)
        chainPositions(&s)
        return canvas ?? (common * n + gapTotal)
    }
}
