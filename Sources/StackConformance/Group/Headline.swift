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
    public static func select(_ constraints: [DiagnosedConstraint], measured: Measurement?) -> (index: Int, basis: Basis)? {
        guard !constraints.isEmpty else { return nil }
        guard let measured, !measured.terms.isEmpty else { return (0, .largestExcess) }
        // Terms earlier in the measurement rank first; within a term, the diagnosis's order (largest excess first).
        for term in measured.terms {
            if let i = constraints.firstIndex(where: { ties($0.constraint, term) }) { return (i, .measured) }
        }
        for term in measured.terms {
            if let i = constraints.firstIndex(where: { sameItemSameAxis($0.constraint, term) }) { return (i, .measuredItem) }
        }
        return (0, .largestExcess)
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
