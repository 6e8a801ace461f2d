import StackLayout

/// The domain at the top of the spec's §4, in which most layout properties generate their cases. A scenario is
/// inside when its reference layout
/// 1. breaks no constraint (R-SOLVE-5),
/// 2. has no content or user priority equal to an internal UISV priority (999.5, 999 − i, 150 − i, 51, 49, 25),
/// 3. has no number at R-SOLVE-6's clamp,
/// 4. stretches or compresses no nested stack along its parent's axis (R-N-1): each nested stack is as long as
///    its fitting size, the size of its reference layout alone.
///
/// `definition(_:)` states this with nothing but `ReferenceEngine().layout`, rule by rule. `reference(of:_:)` is
/// the runner's path: the same verdict and the same reference layout from one case's kept solves
/// (`CaseReferenceLayouts`), deciding most outside cases before the scenario's full solve. Section4DomainTests
/// holds the second to the first over generated scenarios of every feature.
enum Section4Domain {
    /// Two lengths closer than this are equal for rule 4 (a fitting size is solved, never exact).
    static let fittingSlack = 1e-6

    /// The reference layout of `scenario` when it lies inside the domain, nil outside: the plain definition.
    static func definition(_ scenario: Scenario) throws(LayoutError) -> Layout? {
        let reference = try ReferenceEngine().layout(scenario)
        if isBroken(reference) { return nil }                          // rule 1
        if hasPriorityCollision(scenario) { return nil }               // rule 2
        if LengthClamp.reaches(reference) { return nil }               // rule 3
        // Rule 4 reads exact frames: rounding to pixels (R-PX-2) moves a nested stack's edges off its fitting size.
        var exact = scenario
        exact.scale = nil
        let frames = scenario.scale == nil ? reference : try ReferenceEngine().layout(exact)
        for s in LaidOutStack.all(exact, frames) {
            for item in s.items {
                guard let nested = item.view.stack else { continue }
                let fitting = try ReferenceEngine().layout(Scenario(layoutDirection: scenario.layoutDirection, stack: nested)).size
                if !fits(item.along.length, fitting, along: s.axis) { return nil }
            }
        }
        return reference
    }

    /// Rule 1: the reference reports a broken constraint.
    static func isBroken(_ reference: Layout) -> Bool {
        reference.diagnostics.contains { $0.hasPrefix("broken:") }
    }

    /// Rule 2, from the scenario alone (`requiredFeatures`' `priorityCollisions`).
    static func hasPriorityCollision(_ scenario: Scenario) -> Bool {
        syntacticFeatures(of: scenario).contains(.priorityCollisions)
    }

    /// Rule 4 for one nested stack: its length along `axis` equals its fitting size's.
    static func fits(_ length: Double, _ fitting: Size, along axis: Axis) -> Bool {
        abs(length - (axis == .horizontal ? fitting.width : fitting.height)) <= fittingSlack
    }
}

extension Section4Domain {
    /// `definition(scenario)`, from the solves `references` keeps for the case (the runner's path).
    ///
    /// The verdict does not depend on the order the rules are asked in, so they are asked cheapest first:
    /// - a nested stack UIKit holds at length 0 along its parent's axis (hidden, or in a fillProportionally stack:
    ///   `ReferenceEngine.nestedStacksHeldAtZeroLength`) that does not fit in 0 is outside by rule 4 whatever the
    ///   scenario's solve gives (that required constraint either holds or breaks), so its own small solve decides
    ///   and the scenario is never solved;
    /// - then the scenario's frames, solved `unlessBroken` (a broken case costs only the required rows) and without
    ///   the root's baselines (which can fit every nested stack of a horizontal root, R-BL-5) for rules 1 to 4;
    /// - the baselines last, for rule 3, once the case is inside.
    static func reference(of scenario: Scenario, _ references: CaseReferenceLayouts) -> Layout? {
        for held in ReferenceEngine.nestedStacksHeldAtZeroLength(scenario) {
            let fitting = references.size(of: Scenario(layoutDirection: scenario.layoutDirection, stack: held.stack))
            if !fits(0, fitting, along: held.axis) { return nil }
        }
        let frames = references.layout(scenario, unlessBroken: true, rootBaselines: false)
        guard contains(scenario, frames, references) else { return nil }
        let reference = references.layout(scenario, unlessBroken: true)
        return LengthClamp.reaches(reference) ? nil : reference
    }

    /// Rules 1 to 4 on `reference`, the scenario's layout from `references` (its baselines may be `notComputed`:
    /// those are not checked against the clamp here).
    static func contains(_ scenario: Scenario, _ reference: Layout, _ references: CaseReferenceLayouts) -> Bool {
        if isBroken(reference) || LengthClamp.reaches(reference) || hasPriorityCollision(scenario) { return false }
        var hasNested = false
        scenario.stack.forEachItem { item, _ in if item.stack != nil { hasNested = true } }
        guard hasNested else { return true }
        var exact = scenario
        exact.scale = nil
        let frames = scenario.scale == nil ? reference : references.layout(exact, unlessBroken: true, rootBaselines: false)
        for n in nestedStacksInCheckingOrder(exact, frames, references) {
            let fitting = references.fittingSize(ofNested: n.id, in: exact)
                ?? references.layout(Scenario(layoutDirection: scenario.layoutDirection, stack: n.stack)).size
            if !fits(n.along, fitting, along: n.axis) { return false }
        }
        return true
    }

    /// A nested stack of a laid-out scenario: its length along its parent's axis.
    struct NestedStack {
        let id: String
        let stack: Stack
        let along: Double
        let axis: Axis
        let depth: Int
        /// 0: its fitting size is already solved; 1: the direct engine's fitting size predicts it off; 2: the rest.
        let rank: Int
    }

    /// Every nested stack of `exact` as laid out in `frames`, in the order rule 4 asks them. Sizes the case's
    /// solves already have (the stacks R-BL-5 fitted) cost nothing and come first; every other one is a solve of
    /// the stack alone, so the stacks whose direct-engine fitting size predicts them off come next, and an outside
    /// case (most nested ones) costs about one solve. Then the rest, deepest first: their solves give their parents'
    /// solves their heights.
    static func nestedStacksInCheckingOrder(_ exact: Scenario, _ frames: Layout,
                                            _ references: CaseReferenceLayouts) -> [NestedStack] {
        var nested: [NestedStack] = []
        let known = references.knownFittingSizes(in: exact)
        for s in LaidOutStack.all(exact, frames) {
            for item in s.items {
                guard let stack = item.view.stack else { continue }
                let rank: Int
                if known[item.view.id] != nil {
                    rank = 0
                } else if let predicted = try? DirectEngine.fittingSize(of: stack),
                          !fits(item.along.length, predicted, along: s.axis) {
                    rank = 1
                } else {
                    rank = 2
                }
                nested.append(NestedStack(id: item.view.id, stack: stack, along: item.along.length, axis: s.axis,
                                          depth: s.depth, rank: rank))
            }
        }
        let order = nested.indices.sorted { a, b in
            let x = nested[a], y = nested[b]
            if x.rank != y.rank { return x.rank < y.rank }
            return x.depth != y.depth ? x.depth > y.depth : a < b
        }
        return order.map { nested[$0] }
    }
}
