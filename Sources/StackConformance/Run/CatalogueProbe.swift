import PropertyCheck
import StackLayout

/// The layout properties' cases on the reference engine, evaluated one after another on the calling thread, without
/// the async runner: what a catalogue run pays per case (generation, the reference solves, the §4 domain check, each
/// property's variants), where callgrind can count it (valgrind does not run the concurrency runtime). Each property
/// draws from its own stream, as in a run; shrinking and the view-tree properties are left out. For
/// `stackcheck-bench --catalogue-probe`.
package enum CatalogueProbe {
    /// Draws `cases` scenarios for every selected layout property (all when `selectors` is empty) and evaluates
    /// each; returns how many were valid, discarded and failed (a failure here is a bug: the run reports it).
    package static func run(cases: Int, selectors: [String] = []) -> (valid: Int, discarded: Int, failed: Int) {
        var valid = 0, discarded = 0, failed = 0
        let engine = ReferenceEngine()
        let evaluator = Evaluator(engine: engine, isReference: true, tolerance: .standard, builtIn: true)
        for property in Catalogue.select(selectors) {
            guard case .layout(let check) = property.body else { continue }
            let generator = check.generator(for: engine.features)
            var random = Xoshiro256StarStar(seed: Seed.derive(0, property: property.id, context: "probe"))
            for _ in 0..<cases {
                let tc = TestCase.fresh(Xoshiro256StarStar(seed: random.next()))
                do {
                    try evaluator.evaluate(check, try generator.run(tc), tc)
                    valid += 1
                } catch is StopTest {
                    discarded += 1
                } catch {
                    failed += 1
                }
            }
        }
        return (valid, discarded, failed)
    }
}
