extension ReferenceEngine {
    /// The nested stacks that UIKit's constraints require to have length 0 along their parent's axis, in pre-order:
    /// hidden ones (UISV-hiding, R-H-1, R-N-2), and visible ones in a fillProportionally stack that has proportional
    /// constraints (§2.6 case 3: a nested stack's c is 0, R-N-1).
    ///
    /// Such a stack is at its fitting size along that axis only if its fitting length is 0. If it is not, the
    /// scenario is outside §4's domain whatever the solve gives: either that required constraint holds, or a
    /// required constraint breaks. So the §4 check can tell from the nested stack's solve alone, before it solves
    /// the scenario. Read off the same plan `UISVGenerator` generates from, on the scenario as laid out (clamped:
    /// §2.6's fallback reads the intrinsic lengths).
    package static func nestedStacksHeldAtZeroLength(_ scenario: Scenario) -> [(id: String, stack: Stack, axis: Axis)] {
        var out: [(id: String, stack: Stack, axis: Axis)] = []
        var pending = [scenario.clampedForLayout().stack]
        while let stack = pending.popLast() {
            let views = stack.arrangedSubviews
            var heldByProportions: [Int] = []
            if stack.distribution == .fillProportionally {
                let plan = UISVGenerator.proportionalPlan(stack, visible: views.indices.filter { !views[$0].isHidden })
                if !plan.fallback { heldByProportions = plan.entries.filter { $0.multiplier == 0 }.map(\.index) }
            }
            var inner: [Stack] = []
            for i in views.indices {
                guard let nested = views[i].stack else { continue }
                if views[i].isHidden || heldByProportions.contains(i) { out.append((views[i].id, nested, stack.axis)) }
                inner.append(nested)
            }
            pending.append(contentsOf: inner.reversed())
        }
        return out
    }
}
