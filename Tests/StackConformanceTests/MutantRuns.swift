import Foundation
import StackConformance
import StackConformanceMutants

/// Each mutant's run against its designated property at the default seed, case count and shrink budget
/// (`MutantCheck.run`, what `stackcheck run --engine mutant:<id>` does), computed once and shared by the tests that
/// read it (`MutantTests`: caught, and shrunk small; `DiagnosisMutantTests`: the FAIL's diagnosis). A run depends on
/// the seed, the property and the engine alone, so one run answers both tests as two runs would; the first test to
/// ask starts it.
///
/// The run stops at its first failure (`maxFailures = 1`): both tests read the lead failure alone (its status and
/// its shrunk counterexample), and the lead is found and shrunk before any further failure is looked for, so it is
/// the default run's lead, case for case and token for token (every mutant's replay token compared both ways). The
/// default's search for up to three further distinct failures went on through the 200 cases and shrank each it
/// found: five sixths of these runs' time, for failures no test here reads.
enum MutantRuns {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var runs: [String: Task<PropertyResult, Never>] = [:]

    /// The run of `mutant` against `property` (its `killedBy` property) with `RunOptions()`, stopped at its first
    /// failure.
    static func result(_ mutant: Mutant, _ property: ConformanceProperty) async -> PropertyResult {
        let run = lock.withLock {
            if let started = runs[mutant.id] { return started }
            var options = RunOptions()
            options.maxFailures = 1
            let started = Task { await MutantCheck.run(mutant, property, options: options) }
            runs[mutant.id] = started
            return started
        }
        return await run.value
    }
}
