/// fillProportionally along the axis (§2.6, R-D-4, R-M-3, R-F-2, R-T-9): lengths proportional to the items'
/// intrinsic lengths, with §2.6's special cases.
extension AlongAxis {
    /// c: the intrinsic length, 0 when none; a nested stack's c is 0 (R-N-1).
    private func proportionalLength(_ i: Int) -> Double {
        children[i].nested ? 0 : (children[i].size(axis) ?? 0)
    }

    /// §2.6 special case 2: the stack falls back to fillEqually. `sumC` is the sum of the visible items' c.
    private func fallsBackToFillEqually(sumC: Double) -> Bool {
        let spacing = stack.spacing     // literally, even with custom spacing (R-T-9)
        let n = visible.count
        let hiddenCount = children.count - n
        var fallback: Bool
        if hiddenCount == 0 {
            fallback = (n == 1 && proportionalLength(visible[0]) <= 1) || (n >= 2 && sumC == 0)
        } else {
            fallback = sumC <= spacing * Double(hiddenCount)
        }
        if sumC + Double(n - 1) * spacing <= 0 { fallback = true }   // TENTATIVE part of §2.6 special case 2
        return fallback
    }

    func fillProportionally(_ canvas: Double?, _ s: inout LayoutScratch) throws(Unsupported) -> Double {
        let c = proportionalLength
        let spacing = stack.spacing     // literally, even with custom spacing (R-T-9)
        var sumC = 0.0
        for i in visible { sumC += c(i) }
        let n = visible.count
        if fallsBackToFillEqually(sumC: sumC) { return try fillEqually(canvas, &s) }

        for i in visible where children[i].nested && natural(i) != 0 {
            throw Unsupported("nestedSlack: a nested stack in a fillProportionally stack gets length 0 (§2.6 case 3, R-N-1)")
        }
        // The proportional items: visible, with c > 0.
        var proportionalCount = 0, last = -1
        for i in visible where c(i) > 0 { proportionalCount += 1; last = i }
        let gapTotal = self.gapTotal
        let denominator = sumC + Double(n - 1) * spacing
        // Cases 4 and 5: the sole proportional constraint is required (m = 1): it conflicts with margins and
        // spacing unless they add up to nothing (R-T-7 keeps it and breaks a canvas connection).
        if proportionalCount == 1 && (n == 1 || spacing == 0) && margins + gapTotal != 0 {
            throw Unsupported("conflicts: a required proportional constraint with margins or spacing (R-SOLVE-5, R-T-7)")
        }
        let e = margins + gapTotal
        let stackLength: Double
        if let canvas {
            stackLength = canvas + margins
        } else {
            let g = Double(n - 1) * spacing
            if g != 0 {
                // R-F-2: the length at which every proportional constraint holds.
                stackLength = e * denominator / g
            } else {
                stackLength = freeLengthWithoutSpacing(denominator: denominator, e: e, last: last, &s.line)
            }
        }
        // Case 3: no intrinsic length → 0. The last proportional view absorbs the difference (OBS).
        var assigned = 0.0
        for i in visible where c(i) > 0 && i != last {
            s.lengths[i] = c(i) / denominator * stackLength
            assigned += s.lengths[i]
        }
        let canvasLength = stackLength - margins
        s.lengths[last] = canvasLength - gapTotal - assigned
        chainPositions(&s)
        return canvasLength
    }

    /// The stack's length (margins included) when it is free and the proportional constraints carry no spacing
    /// term (g = 0): every proportional constraint but the last (`last`) holds at any length, so the content decides
    /// (R-F-2): each proportional item's hugging and compression resistance, then the R-T-1 tie levels. Item i's
    /// multiplier is c / `denominator`; `e` is the margins and gaps the last constraint also spans.
    private func freeLengthWithoutSpacing(denominator: Double, e: Double, last: Int,
                                          _ line: inout LexicographicLine) -> Double {
        let c = proportionalLength
        let m = { (i: Int) -> Double in c(i) / denominator }
        line.reset()
        for i in visible where c(i) > 0 {
            let slope = m(i)
            let offset = i == last ? -e : 0.0
            let ch = children[i]
            if let h = ch.stretch(axis), h > 0 { line.add(.priority(h), slope: slope, offset: offset - c(i)) }
            if let r = ch.compress(axis), r > 0 { line.add(.priority(r), slope: -slope, offset: c(i) - offset) }
        }
        for i in visible.reversed() where c(i) > 0 {
            let offset = i == last ? -e : 0.0
            line.add(.tie(children.count - 1 - i), slope: m(i), offset: offset - c(i))
            line.add(.tie(children.count - 1 - i), slope: -m(i), offset: c(i) - offset)
        }
        return line.solve()
    }
}
