extension UISVGenerator {
    /// Every constraint through `edit`, in order: the ones it returns nil for are left out, with their items.
    mutating func edit(_ edit: ReferenceSystem.ConstraintEdit) {
        var kept: [UISVConstraint] = [], keptItems: [(first: IndexedItem, second: IndexedItem?)] = []
        for (c, places) in zip(constraints, items) {
            guard let edited = edit(c) else { continue }
            kept.append(edited)
            keptItems.append(places)
        }
        constraints = kept
        items = keptItems
    }
}

extension ReferenceEngine {
    /// UIKit's layout of `scenario` with its constraints edited first: each constraint through `edit`, which returns
    /// it changed (another relation, another constant) or nil to leave it out. The rest is the oracle's own solve.
    ///
    /// Not a verdict: a hypothesis about an engine's bug ("your layout is UIKit's with the trailing canvas connection
    /// emitted as <="), checked by comparing the engine's answer with this layout. Only the items and attributes
    /// of a constraint are kept as generated (its places in the system are fixed by them); with text, pass 1 is
    /// UIKit's own (§2.7).
    public static func layout(_ scenario: Scenario, editingConstraints edit: (UISVConstraint) -> UISVConstraint?) -> Layout {
        let clamped = scenario.laidOutScenario { Self.solve(Self.system($0)) }
        let edited = withoutActuallyEscaping(edit) { edit in
            ReferenceSystem(clamped, constraintEdit: edit, fittingHeight: Self.fittingHeight)
        }
        var exact = Self.solve(edited)
        exact.completeRootBaselines(of: clamped, index: edited.index, fittingHeight: Self.fittingHeight)
        return exact.finish(for: clamped, index: edited.index)
    }
}
