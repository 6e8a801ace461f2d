import PropertyCheck
import StackLayout

extension ConformanceProperty {
    static let spacingExact = ConformanceProperty(
        "spacing.exactForFillDistributions", rules: ["R-SP-1", "R-SP-2", "R-SP-4", "R-D-7"],
        statement: "In fill, fillEqually and fillProportionally stacks (not baseline-relative), two visible views adjacent "
            + "in arrangedSubviews are exactly the spacing after the first apart: its custom spacing when set (R-SP-2), "
            + "else the stack's spacing (spacingUseDefault as the stack's spacing is 0, R-SP-4); negative spacing "
            + "overlaps them (R-D-7). System spacing is left to spacing.systemIsEight.",
        .layout(LayoutCheck(shape: { $0.distributions = [.fill, .fillEqually, .fillProportionally] }) { ctx in
            for s in ctx.stacks where s.stack.distribution.isFillFamily && !s.isBaselineRelative {
                for i in s.items.indices.dropLast() where !s.items[i].isHidden && !s.items[i + 1].isHidden
                    && !Spec.isSystemSpacing(after: i, in: s.stack) {
                    let gap = s.items[i + 1].along.start - s.items[i].along.end
                    try ctx.expectClose(gap, Spec.spacing(after: i, in: s.stack),
                                        "\(name(s)): the gap between \(name(s.items[i])) and \(name(s.items[i + 1]))",
                                        measuring: .of(s, .alongStart, s.items[i + 1]).and(.of(s, .alongEnd, s.items[i])))
                }
            }
        }))

    static let spacingSystem = ConformanceProperty(
        "spacing.systemIsEight", rules: ["R-SP-4", "R-SP-5"], features: [.systemSpacing],
        statement: "In fill, fillEqually and fillProportionally stacks (not baseline-relative), system spacing "
            + "(spacingUseSystem) between two visible views adjacent in arrangedSubviews is 8 points.",
        .layout(LayoutCheck(shape: { $0.distributions = [.fill, .fillEqually, .fillProportionally]; $0.systemSpacingWeight = 12 },
                            precondition: { scenario, _ in
            Spec.stacks(scenario.stack).contains { st in
                st.spacing == .system || st.arrangedSubviews.contains { $0.customSpacingAfter == .system }
            }
        }) { ctx in
            for s in ctx.stacks where s.stack.distribution.isFillFamily && !s.isBaselineRelative {
                for i in s.items.indices.dropLast() where !s.items[i].isHidden && !s.items[i + 1].isHidden
                    && Spec.isSystemSpacing(after: i, in: s.stack) {
                    let gap = s.items[i + 1].along.start - s.items[i].along.end
                    try ctx.expectClose(gap, 8, "\(name(s)): the system spacing between \(name(s.items[i])) and \(name(s.items[i + 1]))",
                                        measuring: .of(s, .alongStart, s.items[i + 1]).and(.of(s, .alongEnd, s.items[i])))
                }
            }
        }))

    static let spacingMinimum = ConformanceProperty(
        "spacing.minimumForEqualDistributions", rules: ["R-SP-1", "R-D-5", "R-D-6"],
        statement: "In equalSpacing and equalCentering stacks (not baseline-relative), two visible views adjacent in "
            + "arrangedSubviews are at least the spacing after the first apart (custom spacing included).",
        .layout(LayoutCheck(shape: { $0.distributions = [.equalSpacing, .equalCentering] }) { ctx in
            for s in ctx.stacks where !s.stack.distribution.isFillFamily && !s.isBaselineRelative {
                for i in s.items.indices.dropLast() where !s.items[i].isHidden && !s.items[i + 1].isHidden {
                    let gap = s.items[i + 1].along.start - s.items[i].along.end
                    let minimum = Spec.spacing(after: i, in: s.stack)
                    try ctx.expect(gap >= minimum - ctx.tolerance.absolute,
                                   "\(name(s)): \(name(s.items[i])) and \(name(s.items[i + 1])) are \(formatNumber(gap)) apart, "
                                   + "less than the minimum spacing \(formatNumber(minimum))",
                                   measuring: .of(s, .alongStart, s.items[i + 1]).and(.of(s, .alongEnd, s.items[i])))
                }
            }
        }))

