import StackLayout

/// The broken constraint a FAIL leads with: the one that explains the quantity the check measured.
///
/// A diagnosis lists every constraint the engine's frames break, the largest excess first. A check reads a few
/// edges or lengths (`Measurement`); the headline is the first broken constraint (in that order) that ties one of
/// them, so a check that found the leading edge wrong headlines the leading canvas connection even when a larger
/// residual lies on the other axis. The others stay listed.
public enum Headline {
    /// How the headline was chosen, for people and for the report.
    public enum Basis: String, Sendable {
        /// The constraint ties an attribute the check measured.
        case measured
        /// It ties another attribute of a measured item on the same axis.
        case measuredItem
        /// Nothing broken ties what the check measured (or the check does not say what it measured): the largest
        /// excess.
        case largestExcess
    }

    /// The index in `constraints` of the headline, and why; nil when the list is empty.
    ///
    /// `engine` and `reference` (the engine's and UIKit's layouts of the diagnosed scenario), when given, keep a
    /// measured length from being blamed on a constraint that only moved the item: an edge constraint of an item
    /// whose length was measured explains that length only when the item's other edge is where UIKit puts it (one
    /// edge moved, so the length changed by it). A constraint of an item that moved at both ends (a first view set
    /// one spacing in and also floored) is passed over, by the largest-excess fallback too.
    public static func select(_ constraints: [DiagnosedConstraint], measured: Measurement?, engine: Layout? = nil,
                              reference: Layout? = nil) -> (index: Int, basis: Basis)? {
        guard !constraints.isEmpty else { return nil }
        guard let measured, !measured.terms.isEmpty else { return (0, .largestExcess) }
        // Terms earlier in the measurement rank first; within a term, the diagnosis's order (largest excess first).
        for term in measured.terms {
            if let i = constraints.firstIndex(where: { ties($0.constraint, term) }) { return (i, .measured) }
        }
        func movedAtBothEnds(_ c: UISVConstraint) -> Bool {
            guard let engine, let reference else { return false }
            return measured.terms.contains { term in
                sameItemSameAxis(c, term) && bothEdgesMoved(term, engine: engine, reference: reference)
            }
        }
        for term in measured.terms {
            if let i = constraints.firstIndex(where: { sameItemSameAxis($0.constraint, term) && !movedAtBothEnds($0.constraint) }) {
                return (i, .measuredItem)
            }
        }
        return (constraints.firstIndex { !movedAtBothEnds($0.constraint) } ?? 0, .largestExcess)
    }

    /// Whether `term` measures an arranged item's length whose two edges along that axis are both away from UIKit's
    /// (by more than a millionth of a point).
    static func bothEdgesMoved(_ term: Measurement.Term, engine: Layout, reference: Layout) -> Bool {
        guard case .view(let id) = term.item, term.attribute == .width || term.attribute == .height,
              let e = engine.frame(of: id), let r = reference.frame(of: id) else { return false }
        let horizontal = term.attribute == .width
        let (eStart, rStart) = horizontal ? (e.x, r.x) : (e.y, r.y)
        let (eEnd, rEnd) = horizontal ? (e.x + e.width, r.x + r.width) : (e.y + e.height, r.y + r.height)
        return abs(eStart - rStart) > 1e-6 && abs(eEnd - rEnd) > 1e-6
    }

    /// Whether `c` has `term` on either side.
    static func ties(_ c: UISVConstraint, _ term: Measurement.Term) -> Bool {
        (c.firstItem == term.item && c.firstAttribute == term.attribute)
            || (c.secondItem == term.item && c.secondAttribute == term.attribute)
    }

    /// Whether `c` has `term`'s item on either side with an attribute along the same axis.
    static func sameItemSameAxis(_ c: UISVConstraint, _ term: Measurement.Term) -> Bool {
        guard let axis = axis(term.attribute) else { return false }
        if c.firstItem == term.item, self.axis(c.firstAttribute) == axis { return true }
        if c.secondItem == term.item, let a = c.secondAttribute, self.axis(a) == axis { return true }
        return false
    }

    /// The axis an attribute lies along; nil for a baseline.
    static func axis(_ a: UISVAttribute) -> Axis? {
        switch a {
        case .leading, .trailing, .centerX, .width: return .horizontal
        case .top, .bottom, .centerY, .height: return .vertical
        case .firstBaseline, .lastBaseline: return nil
        }
    }
}
