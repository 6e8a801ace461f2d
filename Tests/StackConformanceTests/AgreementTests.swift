import Testing
import PropertyCheck
import StackConformance
import StackLayout

/// Issue 4, item 5: on every scenario inside the direct engine's features, the direct and reference engines give the
/// same frames (1e-6 points; with a scale, exactly). Disagreements shrink to a minimal scenario.
@Suite struct AgreementTests {
    static var cases: Int {
        if let n = Configuration.environment("STACKCHECK_CASES").flatMap({ Int($0) }) { return n }
        return 400
    }

    @Test func directAgreesWithReference() async {
        let direct = DirectEngine(), reference = ReferenceEngine()
        let generator = ScenarioGenerator(features: direct.features)
        var config = Configuration(seed: 0, cases: Self.cases)
        config.maxShrinkCalls = 1500
        if case .success(let env) = Configuration.fromEnvironment() { config.seed = env.seed; config.replay = env.replay }
        let property = Property("agreement.directMatchesReference", generator.scenario,
                                describe: { $0.jsonString(pretty: false) }) { scenario, tc in
            let ours: Layout
            do { ours = try direct.layout(scenario) } catch {
                tc.label("direct unsupported: \(String(describing: error).split(separator: ":").dropFirst().first ?? "")")
                return
            }
            let theirs: Layout
            do { theirs = try reference.layout(scenario) } catch {
                throw PropertyFailure("reference failed: \(error)")
            }
            guard !theirs.diagnostics.contains(where: { $0.hasPrefix("broken:") }) else { tc.label("reference: broken"); return }
            let tolerance = scenario.scale == nil ? 1e-6 : 0
            let differences = LayoutComparison.differences(actual: ours, expected: theirs, tolerance: tolerance)
            try require(differences.isEmpty, "direct differs from reference: " + differences.prefix(6).joined(separator: "; "))
            tc.label("compared")
        }
        let report = await checkProperty(property, context: direct.features.description, configuration: config, useDatabase: false)
        print(report.labels.map { "\($0.label): \($0.count)" }.joined(separator: ", "))
    }
}
