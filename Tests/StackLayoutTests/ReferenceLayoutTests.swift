import Testing
@testable import StackLayout

// Layouts worked out by hand from the spec (§2–§4, R-T-*), not taken from the engine's output.

private func layout(_ s: Scenario) throws -> Layout { try ReferenceEngine().layout(s) }
private func f(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Frame { Frame(x: x, y: y, width: w, height: h) }
private func near(_ a: Frame?, _ b: Frame) -> Bool {
    guard let a else { return false }
    return abs(a.x - b.x) < 1e-6 && abs(a.y - b.y) < 1e-6 && abs(a.width - b.width) < 1e-6
        && abs(a.height - b.height) < 1e-6
}
private func near(_ a: Size, _ w: Double, _ h: Double) -> Bool { abs(a.width - w) < 1e-6 && abs(a.height - h) < 1e-6 }

@Suite struct ReferenceLayoutTests {
    @Test func fillUnderflowGoesToTheFirstView() throws {
        // Slack 300 − 220 = 80 goes to a (R-T-1); heights span the canvas, the tallest compression wins (R-AL-1).
        let s = Scenario(container: Container(width: 300), stack: Stack(spacing: 10, arrangedSubviews: [
            .view("a", width: 50, height: 20), .view("b", width: 100, height: 30), .view("c", width: 50, height: 40)]))
        let l = try layout(s)
        #expect(near(l.size, 300, 40))
        #expect(near(l.frame(of: "a"), f(0, 0, 130, 40)))
        #expect(near(l.frame(of: "b"), f(140, 0, 100, 40)))
        #expect(near(l.frame(of: "c"), f(250, 0, 50, 40)))
        #expect(l.diagnostics.isEmpty)
    }

    @Test func fillOverflowFirstViewGoesNegative() throws {
        // R-SOLVE-4: five 100-wide views in 375: the first view absorbs all 125.
        let s = Scenario(container: Container(width: 375), stack: Stack(arrangedSubviews: (0..<5).map {
            .view("v\($0)", width: 100, height: 10) }))
        let l = try layout(s)
        #expect(near(l.frame(of: "v0"), f(0, 0, -25, 10)))
        #expect(near(l.frame(of: "v1"), f(-25, 0, 100, 10)))
        #expect(near(l.frame(of: "v4"), f(275, 0, 100, 10)))
    }

    @Test func fillEquallyLeading() throws {
        // R-D-3: the common length is the largest intrinsic one; leading: tops on the canvas top, height = tallest.
        let s = Scenario(stack: Stack(distribution: .fillEqually, alignment: .leading, spacing: 10, arrangedSubviews: [
            .view("a", width: 30, height: 20), .view("b", width: 50, height: 40)]))
        let l = try layout(s)
        #expect(near(l.size, 110, 40))
        #expect(near(l.frame(of: "a"), f(0, 0, 50, 20)))
        #expect(near(l.frame(of: "b"), f(60, 0, 50, 40)))
    }

    @Test func fillProportionallyCenter() throws {
        let s = Scenario(container: Container(width: 330), stack: Stack(
            distribution: .fillProportionally, alignment: .center, arrangedSubviews: [
                .view("a", width: 100, height: 10), .view("b", width: 200, height: 20)]))
        let l = try layout(s)
        #expect(near(l.size, 330, 20))
        #expect(near(l.frame(of: "a"), f(0, 5, 110, 10)))
        #expect(near(l.frame(of: "b"), f(110, 0, 220, 20)))
    }

    @Test func equalSpacingTrailing() throws {
        let s = Scenario(container: Container(width: 200), stack: Stack(
            distribution: .equalSpacing, alignment: .trailing, arrangedSubviews: [
                .view("a", width: 20, height: 10), .view("b", width: 40, height: 20), .view("c", width: 60, height: 30)]))
        let l = try layout(s)
        #expect(near(l.size, 200, 30))
        #expect(near(l.frame(of: "a"), f(0, 20, 20, 10)))
        #expect(near(l.frame(of: "b"), f(60, 10, 40, 20)))
        #expect(near(l.frame(of: "c"), f(140, 0, 60, 30)))
    }

    @Test func equalCenteringFreeLength() throws {
        // R-F-2: 20-, 40-, 60-wide at spacing 0: length 140, x = 0, 40, 80.
        let s = Scenario(stack: Stack(distribution: .equalCentering, arrangedSubviews: [
            .view("a", width: 20, height: 10), .view("b", width: 40, height: 10), .view("c", width: 60, height: 10)]))
        let l = try layout(s)
        #expect(near(l.size, 140, 10))
        #expect(near(l.frame(of: "a"), f(0, 0, 20, 10)))
        #expect(near(l.frame(of: "b"), f(40, 0, 40, 10)))
        #expect(near(l.frame(of: "c"), f(80, 0, 60, 10)))
    }

    @Test func equalCenteringOverflow() throws {
        // R-D-6: container 200, views 100, 20, 100, spacing 0 → widths 100, 0, 100.
        let s = Scenario(container: Container(width: 200), stack: Stack(distribution: .equalCentering,
            arrangedSubviews: [.view("a", width: 100, height: 10), .view("b", width: 20, height: 10),
                               .view("c", width: 100, height: 10)]))
        let l = try layout(s)
        #expect(near(l.frame(of: "a"), f(0, 0, 100, 10)))
        #expect(near(l.frame(of: "b"), f(100, 0, 0, 10)))
        #expect(near(l.frame(of: "c"), f(100, 0, 100, 10)))
    }

    @Test func hiddenMiddleViewSitsInTheGap() throws {
        // R-H-1, R-H-2: s between a and c, b in its middle with zero width.
        let s = Scenario(stack: Stack(spacing: 10, arrangedSubviews: [
            .view("a", width: 50, height: 20), ArrangedView.view("b", width: 30, height: 20).hidden(),
            .view("c", width: 50, height: 20)]))
        let l = try layout(s)
        #expect(near(l.size, 110, 20))
        #expect(near(l.frame(of: "a"), f(0, 0, 50, 20)))
        #expect(near(l.frame(of: "b"), f(55, 0, 0, 20)))
        #expect(near(l.frame(of: "c"), f(60, 0, 50, 20)))
    }

    @Test func firstBaselineAlignment() throws {
        // §2.4: canvas.top <= a.top, canvas.bottom == spanner.bottom, canvas-fit @49: a at the top, b 10 above it.
        let s = Scenario(stack: Stack(alignment: .firstBaseline, arrangedSubviews: [
            .view("a", width: 10, height: 30, firstBaseline: 20, lastBaseline: 20),
            .view("b", width: 10, height: 50, firstBaseline: 30, lastBaseline: 30)]))
        let l = try layout(s)
        #expect(near(l.size, 20, 40))
        #expect(near(l.frame(of: "a"), f(0, 0, 10, 30)))
        #expect(near(l.frame(of: "b"), f(10, -10, 10, 50)))
        #expect(l.firstBaseline == .value(20))   // the tallest view, b (R-BL-2)
    }

    @Test func marginsAndRightToLeft() throws {
        let s = Scenario(layoutDirection: .rightToLeft, stack: Stack(
            isLayoutMarginsRelativeArrangement: true, layoutMargins: .init(top: 1, leading: 2, bottom: 3, trailing: 4),
            arrangedSubviews: [.view("a", width: 50, height: 20), .view("b", width: 30, height: 20)]))
        let l = try layout(s)
        #expect(near(l.size, 86, 24))
        #expect(near(l.frame(of: "a"), f(34, 1, 50, 20)))
        #expect(near(l.frame(of: "b"), f(4, 1, 30, 20)))
        #expect(l.firstBaseline == .value(21))
    }

    @Test func nestedStack() throws {
        let inner = Stack(axis: .vertical, arrangedSubviews: [.view("b", width: 30, height: 10),
                                                              .view("c", width: 40, height: 10)])
        let s = Scenario(stack: Stack(arrangedSubviews: [.view("a", width: 50, height: 20), .stack("inner", inner)]))
        let l = try layout(s)
        #expect(near(l.size, 90, 20))
        #expect(near(l.frame(of: "inner"), f(50, 0, 40, 20)))
        #expect(near(l.frame(of: "b"), f(0, 0, 40, 10)))
        #expect(near(l.frame(of: "c"), f(0, 10, 40, 10)))
    }

    @Test func allHiddenStackIsEmpty() throws {
        let s = Scenario(stack: Stack(arrangedSubviews: [ArrangedView.view("a", width: 50, height: 20).hidden()]))
        let l = try layout(s)
        #expect(near(l.size, 0, 0))
        #expect(near(l.frame(of: "a"), f(0, 0, 0, 20)))   // R-T-2, R-T-9: intrinsic cross size, at the origin
    }

    @Test func hiddenViewWithRequiredWidthBreaksItsConstraint() throws {
        // UISV-hiding is added before user constraints (R-T-7): the user's width breaks (R-SOLVE-5).
        let a = ArrangedView.view("a", width: 50, height: 20).constrained(UserConstraint(.width, .equal, 50)).hidden()
        let s = Scenario(stack: Stack(arrangedSubviews: [a, .view("b", width: 30, height: 20)]))
        let l = try layout(s)
        // The broken constraint, then the one it conflicts with (UIKit's log lists the conflicting set).
        #expect(l.diagnostics == ["broken: 'user' a.width == 50", "  conflicts with: 'UISV-hiding' a.width == 0"])
        #expect(near(l.frame(of: "a"), f(0, 0, 0, 20)))
        #expect(near(l.frame(of: "b"), f(0, 0, 30, 20)))
    }

    @Test func claimsEveryFeature() {
        #expect(ReferenceEngine().features == .all)
        #expect(ReferenceEngine().name == "reference")
    }

    @Test func fillProportionallyWithMarginsTakesTheLengthWhereEveryProportionHolds() throws {
        // R-F-2: 45-, 10-, 75-wide, spacing 2, margins 4 and 14: L = 22·134/4 = 737.
        let s = Scenario(stack: Stack(distribution: .fillProportionally, spacing: 2,
            isLayoutMarginsRelativeArrangement: true, layoutMargins: .init(top: 0, leading: 4, bottom: 0, trailing: 14),
            arrangedSubviews: [.view("a", width: 45, height: 10), .view("b", width: 10, height: 10),
                               .view("c", width: 75, height: 10)]))
        let l = try layout(s)
        #expect(abs(l.size.width - 737) < 1e-6)
        #expect(near(l.frame(of: "a"), f(4, 0, 45.0 / 134 * 737, 10)))
    }

    @Test func fillProportionallyWithMarginsAndNoSpacing() throws {
        // R-F-2: 25- and 75-wide with margins 10 and 10: the last proportional view absorbs E = 20.
        // m = 1/4 @999, 3/4 @998; L = 20 + a + b. a = L/4 holds, so b = 3L/4 − 20 misses its 998 by 20 whatever L;
        // then compression 750: b >= 75 → L >= 380/3, and hugging pulls L down to that bound.
        let s = Scenario(stack: Stack(distribution: .fillProportionally,
            isLayoutMarginsRelativeArrangement: true, layoutMargins: .init(top: 0, leading: 10, bottom: 0, trailing: 10),
            arrangedSubviews: [.view("a", width: 25, height: 10), .view("b", width: 75, height: 10)]))
        let l = try layout(s)
        #expect(abs(l.size.width - 380.0 / 3) < 1e-6)
        #expect(near(l.frame(of: "a"), f(10, 0, 95.0 / 3, 10)))
        #expect(near(l.frame(of: "b"), f(10 + 95.0 / 3, 0, 75, 10)))
    }

    @Test func soleProportionalViewWithMarginsBreaksTheTrailingConnection() throws {
        // R-T-7: the required width (§2.6 case 4) is added before the canvas connections; the trailing one breaks.
        let s = Scenario(stack: Stack(distribution: .fillProportionally, isLayoutMarginsRelativeArrangement: true,
                                      arrangedSubviews: [.view("a", width: 50, height: 10)]))
        let l = try layout(s)
        // The irreducible conflicting set: both margin guides, the required proportional width, the leading connection.
        #expect(l.diagnostics == [
            "broken: 'UISV-canvas-connection' a.trailing == UIViewLayoutMarginsGuide.trailing",
            "  conflicts with: 'UIView-leadingMargin-guide-constraint' UIViewLayoutMarginsGuide.leading == stack.leading + 8",
            "  conflicts with: 'UIView-trailingMargin-guide-constraint' stack.trailing == UIViewLayoutMarginsGuide.trailing + 8",
            "  conflicts with: 'UISV-fill-proportionally' a.width == stack.width",
            "  conflicts with: 'UISV-canvas-connection' UIViewLayoutMarginsGuide.leading == a.leading",
        ])
        #expect(near(l.frame(of: "a"), f(8, 8, 50, 10)))
        #expect(near(l.size, 50, 26))
    }

    @Test func equalSpacingHiddenMiddleViewAtTheMidpoint() throws {
        // R-H-2 (TENTATIVE): gap 160; the hidden view at (20 + 180) / 2.
        let s = Scenario(container: Container(width: 200), stack: Stack(distribution: .equalSpacing, arrangedSubviews: [
            .view("a", width: 20, height: 10), ArrangedView.view("h", width: 10, height: 10).hidden(),
            .view("b", width: 20, height: 10)]))
        let l = try layout(s)
        #expect(near(l.frame(of: "a"), f(0, 0, 20, 10)))
        #expect(near(l.frame(of: "h"), f(100, 0, 0, 10)))
        #expect(near(l.frame(of: "b"), f(180, 0, 20, 10)))
    }

    @Test func hiddenNestedStackWithRequiredContentDoesNotCrash() throws {
        // R-N-2: UISV-hiding on the nested stack conflicts with its content's required widths (R-SOLVE-5).
        let inner = Stack(spacing: 5, arrangedSubviews: [
            ArrangedView.view("x", width: 10, height: 10).compressionResistance(1000, for: .horizontal)
                .hugging(1000, for: .horizontal),
            ArrangedView.view("y", width: 10, height: 10).compressionResistance(1000, for: .horizontal)
                .hugging(1000, for: .horizontal)])
        let s = Scenario(stack: Stack(arrangedSubviews: [.view("a", width: 30, height: 10),
                                                         ArrangedView.stack("inner", inner).hidden()]))
        let l = try layout(s)
        #expect(!l.diagnostics.filter { $0.hasPrefix("broken: ") }.isEmpty)
        #expect(near(l.frame(of: "a"), f(0, 0, 30, 10)))
    }

    @Test func verticalBaselineAlignmentIsLaidOutAsLeading() throws {
        let s = Scenario(stack: Stack(axis: .vertical, alignment: .firstBaseline, arrangedSubviews: [
            .view("a", width: 10, height: 10), .view("b", width: 30, height: 10)]))
        let l = try layout(s)
        #expect(near(l.frame(of: "a"), f(0, 0, 10, 10)))
        #expect(near(l.frame(of: "b"), f(0, 10, 30, 10)))
        #expect(l.diagnostics.count == 1)
    }

    @Test func nestedStackBaselines() throws {
        // R-BL-2/5: the tallest view is the nested stack (fitting height 40 > 20); R-BL-3: its first baseline is b's,
        // its last baseline c's bottom (c has no last baseline).
        let inner = Stack(axis: .vertical, arrangedSubviews: [.view("b", width: 10, height: 10, firstBaseline: 7),
                                                              .view("c", width: 10, height: 30, firstBaseline: 20)])
        let s = Scenario(stack: Stack(arrangedSubviews: [.view("a", width: 10, height: 20, firstBaseline: 15),
                                                         .stack("inner", inner)]))
        let l = try layout(s)
        #expect(near(l.size, 20, 40))
        #expect(l.firstBaseline == .value(7))
        #expect(l.lastBaseline == .value(40))
    }

    /// A vertical fillProportionally stack of height 3: v0 has no intrinsic height (required `height == 0`, §2.6
    /// case 3), v1 and v2 are 1 high, so `v1.height == 0.5·S` @998 and `v2.height == 0.5·S` @997. Both can hold,
    /// and they beat hugging (250) and compression resistance (750): 1.5 and 1.5.
    private static func proportionalThree(v2Hugging: LayoutPriority) -> Scenario {
        Scenario(container: Container(height: 3), stack: Stack(
            axis: .vertical, distribution: .fillProportionally, alignment: .fill, arrangedSubviews: [
                .view("v0", width: 0, height: nil), .view("v1", width: nil, height: 1),
                ArrangedView.view("v2", width: nil, height: 1).hugging(v2Hugging, for: .vertical)]))
    }

    @Test func fillProportionallyBothProportionalConstraintsHold() throws {
        let l = try layout(Self.proportionalThree(v2Hugging: 250))
        #expect(near(l.frame(of: "v0"), f(0, 0, 0, 0)))
        #expect(near(l.frame(of: "v1"), f(0, 0, 0, 1.5)))
        #expect(near(l.frame(of: "v2"), f(0, 1.5, 0, 1.5)))
        #expect(l.diagnostics.isEmpty)
    }

    @Test func fillProportionallyRequiredHuggingBeatsTheProportions() throws {
        // The counterexample of distribution.fillProportionally.preservesRatios, shrunk: v2 hugs at 1000, so
        // `v2.height <= 1` is required. v1 = 1.5 would need v2 = 1.5; the least error at 998 is v1 = 2 (0.5),
        // then v2 = 1 at 997. Nothing is broken: the proportional constraints are optional.
        let l = try layout(Self.proportionalThree(v2Hugging: .required))
        #expect(near(l.frame(of: "v0"), f(0, 0, 0, 0)))
        #expect(near(l.frame(of: "v1"), f(0, 0, 0, 2)))
        #expect(near(l.frame(of: "v2"), f(0, 2, 0, 1)))
        #expect(l.diagnostics.isEmpty)
    }
}