    static let spacingCustomAfterLast = ConformanceProperty(
        "spacing.customAfterLastIgnored", rules: ["R-SP-6"], features: [.customSpacing],
        statement: "Setting a custom spacing after the root stack's last arranged view (to 17 points, or to 3 when it is "
            + "17) changes nothing in the layout.",
        .layout(LayoutCheck(precondition: { s, _ in !s.stack.arrangedSubviews.isEmpty }) { ctx in
            var variant = ctx.scenario
            let last = variant.stack.arrangedSubviews.count - 1
            variant.stack.arrangedSubviews[last].customSpacingAfter =
                variant.stack.arrangedSubviews[last].customSpacingAfter == .points(17) ? .points(3) : .points(17)
            let other = try ctx.layout(of: variant)
            let differences = LayoutComparison.differences(actual: other, expected: ctx.layout, tolerance: ctx.tolerance.absolute,
                                                           sides: ("with that spacing changed", "as given"))
            try ctx.expect(differences.isEmpty, "a custom spacing after the last arranged view changed the layout: "
                           + differences.prefix(6).joined(separator: "; "))
        }))

    static let spacingBaselineRelative = ConformanceProperty(
        "spacing.baselineRelative", rules: ["R-BL-6", "R-SP-1"], features: [.baselineRelative],
        statement: "In a vertical baseline-relative fill, fillEqually or fillProportionally stack, for two visible leaf "
            + "views adjacent in arrangedSubviews, the first baseline of the lower one is exactly the spacing after the "
            + "upper one below the upper one's last baseline (a view without text has both baselines at its bottom).",
        .layout(LayoutCheck(shape: {
            $0.distributions = [.fill, .fillEqually, .fillProportionally]
            $0.verticalProbability = 0.9; $0.baselineRelativeProbability = 0.9
        }, precondition: { s, _ in Spec.stacks(s.stack).contains { $0.isBaselineRelativeArrangement && $0.axis == .vertical } }) { ctx in
            for s in ctx.stacks where s.isBaselineRelative && s.stack.distribution.isFillFamily {
                for i in s.items.indices.dropLast() {
                    let a = s.items[i], b = s.items[i + 1]
                    guard !a.isHidden, !b.isHidden, let la = a.view.leaf, let lb = b.view.leaf else { continue }
                    let upper = a.frame.minY + (la.lastBaseline ?? a.frame.height)
                    let lower = b.frame.minY + (lb.firstBaseline ?? b.frame.height)
                    try ctx.expectClose(lower - upper, Spec.spacing(after: i, in: s.stack),
                                        "\(name(s)): from the last baseline of \(name(a)) to the first baseline of \(name(b))")
                }
            }
        }))

    static let baselineRelativeHorizontal = ConformanceProperty(
        "spacing.horizontalIgnoresBaselineRelative", rules: ["R-BL-1"],
        statement: "Turning isBaselineRelativeArrangement on in every horizontal stack changes nothing in the layout.",
        .layout(LayoutCheck(precondition: { s, _ in Spec.stacks(s.stack).contains { $0.axis == .horizontal && !$0.isBaselineRelativeArrangement } }) { ctx in
            var variant = ctx.scenario
            variant.stack = variant.stack.transformed(stack: { if $0.axis == .horizontal { $0.isBaselineRelativeArrangement = true } },
                                                      item: { _ in })
            let other = try ctx.layout(of: variant)
            let differences = LayoutComparison.differences(actual: other, expected: ctx.layout, tolerance: ctx.tolerance.absolute)
            try ctx.expect(differences.isEmpty, "isBaselineRelativeArrangement on a horizontal stack changed the layout: "
                           + differences.prefix(6).joined(separator: "; "))
        }))
}

extension Distribution {
    /// fill, fillEqually and fillProportionally: the spacing chain is `==` (R-SP-1).
    var isFillFamily: Bool { self == .fill || self == .fillEqually || self == .fillProportionally }
}

extension LaidOutStack {
    /// A vertical stack with baseline-relative arrangement (R-BL-1: horizontal stacks ignore it).
    var isBaselineRelative: Bool { stack.isBaselineRelativeArrangement && axis == .vertical }
}
