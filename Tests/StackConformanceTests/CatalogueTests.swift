import Testing
import PropertyCheck
import StackConformance
import StackLayout
import TestSupport

/// One test per property of the catalogue for each built-in engine. The case count defaults to
/// `CatalogueTests.defaultCases`, small enough for a debug `swift test`; STACKCHECK_CASES raises it and
/// STACKCHECK_SEED changes the seed. The regressions in Fixtures/regressions are replayed first.
@Suite struct CatalogueTests {
    /// Debug builds run the solver unoptimised: a few cases per property keep `swift test` quick; a release build
    /// (`swift test -c release`) runs the command line's default.
    #if DEBUG
    static let defaultCases = 12
    #else
    static let defaultCases = 200
    #endif

    static var options: RunOptions {
        var o = RunOptions(cases: Configuration.environment("STACKCHECK_CASES").flatMap { Int($0) } ?? defaultCases)
        if let s = Configuration.environment("STACKCHECK_SEED"), let seed = Seed.parse(s) { o.seed = seed }
        o.regressions = RepositoryPaths.regressions()
        return o
    }

    static let ids = Catalogue.all.map(\.id)

    @Test("reference engine", arguments: ids)
    func reference(_ id: String) async {
        await run(id, on: ReferenceEngine())
    }

    @Test("direct engine", arguments: ids)
    func direct(_ id: String) async {
        await run(id, on: DirectEngine())
    }

    func run(_ id: String, on engine: any LayoutEngine) async {
        guard let property = Catalogue.property(id) else { Issue.record("no property \(id)"); return }
        let result = await ConformanceRunner.check(property, on: engine, options: Self.options)
        let acceptable: Set<ResultStatus> = [.pass, .skip]
        #expect(acceptable.contains(result.status), "\(id) on \(engine.name): \(result.status.rawValue) \(result.reason?.rawValue ?? "")\n\(result.message)\n\(result.counterexample?.scenario?.jsonString(pretty: false) ?? "")")
        if result.status == .skip {
            // A SKIP is acceptable only for a missing feature or the agreement property on the reference itself.
            #expect(result.reason == .features || result.reason == .reference, "\(id) on \(engine.name) skipped: \(result.message)")
        }
    }
}

/// A property whose shape allows only some distributions or alignments is a SKIP for the features when the engine
/// has none of them (a SKIP the default expectation accepts), not a SKIP for an empty domain.
@Suite struct ShapeFeatureTests {
    /// The reference engine, declaring fewer features.
    struct Restricted: LayoutEngine {
        let features: FeatureSet
        var engineDescription: EngineDescription { EngineDescription(name: "restricted", version: "1", features: features) }
        func layout(_ scenario: Scenario) throws(LayoutError) -> Layout { try ReferenceEngine().layout(scenario) }
    }

    @Test func aShapeWithNoneOfTheEnginesDistributionsSkipsForTheFeatures() async throws {
        let property = try #require(Catalogue.property("spacing.minimumForEqualDistributions"))
        let without = await ConformanceRunner.check(property, on: Restricted(features: [.fill, .alignFill, .leading]),
                                                    options: RunOptions(cases: 10))
        #expect(without.status == .skip && without.reason == .features, "\(without.message)")
        #expect(Expectations().matches(without, builtIn: false))
        // With one of the two distributions the property runs.
        let with = await ConformanceRunner.check(property, on: Restricted(features: [.fill, .equalSpacing, .alignFill, .leading]),
                                                 options: RunOptions(cases: 10))
        #expect(with.status == .pass, "\(with.message)")
    }
}
