import StackLayout

/// The spec's numbers, derived here from the scenario independently of any engine: spacing values, intrinsic
/// lengths, the fillProportionally fallback, the domain's exceptions. Properties compare engines against these.
@_spi(Mutants) public enum Spec {
    /// A spacing value in points: `.useDefault` as the stack's spacing is 0, `.system` is 8 (R-SP-4, R-SP-5).
    static func points(_ s: Spacing) -> Double {
        switch s {
        case .points(let p): return p
        case .system: return Spacing.systemPoints
        case .useDefault: return 0
        }
    }

    /// The stack's own spacing s.
    static func spacing(_ stack: Stack) -> Double { points(stack.spacing) }

    /// The spacing after arranged item `i`: its custom spacing when set (R-SP-2), else the stack's.
    static func spacing(after i: Int, in stack: Stack) -> Double {
        let custom = stack.arrangedSubviews[i].customSpacingAfter
        return custom == .useDefault ? spacing(stack) : points(custom)
    }

    /// Whether the spacing after item `i` is system spacing (R-SP-5, TENTATIVE).
    static func isSystemSpacing(after i: Int, in stack: Stack) -> Bool {
        let custom = stack.arrangedSubviews[i].customSpacingAfter
        return custom == .useDefault ? stack.spacing == .system : custom == .system
    }

    @_spi(Mutants) public static func hasCustomSpacing(_ stack: Stack) -> Bool {
        stack.arrangedSubviews.contains { $0.customSpacingAfter != .useDefault }
    }

    /// A leaf's intrinsic length along `axis` (nil for none or for a nested stack).
    @_spi(Mutants) public static func intrinsic(_ item: ArrangedView, _ axis: Axis) -> Double? { item.leaf?.intrinsicContentSize[axis] }

    /// c of §2.6: the intrinsic length, 0 for none and for nested stacks; a label that wraps counts 0 along a
    /// horizontal axis (R-TW-2), a single-line label its single-line size (R-TX-1). (A wrapping label along a
    /// vertical axis has its pass-2 height, which this cannot know: its single-line height stands in.)
    static func proportionalLength(_ item: ArrangedView, _ axis: Axis) -> Double {
        if let text = item.leaf?.text {
            if text.wraps && axis == .horizontal { return 0 }
            return axis == .horizontal ? text.singleLineSize.width : text.singleLineSize.height
        }
        return intrinsic(item, axis) ?? 0
    }

    /// §2.6 special case 2: whether a fillProportionally stack falls back to fillEqually.
    static func proportionalFallback(_ stack: Stack) -> Bool {
        let visible = stack.arrangedSubviews.filter { !$0.isHidden }
        guard !visible.isEmpty else { return false }
        let hidden = stack.arrangedSubviews.count - visible.count
        let sum = visible.reduce(0) { $0 + proportionalLength($1, stack.axis) }
        let s = spacing(stack)
        if sum + Double(visible.count - 1) * s <= 0 { return true }   // TENTATIVE clause
        if hidden == 0 {
            return visible.count == 1 ? sum <= 1 : sum == 0
        }
        return sum <= s * Double(hidden)
    }

    /// Every stack of the scenario, root first, in pre-order.
    static func stacks(_ stack: Stack) -> [Stack] {
        var out: [Stack] = []
        var pending = [stack]
        while let s = pending.popLast() {
            out.append(s)
            pending.append(contentsOf: s.arrangedSubviews.compactMap(\.stack).reversed())
        }
        return out
    }

    /// Every arranged item at every depth.
    static func items(_ stack: Stack) -> [ArrangedView] { stacks(stack).flatMap(\.arrangedSubviews) }

    /// The ids of the stacks nested, at any depth, in a baseline-relative stack (membership only: never iterated).
    static func stacksInsideBaselineRelative(_ stack: Stack) -> Set<String> {
        var out: Set<String> = []
        var pending: [(stack: Stack, inside: Bool)] = [(stack, false)]
        while let (s, inside) = pending.popLast() {
            let below = inside || isBaselineRelative(s)
            for item in s.arrangedSubviews {
                guard let nested = item.stack else { continue }
                if below { out.insert(item.id) }
                pending.append((nested, below))
            }
        }
        return out
    }

    /// Whether the scenario has a stack with first/last baseline alignment or baseline-relative arrangement, or a
    /// leaf with text baselines.
    static func usesBaselines(_ scenario: Scenario) -> Bool {
        stacks(scenario.stack).contains {
            $0.alignment == .firstBaseline || $0.alignment == .lastBaseline || $0.isBaselineRelativeArrangement
        }
    }

    /// The §4 priority domain for "a view keeps its intrinsic length" statements: hugging and compression
    /// resistance along `axis` of at least 200 (1 would lose to canvas-fit @49 and the centre equalities @150 − i).
    static func hasFirmPriorities(_ item: ArrangedView, _ axis: Axis) -> Bool {
        item.contentHuggingPriority[axis] >= 200 && item.compressionResistancePriority[axis] >= 200
    }

    /// Whether the stack's spacing runs between baselines (R-SP-3: vertical stacks only; a horizontal stack ignores
    /// the flag).
    static func isBaselineRelative(_ stack: Stack) -> Bool { stack.isBaselineRelativeArrangement && stack.axis == .vertical }

    /// Whether some arranged item of the stack carries user constraints.
    static func hasUserConstraints(_ stack: Stack) -> Bool { stack.arrangedSubviews.contains { !$0.constraints.isEmpty } }

    /// Whether a hidden item of the stack carries a custom spacing (R-T-3 territory).
    static func hasCustomSpacingOnHidden(_ stack: Stack) -> Bool {
        stack.arrangedSubviews.contains { $0.isHidden && $0.customSpacingAfter != .useDefault }
    }

    /// The spacing between consecutive visible items `a` < `b` of a stack: the spacing after `a` (R-T-3 when hidden
    /// items lie between).
    static func gap(from a: Int, in stack: Stack) -> Double { spacing(after: a, in: stack) }

    /// Indices of the visible arranged items.
    static func visibleIndices(_ stack: Stack) -> [Int] {
        stack.arrangedSubviews.indices.filter { !stack.arrangedSubviews[$0].isHidden }
    }

    /// Whether a UISV-canvas-fit constraint (§2.2: equal-* distributions, horizontal first/last baseline alignment,
    /// a single arranged view with an inequality cross connection) pulls this margins-relative stack towards zero.
    /// §2.2 puts canvas-fit on the stack, margins included, so a view that can give way ends up negative where the
    /// prose of R-F-1/R-AL-8 reads as if the margins stayed: a spec ambiguity the properties stay clear of.
    static func canvasFitThroughMargins(_ stack: Stack) -> Bool {
        guard stack.isLayoutMarginsRelativeArrangement else { return false }
        if stack.distribution == .equalSpacing || stack.distribution == .equalCentering { return true }
        if stack.axis == .horizontal && (stack.alignment == .firstBaseline || stack.alignment == .lastBaseline) { return true }
        return stack.arrangedSubviews.count == 1 && stack.alignment != .fill
    }

    /// The margins along and across the axis (zero unless margins-relative).
    static func margins(_ stack: Stack) -> (along: Double, across: Double) {
        guard stack.isLayoutMarginsRelativeArrangement else { return (0, 0) }
        let m = stack.layoutMargins
        return stack.axis == .horizontal ? (m.leading + m.trailing, m.top + m.bottom)
                                         : (m.top + m.bottom, m.leading + m.trailing)
    }
}
