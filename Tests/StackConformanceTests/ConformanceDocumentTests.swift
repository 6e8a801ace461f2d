import Foundation
import Testing
import StackConformance
import StackLayout

/// CONFORMANCE.md is generated from the code; this test fails when the committed file is stale.
@Suite struct ConformanceDocumentTests {
    @Test func conformanceFileIsCurrent() throws {
        let fixtures = try GoldenFixtureCheck.load(directory: RepositoryPaths.golden)
        // The statuses CatalogueTests asserts; the command writes those of a real run, so a failing run makes the
        // file differ from this expectation and this test fail.
        let expected = ConformanceDocument.generate(fixtures: fixtures, engines: BuiltInEngines.all,
                                                    statuses: BuiltInEngines.all.map(ConformanceDocument.expectedStatuses))
        let path = RepositoryPaths.root + "/CONFORMANCE.md"
        let actual = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        #expect(actual == expected, "CONFORMANCE.md is stale; rewrite it with: \(ConformanceDocument.rewriteCommand)")
    }

    /// Every rule id of the spec is in the catalogue (when the spec is beside the checkout, as in CI).
    @Test func everySpecRuleIsCatalogued() throws {
        let spec = RepositoryPaths.root + "/../shared/spec/UISTACKVIEW.md"
        guard let text = try? String(contentsOfFile: spec, encoding: .utf8) else { return }
        let pattern = try Regex(#"R-[A-Z]+-[0-9]+"#)
        let ids = Set(text.matches(of: pattern).map { String(text[$0.range]) })
        let ours = Set(Rules.all.map(\.id))
        #expect(ids == ours, "missing: \(ids.subtracting(ours).sorted()), extra: \(ours.subtracting(ids).sorted())")
    }

    @Test func everyFixtureCitesKnownRules() throws {
        let known = Set(Rules.all.map(\.id))
        for entry in try GoldenFixtureCheck.load(directory: RepositoryPaths.golden) {
            for rule in entry.fixture.rules { #expect(known.contains(rule), "\(entry.name) cites unknown \(rule)") }
        }
    }
}
