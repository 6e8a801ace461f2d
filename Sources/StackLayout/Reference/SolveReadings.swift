import Cassowary

/// What every solve of UIKit's constraints shares, whoever solves them (the oracle `ReferenceEngine`, the accelerated
/// reference, the layout session, the diagnosis): the lines of broken constraints, the root's baselines read off the
/// frames, and a relation in the solver's terms.
extension ReferenceSystem {
    /// Each broken constraint as `broken: <line>` (SCENARIO-FORMAT.md), followed by the constraints it conflicts
    /// with, the way UIKit's log lists them.
    static func brokenLines(_ broken: [(constraint: UISVConstraint?, conflicts: [UISVConstraint?])]) -> [String] {
        var out: [String] = []
        for (row, conflicting) in broken {
            out.append("broken: " + (row?.consoleLine ?? "?"))
            for other in conflicting { out.append("  conflicts with: " + (other?.consoleLine ?? "?")) }
        }
        return out
    }
}

extension ExactLayout {
    /// Fills in the root stack's baselines (R-BL-2, R-BL-3, R-BL-5) from the solved frames of `clamped`: the
    /// baseline view's top plus its offset, or a bottom. The root's baselines add no row, so they may be read after
    /// the solve. The sums are those of the baseline's expression evaluated on the solution (`offset + y`,
    /// `0 + y + height`), so the values are the same to the bit as a row's would be.
    mutating func completeRootBaselines(of clamped: Scenario, index: ScenarioIndex,
                                        fittingHeight: @escaping ReferenceSystem.FittingHeight) {
        guard !hasRootBaselines else { return }
        var views = BaselineViews(root: clamped.stack, index: index, fittingHeight: fittingHeight)
        func value(_ source: BaselineViews.Source) -> Double {
            guard let i = source.item else { return 0 + rootY + size.height }
            let frame = frames[i]
            if let offset = source.offset { return offset + frame.y }
            return 0 + frame.y + frame.height
        }
        firstBaseline = value(views.source(of: nil, last: false))
        lastBaseline = value(views.source(of: nil, last: true))
        hasRootBaselines = true
    }
}

extension UserConstraint.Relation {
    /// The same relation in the solver's terms (a row is `Σ terms + constant REL 0`).
    var solverRelation: Cassowary.Relation {
        switch self {
        case .equal: return .equal
        case .lessThanOrEqual: return .lessThanOrEqual
        case .greaterThanOrEqual: return .greaterThanOrEqual
        }
    }
}
