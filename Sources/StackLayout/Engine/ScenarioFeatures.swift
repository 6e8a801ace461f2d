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
    var features = syntacticFeatures(of: scenario)
    if let fitting = rootFittingSize {
        if let w = scenario.container.width, w < fitting.width { features.insert(.overflow) }
        if let h = scenario.container.height, h < fitting.height { features.insert(.overflow) }
    } else if scenario.container.width != nil || scenario.container.height != nil {
        features.insert(.overflow)
    }
    return features
}

/// Every required feature but `overflow`, which needs the fitting size (and so costs a fitting pass).
package func syntacticFeatures(of scenario: Scenario) -> FeatureSet {
    var features: FeatureSet = []
    if scenario.layoutDirection == .rightToLeft { features.insert(.rightToLeft) }
    if scenario.scale != nil { features.insert(.pixelRounding) }
    var pending: [Stack] = [scenario.stack]
    while let stack = pending.popLast() {
        insertFeatures(of: stack, into: &features)
        let internalPriorities = InternalPriorities(stackCount: stack.arrangedSubviews.count)
        for item in stack.arrangedSubviews {
            insertFeatures(of: item, internalPriorities, into: &features)
            if let nested = item.stack { pending.append(nested) }
        }
    }
    return features
}

/// The features a stack's own properties need (its items aside).
private func insertFeatures(of stack: Stack, into features: inout FeatureSet) {
    features.insert(.of(stack.distribution))
    features.insert(.of(stack.alignment))
    if stack.isLayoutMarginsRelativeArrangement { features.insert(.margins) }
    if stack.isBaselineRelativeArrangement && stack.axis == .vertical { features.insert(.baselineRelative) }
    switch stack.spacing {
    case .system: features.insert(.systemSpacing)
    case .points(let p) where p < 0: features.insert(.negativeSpacing)
    default: break
    }
    // A sole visible proportional view with margins keeps its required width and breaks a canvas connection.
    if stack.distribution == .fillProportionally && stack.isLayoutMarginsRelativeArrangement
        && stack.arrangedSubviews.lazy.filter({ !$0.isHidden }).count == 1 {
        features.insert(.conflicts)
    }
}

/// The features one arranged item needs (a nested stack's own items aside).
private func insertFeatures(of item: ArrangedView, _ internalPriorities: InternalPriorities,
                            into features: inout FeatureSet) {
    if item.isHidden { features.insert(.hidden) }
    switch item.customSpacingAfter {
    case .useDefault: break
    case .system: features.insert(.customSpacing); features.insert(.systemSpacing)
    case .points(let p): features.insert(.customSpacing); if p < 0 { features.insert(.negativeSpacing) }
    }
    if !item.constraints.isEmpty { features.insert(.userConstraints) }
    if item.constraints.contains(where: { $0.priority.isRequired }) { features.insert(.conflicts) }
    // The content priorities, without building an array per item.
    let hugging = item.contentHuggingPriority, resistance = item.compressionResistancePriority
    func anyContentPriority(_ test: (LayoutPriority) -> Bool) -> Bool {
        test(hugging.horizontal) || test(hugging.vertical) || test(resistance.horizontal) || test(resistance.vertical)
    }
    var contentPrioritiesCount = true
    switch item.content {
    case .view(let leaf):
        if leaf.text != nil {
            features.insert(.text)   // a text leaf always has an intrinsic size in both dimensions (§2.7)
        } else if leaf.intrinsicContentSize.width == nil || leaf.intrinsicContentSize.height == nil {
            features.insert(.noIntrinsicSize)
        }
        if item.contentHuggingPriority != .defaultHugging
            || item.compressionResistancePriority != .defaultCompressionResistance {
            features.insert(.priorities)
        }
        if anyContentPriority(\.isRequired) { features.insert(.conflicts) }
    case .stack(let nested):
        features.insert(.nested)
        contentPrioritiesCount = false   // ignored on a nested stack (SCENARIO-FORMAT.md)
        if item.isHidden && containsRequiredContent(nested) { features.insert(.conflicts) }
    }
    let collides = { (p: LayoutPriority) in internalPriorities.contains(p.rawValue) }
    if (contentPrioritiesCount && anyContentPriority(collides)) || item.constraints.contains(where: { collides($0.priority) }) {
        features.insert(.priorityCollisions)
    }
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
