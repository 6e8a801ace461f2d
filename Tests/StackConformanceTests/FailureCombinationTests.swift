import Testing
import StackLayout
@testable import StackConformance

/// Two bugs that show together on one case: the failure joins one of their causes and names the other
/// (`FailureCause.Member.alsoShows`), which the JSON report keeps and the text report says, instead of being a
/// third cause that mixes them.
///
/// The engine's layouts are UIKit's of scenarios rewritten by hand, one rewrite per bug (custom spacing ignored;
/// the cross axis inset by margins that are not relative), so what each case shows is known from its rewrites, not
/// from the model edits under test.
@Suite struct FailureCombinationTests {
    /// A horizontal stack of two views, leading-aligned, not margins-relative with 8 pt margins: custom spacing
    /// 12 after v0 when `custom`, and a third view when `third` (another shape, for a case of its own).
    static func scenario(custom: Bool, third: Bool = false) -> Scenario {
        var views: [ArrangedView] = [.view("v0", width: 20, height: 10), .view("v1", width: 30, height: 12)]
        if third { views.append(.view("v2", width: 5, height: 6)) }
        if custom { views[0].customSpacingAfter = .points(12) }
        return Scenario(stack: Stack(axis: .horizontal, alignment: .leading, spacing: .points(4),
                                     layoutMargins: DirectionalEdgeInsets(top: 8, leading: 8, bottom: 8, trailing: 8),
                                     arrangedSubviews: views))
    }

    /// The engine's bugs, applied to a scenario by hand.
    static func buggy(_ s: Scenario, ignoresCustomSpacing: Bool, insetsAcross: Bool) throws -> Layout {
        var edited = s
        if ignoresCustomSpacing {
            for i in edited.stack.arrangedSubviews.indices { edited.stack.arrangedSubviews[i].customSpacingAfter = .useDefault }
        }
        if insetsAcross {
            edited.stack.isLayoutMarginsRelativeArrangement = true
            edited.stack.layoutMargins.leading = 0
            edited.stack.layoutMargins.trailing = 0
        }
        return try ReferenceEngine().layout(edited)
    }

    /// A FAIL of `property` on `s` whose engine answered `layout`; the check measured `term`.
    static func failure(_ property: String, _ s: Scenario, _ layout: Layout, measuring term: Measurement.Term,
                        replay: String) throws -> PropertyResult {
        let reference = try ReferenceEngine().layout(s)
        let finding = try #require(CaseFinding.make(scenario: s, layout: layout, variants: [], measured: Measurement([term]),
                                                    reference: reference, tolerance: 1e-3))
        var record = PropertyFailureRecord(status: .fail, message: "m", signature: "s",
                                           counterexample: Counterexample(scenario: s, program: nil, actual: layout,
                                                                          reference: reference, replay: replay,
                                                                          shrinkCutShort: false))
        record.diagnosis = ReportedDiagnosis(finding)
        var r = PropertyResult(property: property, rules: [], level: .doc, status: .fail, reason: nil, cases: 1,
                               unsupported: 0, message: "", counterexample: nil, standardError: nil, seconds: 0,
                               expected: nil)
        r.failures = [record]
        return r
    }

    @Test func aCaseShowingTwoBugsJoinsOneCauseAndNamesTheOther() throws {
        let spacing = Self.scenario(custom: true)
        let margins = Self.scenario(custom: false)
        let both = Self.scenario(custom: true, third: true)
        let results = [
            try Self.failure("spacing.exactForFillDistributions", spacing,
                             try Self.buggy(spacing, ignoresCustomSpacing: true, insetsAcross: false),
                             measuring: .init(.view("v1"), .leading), replay: "pc2_spacing"),
            try Self.failure("alignment.leading", margins,
                             try Self.buggy(margins, ignoresCustomSpacing: false, insetsAcross: true),
                             measuring: .init(.view("v0"), .top), replay: "pc2_margins"),
            try Self.failure("agreement.matchesReference", both,
                             try Self.buggy(both, ignoresCustomSpacing: true, insetsAcross: true),
                             measuring: .init(.view("v1"), .leading), replay: "pc2_both"),
        ]
        let report = ConformanceReport(engineName: "two-bugs", engineVersion: "1", features: FeatureSet.all, seed: 0,
                                       casesPerProperty: 1, shard: (1, 1), started: "", seconds: 0, results: results)
        let described = report.causes.map { "[\($0.key)] \($0.members.map { "\($0.replay) \($0.alsoShows ?? "-")" })" }
        #expect(report.causes.count == 2, "\(described)")
        let spacingCause = try #require(report.causes.first { $0.members.contains { $0.replay == "pc2_spacing" } })
        let marginsCause = try #require(report.causes.first { $0.members.contains { $0.replay == "pc2_margins" } })
        #expect(spacingCause.editKey == "custom spacing ignored", "\(described)")
        #expect(marginsCause.editKey == "margins-relative across", "\(described)")
        // The case of both joins the cause whose members break its headline's role (the spacing after v0, as the
        // check measured v1's leading edge) and names the margins' edit.
        let joined = try #require(spacingCause.members.first { $0.replay == "pc2_both" }, "\(described)")
        #expect(joined.alsoShows == marginsCause.editKey)
        // The cause's lead case shows its bug alone.
        #expect(spacingCause.replay == "pc2_spacing")

        // The JSON report keeps it; the text report says which other cause the case shows.
        let read = try ConformanceReport(json: JSONReport.value(report).prettyText)
        #expect(read.causes.flatMap(\.members).first { $0.replay == "pc2_both" }?.alsoShows == marginsCause.editKey)
        let text = TextReport.render(report)
        let j = try #require(report.causes.firstIndex { $0.editKey == marginsCause.editKey })
        #expect(text.contains("1 of its 2 minimal cases shows cause \(j + 1) as well"), "\(text)")
        #expect(HTMLReport.render(report).contains("1 of its 2 minimal cases shows cause \(j + 1) as well"))
    }
}
