import PropertyCheck
import Testing
@testable import StackLayout

/// `ReferenceEngine.nestedStacksHeldAtZeroLength`: the nested stacks UIKit's required constraints hold at length 0
/// along their parent's axis (UISV-hiding, §2.6 case 3), read off the constraints the generator makes.
@Suite struct NestedStacksHeldAtZeroLengthTests {
    /// A vertical stack of one view, its id made from the nested stack's (ids are unique in a scenario).
    static func inner(_ id: String) -> ArrangedView {
        .stack(id, Stack(axis: .vertical, arrangedSubviews: [.view(id + "x", width: 10, height: 20)]))
    }

    /// Every nested stack with a required `length == 0` along its parent's axis in the generated constraints.
    static func heldInConstraints(_ scenario: Scenario) -> [String] {
        var axisOfNested: [String: Axis] = [:]
        var pending = [scenario.stack]
        while let stack = pending.popLast() {
            for item in stack.arrangedSubviews {
                if let inner = item.stack { axisOfNested[item.id] = stack.axis; pending.append(inner) }
            }
        }
        return UISVGenerator(scenario).constraints.compactMap { c in
            guard c.priority == 1000, c.relation == .equal, c.secondItem == nil, c.constant == 0,
                  case .view(let id) = c.firstItem, let axis = axisOfNested[id],
                  c.firstAttribute == (axis == .horizontal ? .width : .height) else { return nil }
            return id
        }.sorted()
    }

    @Test func hiddenAndProportionalNestedStacksAreHeld() {
        let proportional = Stack(axis: .vertical, distribution: .fillProportionally, arrangedSubviews: [
            .view("p0", width: 10, height: 30), Self.inner("n2"), Self.inner("n3").hidden()])
        let root = Stack(arrangedSubviews: [
            .view("a", width: 10, height: 10), Self.inner("n0").hidden(), .stack("n1", proportional)])
        let scenario = Scenario(stack: root)
        let held = ReferenceEngine.nestedStacksHeldAtZeroLength(scenario)
        #expect(held.map(\.id) == ["n0", "n2", "n3"])
        #expect(held.map(\.axis) == [.horizontal, .vertical, .vertical])
        #expect(held.map(\.id) == Self.heldInConstraints(scenario))
    }

    /// §2.6 case 2: a fillProportionally stack that falls back to fillEqually has no proportional constraints, so its
    /// visible nested stacks are not held (nor is anything in a fill stack).
    @Test func theFillEquallyFallbackHoldsNothing() {
        let fallback = Stack(distribution: .fillProportionally, arrangedSubviews: [Self.inner("n0"), Self.inner("n1")])
        let fill = Stack(arrangedSubviews: [Self.inner("n2")])
        for stack in [fallback, fill] {
            let scenario = Scenario(stack: stack)
            #expect(ReferenceEngine.nestedStacksHeldAtZeroLength(scenario).isEmpty)
            #expect(Self.heldInConstraints(scenario).isEmpty)
        }
    }
}

extension NestedStacksHeldAtZeroLengthTests {
    /// The property: on every scenario (nesting, hidden views, every distribution, spacing that makes §2.6 fall
    /// back), the stacks `held` finds are exactly those the generated constraints hold at 0. At least one case in
    /// twenty must hold a stack, or the scenarios would not exercise §2.6 cases 2 and 3.
    static func heldStacksMatchTheConstraints(_ id: String, _ held: @escaping @Sendable (Scenario) -> [String])
        -> Property<Scenario> {
        Property(id, ReferenceScenarios.scenarios, describe: ReferenceScenarios.describe,
                 cover: [("holds a nested stack", 5)]) { scenario, tc in
            let ids = held(scenario)
            tc.classify(!ids.isEmpty, "holds a nested stack")
            let expected = Self.heldInConstraints(scenario)
            try require(ids.sorted() == expected, "held \(ids), the constraints hold \(expected)")
        }
    }

    @Test func heldStacksAreThoseTheConstraintsHoldAtZero() async {
        await checkProperty(Self.heldStacksMatchTheConstraints("reference.nestedStacksHeldAtZeroLength") {
                                ReferenceEngine.nestedStacksHeldAtZeroLength($0).map(\.id)
                            },
                            configuration: ReferenceScenarios.configuration(seed: 0x16_01, cases: 400))
    }

    /// A wrong reading of §2.6: only hidden nested stacks held, not the visible ones a fillProportionally stack
    /// holds (case 3). The property must catch it.
    @Test func forgettingProportionalStacksIsCaught() async {
        let report = await PropertyRunner.run(Self.heldStacksMatchTheConstraints("reference.mutant.onlyHiddenHeld") {
            scenario in
            ReferenceEngine.nestedStacksHeldAtZeroLength(scenario).map(\.id).filter { Self.isHidden($0, in: scenario.stack) }
        }, configuration: Configuration(seed: 0, cases: 400))
        #expect(report.status == .failed)
    }

    /// Whether the item `id` is hidden, at any depth of `stack`.
    static func isHidden(_ id: String, in stack: Stack) -> Bool {
        stack.arrangedSubviews.contains { $0.id == id ? $0.isHidden : $0.stack.map { isHidden(id, in: $0) } ?? false }
    }
}
