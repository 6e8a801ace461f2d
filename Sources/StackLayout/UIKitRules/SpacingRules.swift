/// The spacing arithmetic shared by every engine: §2.5 (the half-spacing rule), R-SP-1..R-SP-6, R-T-3.
enum SpacingRules {
    /// The stack's own spacing s in points: `.useDefault` means 0 and `.system` 8 points (R-SP-4, R-SP-5).
    static func stackSpacing(_ stack: Stack) -> Double {
        switch stack.spacing {
        case .points(let p): return p
        case .system: return Spacing.systemPoints
        case .useDefault: return 0
        }
    }

    /// The spacing after arranged view `index`: its custom spacing if set, else the stack's (R-SP-2, R-SP-4).
    static func spacingAfter(_ index: Int, in stack: Stack) -> Double {
        switch stack.arrangedSubviews[index].customSpacingAfter {
        case .points(let p): return p
        case .system: return Spacing.systemPoints
        case .useDefault: return stackSpacing(stack)
        }
    }

    /// The constant k of each UISV-spacing constraint, one per adjacent pair (i, i + 1) of the arranged views,
    /// hidden ones included (§2.5, with R-T-3 for custom spacing):
    /// - visible → visible: the spacing after the earlier view;
    /// - visible → hidden, hidden → visible: half the gap g between the visible views around the hidden run,
    ///   g being the spacing after the visible view before the run (custom if set); a leading run (no visible view
    ///   before it) uses the stack's s; the constant is 0 when the hidden view is the first (hidden → visible) or
    ///   the last (visible → hidden) arranged view;
    /// - hidden → hidden: 0.
    /// A custom spacing set after a hidden view is ignored while it is hidden (R-T-3).
    static func chainConstants(_ stack: Stack) -> [Double] {
        let views = stack.arrangedSubviews
        guard views.count > 1 else { return [] }
        let s = stackSpacing(stack)
        var constants: [Double] = []
        constants.reserveCapacity(views.count - 1)
        // The gap governing the current hidden run: the spacing after the last visible view seen, or s before any.
        var runGap = s
        for i in 0..<(views.count - 1) {
            let prevHidden = views[i].isHidden
            let nextHidden = views[i + 1].isHidden
            if !prevHidden { runGap = spacingAfter(i, in: stack) }
            switch (prevHidden, nextHidden) {
            case (false, false): constants.append(runGap)
            case (false, true): constants.append(i + 1 == views.count - 1 ? 0 : runGap / 2)
            case (true, false): constants.append(i == 0 ? 0 : runGap / 2)
            case (true, true): constants.append(0)
            }
        }
        return constants
    }

    /// The actual space between consecutive visible views (`visible.count - 1` values), custom spacing included:
    /// the sum of the chain constants between them (R-T-3: a hidden run between two visible views leaves exactly
    /// the spacing after the earlier one).
    static func visibleGaps(_ stack: Stack) -> [Double] {
        let constants = chainConstants(stack)
        var gaps: [Double] = []
        var lastVisible: Int? = nil
        var running = 0.0
        for (i, view) in stack.arrangedSubviews.enumerated() {
            if i > 0 { running += constants[i - 1] }
            if view.isHidden { continue }
            if lastVisible != nil { gaps.append(running) }
            lastVisible = i
            running = 0
        }
        return gaps
    }
}
