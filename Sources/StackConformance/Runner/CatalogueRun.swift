import PropertyCheck
import StackLayout

/// Runs the selected properties of the catalogue on an engine, on `jobs` engines at once (each property on one of
/// them), and gathers the report in catalogue order: results are identical for any number of jobs.
public enum CatalogueRun {
    /// Called after each property with its result, the number done and the total (for progress lines).
    public typealias Progress = @Sendable (PropertyResult, Int, Int) -> Void

    /// `engines` holds one engine per job (external engines are separate processes); at least one.
    public static func run(engines: [any LayoutEngine], options: RunOptions, started: String = "",
                           progress: Progress? = nil) async -> ConformanceReport {
        let properties = options.selectedProperties
        let start = ContinuousClock.now
        let board = Board(count: properties.count)
        await withTaskGroup(of: Void.self) { group in
            for engine in engines.prefix(max(1, min(engines.count, properties.count))) {
                group.addTask {
                    while let index = await board.next() {
                        let property = properties[index]
                        let result: PropertyResult
                        if let reason = await board.stopReason {
                            result = ConformanceRunner.blank(property, .notRun, reason)
                        } else {
                            result = await ConformanceRunner.check(property, on: engine, options: options)
                        }
                        let done = await board.finish(index, result)
                        progress?(result, done, properties.count)
                    }
                }
            }
        }
        let engine = engines[0]
        var report = ConformanceReport(engineName: engine.name, engineVersion: engine.version, features: engine.features,
                                       seed: options.seed, casesPerProperty: options.cases, shard: options.shard,
                                       started: started, seconds: (ContinuousClock.now - start).secondsValue,
                                       results: await board.results.map { $0! })
        report.stopReason = await board.stopReason
        return report
    }

    /// Hands out property indices and collects results; after three TIMEOUT or CRASH results in a row, or an
    /// engine that cannot be restarted, the remaining properties are NOTRUN (ENGINE-PROTOCOL.md, fault table).
    actor Board {
        var results: [PropertyResult?]
        var nextIndex = 0
        var done = 0
        var faultsInARow = 0
        var stopReason: String?

        init(count: Int) { results = Array(repeating: nil, count: count) }

        func next() -> Int? {
            guard nextIndex < results.count else { return nil }
            defer { nextIndex += 1 }
            return nextIndex
        }

        func finish(_ index: Int, _ result: PropertyResult) -> Int {
            results[index] = result
            done += 1
            if result.status == .timeout || result.status == .crash { faultsInARow += 1 }
            else if result.status != .notRun { faultsInARow = 0 }
            if stopReason == nil && faultsInARow >= 3 {
                stopReason = "not run: the engine timed out or crashed on three properties in a row"
            }
            if stopReason == nil && result.reason == "cannotStart" {
                stopReason = "not run: the engine could not be restarted (\(result.message))"
            }
            return done
        }

        /// Stops the run from outside (SIGINT, SIGTERM): every property not yet started is NOTRUN.
        func stop(_ reason: String) { if stopReason == nil { stopReason = reason } }
    }
}
