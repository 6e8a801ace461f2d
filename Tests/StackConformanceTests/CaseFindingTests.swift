import Testing
import PropertyCheck
import StackLayout
@testable import StackConformance

/// A failing case's finding (`CaseFinding`): the headline is the broken constraint that ties what the check
/// measured, and its residual is read in the scenario's terms. The engines here are frames written by hand from
/// UIKit's layout, with one or two known errors, so the expected headline and explanation come from the errors put
/// in, not from the code under test.
@Suite struct CaseFindingTests {
    /// A horizontal stack of two views at `widths`, not margins-relative, with `margins` on every side and `spacing`.
    static func scenario(spacing: Double, margins: Double, widths: (Double, Double) = (20, 30)) -> Scenario {
        Scenario(stack: Stack(axis: .horizontal, alignment: .leading, spacing: .points(spacing),
                              layoutMargins: DirectionalEdgeInsets(top: margins, leading: margins, bottom: margins,
                                                                   trailing: margins),
                              arrangedSubviews: [.view("v0", width: widths.0, height: 10),
                                                 .view("v1", width: widths.1, height: 12)]))
    }

    /// UIKit's layout with every view moved by `dx` along the axis and `dy` across it.
    static func shifted(_ s: Scenario, dx: Double, dy: Double) throws -> Layout {
        let reference = try ReferenceEngine().layout(s)
        let frames = zip(reference.frameIDs, reference.frameValues).map { id, f in
            (id: id, frame: Frame(x: f.x + dx, y: f.y + dy, width: f.width, height: f.height))
        }
        return Layout(size: reference.size, frames: frames)
    }

