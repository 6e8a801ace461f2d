import PropertyCheck
import Testing
@testable import StackLayout

/// `ReferenceEngine.diagnose`: hand-worked layouts whose broken UIKit constraint, priority level or tie
/// rule is worked out from Spec §2 and §9 by hand, and the reference's own layouts, which must agree.
@Suite struct LayoutDiagnosisTests {
    static func layout(_ size: Size, _ frames: [(String, Frame)]) -> Layout {
        Layout(size: size, frames: frames.map { (id: $0.0, frame: $0.1) })
    }

    /// Spacing 8 laid out as 0: v0 30 wide at 0, v1 40 wide right after it, the stack 70 wide (fitting its views).
    /// Every UIKit constraint holds but `v1.leading == v0.trailing + 8`, which is 0.
    @Test func spacingZeroInsteadOfEightNamesUISVSpacing() throws {
        let scenario = Scenario(stack: Stack(spacing: 8, arrangedSubviews: [
            .view("v0", width: 30, height: 20), .view("v1", width: 40, height: 20)]))
        let engine = Self.layout(Size(width: 70, height: 20), [("v0", Frame(x: 0, y: 0, width: 30, height: 20)),
                                                                ("v1", Frame(x: 30, y: 0, width: 40, height: 20))])
        let d = ReferenceEngine.diagnose(scenario, engineLayout: engine, tolerance: 0.5)
        #expect(d.verdict == .breaksRequired)
        #expect(d.family == "UISV-spacing")
        #expect(d.constraints.count == 1)
        let c = try #require(d.constraints.first)
        #expect(c.constraint.firstItem == .view("v1") && c.constraint.firstAttribute == .leading)
        #expect(c.constraint.secondItem == .view("v0") && c.constraint.secondAttribute == .trailing)
        #expect(c.expected == 8 && c.actual == 0 && c.referenceActual == 8)
        #expect(c.consoleLine == "'UISV-spacing' H:[v0]-(8)-[v1]")
        #expect(d.lines == ["breaks UISV-spacing (required): v1.leading == v0.trailing + 8, but v1.leading − v0.trailing = 0"])
        // The bracket runs from v0's trailing edge (30) to where v1 should start (38); v1 starts at 30.
        #expect(d.marks == [DiagnosisMark(axis: .horizontal, from: 30, expected: 38, actual: 30, acrossStart: 0,
                                          acrossEnd: 20, label: "UISV-spacing: 8 ≠ 0")])
    }

    /// The same in right-to-left: the published frames are mirrored (v0 at 40, v1 at 0 in a 70-wide stack), and
    /// the bracket is drawn where the published layout has the edges: from v0's leading edge... 70 − 30 = 40 to
    /// 70 − 38 = 32.
    @Test func rightToLeftIsReadBackMirrored() throws {
        let scenario = Scenario(layoutDirection: .rightToLeft, stack: Stack(spacing: 8, arrangedSubviews: [
            .view("v0", width: 30, height: 20), .view("v1", width: 40, height: 20)]))
        let engine = Self.layout(Size(width: 70, height: 20), [("v0", Frame(x: 40, y: 0, width: 30, height: 20)),
                                                                ("v1", Frame(x: 0, y: 0, width: 40, height: 20))])
        let d = ReferenceEngine.diagnose(scenario, engineLayout: engine, tolerance: 0.5)
        #expect(d.family == "UISV-spacing")
        let c = try #require(d.constraints.first)
        #expect(c.expected == 8 && c.actual == 0)
        #expect(d.marks.first?.from == 40 && d.marks.first?.expected == 32 && d.marks.first?.actual == 40)
    }

    /// A vertical leading-aligned stack (spacing 0) of three 10-tall views whose engine pinned every view's top to
    /// the canvas top, the stack 30 tall as the reference's. The spacing constraints are 10 off each
    /// (`v1.top − v0.bottom = −10`), the bottom canvas connection `v2.bottom == stack.bottom` 20: the worst is named.
    /// Across the axis every view is at x = 0, as leading alignment wants, so no alignment constraint breaks.
    @Test func topsPinnedByLeadingAlignmentNameTheCanvasConnection() throws {
        let scenario = Scenario(stack: Stack(axis: .vertical, alignment: .leading, arrangedSubviews: [
            .view("v0", width: 30, height: 10), .view("v1", width: 20, height: 10), .view("v2", width: 40, height: 10)]))
        let engine = Self.layout(Size(width: 40, height: 30), [("v0", Frame(x: 0, y: 0, width: 30, height: 10)),
                                                                ("v1", Frame(x: 0, y: 0, width: 20, height: 10)),
                                                                ("v2", Frame(x: 0, y: 0, width: 40, height: 10))])
        let d = ReferenceEngine.diagnose(scenario, engineLayout: engine, tolerance: 0.5)
        #expect(d.verdict == .breaksRequired)
        #expect(d.family == "UISV-canvas-connection")
        let first = try #require(d.constraints.first)
        #expect(first.violation == 20)
        #expect([first.constraint.firstAttribute, first.constraint.secondAttribute] == [.bottom, .bottom])
        #expect(Set(d.constraints.map(\.constraint.identifier)) == ["UISV-canvas-connection", "UISV-spacing"])
        #expect(d.constraints.filter { $0.constraint.identifier == "UISV-spacing" }.map(\.actual) == [-10, -10])
        #expect(d.lines.count == 2)
    }

    /// Alignment fill in a stack 100 tall; v0 (30 × 20) hugs vertically at 750 and has `height == 20 @500`. UIKit
    /// stretches it to 100 (both optional constraints broken by 80); an engine that weighs "required" finitely lets
    /// 750 + 500 win and keeps it 20 tall, breaking the required bottom edge to the canvas: 20 − 100 = −80 off.
    @Test func requiredFillOutweighedByContentPrioritiesNamesTheRequiredConstraint() throws {
        let view = ArrangedView.view("v0", width: 30, height: 20).hugging(750, for: .vertical)
            .constrained(UserConstraint(.height, .equal, 20, priority: 500))
        let scenario = Scenario(container: Container(height: 100), stack: Stack(arrangedSubviews: [view]))
        #expect(try ReferenceEngine().layout(scenario).frame(of: "v0") == Frame(x: 0, y: 0, width: 30, height: 100))
        let engine = Self.layout(Size(width: 30, height: 100), [("v0", Frame(x: 0, y: 0, width: 30, height: 20))])
        let d = ReferenceEngine.diagnose(scenario, engineLayout: engine, tolerance: 0.5)
        #expect(d.verdict == .breaksRequired)
        #expect(d.constraints.count == 1)
        let c = try #require(d.constraints.first)
        #expect(c.constraint.isRequired)
        #expect([c.constraint.firstAttribute, c.constraint.secondAttribute] == [.bottom, .bottom])
        #expect(Set([c.constraint.firstItem, c.constraint.secondItem]) == [.root, .view("v0")])
        #expect(c.violation == 80 && c.referenceViolation == 0)
        // What the engine kept instead, which UIKit breaks by 80 each: the hugging (750) and the user height (500).
        #expect(d.keptInstead.map(\.equation) == ["v0.height <= 20 @750", "v0.height == 20 @500"])
        #expect(d.keptInstead.map(\.referenceViolation) == [80, 80])
        #expect(d.lines.count == 2 && d.lines[1].hasPrefix("in favour of content hugging v0.height <= 20 @750 (is 20)"))
    }

    /// Container 100 wide, two 30-wide views with equal hugging (250): 40 pt of slack. The hugging level breaks by
    /// 40 either way; R-T-1 gives it to v0 (the lowest index), the engine to v1. v1's R-T-1 level, the first tie
    /// level (reverse pre-order), is where the engine does worse.
    @Test func slackOnTheWrongEqualHuggingViewNamesRT1() {
        let scenario = Scenario(container: Container(width: 100), stack: Stack(arrangedSubviews: [
            .view("v0", width: 30, height: 20), .view("v1", width: 30, height: 20)]))
        let engine = Self.layout(Size(width: 100, height: 20), [("v0", Frame(x: 0, y: 0, width: 30, height: 20)),
                                                                 ("v1", Frame(x: 30, y: 0, width: 70, height: 20))])
        let d = ReferenceEngine.diagnose(scenario, engineLayout: engine, tolerance: 0.5)
        #expect(d.verdict == .differsAtTie(rule: "R-T-1"))
        #expect(d.family == "R-T-1")
        #expect(d.tie?.contains("v1") == true)
        #expect(d.namesCause)
    }

    /// Hugging at 250 against compression resistance at 750 in a 100-wide container: v0 (30 wide, hugging 250)
    /// and v1 (30 wide, hugging 251). UIKit stretches v0 (the lower hugging) by 40. An engine stretching v1 keeps
    /// every required constraint and level 251 is the highest it breaks more: v1.width <= 30 @251 off by 40.
    @Test func slackOnTheHigherHuggingViewNamesItsLevel() throws {
        let scenario = Scenario(container: Container(width: 100), stack: Stack(arrangedSubviews: [
            .view("v0", width: 30, height: 20), .view("v1", width: 30, height: 20).hugging(251, for: .horizontal)]))
        let engine = Self.layout(Size(width: 100, height: 20), [("v0", Frame(x: 0, y: 0, width: 30, height: 20)),
                                                                 ("v1", Frame(x: 30, y: 0, width: 70, height: 20))])
        let d = ReferenceEngine.diagnose(scenario, engineLayout: engine, tolerance: 0.5)
        #expect(d.verdict == .breaksPriority(251))
        #expect(d.family == "priority 251: content hugging")
        let c = try #require(d.constraints.first)
        #expect(c.constraint.firstItem == .view("v1") && c.constraint.relation == .lessThanOrEqual)
        #expect(c.expected == 30 && c.actual == 70 && c.violation == 40 && c.referenceViolation == 0)
        #expect(d.lines.first == "breaks priority 251 more than the reference: v1.width <= 30 @251, but v1.width = 70 (off by 40, the reference by 0)")
    }

    @Test func layoutsThatCannotBeImposedSaySo() {
        let scenario = Scenario(stack: Stack(arrangedSubviews: [.view("v0", width: 30, height: 20)]))
        let missing = ReferenceEngine.diagnose(scenario, engineLayout: Self.layout(Size(width: 30, height: 20), []),
                                               tolerance: 0.5)
        #expect(missing.verdict == .unusable("the layout has no frame for v0"))
        let nan = Self.layout(Size(width: 30, height: 20), [("v0", Frame(x: .nan, y: 0, width: 30, height: 20))])
        #expect(ReferenceEngine.diagnose(scenario, engineLayout: nan, tolerance: 0.5).family == "unusable")
        let huge = Self.layout(Size(width: 1e300, height: 20), [("v0", Frame(x: 0, y: 0, width: 30, height: 20))])
        #expect(ReferenceEngine.diagnose(scenario, engineLayout: huge, tolerance: 0.5).family == "unusable")
        #expect(!missing.namesCause)
    }

    /// The reference's layout with one item's frame moved 3 pt along x or y (more than the tolerance and half a
    /// pixel): R-T-8 leaves nothing free, so the reference's frames are the only optimum and the moved layout is
    /// worse somewhere. The diagnosis must find where, and name it.
    @Test func aMovedFrameIsNeverAgreed() async {
        let cases = Gens.zip(ReferenceScenarios.scenario(rootCount: 1...5), Gens.element(of: [nil, 2, 3] as [Double?]),
                             Gens.element(of: [LayoutDirection.leftToRight, .rightToLeft]), Gens.int(0...40),
                             Gens.element(of: [true, false]))
        await checkProperty("reference.diagnosis.moved", cases,
                            configuration: ReferenceScenarios.configuration(seed: 0x31_02, cases: 200),
                            describe: { "\(ReferenceScenarios.describe($0.0)) scale \(String(describing: $0.1)) \($0.2) item \($0.3) x \($0.4)" }) {
            input, _ in
            var scenario = input.0
            scenario.scale = input.1
            scenario.layoutDirection = input.2
            guard var layout = try? ReferenceEngine().layout(scenario), !layout.frameValues.isEmpty else { return }
            let moved = input.3 % layout.frameValues.count
            if input.4 { layout.frameValues[moved].x += 3 } else { layout.frameValues[moved].y += 3 }
            let d = ReferenceEngine.diagnose(scenario, engineLayout: layout, tolerance: 0.001)
            try require(d.namesCause, "moved \(layout.frameIDs[moved]): " + d.lines.joined(separator: "\n"))
        }
    }

    /// The JSON member keeps its keys in a fixed order and carries the constraint's values.
    @Test func jsonNamesTheConstraintAndItsValues() {
        let scenario = Scenario(stack: Stack(spacing: 8, arrangedSubviews: [
            .view("v0", width: 30, height: 20), .view("v1", width: 40, height: 20)]))
        let engine = Self.layout(Size(width: 70, height: 20), [("v0", Frame(x: 0, y: 0, width: 30, height: 20)),
                                                                ("v1", Frame(x: 30, y: 0, width: 40, height: 20))])
        let json = ReferenceEngine.diagnose(scenario, engineLayout: engine, tolerance: 0.001).jsonValue.compactText
        #expect(json.hasPrefix(#"{"verdict":"breaksRequired","family":"UISV-spacing","lines":["#))
        #expect(json.contains(#""identifier":"UISV-spacing","line":"'UISV-spacing' H:[v0]-(8)-[v1]","equation":"v1.leading == v0.trailing + 8""#))
        #expect(json.contains(#""expected":8,"actual":0,"referenceActual":8"#))
    }

    /// The reference's own layout, of random scenarios (nesting, hidden views, baselines, margins, conflicting
    /// user constraints), at a pixel scale or none, in either direction: nothing to diagnose.
    @Test func theReferencesOwnLayoutAgrees() async {
        let variants = Gens.zip(ReferenceScenarios.scenarios, Gens.element(of: [nil, 2, 3] as [Double?]),
                                Gens.element(of: [LayoutDirection.leftToRight, .rightToLeft]))
            .map { scenario, scale, direction in
                var s = scenario
                s.scale = scale
                s.layoutDirection = direction
                return s
            }
        await checkProperty("reference.diagnosis.agrees", variants,
                            configuration: ReferenceScenarios.configuration(seed: 0x31_01, cases: 200),
                            describe: ReferenceScenarios.describe) { scenario, _ in
            let layout = try? ReferenceEngine().layout(scenario)
            guard let layout else { return }
            let d = ReferenceEngine.diagnose(scenario, engineLayout: layout, tolerance: 0)
            try require(d.verdict == .agrees, d.lines.joined(separator: "\n"))
        }
    }
}
