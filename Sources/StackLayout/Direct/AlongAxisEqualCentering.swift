/// equalCentering along the axis (R-D-6, R-F-2): natural lengths, centres equidistant as far as the gap
/// equalities' priorities allow.
extension AlongAxis {
    func equalCentering(_ canvas: Double?, _ s: inout LayoutScratch) throws(Unsupported) -> Double {
        if visible.count == 1 { return try singleEqualView(canvas, &s) }
        try naturalCenteredLengths(&s)
        let count = visible.count
        /// The centre distance between visible[k] and visible[k + 1] at the current lengths.
        func centreDistance(_ k: Int, _ lengths: [Double]) -> Double {
            lengths[visible[k]] / 2 + gaps[k] + lengths[visible[k + 1]] / 2
        }
        var centre = s.lengths[visible[0]] / 2
        let canvasLength: Double
        if let canvas {
            let minimum = (0..<(count - 1)).map { centreDistance($0, s.lengths) }
            let edges = visibleSum(s.lengths) + gapTotal
            let distance: [Double]
            if canvas < edges {
                // Overflow: views shrink by compression resistance. A single cheapest view takes it all; several
                // share it by the gap equalities (R-D-6), which this engine does not model.
                let cheapest = visible.map { children[$0].compress(axis) ?? 0 }.min() ?? 0
                let tied = visible.filter { (children[$0].compress(axis) ?? 0) == cheapest }
                if tied.count > 1 {
                    throw Unsupported("equalCentering overflow shared by views of equal compression resistance (R-D-6)")
                }
                try absorb(canvas - edges, among: visible, into: &s.lengths)
                distance = (0..<(count - 1)).map { centreDistance($0, s.lengths) }
            } else {
                let span = canvas - s.lengths[visible[0]] / 2 - s.lengths[visible[count - 1]] / 2
                distance = Self.equalCentres(span: span, minimum: minimum)
            }
            canvasLength = canvas
            centre = s.lengths[visible[0]] / 2
            for (k, i) in visible.enumerated() {
                if k > 0 { centre += distance[k - 1] }
                s.alongOrigin[i] = centre - s.lengths[i] / 2
            }
        } else {
            // R-F-2: the centre equalities outrank canvas-fit, so the stack grows until the centres are equidistant.
            var d = centreDistance(0, s.lengths)
            for k in 1..<(count - 1) {
                let next = centreDistance(k, s.lengths)
                if d < next { d = next }    // as `Sequence.max()`: the first of equals
            }
            canvasLength = s.lengths[visible[0]] / 2 + d * Double(count - 1) + s.lengths[visible[count - 1]] / 2
            for (k, i) in visible.enumerated() {
                if k > 0 { centre += d }
                s.alongOrigin[i] = centre - s.lengths[i] / 2
            }
        }
        placeHiddenBetweenVisible(&s)
        return canvasLength
    }

    /// The visible items at their natural lengths, within the model: every item has an intrinsic length and
    /// priorities above the gap equalities' (150 − i), which themselves stay above canvas-fit (R-D-6).
    private func naturalCenteredLengths(_ s: inout LayoutScratch) throws(Unsupported) {
        for i in visible {
            guard children[i].size(axis) != nil else {
                throw Unsupported("noIntrinsicSize: the direct engine does not model equalCentering with a view without intrinsic length")
            }
            guard let h = children[i].stretch(axis), let r = children[i].compress(axis) else {
                throw Unsupported("nestedSlack: cannot tell how the nested stack at position \(i) resists under equalCentering")
            }
            if min(h, r) <= UISVPriority.equalCenteringBase {
                throw Unsupported("priorities: content priority at or below the equalCentering gap priorities (150 − i)")
            }
            s.lengths[i] = natural(i)
        }
        // Gap k lies between visible[k] and visible[k + 1]; its equality with gap 0 has priority 150 − i, i being
        // the arranged index of the view before it. Below 49 canvas-fit would outrank it: out of this model.
        if let lastBefore = visible.dropLast().last, UISVPriority.equalCenteringGap(lastBefore) <= UISVPriority.canvasFit {
            throw Unsupported("equalCentering gap priorities reach canvas-fit's 49 (more than 100 arranged views)")
        }
    }

    /// The centre distances d_k (summing to `span`, each at least `minimum[k]`) that satisfy the equalities
    /// d_k == d_0 in priority order (k = 1 first), each giving way only when it must (R-D-6, R-SOLVE-2).
    /// d_0 = t ranges over an interval; gaps are tied to t, fixed, or still free (at their minimum for now).
    static func equalCentres(span: Double, minimum: [Double]) -> [Double] {
        let count = minimum.count
        guard count > 1 else { return [span] }
        var fixed = Array<Double?>(repeating: nil, count: count)
        var tied = [0]
        var free = Array(1..<count)
        var lo = minimum[0]
        var hi = span - minimum[1...].reduce(0, +)
        for k in 1..<count where fixed[k] == nil {
            free.removeAll { $0 == k }
            let fixedSum = fixed.compactMap { $0 }.reduce(0, +)
            let freeMinimum = free.reduce(0) { $0 + minimum[$1] }
            let cap = (span - fixedSum - freeMinimum) / Double(tied.count + 1)
            var newLo = max(lo, minimum[k]), newHi = min(hi, cap)
            if free.isEmpty { newLo = max(newLo, cap); newHi = min(newHi, cap) }
            if newLo <= newHi + 1e-12 {
                tied.append(k)
                lo = newLo
                hi = max(newLo, newHi)
                continue
            }
            let others = span - fixedSum - freeMinimum          // room for the tied gaps and gap k
            if free.isEmpty {
                let t = min(max(others / Double(tied.count + 1), lo), hi)
                lo = t; hi = t
                fixed[k] = others - Double(tied.count) * t
            } else if minimum[k] > hi {
                lo = hi
                fixed[k] = minimum[k]
            } else {
                // Gap k cannot reach t even at t's lowest: every other free gap stays at its minimum.
                hi = lo
                fixed[k] = others - Double(tied.count) * lo
                for j in free { fixed[j] = minimum[j] }
                free.removeAll()
            }
        }
        let t = lo
        return (0..<count).map { k in fixed[k] ?? t }
    }
}
