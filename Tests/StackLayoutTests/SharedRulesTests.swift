import Testing
@testable import StackLayout

/// The shared arithmetic every engine uses: §2.5's constants, R-PX-1/2 rounding, R-RTL-1 mirroring, R-SOLVE-6.
@Suite struct SharedRulesTests {
    func leaf(_ id: String, hidden: Bool = false, custom: Spacing = .useDefault) -> ArrangedView {
        ArrangedView.view(id, width: 10, height: 10).hidden(hidden).customSpacing(custom)
    }

    // §2.5 table, all four rows, with s = 10.
    @Test func halfSpacingConstants() {
        let s: Spacing = 10
        // [V, H, V]: s/2, s/2 — the hidden view sits in the middle of the gap (R-H-2).
        #expect(SpacingRules.chainConstants(Stack(spacing: s, arrangedSubviews: [leaf("a"), leaf("b", hidden: true), leaf("c")])) == [5, 5])
        // [H0, V1]: 0 (hidden first view); [V0, H1]: 0 (hidden last view).
        #expect(SpacingRules.chainConstants(Stack(spacing: s, arrangedSubviews: [leaf("a", hidden: true), leaf("b")])) == [0])
        #expect(SpacingRules.chainConstants(Stack(spacing: s, arrangedSubviews: [leaf("a"), leaf("b", hidden: true)])) == [0])
        // [H0, H1, V2]: (0, s/2), so H0 and H1 sit at −s/2 (§2.5 consequences).
        #expect(SpacingRules.chainConstants(Stack(spacing: s, arrangedSubviews: [leaf("a", hidden: true), leaf("b", hidden: true), leaf("c")])) == [0, 5])
        // [V0, H1, H2]: (s/2, 0).
        #expect(SpacingRules.chainConstants(Stack(spacing: s, arrangedSubviews: [leaf("a"), leaf("b", hidden: true), leaf("c", hidden: true)])) == [5, 0])
        // [V, V]: s.
        #expect(SpacingRules.chainConstants(Stack(spacing: s, arrangedSubviews: [leaf("a"), leaf("b")])) == [10])
    }

    // R-T-3: the gap is the custom spacing after the earlier visible view; hidden views split it; a custom spacing
    // after a hidden view is ignored; a trailing run uses half the last visible view's custom spacing.
    @Test func customSpacingNextToHiddenViews() {
        let stack = Stack(spacing: 10, arrangedSubviews: [
            leaf("a", custom: 30), leaf("b", hidden: true, custom: 100), leaf("c", hidden: true), leaf("d", custom: 4),
            leaf("e", custom: .system), leaf("f", hidden: true), leaf("g", hidden: true),
        ])
        #expect(SpacingRules.chainConstants(stack) == [15, 0, 15, 4, 4, 0])
        #expect(SpacingRules.visibleGaps(stack) == [30, 4])
    }

    // R-SP-4: spacingUseDefault as the stack's spacing means 0; system means 8 (R-SP-5).
    @Test func sentinels() {
        #expect(SpacingRules.stackSpacing(Stack(spacing: .useDefault)) == 0)
        #expect(SpacingRules.stackSpacing(Stack(spacing: .system)) == 8)
    }

    // R-PX-1: nearest pixel, exact halves up (toward +∞): 950.25 at 2× → 950.5; 950.2 → 950.
    @Test func pixelRounding() {
        #expect(PixelRounding.round(950.25, scale: 2) == 950.5)
        #expect(PixelRounding.round(950.2, scale: 2) == 950)
        #expect(PixelRounding.round(-0.25, scale: 2) == 0)
        #expect(PixelRounding.round(-0.26, scale: 2) == -0.5)
        #expect(PixelRounding.round(1.0 / 3.0, scale: 3) == 1.0 / 3.0)
        // Floating-point noise within 1e-9 of a half pixel is snapped before rounding (R-PX-1).
        #expect(PixelRounding.round(0.25 - 1e-12, scale: 2) == 0.5)
    }

    // R-PX-2 and R-RTL-1: edges rounded in root coordinates, frames made relative to the arranging stack, and
    // right-to-left mirrored inside each arranging stack.
    @Test func finishRoundsMirrorsAndRelativises() {
        let scenario = Scenario(container: Container(width: 100, height: nil), scale: 2, layoutDirection: .rightToLeft,
                                stack: Stack(arrangedSubviews: [
                                    leaf("a"),
                                    .stack("n", Stack(arrangedSubviews: [leaf("b")])),
                                ]))
        let index = ScenarioIndex(scenario)
        let exact = ExactLayout(size: Size(width: 100, height: 20.3),
                                frames: [Frame(x: 0, y: 0, width: 30.2, height: 20.3),
                                         Frame(x: 30.2, y: 0, width: 69.8, height: 20.3),
                                         Frame(x: 30.2, y: 0, width: 10.1, height: 20.3)],
                                firstBaseline: 20.3, lastBaseline: nil)
        let layout = exact.finish(for: scenario, index: index)
        #expect(layout.size == Size(width: 100, height: 20.5))
        // a: edges 0 and 30.2 → 0 and 30; mirrored in a 100-wide root: x = 100 − 0 − 30 = 70.
        #expect(layout.frame(of: "a") == Frame(x: 70, y: 0, width: 30, height: 20.5))
        // n: edges 30.2 → 30 and 100 → 100: width 70; mirrored: x = 0.
        #expect(layout.frame(of: "n") == Frame(x: 0, y: 0, width: 70, height: 20.5))
        // b: edges 30.2 → 30 and 40.3 → 40.5: relative x 0, width 10.5; mirrored inside n (70 wide): 59.5.
        #expect(layout.frame(of: "b") == Frame(x: 59.5, y: 0, width: 10.5, height: 20.5))
        #expect(layout.firstBaseline == .value(20.5))
        #expect(layout.lastBaseline == .notComputed)
    }

    // R-SOLVE-6: inputs clamped to ±2,777,777 before layout (aspect ratios are not lengths).
    @Test func clampingInputs() {
        let scenario = Scenario(container: Container(width: 1e9, height: nil),
                                stack: Stack(spacing: -1e12, arrangedSubviews: [
                                    ArrangedView.view("a", width: 3e6, height: 1)
                                        .constrained(UserConstraint(.aspectRatio, .equal, 5e6)),
                                ]))
        let clamped = scenario.clampedForLayout()
        #expect(clamped.container.width == 2_777_777)
        #expect(clamped.stack.spacing == .points(-2_777_777))
        #expect(clamped.stack.arrangedSubviews[0].leaf?.intrinsicContentSize.width == 2_777_777)
        #expect(clamped.stack.arrangedSubviews[0].constraints[0].constant == 5e6)
    }
}
