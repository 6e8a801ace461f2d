import Testing
@testable import StackLayout

/// §5 and the custom-spacing rules, one test per rule.
@Suite struct ViewTreeTests {
    func ids(_ views: [View]) -> [String] { views.map(\.id) }
    func leaf(_ id: String) -> View { View(id: id, intrinsicContentSize: IntrinsicContentSize(width: 10, height: 10)) }

    /// A full snapshot of a stack, for "an error changes nothing".
    func snapshot(_ s: StackView) -> String {
        "\(ids(s.subviews)) \(ids(s.arrangedSubviews)) \(s.arrangedSubviews.map { s.customSpacing(after: $0) })"
    }

    @Test func rV1AndRV2AddingArrangesAndAppendsToSubviews() throws {
        let s = StackView(id: "s")
        let a = leaf("a"), b = leaf("b"), c = leaf("c")
        try s.addSubview(c)
        try s.addArrangedSubview(a)
        try s.addArrangedSubview(b)
        try s.addArrangedSubview(c)   // already a subview: subview order unchanged (R-V-2)
        #expect(ids(s.subviews) == ["c", "a", "b"])
        #expect(ids(s.arrangedSubviews) == ["a", "b", "c"])
        #expect(s.arrangedSubviews.allSatisfy { v in s.subviews.contains { $0 === v } })   // R-V-1
        #expect(a.superview === s)
    }

    @Test func rV3RemoveArrangedSubviewKeepsTheSubview() throws {
        let s = StackView(id: "s")
        let a = leaf("a")
        try s.addArrangedSubview(a)
        s.removeArrangedSubview(a)
        #expect(ids(s.arrangedSubviews) == [])
        #expect(ids(s.subviews) == ["a"])
        #expect(a.superview === s)
    }

    @Test func rV4RemoveFromSuperviewUnarranges() throws {
        let s = StackView(id: "s")
        let a = leaf("a"), b = leaf("b")
        try s.addArrangedSubview(a)
        try s.addArrangedSubview(b)
        s.setCustomSpacing(7, after: a)
        a.removeFromSuperview()
        #expect(ids(s.arrangedSubviews) == ["b"])
        #expect(ids(s.subviews) == ["b"])
        #expect(a.superview == nil)
        // R-SP-3: re-adding does not bring the old custom spacing back.
        try s.insertArrangedSubview(a, at: 0)
        #expect(s.customSpacing(after: a) == .useDefault)
    }

    @Test func rV5ArrangedOrderIsIndependentOfSubviewOrder() throws {
        let s = StackView(id: "s")
        let a = leaf("a"), b = leaf("b")
        try s.addArrangedSubview(a)
        try s.insertArrangedSubview(b, at: 0)
        #expect(ids(s.subviews) == ["a", "b"])
        #expect(ids(s.arrangedSubviews) == ["b", "a"])
    }

    @Test func rV6InsertBeyondTheCountThrowsAndChangesNothing() throws {
        let s = StackView(id: "s")
        let a = leaf("a"), b = leaf("b")
        try s.addArrangedSubview(a)
        let before = snapshot(s)
        #expect(throws: ViewTreeError.indexOutOfRange(view: "b", index: 2, count: 1)) { try s.insertArrangedSubview(b, at: 2) }
        #expect(throws: ViewTreeError.self) { try s.insertArrangedSubview(b, at: -1) }
        #expect(snapshot(s) == before)
        #expect(b.superview == nil)
    }

    @Test func rV7InsertingAnArrangedViewMovesIt() throws {
        let s = StackView(id: "s")
        let a = leaf("a"), b = leaf("b"), c = leaf("c")
        for v in [a, b, c] { try s.addArrangedSubview(v) }
        s.setCustomSpacing(4, after: a)
        try s.insertArrangedSubview(a, at: 2)     // [a, b, c] → [b, c, a] (TENTATIVE detail of R-V-7)
        #expect(ids(s.arrangedSubviews) == ["b", "c", "a"])
        #expect(ids(s.subviews) == ["a", "b", "c"])
        #expect(s.customSpacing(after: a) == .points(4))   // kept when moving (R-SP-3)
        // The index is validated against the count after removing it: 3 is out of range for a move.
        #expect(throws: ViewTreeError.indexOutOfRange(view: "a", index: 3, count: 2)) { try s.insertArrangedSubview(a, at: 3) }
    }

