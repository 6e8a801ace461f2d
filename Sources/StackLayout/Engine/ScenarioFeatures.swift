/// The features of ENGINE-PROTOCOL.md a scenario needs. An engine lacking one skips the scenario; the suite
/// generates only scenarios inside an engine's features.
///
/// Most features are syntactic. `overflow` compares each fixed container dimension with the root's fitting size
/// (computed by the direct engine; when it cannot tell, overflow is assumed). `conflicts` covers the cases the
/// protocol names that can be seen without solving. `nestedSlack` needs a layout and is not decided here.
public func requiredFeatures(of scenario: Scenario) -> FeatureSet {
    requiredFeatures(of: scenario, rootFittingSize: try? DirectEngine.fittingSize(of: scenario.clampedForLayout().stack))
}

/// `requiredFeatures(of:)` with the root stack's fitting size already computed (`DirectEngine.fittingSize` of the
/// clamped stack; nil when it cannot tell), for a caller that has it (the scenario generator sizes containers
/// with it).
package func requiredFeatures(of scenario: Scenario, rootFittingSize: Size?) -> FeatureSet {
    var mask = syntacticFeatureMask(of: scenario)
    if let fitting = rootFittingSize {
        if let w = scenario.container.width, w < fitting.width { mask |= FeatureBit.overflow.mask }
        if let h = scenario.container.height, h < fitting.height { mask |= FeatureBit.overflow.mask }
    } else if scenario.container.width != nil || scenario.container.height != nil {
        mask |= FeatureBit.overflow.mask
    }
    return FeatureSet(mask: mask)
}

/// Every required feature but `overflow`, which needs the fitting size (and so costs a fitting pass).
package func syntacticFeatures(of scenario: Scenario) -> [Feature] {
    FeatureSet(mask: syntacticFeatureMask(of: scenario)).sorted
}

/// `syntacticFeatures(of:)` as bits (`FeatureBit`).
package func syntacticFeatureMask(of scenario: Scenario) -> UInt64 {
    var features: UInt64 = 0
    func insert(_ bit: FeatureBit) { features |= bit.mask }
    if scenario.layoutDirection == .rightToLeft { insert(.rightToLeft) }
    if scenario.scale != nil { insert(.pixelRounding) }
    var pending: [Stack] = [scenario.stack]
    while let stack = pending.popLast() {
        insert(.of(stack.distribution))
        insert(.of(stack.alignment))
        if stack.isLayoutMarginsRelativeArrangement { insert(.margins) }
        if stack.isBaselineRelativeArrangement && stack.axis == .vertical { insert(.baselineRelative) }
        switch stack.spacing {
        case .system: insert(.systemSpacing)
        case .points(let p) where p < 0: insert(.negativeSpacing)
        default: break
        }
        let internalPriorities = InternalPriorities(stackCount: stack.arrangedSubviews.count)
        var visibleCount = 0
        for item in stack.arrangedSubviews where !item.isHidden { visibleCount += 1 }
        for item in stack.arrangedSubviews {
            if item.isHidden { insert(.hidden) }
            switch item.customSpacingAfter {
            case .useDefault: break
            case .system: insert(.customSpacing); insert(.systemSpacing)
            case .points(let p): insert(.customSpacing); if p < 0 { insert(.negativeSpacing) }
            }
            if !item.constraints.isEmpty { insert(.userConstraints) }
            if item.constraints.contains(where: { $0.priority.isRequired }) { insert(.conflicts) }
            // The content priorities, without building an array per item.
            let hugging = item.contentHuggingPriority, resistance = item.compressionResistancePriority
            func anyContentPriority(_ test: (LayoutPriority) -> Bool) -> Bool {
                test(hugging.horizontal) || test(hugging.vertical) || test(resistance.horizontal) || test(resistance.vertical)
            }
            var contentPrioritiesCount = true
            switch item.content {
            case .view(let leaf):
                if leaf.intrinsicContentSize.width == nil || leaf.intrinsicContentSize.height == nil {
                    insert(.noIntrinsicSize)
                }
                if item.contentHuggingPriority != .defaultHugging
                    || item.compressionResistancePriority != .defaultCompressionResistance {
                    insert(.priorities)
                }
                if anyContentPriority(\.isRequired) { insert(.conflicts) }
            case .stack(let nested):
                insert(.nested)
                pending.append(nested)
                contentPrioritiesCount = false   // ignored on a nested stack (SCENARIO-FORMAT.md)
                if item.isHidden && containsRequiredContent(nested) { insert(.conflicts) }
            }
            let collides = { (p: LayoutPriority) in internalPriorities.contains(p.rawValue) }
            if (contentPrioritiesCount && anyContentPriority(collides)) || item.constraints.contains(where: { collides($0.priority) }) {
                insert(.priorityCollisions)
            }
        }
        // A sole visible proportional view with margins keeps its required width and breaks a canvas connection.
        if stack.distribution == .fillProportionally && stack.isLayoutMarginsRelativeArrangement && visibleCount == 1 {
            insert(.conflicts)
        }
    }
    return features
}

/// The internal UISV priorities of one stack (§4 domain): 999.5, 999 − i and 150 − i for its arranged indices
/// (floored at 1), 51, 49, 25. 1000 is required, not a collision.
struct InternalPriorities {
    let stackCount: Int
    func contains(_ p: Double) -> Bool {
        if p == UISVPriority.spanningBoundaryEquality || p == UISVPriority.spanningFit || p == UISVPriority.canvasFit
            || p == UISVPriority.ambiguitySuppression { return true }
        guard p == p.rounded() else { return false }
        let proportional = UISVPriority.proportionalBase, centering = UISVPriority.equalCenteringBase
        if p < proportional && p > proportional - Double(stackCount) { return true }
        if p == proportional && stackCount > 0 { return true }
        if p <= centering && p > centering - Double(stackCount) { return true }
        if p == 1 && stackCount > 149 { return true }
        return false
    }
}

private func containsRequiredContent(_ stack: Stack) -> Bool {
    var found = false
    stack.forEachItem { item, _ in
        let all = [item.contentHuggingPriority.horizontal, item.contentHuggingPriority.vertical,
                   item.compressionResistancePriority.horizontal, item.compressionResistancePriority.vertical]
        if item.leaf != nil && all.contains(where: \.isRequired) { found = true }
        if item.constraints.contains(where: { $0.priority.isRequired }) { found = true }
    }
    return found
}
