import Testing
@testable import StackLayout

/// Hand-worked layouts for the direct engine, each derived from UISTACKVIEW.md (rule ids in the names).
@Suite struct DirectEngineTests {
    let engine = DirectEngine()

    func v(_ id: String, _ w: Double?, _ h: Double?) -> ArrangedView { .view(id, width: w, height: h) }
    func frames(_ s: Scenario) throws -> [String: Frame] {
        let layout = try engine.layout(s)
        return Dictionary(uniqueKeysWithValues: zip(layout.frameIDs, layout.frameValues))
    }
    func close(_ a: Frame?, _ b: Frame) -> Bool {
        guard let a else { return false }
        return [a.x - b.x, a.y - b.y, a.width - b.width, a.height - b.height].allSatisfy { abs($0) < 1e-9 }
    }
    func F(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Frame { Frame(x: x, y: y, width: w, height: h) }

    // R-D-2 + R-T-1: 5 × 100 in 600, all hugging 250: the first view absorbs the 100 of slack.
    @Test func fillUnderflowTieGoesToTheFirstView() throws {
        let f = try frames(Scenario(container: Container(width: 600), stack: Stack(alignment: .center,
            arrangedSubviews: (0..<5).map { v("v\($0)", 100, 100) })))
        #expect(f["v0"] == F(0, 0, 200, 100))
        #expect(f["v4"] == F(500, 0, 100, 100))
    }

    // R-D-2: the lowest hugging stretches, whatever its index.
    @Test func fillUnderflowLowestHuggingStretches() throws {
        let f = try frames(Scenario(container: Container(width: 300, height: 50), stack: Stack(arrangedSubviews: [
            v("a", 100, 50), v("b", 100, 50).hugging(200, for: .horizontal)])))
        #expect(f["a"] == F(0, 0, 100, 50))
        #expect(f["b"] == F(100, 0, 200, 50))
    }

    // R-D-2: overflow: the lowest compression resistance shrinks; R-SOLVE-4: the first view goes negative on ties.
    @Test func fillOverflow() throws {
        let f = try frames(Scenario(container: Container(width: 150), stack: Stack(arrangedSubviews: [
            v("a", 100, 10), v("b", 100, 10).compressionResistance(500, for: .horizontal)])))
        #expect(f["a"]?.width == 100)
        #expect(f["b"] == F(100, 0, 50, 10))
        let g = try frames(Scenario(container: Container(width: 375), stack: Stack(arrangedSubviews: (0..<5).map { v("v\($0)", 100, 10) })))
        #expect(g["v0"]?.width == -25)
        #expect(g["v1"]?.x == -25)
    }

    // R-I-1: a view without intrinsic length takes the slack first, and absorbs overflow first.
    @Test func noIntrinsicLengthTakesSlackFirst() throws {
        let f = try frames(Scenario(container: Container(width: 300), stack: Stack(arrangedSubviews: [
            v("a", 100, 10).hugging(1, for: .horizontal), v("n", nil, 10)])))
        #expect(f["a"]?.width == 100)
        #expect(f["n"] == F(100, 0, 200, 10))
        let g = try frames(Scenario(container: Container(width: 50), stack: Stack(arrangedSubviews: [v("a", 100, 10), v("n", nil, 10)])))
        #expect(g["n"] == F(100, 0, -50, 10))
    }

    // R-D-3: fillEqually, free: the largest intrinsic length (CR 750 beats hugging 250); fixed: (L − gaps)/n.
    @Test func fillEqually() throws {
        let free = try engine.layout(Scenario(stack: Stack(distribution: .fillEqually, spacing: 10, arrangedSubviews: [v("a", 30, 10), v("b", 50, 10)])))
        #expect(free.size == Size(width: 110, height: 10))
        #expect(free.frame(of: "b") == F(60, 0, 50, 10))
        let fixed = try frames(Scenario(container: Container(width: 100), stack: Stack(distribution: .fillEqually, spacing: 10,
            arrangedSubviews: [v("a", 30, 10), v("b", 50, 10), v("c", 1, 10)])))
        // Each (100 − 20)/3 = 26.67 wide; c starts after two views and two gaps: 2·26.67 + 20.
        #expect(close(fixed["c"], F(160.0 / 3 + 20, 0, 80.0 / 3, 10)))
    }

    // §2.6 + R-D-4: 1:2:3:4:5 in 600 at spacing 0: m_i = c_i/15; the last view absorbs (here exactly).
    @Test func fillProportionally() throws {
        let f = try frames(Scenario(container: Container(width: 600), stack: Stack(distribution: .fillProportionally,
            arrangedSubviews: (1...5).map { v("v\($0)", Double($0), 100) })))
        #expect(f["v1"]?.width == 40)
        #expect(abs(f["v5"]!.width - 200) < 1e-9)
        // Spacing 10 at a non-natural length: m = c/(Σc + 2·10) = c/(60+20); L = 200:
        // a = 10/80·200 = 25, b = 20/80·200 = 50, c absorbs 200 − 20 − 75 = 105 (not 30/80·200 = 75).
        let g = try frames(Scenario(container: Container(width: 200), stack: Stack(distribution: .fillProportionally, spacing: 10,
            arrangedSubviews: [v("a", 10, 5), v("b", 20, 5), v("c", 30, 5)])))
        #expect(g["a"] == F(0, 0, 25, 5))
        #expect(g["b"] == F(35, 0, 50, 5))
        #expect(g["c"] == F(95, 0, 105, 5))
    }

    // §2.6 special case 2: with a hidden view, Σc ≤ s·h falls back to fillEqually.
    @Test func fillProportionallyFallback() throws {
        let f = try frames(Scenario(container: Container(width: 100), stack: Stack(distribution: .fillProportionally, spacing: 20,
            arrangedSubviews: [v("a", 5, 5), v("h", 50, 5).hidden(), v("b", 10, 5)])))
        // Σc = 15 ≤ 20·1: equal lengths (100 − 20)/2 = 40; the hidden view sits mid-gap (R-H-2).
        #expect(f["a"] == F(0, 0, 40, 5))
        #expect(f["h"] == F(50, 0, 0, 5))
        #expect(f["b"] == F(60, 0, 40, 5))
    }

    // R-F-2: fillProportionally's free length with margins and spacing: L = E·(Σc + G)/G.
    @Test func fillProportionallyFreeLengthWithMargins() throws {
        let s = try engine.layout(Scenario(stack: Stack(distribution: .fillProportionally, spacing: 2, isLayoutMarginsRelativeArrangement: true,
            layoutMargins: DirectionalEdgeInsets(top: 0, leading: 4, bottom: 0, trailing: 14),
            arrangedSubviews: [v("a", 45, 10), v("b", 10, 10), v("c", 75, 10)])))
        // G = 4, E = 18 + 4 = 22, Σc = 130: L = 22·134/4 = 737.
        #expect(abs(s.size.width - 737) < 1e-9)
        let t = try engine.layout(Scenario(stack: Stack(distribution: .fillProportionally, isLayoutMarginsRelativeArrangement: true,
            layoutMargins: DirectionalEdgeInsets(top: 0, leading: 10, bottom: 0, trailing: 10),
            arrangedSubviews: [v("a", 25, 10), v("b", 75, 10)])))
        #expect(abs(t.size.width - 380.0 / 3) < 1e-9)
        #expect(abs(t.frame(of: "a")!.width - 95.0 / 3) < 1e-9)
        #expect(abs(t.frame(of: "b")!.width - 75) < 1e-9)
    }

    // R-D-5: equalSpacing pads gaps evenly; free: the largest minimum governs every gap.
    @Test func equalSpacing() throws {
        let f = try frames(Scenario(container: Container(width: 300), stack: Stack(distribution: .equalSpacing, spacing: 5,
            arrangedSubviews: [v("a", 50, 5), v("b", 50, 5), v("c", 50, 5)])))
        #expect(f["b"] == F(125, 0, 50, 5))
        let free = try engine.layout(Scenario(stack: Stack(distribution: .equalSpacing, spacing: 5,
            arrangedSubviews: [v("a", 50, 5).customSpacing(20), v("b", 50, 5), v("c", 50, 5)])))
        #expect(free.size.width == 190)
        #expect(free.frame(of: "c") == F(140, 0, 50, 5))
    }

    // R-F-2 / R-D-6: equalCentering, free: 20/40/60 at spacing 0 → 140, x = 0, 40, 80.
    @Test func equalCenteringFree() throws {
        let s = try engine.layout(Scenario(stack: Stack(distribution: .equalCentering, arrangedSubviews: [v("a", 20, 5), v("b", 40, 5), v("c", 60, 5)])))
        #expect(s.size.width == 140)
        #expect(s.frame(of: "b")?.x == 40)
        #expect(s.frame(of: "c")?.x == 80)
    }

    // R-D-6: in 300 the centres can be equidistant: c0 = 10, c2 = 270 → c1 = 140 → b.x = 120.
    @Test func equalCenteringFixed() throws {
        let f = try frames(Scenario(container: Container(width: 300), stack: Stack(distribution: .equalCentering,
            arrangedSubviews: [v("a", 20, 5), v("b", 40, 5), v("c", 60, 5)])))
        #expect(f["b"]?.x == 120)
        #expect(f["c"]?.x == 240)
        // Too narrow for equal centres (centres 10 and 120 with b ≥ 20 wide after a, c): gap 1 (priority 149) gives
        // way only as far as it must: widths 20, 80, 20 in 150 → minimum centre distances 50 and 50, span 130:
        // d0 = d1 = 65 → b's centre at 75, x = 35.
        let g = try frames(Scenario(container: Container(width: 150), stack: Stack(distribution: .equalCentering,
            arrangedSubviews: [v("a", 20, 5), v("b", 80, 5), v("c", 20, 5)])))
        #expect(g["b"]?.x == 35)
    }

    // §2.4 alignments across a horizontal stack 50 high.
    @Test func alignments() throws {
        func layout(_ a: Alignment) throws -> [String: Frame] {
            try frames(Scenario(container: Container(width: 100, height: 50), stack: Stack(alignment: a,
                arrangedSubviews: [v("a", 50, 20), v("b", 50, nil)])))
        }
        #expect(try layout(.fill)["a"] == F(0, 0, 50, 50))
        #expect(try layout(.leading)["a"] == F(0, 0, 50, 20))
        #expect(try layout(.center)["a"] == F(0, 15, 50, 20))
        #expect(try layout(.trailing)["a"] == F(0, 30, 50, 20))
        // R-AL-8: no intrinsic height collapses to 0 under a non-fill alignment, spans under fill.
        #expect(try layout(.center)["b"] == F(50, 25, 50, 0))
        #expect(try layout(.fill)["b"] == F(50, 0, 50, 50))
    }

    // R-AL-5/6: first baselines on one line; the stack's top follows the first view; R-AL-7 free cross size.
    @Test func baselines() throws {
        let s = Scenario(stack: Stack(alignment: .firstBaseline, arrangedSubviews: [
            ArrangedView.view("t", width: 50, height: 20, firstBaseline: 15, lastBaseline: 15),
            ArrangedView.view("u", width: 30, height: 40, firstBaseline: 30, lastBaseline: 30)]))
        let l = try engine.layout(s)
        #expect(l.frame(of: "t") == F(0, 0, 50, 20))
        #expect(l.frame(of: "u") == F(50, -15, 30, 40))
        #expect(l.size.height == 25)             // 15 + max(20 − 15, 40 − 30)
        #expect(l.firstBaseline == .value(15))   // the tallest view's baseline (R-BL-2)
        // In a taller container the content sits at the bottom (R-AL-5).
        var taller = s
        taller.container.height = 60
        #expect(try engine.layout(taller).frame(of: "t") == F(0, 35, 50, 20))
        // lastBaseline in a taller container: content at the top; free: the bottom follows the first view.
        var last = s
        last.stack.alignment = .lastBaseline
        let m = try engine.layout(last)
        #expect(m.frame(of: "u") == F(50, 0, 30, 40))
        #expect(m.frame(of: "t") == F(0, 15, 50, 20))
        #expect(m.size.height == 35)
    }

    // R-H-1, R-H-2, R-H-4: hidden views collapse, sit mid-gap, and prop the cross size open under fill.
    @Test func hiddenViews() throws {
        let f = try engine.layout(Scenario(stack: Stack(spacing: 10, arrangedSubviews: [
            v("a", 20, 10), v("h", 30, 80).hidden(), v("b", 20, 10)])))
        #expect(f.size == Size(width: 50, height: 80))
        #expect(f.frame(of: "h") == F(25, 0, 0, 80))
        #expect(f.frame(of: "b") == F(30, 0, 20, 80))
        // [H0, H1, V2]: both hidden views at −s/2 (§2.5).
        let g = try frames(Scenario(stack: Stack(spacing: 10, arrangedSubviews: [v("a", 5, 5).hidden(), v("b", 5, 5).hidden(), v("c", 5, 5)])))
        #expect(g["a"]?.x == -5)
        #expect(g["b"]?.x == -5)
    }

    // R-F-3: all hidden: zero, plus margins; an empty stack is zero even with margins.
    @Test func allHiddenAndEmpty() throws {
        let m = DirectionalEdgeInsets(top: 1, leading: 2, bottom: 3, trailing: 4)
        let all = try engine.layout(Scenario(stack: Stack(isLayoutMarginsRelativeArrangement: true, layoutMargins: m,
            arrangedSubviews: [v("a", 10, 10).hidden()])))
        #expect(all.size == Size(width: 6, height: 4))
        #expect(all.frame(of: "a") == F(2, 1, 0, 10))
        let empty = try engine.layout(Scenario(stack: Stack(isLayoutMarginsRelativeArrangement: true, layoutMargins: m)))
        #expect(empty.size == .zero)
    }

    // R-M-1/R-M-2 and R-RTL-1: margins are directional; right-to-left mirrors the layout.
    @Test func marginsAndRightToLeft() throws {
        let s = Scenario(container: Container(width: 100), layoutDirection: .rightToLeft, stack: Stack(
            isLayoutMarginsRelativeArrangement: true, layoutMargins: DirectionalEdgeInsets(top: 0, leading: 10, bottom: 0, trailing: 20),
            arrangedSubviews: [v("a", 30, 10), v("b", 40, 10)]))
        let f = try frames(s)
        // LTR: a at 10…40, b at 40…80 (b absorbs nothing: a is first, takes the slack: a = 30 + 0? L = 70 = 30 + 40).
        #expect(f["a"] == F(60, 0, 30, 10))
        #expect(f["b"] == F(20, 0, 40, 10))
    }

    // R-SP-5, R-SP-2, R-D-7: system spacing is 8; custom spacing wins; negative spacing overlaps.
    @Test func spacing() throws {
        let f = try frames(Scenario(stack: Stack(spacing: .system, arrangedSubviews: [
            v("a", 10, 10).customSpacing(-4), v("b", 10, 10), v("c", 10, 10)])))
        #expect(f["b"]?.x == 6)
        #expect(f["c"]?.x == 24)
    }

    // R-N-1: a nested stack is sized by its fitting size; frames are relative to the arranging stack.
    @Test func nestedStack() throws {
        let l = try engine.layout(Scenario(stack: Stack(axis: .vertical, alignment: .leading, spacing: 4, arrangedSubviews: [
            v("title", 80, 20),
            .stack("row", Stack(spacing: 2, arrangedSubviews: [v("icon", 10, 10), v("label", 30, 12)])),
        ])))
        #expect(l.size == Size(width: 80, height: 36))
        #expect(l.frame(of: "row") == F(0, 24, 42, 12))
        #expect(l.frame(of: "label") == F(12, 0, 30, 12))
    }

    // R-PX-1/2: rounding per edge at scale 2.
    @Test func pixelRounding() throws {
        let l = try engine.layout(Scenario(container: Container(width: 100), scale: 2, stack: Stack(distribution: .fillEqually,
            arrangedSubviews: [v("a", 1, 10), v("b", 1, 10), v("c", 1, 10)])))
        // Exact edges 0, 33.33, 66.67, 100 → 0, 33.5, 66.5, 100.
        #expect(l.frame(of: "a") == F(0, 0, 33.5, 10))
        #expect(l.frame(of: "b") == F(33.5, 0, 33, 10))
        #expect(l.frame(of: "c") == F(66.5, 0, 33.5, 10))
    }

    // Outside the domain: user constraints, conflicts, priority collisions, nested slack → unsupported.
    @Test func unsupportedInputs() {
        let cases: [Scenario] = [
            Scenario(stack: Stack(arrangedSubviews: [v("a", 1, 1).constrained(UserConstraint(.width, .equal, 4, priority: 500))])),
            Scenario(stack: Stack(arrangedSubviews: [v("a", 1, 1).hugging(1000, for: .horizontal)])),
            Scenario(stack: Stack(arrangedSubviews: [v("a", 1, 1).hugging(49, for: .horizontal)])),
            Scenario(container: Container(width: 500), stack: Stack(arrangedSubviews: [v("a", 10, 10), .stack("n", Stack(arrangedSubviews: [v("b", nil, 10)]))])),
        ]
        for s in cases {
            #expect(throws: LayoutError.self) { try engine.layout(s) }
            do { _ = try engine.layout(s) } catch {
                if case .unsupported = error {} else { Issue.record("expected unsupported, got \(error)") }
            }
        }
    }

    // 1,000 levels deep lays out in a debug build on a Swift Testing thread.
    @Test func thousandDeep() throws {
        let l = try engine.layout(Scenario(stack: DeepNestingTests.deepStack(depth: 1000)))
        #expect(l.frameIDs.count == 1000)
        #expect(l.frame(of: "leaf") == F(0, 0, 10, 5))
        #expect(l.size == Size(width: 10, height: 5))
    }
}