    @Test func rV7MovingBetweenStacksAndCycles() throws {
        let outer = StackView(id: "outer"), inner = StackView(id: "inner"), other = StackView(id: "other")
        let a = leaf("a")
        try outer.addArrangedSubview(inner)
        try other.addArrangedSubview(a)
        other.setCustomSpacing(9, after: a)
        try inner.addArrangedSubview(a)
        #expect(ids(other.arrangedSubviews) == [] && ids(other.subviews) == [])
        #expect(other.customSpacing(after: a) == .useDefault)
        let before = snapshot(inner) + snapshot(outer)
        #expect(throws: ViewTreeError.cycle(view: "outer", into: "inner")) { try inner.addArrangedSubview(outer) }
        #expect(throws: ViewTreeError.self) { try inner.addArrangedSubview(inner) }
        #expect(throws: ViewTreeError.self) { try inner.addSubview(outer) }
        #expect(snapshot(inner) + snapshot(outer) == before)
    }

    @Test func rV8AddingAnArrangedViewMovesItToTheEnd() throws {
        let s = StackView(id: "s")
        let a = leaf("a"), b = leaf("b")
        try s.addArrangedSubview(a)
        try s.addArrangedSubview(b)
        try s.addArrangedSubview(a)
        #expect(ids(s.arrangedSubviews) == ["b", "a"])
        #expect(ids(s.subviews) == ["a", "b"])
    }

    @Test func rSP2To4CustomSpacing() throws {
        let s = StackView(id: "s")
        let a = leaf("a"), b = leaf("b"), loose = leaf("loose")
        try s.addArrangedSubview(a)
        try s.addArrangedSubview(b)
        try s.addSubview(loose)
        #expect(s.customSpacing(after: a) == StackView.spacingUseDefault)      // R-SP-2
        s.setCustomSpacing(StackView.spacingUseSystem, after: a)
        #expect(s.customSpacing(after: a) == .system)
        s.setCustomSpacing(12, after: loose)                                    // R-SP-3: not stored
        #expect(s.customSpacing(after: loose) == .useDefault)
        s.setCustomSpacing(StackView.spacingUseDefault, after: a)              // R-SP-4: reverts
        #expect(s.customSpacing(after: a) == .useDefault)
        s.setCustomSpacing(3, after: b)
        s.removeArrangedSubview(b)                                              // R-SP-3: dropped
        try s.addArrangedSubview(b)
        #expect(s.customSpacing(after: b) == .useDefault)
    }

    @Test func scenarioReflectsTheTreeAndRoundTrips() throws {
        let root = StackView(id: "root", axis: .vertical)
        root.spacing = .system
        let a = leaf("a"), inner = StackView(id: "inner"), b = View(id: "b", intrinsicContentSize: .none, firstBaseline: 3)
        try root.addArrangedSubview(a)
        try root.addArrangedSubview(inner)
        try inner.addArrangedSubview(b)
        try root.addSubview(leaf("decoration"))   // a plain subview is not laid out by the stack
        a.isHidden = true
        a.setContentHuggingPriority(251, for: .vertical)
        root.setCustomSpacing(6, after: a)
        let scenario = try root.scenario(container: Container(width: 320))
        let expected = Scenario(container: Container(width: 320), stack: Stack(axis: .vertical, spacing: .system, arrangedSubviews: [
            ArrangedView.view("a", width: 10, height: 10).hidden().hugging(251, for: .vertical).customSpacing(6),
            .stack("inner", Stack(arrangedSubviews: [.view("b", width: nil, height: nil, firstBaseline: 3)])),
        ]))
        #expect(scenario == expected)
        #expect(try StackView(stack: expected.stack).scenario(container: Container(width: 320)) == expected)
    }

    /// The root has no id in a scenario, so an item may be called like the root view (found in review).
    @Test func anItemMayShareTheRootViewsID() throws {
        let value = Stack(arrangedSubviews: [.view("stack", width: 10, height: 10)])
        #expect(try StackView(stack: value).scenario().stack == value)
    }

    @Test func duplicateIDsCannotBecomeAScenario() throws {
        let s = StackView(id: "s")
        try s.addArrangedSubview(leaf("x"))
        try s.addArrangedSubview(leaf("x"))
        #expect(throws: ViewTreeError.duplicateID("x")) { try s.scenario() }
    }

    @Test func thousandDeepConversion() throws {
        let value = DeepNestingTests.deepStack(depth: 1000)
        let tree = StackView(stack: value)
        #expect(try tree.stackValue() == value)
    }
}
