import Testing
@testable import StackLayout

// The clone's label grid (§2.7's RT evidence): label sets "a", "aa", "aaa" with numberOfLines 0 or 1 each, margins
// off and on, both axes × 5 distributions × 8 alignments, spacing 10. The expected text rows are written from
// R-TW-1…R-TW-3's words, not from the generator: per configuration, the rows a dump must hold, in arranged order.
@Suite struct TextConstraintDumpTests {
    static let alignmentNames = ["fill", "leading", "top", "firstBaseline", "center", "trailing", "bottom", "lastBaseline"]

    static func scenario(lines: [Int], margins: Bool, axis: Axis, distribution: Distribution,
                         alignment: String) -> Scenario {
        let labels = ["a", "aa", "aaa"].enumerated().map { i, id in
            ArrangedView.text(id, TextContent(characters: id.count, numberOfLines: lines[i]))
        }
        var stack = Stack(axis: axis, distribution: distribution, alignment: Alignment(name: alignment)!, spacing: 10,
                          arrangedSubviews: labels)
        stack.isLayoutMarginsRelativeArrangement = margins
        return Scenario(stack: stack)
    }

    /// R-TW-1 for three visible views and spacing 10: width == canvas.width/3 − 10·2/3 at 750 + 10; R-TW-2: in
    /// horizontal fillProportionally a wrapping label's c is 0, so its proportional row is `width == 0` (§2.6 case 3),
    /// unless every label wraps (case 2: the fillEqually fallback); R-TW-3: nothing else.
    static func expectedRows(lines: [Int], margins: Bool, axis: Axis, distribution: Distribution) -> [String] {
        guard axis == .horizontal else { return [] }
        let canvas = margins ? "UIViewLayoutMarginsGuide" : "stack"
        let wrapping = ["a", "aa", "aaa"].enumerated().filter { lines[$0.offset] != 1 }.map(\.element)
        switch distribution {
        case .fill, .equalSpacing, .equalCentering:
            return wrapping.map {
                "'UISV-text-width-disambiguation' \($0).width == 0.333333*\(canvas).width - 6.66667 priority:760"
            }
        case .fillProportionally:
            // Every label wrapping: Σc = 0 with three visible views, §2.6 case 2's fallback to fillEqually.
            if wrapping.count == 3 { return [] }
            return wrapping.map { "'UISV-fill-proportionally' \($0).width == 0" }
        case .fillEqually:
            return []
        }
    }

    /// One label set per case (`mask` bit i: label i is single-line), the 160 configurations of the others each.
    @Test(arguments: 0..<8)
    func theClonesLabelGrid(mask: Int) {
        var failures: [String] = []
        var configurations = 0
        do {
            let lines = (0..<3).map { mask >> $0 & 1 == 1 ? 1 : 0 }
            for margins in [false, true] {
                for axis in [Axis.horizontal, .vertical] {
                    for distribution in Distribution.allCases {
                        for alignment in Self.alignmentNames {
                            configurations += 1
                            let s = Self.scenario(lines: lines, margins: margins, axis: axis,
                                                  distribution: distribution, alignment: alignment)
                            let rows = ReferenceEngine.constraints(for: s).map(\.consoleLine).filter {
                                $0.contains("UISV-text-width-disambiguation")
                                    || ($0.contains("UISV-fill-proportionally") && $0.hasSuffix(".width == 0"))
                            }
                            let expected = Self.expectedRows(lines: lines, margins: margins, axis: axis,
                                                             distribution: distribution)
                            if rows != expected {
                                failures.append("\(lines) margins \(margins) \(axis) \(distribution) \(alignment): \(rows)")
                            }
                        }
                    }
                }
            }
        }
        #expect(configurations == 2 * 2 * 5 * 8)
        #expect(failures.isEmpty, "\(failures.prefix(5).joined(separator: "\n"))")
    }

    /// The JSON form carries the row's parts: identifier, items, relation, multiplier, constant and priority.
    @Test func theRowsParts() throws {
        let s = Self.scenario(lines: [0, 1, 1], margins: false, axis: .horizontal, distribution: .fill, alignment: "fill")
        let row = try #require(ReferenceEngine.constraints(for: s).first { $0.identifier == "UISV-text-width-disambiguation" })
        #expect(row.firstItem == .view("a") && row.firstAttribute == .width && row.relation == .equal)
        #expect(row.secondItem == .root && row.secondAttribute == .width)
        #expect(row.multiplier == 1.0 / 3 && abs(row.constant + 20.0 / 3) < 1e-12 && row.priority == 760)
    }

    /// Priorities: compression resistance 749 gives 759, the default 760 (OBS), 995 is capped at 1000 (R-T-10);
    /// two views with one hidden: n = 1, multiplier 1 and no spacing term; every view hidden: width == 0.
    @Test func prioritiesAndVisibleCounts() {
        func rows(_ views: [ArrangedView]) -> [String] {
            ReferenceEngine.constraints(for: Scenario(stack: Stack(spacing: 10, arrangedSubviews: views)))
                .filter { $0.identifier == "UISV-text-width-disambiguation" }.map(\.consoleLine)
        }
        let label = ArrangedView.text("label", TextContent(characters: 5, numberOfLines: 0))
        #expect(rows([label.compressionResistance(749, for: .horizontal), .view("switch", width: 51, height: 31)])
                == ["'UISV-text-width-disambiguation' label.width == 0.5*stack.width - 5 priority:759"])
        #expect(rows([label.compressionResistance(995, for: .horizontal)])
                == ["'UISV-text-width-disambiguation' label.width == stack.width"])
        #expect(rows([label, ArrangedView.view("other", width: 5, height: 5).hidden()])
                == ["'UISV-text-width-disambiguation' label.width == stack.width priority:760"])
        #expect(rows([label.hidden()]) == ["'UISV-text-width-disambiguation' label.width == 0 priority:760"])
    }
}
