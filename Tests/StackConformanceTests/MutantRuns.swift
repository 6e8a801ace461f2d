import Foundation
import StackConformance
import StackConformanceMutants

/// Each mutant's run against its designated property at the default options (`MutantCheck.run`, what `stackcheck
/// run --engine mutant:<id>` does), computed once and shared by the tests that read it (`MutantTests`: caught, and
/// shrunk small; `DiagnosisMutantTests`: the FAIL's diagnosis). A run depends on the seed, the property and the
/// engine alone, so one run answers both tests as two runs would; the first test to ask starts it.
enum MutantRuns {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var runs: [String: Task<PropertyResult, Never>] = [:]

    /// The run of `mutant` against `property` (its `killedBy` property) with `RunOptions()`.
    static func result(_ mutant: Mutant, _ property: ConformanceProperty) async -> PropertyResult {
        let run = lock.withLock {
            if let started = runs[mutant.id] { return started }
            let started = Task { await MutantCheck.run(mutant, property, options: RunOptions()) }
            runs[mutant.id] = started
            return started
        }
        return await run.value
    }
}
