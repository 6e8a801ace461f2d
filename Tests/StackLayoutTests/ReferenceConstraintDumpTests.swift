import Testing
@testable import StackLayout

// Expected dumps written by hand from UISTACKVIEW.md §2.2–§2.6 (rows in table order, items in arranged order),
// not from the generator's output.

private func uisvLines(_ scenario: Scenario) -> [String] {
    ReferenceEngine.constraints(for: scenario).filter { $0.identifier.hasPrefix("UISV-") }.map(\.consoleLine)
}

private func views(_ ids: String...) -> [ArrangedView] {
    ids.map { ArrangedView.view($0, width: 10, height: 20) }
}

@Suite struct ReferenceConstraintDumpTests {
    @Test func threeViewsFillFill() {
        let s = Scenario(stack: Stack(arrangedSubviews: views("a", "b", "c")))
        #expect(uisvLines(s) == [
            "'UISV-canvas-connection' stack.leading == a.leading",
            "'UISV-canvas-connection' c.trailing == stack.trailing",
            "'UISV-canvas-connection' stack.top == a.top",
            "'UISV-canvas-connection' stack.bottom == a.bottom",
            "'UISV-spacing' H:[a]-(0)-[b]",
            "'UISV-spacing' H:[b]-(0)-[c]",
            "'UISV-alignment' a.top == b.top",
            "'UISV-alignment' a.bottom == b.bottom",
            "'UISV-alignment' a.top == c.top",
            "'UISV-alignment' a.bottom == c.bottom",
        ])
    }

    @Test func twoViewsLeadingFillEquallySpacing10() {
        let s = Scenario(stack: Stack(distribution: .fillEqually, alignment: .leading, spacing: 10,
                                      arrangedSubviews: views("a", "b")))
        #expect(uisvLines(s) == [
            "'UISV-canvas-connection' stack.leading == a.leading",
            "'UISV-canvas-connection' b.trailing == stack.trailing",
            "'UISV-canvas-connection' stack.top == a.top",
            "'UISV-canvas-connection' stack.bottom == UISV-alignment-spanner.bottom",
            "'UISV-spacing' H:[a]-(10)-[b]",
            "'UISV-fill-equally' b.width == a.width",
            "'UISV-alignment' a.top == b.top",
            "'UISV-spanning-boundary' UISV-alignment-spanner.top == a.top priority:999.5",
            "'UISV-spanning-boundary' UISV-alignment-spanner.bottom >= a.bottom",
            "'UISV-spanning-boundary' UISV-alignment-spanner.top == b.top priority:999.5",
            "'UISV-spanning-boundary' UISV-alignment-spanner.bottom >= b.bottom",
            "'UISV-spanning-fit' UISV-alignment-spanner.height == 0 priority:51",
            "'UISV-ambiguity-suppression' a.height == 0 priority:25",
            "'UISV-ambiguity-suppression' b.height == 0 priority:25",
        ])
    }

    @Test func fiveViewsEqualCentering() {
        let s = Scenario(stack: Stack(distribution: .equalCentering, arrangedSubviews: views("a", "b", "c", "d", "e")))
        let g = (0..<4).map { "UISV-distributing[\($0)]" }
        #expect(uisvLines(s) == [
            "'UISV-canvas-connection' stack.leading == a.leading",
            "'UISV-canvas-connection' e.trailing == stack.trailing",
            "'UISV-canvas-connection' stack.top == a.top",
            "'UISV-canvas-connection' stack.bottom == a.bottom",
            "'UISV-spacing' H:[a]-(>=0)-[b]",
            "'UISV-spacing' H:[b]-(>=0)-[c]",
            "'UISV-spacing' H:[c]-(>=0)-[d]",
            "'UISV-spacing' H:[d]-(>=0)-[e]",
            "'UISV-fill-equally' \(g[1]).width == \(g[0]).width priority:149",
            "'UISV-fill-equally' \(g[2]).width == \(g[0]).width priority:148",
            "'UISV-fill-equally' \(g[3]).width == \(g[0]).width priority:147",
            "'UISV-distributing-edge' \(g[0]).leading == a.centerX",
            "'UISV-distributing-edge' \(g[0]).trailing == b.centerX",
            "'UISV-distributing-edge' \(g[1]).leading == b.centerX",
            "'UISV-distributing-edge' \(g[1]).trailing == c.centerX",
            "'UISV-distributing-edge' \(g[2]).leading == c.centerX",
            "'UISV-distributing-edge' \(g[2]).trailing == d.centerX",
            "'UISV-distributing-edge' \(g[3]).leading == d.centerX",
            "'UISV-distributing-edge' \(g[3]).trailing == e.centerX",
            "'UISV-alignment' a.top == b.top",
            "'UISV-alignment' a.bottom == b.bottom",
            "'UISV-alignment' a.top == c.top",
            "'UISV-alignment' a.bottom == c.bottom",
            "'UISV-alignment' a.top == d.top",
            "'UISV-alignment' a.bottom == d.bottom",
            "'UISV-alignment' a.top == e.top",
            "'UISV-alignment' a.bottom == e.bottom",
            "'UISV-canvas-fit' stack.width == 0 priority:49",
        ])
    }

    @Test func threeViewsFillProportionallyMiddleHidden() {
        // c = 100, 50 (hidden), 100, s = 10: m = 100 / (200 + 1·10) = 0.47619; priorities 999 and 997 (§2.6);
        // the chain constants next to the hidden view are s/2 (§2.5).
        let s = Scenario(stack: Stack(distribution: .fillProportionally, spacing: 10, arrangedSubviews: [
            .view("a", width: 100, height: 20), ArrangedView.view("b", width: 50, height: 20).hidden(),
            .view("c", width: 100, height: 20)]))
        #expect(uisvLines(s) == [
            "'UISV-canvas-connection' stack.leading == a.leading",
            "'UISV-canvas-connection' c.trailing == stack.trailing",
            "'UISV-canvas-connection' stack.top == a.top",
            "'UISV-canvas-connection' stack.bottom == a.bottom",
            "'UISV-spacing' H:[a]-(5)-[b]",
            "'UISV-spacing' H:[b]-(5)-[c]",
            "'UISV-fill-proportionally' a.width == 0.47619*stack.width priority:999",
            "'UISV-fill-proportionally' c.width == 0.47619*stack.width priority:997",
            "'UISV-hiding' b.width == 0",
            "'UISV-alignment' a.top == b.top",
            "'UISV-alignment' a.bottom == b.bottom",
            "'UISV-alignment' a.top == c.top",
            "'UISV-alignment' a.bottom == c.bottom",
        ])
    }

    @Test func oneViewCenterHasNoSpanner() {
        let s = Scenario(stack: Stack(alignment: .center, arrangedSubviews: views("a")))
        #expect(uisvLines(s) == [
            "'UISV-canvas-connection' stack.leading == a.leading",
            "'UISV-canvas-connection' a.trailing == stack.trailing",
            "'UISV-canvas-connection' stack.top <= a.top",
            "'UISV-canvas-connection' stack.bottom >= a.bottom",
            "'UISV-canvas-connection' stack.centerY == a.centerY",
            "'UISV-canvas-fit' stack.height == 0 priority:49",
            "'UISV-ambiguity-suppression' a.height == 0 priority:25",
        ])
    }

    @Test func allHiddenHasBothSpanners() {
        let s = Scenario(stack: Stack(alignment: .center, spacing: 10,
                                      arrangedSubviews: views("a", "b").map { $0.hidden() }))
        #expect(uisvLines(s) == [
            "'UISV-canvas-connection' stack.leading == UISV-ordering-spanner.leading",
            "'UISV-canvas-connection' UISV-ordering-spanner.trailing == stack.trailing",
            "'UISV-canvas-connection' stack.top == UISV-alignment-spanner.top",
            "'UISV-canvas-connection' stack.bottom == UISV-alignment-spanner.bottom",
            "'UISV-canvas-connection' stack.centerY == a.centerY",
            "'UISV-spacing' H:[a]-(0)-[b]",
            "'UISV-hiding' a.width == 0",
            "'UISV-hiding' b.width == 0",
            "'UISV-alignment' a.centerY == b.centerY",
            "'UISV-spanning-fit' UISV-alignment-spanner.height == 0 priority:51",
            "'UISV-ambiguity-suppression' a.height == 0 priority:25",
            "'UISV-ambiguity-suppression' b.height == 0 priority:25",
        ])
    }

    /// §2.3.3: equalSpacing and equalCentering keep their canvas-fit when every arranged view is hidden (RT); the
    /// baseline canvas-fit of §2.4 is the one left out.
    @Test(arguments: [Distribution.equalSpacing, .equalCentering])
    func allHiddenEqualDistributionKeepsCanvasFit(_ distribution: Distribution) {
        let s = Scenario(stack: Stack(distribution: distribution, alignment: .firstBaseline,
                                      arrangedSubviews: views("a", "b").map { $0.hidden() }))
        #expect(uisvLines(s) == [
            "'UISV-canvas-connection' stack.leading == UISV-ordering-spanner.leading",
            "'UISV-canvas-connection' UISV-ordering-spanner.trailing == stack.trailing",
            "'UISV-canvas-connection' stack.top == UISV-alignment-spanner.top",
            "'UISV-canvas-connection' stack.bottom == UISV-alignment-spanner.bottom",
            "'UISV-spacing' H:[a]-(>=0)-[b]",
            "'UISV-hiding' a.width == 0",
            "'UISV-hiding' b.width == 0",
            "'UISV-alignment' a.firstBaseline == b.firstBaseline",
            "'UISV-spanning-fit' UISV-alignment-spanner.height == 0 priority:51",
            "'UISV-canvas-fit' stack.width == 0 priority:49",
            "'UISV-ambiguity-suppression' a.height == 0 priority:25",
            "'UISV-ambiguity-suppression' b.height == 0 priority:25",
        ])
    }

    @Test func emptyStackInstallsNothing() {
        #expect(ReferenceEngine.constraints(for: Scenario(stack: Stack())).isEmpty)
    }

    @Test func verticalBaselineRelativeEqualSpacingWithMargins() {
        // §2.3.4: the chain and equalSpacing's distributing edges use baselines; canvas connections stay top/bottom;
        // the canvas is the margins guide.
        let s = Scenario(stack: Stack(axis: .vertical, distribution: .equalSpacing, alignment: .leading, spacing: 4,
                                      isBaselineRelativeArrangement: true, isLayoutMarginsRelativeArrangement: true,
                                      layoutMargins: .init(top: 1, leading: 2, bottom: 3, trailing: 4),
                                      arrangedSubviews: [.view("a", width: 10, height: 20, firstBaseline: 15,
                                                               lastBaseline: 15),
                                                         .view("b", width: 10, height: 20)]))
        let m = "UIViewLayoutMarginsGuide", sp = "UISV-alignment-spanner", g = "UISV-distributing[0]"
        #expect(ReferenceEngine.constraints(for: s).filter { $0.role != .contentSize }.map(\.consoleLine) == [
            "'UIView-leadingMargin-guide-constraint' \(m).leading == stack.leading + 2",
            "'UIView-topMargin-guide-constraint' \(m).top == stack.top + 1",
            "'UIView-trailingMargin-guide-constraint' stack.trailing == \(m).trailing + 4",
            "'UIView-bottomMargin-guide-constraint' stack.bottom == \(m).bottom + 3",
            "'UISV-canvas-connection' \(m).top == a.top",
            "'UISV-canvas-connection' b.bottom == \(m).bottom",
            "'UISV-canvas-connection' \(m).leading == a.leading",
            "'UISV-canvas-connection' \(m).trailing == \(sp).trailing",
            "'UISV-spacing' b.firstBaseline >= a.lastBaseline + 4",
            "'UISV-distributing-edge' \(g).top == a.lastBaseline",
            "'UISV-distributing-edge' b.firstBaseline == \(g).bottom",
            "'UISV-alignment' a.leading == b.leading",
            "'UISV-spanning-boundary' \(sp).leading == a.leading priority:999.5",
            "'UISV-spanning-boundary' \(sp).trailing >= a.trailing",
            "'UISV-spanning-boundary' \(sp).leading == b.leading priority:999.5",
            "'UISV-spanning-boundary' \(sp).trailing >= b.trailing",
            "'UISV-spanning-fit' \(sp).width == 0 priority:51",
            "'UISV-canvas-fit' stack.height == 0 priority:49",
            "'UISV-ambiguity-suppression' a.width == 0 priority:25",
            "'UISV-ambiguity-suppression' b.width == 0 priority:25",
        ])
    }

    @Test func contentUserAndContainerConstraints() {
        let a = ArrangedView.view("a", width: 10, height: nil).hugging(251, for: .horizontal)
            .constrained(UserConstraint(.aspectRatio, .equal, 2, priority: 750))
        let s = Scenario(container: Container(width: 375, height: nil), stack: Stack(arrangedSubviews: [a]))
        let lines = ReferenceEngine.constraints(for: s).filter { !$0.identifier.hasPrefix("UISV-") }.map(\.consoleLine)
        #expect(lines == [
            "'NSContentSizeLayoutConstraint-hugging' a.width <= 10 priority:251",
            "'NSContentSizeLayoutConstraint-compression' a.width >= 10 priority:750",
            "'user' a.width == 2*a.height priority:750",
            "'stackcheck-container-width' stack.width == 375",
        ])
    }

    @Test func jsonFormCarriesTheFields() {
        let s = Scenario(stack: Stack(arrangedSubviews: views("a")))
        let first = ReferenceEngine.constraints(for: s)[0].json
        #expect(first == #"{"identifier":"UISV-canvas-connection","firstItem":"stack","firstAttribute":"leading","relation":"==","secondItem":"a","secondAttribute":"leading","multiplier":1,"constant":0,"priority":1000,"line":"'UISV-canvas-connection' stack.leading == a.leading"}"#)
    }

    @Test func jsonArrayHasOneObjectPerConstraint() {
        let s = Scenario(stack: Stack(arrangedSubviews: views("a", "b")))
        let text = ReferenceEngine.constraintsJSON(for: s)
        let lines = text.split(separator: "\n")
        #expect(lines.first == "[" && lines.last == "]")
        #expect(lines.count == ReferenceEngine.constraints(for: s).count + 2)
        #expect(ReferenceEngine.constraintsJSON(for: Scenario(stack: Stack())) == "[]")
    }
}