    static func finding(_ s: Scenario, _ layout: Layout, measuring term: Measurement.Term?) throws -> CaseFinding {
        try #require(CaseFinding.make(scenario: s, layout: layout, variants: [], measured: term.map { Measurement([$0]) },
                                      reference: try ReferenceEngine().layout(s), tolerance: 1e-3))
    }

    /// Views one spacing in along the axis and a margin down across it: the cross-axis residual is the larger, yet
    /// a check that measured v0's leading edge headlines the leading canvas connection, explained by the spacing.
    @Test func theHeadlineIsAboutWhatTheCheckMeasured() throws {
        let s = Self.scenario(spacing: 3, margins: 16)
        let layout = try Self.shifted(s, dx: 3, dy: 16)
        let unmeasured = try Self.finding(s, layout, measuring: nil)
        #expect(unmeasured.headline?.basis == .largestExcess)
        let measured = try Self.finding(s, layout, measuring: Measurement.Term(.view("v0"), .leading))
        #expect(measured.headline?.basis == .measured)
        let c = try #require(measured.headlineConstraint)
        #expect(c.constraint.identifier == "UISV-canvas-connection")
        #expect([c.constraint.firstAttribute, c.constraint.secondAttribute] == [.leading, .leading])
        #expect(measured.explanation?.keys.first == "−spacing", "\(measured.summary)")
        #expect(measured.identity?.role == "canvas.along.start == view.along.start")
        // Across the axis, the same layout is read as the top margin of a stack that is not margins-relative.
        let across = try Self.finding(s, layout, measuring: Measurement.Term(.view("v0"), .top))
        #expect(across.explanation?.keys.first == "−margin across.start", "\(across.summary)")
        #expect(across.summary.contains("the stack is not margins-relative"))
    }

    /// For any spacing and margins that differ, a layout moved by the spacing along the axis is explained by the
    /// spacing (among the quantities it equals: 18 is also 9 + 9 of margins, which a cause's other cases tell
    /// apart), and one moved by the top margin across it by that margin, first; a move by neither is unexplained.
    @Test func aResidualIsReadAsTheQuantityThatMadeIt() async throws {
        let gen = Gens.zip(Gens.int(1...40), Gens.int(1...40), Gens.int(1...40))
        let report = await checkProperty("finding.explainsItsResidual", gen) { values, _ in
            let (spacing, margins, other) = (Double(values.0), Double(values.1), Double(values.2))
            guard spacing != margins, other != spacing, other != margins, other * 2 != spacing else { throw StopTest.invalid }
            // Lengths that equal none of the quantities tried.
            let s = Self.scenario(spacing: spacing, margins: margins, widths: (101, 103))
            let along = try Self.finding(s, try Self.shifted(s, dx: spacing, dy: 0), measuring: .init(.view("v0"), .leading))
            try require(along.explanation?.keys.contains("−spacing") == true, "along: \(along.summary)")
            let across = try Self.finding(s, try Self.shifted(s, dx: 0, dy: margins), measuring: .init(.view("v0"), .top))
            try require(across.explanation?.keys.first == "−margin across.start", "across: \(across.summary)")
            let neither = try Self.finding(s, try Self.shifted(s, dx: other + 0.37, dy: 0), measuring: .init(.view("v0"), .leading))
            try require(neither.explanation?.keys == ["−unexplained"], "neither: \(neither.summary)")
        }
        #expect(report.status == .passed, "\(report.counterexample?.message ?? "")")
    }

    /// An overflow applied with the wrong sign (the last view grown by it instead of a view shrunk) leaves the last
    /// view's trailing edge twice the overflow past the canvas. The overflow is R-D-5's for equalSpacing: every gap
    /// is the largest spacing, custom spacing included, so a stack with one custom gap overflows by more than its
    /// spacings' sum says.
    @Test func anOverflowWithTheWrongSignIsReadAsTwiceTheOverflow() async throws {
        let gen = Gens.zip(Gens.int(1...30), Gens.int(1...30), Gens.int(0...6), Gens.int(7...12), Gens.bool)
        let report = await checkProperty("finding.twiceTheOverflow", gen) { values, _ in
            let (w0, w1, spacing, custom, equalSpacing) = (Double(values.0), Double(values.1), Double(values.2),
                                                           Double(values.3), values.4)
            let gaps = equalSpacing ? 2 * custom : custom + spacing
            let overflow = 1 + Double(values.0 % 5)
            let canvas = w0 + w1 + 50 + gaps - overflow
            var views: [ArrangedView] = [.view("v0", width: w0, height: 10), .view("v1", width: w1, height: 10),
                                         .view("v2", width: 50, height: 10)]
            views[0].customSpacingAfter = .points(custom)
            let s = Scenario(container: Container(width: canvas),
                             stack: Stack(axis: .horizontal, distribution: equalSpacing ? .equalSpacing : .fill,
                                          alignment: .leading, spacing: .points(spacing), arrangedSubviews: views))
            let reference = try ReferenceEngine().layout(s)
            let frames = zip(reference.frameIDs, reference.frameValues).map { id, f in
                (id: id, frame: id == "v2" ? Frame(x: f.x, y: f.y, width: f.width + 2 * overflow, height: f.height) : f)
            }
            let finding = try Self.finding(s, Layout(size: reference.size, frames: frames), measuring: .init(.view("v2"), .trailing))
            try require(finding.explanation?.keys.contains("+2·overflow") == true, "\(finding.summary)")
        }
        #expect(report.status == .passed, "\(report.counterexample?.message ?? "")")
    }

    /// Two failures that break the same role the same way are one cause whatever their stacks' axes, and a model
    /// edit that reproduces both names it.
    @Test func oneBugInAHorizontalAndAVerticalStackIsOneCause() throws {
        func failure(_ axis: Axis) throws -> PropertyFailureRecord {
            var s = Self.scenario(spacing: 0, margins: 8)
            s.stack.axis = axis
            // The cross axis inset by the margins, as if margins-relative there.
            var edited = s
            edited.stack.isLayoutMarginsRelativeArrangement = true
            if axis == .horizontal { edited.stack.layoutMargins.leading = 0; edited.stack.layoutMargins.trailing = 0 }
            else { edited.stack.layoutMargins.top = 0; edited.stack.layoutMargins.bottom = 0 }
            let layout = try ReferenceEngine().layout(edited)
            let reference = try ReferenceEngine().layout(s)
            let term = Measurement.Term(.view("v0"), axis == .horizontal ? .top : .leading)
            let finding = try #require(CaseFinding.make(scenario: s, layout: layout, variants: [], measured: Measurement([term]),
                                                        reference: reference, tolerance: 1e-3))
            var record = PropertyFailureRecord(status: .fail, message: "m", signature: "s",
                                               counterexample: Counterexample(scenario: s, program: nil, actual: layout,
                                                                              reference: reference, replay: "pc2_\(axis)",
                                                                              shrinkCutShort: false))
            record.diagnosis = ReportedDiagnosis(finding)
            return record
        }
        var h = PropertyResult(property: "alignment.leading", rules: [], level: .doc, status: .fail, reason: nil, cases: 1,
                               unsupported: 0, message: "", counterexample: nil, standardError: nil, seconds: 0, expected: nil)
        h.failures = [try failure(.horizontal)]
        var v = h
        v.property = "alignment.fill"
        v.failures = [try failure(.vertical)]
        #expect(h.failures[0].diagnosis?.identity == v.failures[0].diagnosis?.identity)
        let causes = FailureCauses.group([h, v])
        #expect(causes.count == 1)
        #expect(causes.first?.members.count == 2)
        #expect(causes.first?.editKey == "margins-relative across")
    }

    /// An engine with two bugs at once in a vertical fillEqually stack: it floors each view's height and closes up
    /// the views after it, and it also sets every view one spacing down. A check that measured v0's height found a
    /// floored length: whatever the spacing and the fractional heights, that error is rounding (the shift does not
    /// change a length), and the headline is not the top canvas connection, which v0 breaks by moving at both ends.
    @Test func aFlooredLengthIsRoundingWhereverTheViewsWereMoved() async throws {
        let gen = Gens.zip(Gens.int(1...20), Gens.int(1...400), Gens.int(1...400))
        let report = await checkProperty("finding.flooredLengthIsRounding", gen) { values, _ in
            let spacing = Double(values.0)
            // Quarter points that are never whole: UIKit's fillEqually share is then fractional as well.
            let heights = (Double(values.1) + 0.25, Double(values.2) + 0.75)
            let s = Scenario(stack: Stack(axis: .vertical, distribution: .fillEqually, spacing: .points(spacing),
                                          arrangedSubviews: [.view("v0", width: 10, height: heights.0),
                                                             .view("v1", width: 10, height: heights.1)]))
            let reference = try ReferenceEngine().layout(s)
            var frames: [(id: String, frame: Frame)] = []
            var y = spacing
            for (id, f) in zip(reference.frameIDs, reference.frameValues) {
                frames.append((id, Frame(x: f.x, y: y, width: f.width, height: f.height.rounded(.down))))
                y += f.height.rounded(.down) + spacing
            }
            let layout = Layout(size: reference.size, frames: frames)
            let v0 = try #require(reference.frame(of: "v0"))
            let measured = Measurement([.init(.view("v0"), .height)], actual: v0.height.rounded(.down), expected: v0.height)
            let key = CaseFailure.measuredKey(measured, s, reference: reference, engine: layout)
            try require(key.hasSuffix(" " + ResidualExplanation.roundingKey), "measured: \(key)")
            let finding = try #require(CaseFinding.make(scenario: s, layout: layout, variants: [], measured: measured,
                                                        reference: reference, tolerance: 1e-3))
            let c = try #require(finding.headlineConstraint).constraint
            try require(!(c.firstAttribute == .top && c.secondAttribute == .top), "headline: \(finding.summary)")
        }
        #expect(report.status == .passed, "\(report.counterexample?.message ?? "")")
    }

    /// A failure's identity under every quantity its measured error equals: views moved by 3, where the spacing
    /// and the margins are both 3, are one failure whether a later case reads the 3 as the spacing or as a margin
    /// (PropertyCheck asks `failureAliases` before it calls a case a new failure).
    @Test func aFailureIsKnownUnderEveryQuantityItsErrorEquals() throws {
        let s = Self.scenario(spacing: 3, margins: 3)
        let reference = try ReferenceEngine().layout(s)
        let layout = try Self.shifted(s, dx: 3, dy: 0)
        let v0 = try #require(reference.frame(of: "v0"))
        let measured = Measurement([.init(.view("v0"), .leading)], actual: v0.x + 3, expected: v0.x)
        let failure = CaseFailure(check: PropertyFailure("m", origin: "here"), measured: measured, layout: layout,
                                  variants: [], scenario: s, reference: reference, tolerance: 1e-3)
        let names = [failure.failureIdentity] + failure.failureAliases
        #expect(names.contains("FAIL here view.along.start +spacing"), "\(names)")
        #expect(names.contains("FAIL here view.along.start +margin along.start"), "\(names)")
        #expect(Set(names).count == names.count, "\(names)")
    }
}
