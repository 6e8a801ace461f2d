import PropertyCheck
import StackLayout

/// Runs the selected properties of the catalogue on an engine, on `jobs` engines at once (each property on one of
/// them), and gathers the report in catalogue order: results are identical for any number of jobs.
public enum CatalogueRun {
    /// Called after each property with its result, the number done and the total (for progress lines).
    public typealias Progress = @Sendable (PropertyResult, Int, Int) -> Void

    /// `engines` holds one engine per job (external engines are separate processes); at least one.
    public static func run(engines: [any LayoutEngine], options: RunOptions, started: String = "",
                           board: Board? = nil, progress: Progress? = nil) async -> ConformanceReport {
        let properties = options.selectedProperties
        let start = ContinuousClock.now
        let board = board ?? Board(count: properties.count)
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
        return await board.report(engine: engines[0], options: options, started: started,
                                  seconds: (ContinuousClock.now - start).secondsValue)
    }

    /// Hands out property indices and collects results; after three TIMEOUT or CRASH results in a row, or an
    /// engine that cannot be restarted, the remaining properties are NOTRUN (ENGINE-PROTOCOL.md, fault table).
    public actor Board {
        var results: [PropertyResult?]
        var nextIndex = 0
        var done = 0
        var faultsInARow = 0
        var stopReason: String?

        public init(count: Int) { results = Array(repeating: nil, count: count) }

        /// The report so far: properties without a result are NOTRUN (an interrupted run still reports).
        public func report(engine: any LayoutEngine, options: RunOptions, started: String, seconds: Double) -> ConformanceReport {
            let properties = options.selectedProperties
            let list = results.indices.map { i in
                results[i] ?? ConformanceRunner.blank(properties[i], .notRun, stopReason ?? "not run")
            }
            var report = ConformanceReport(engineName: engine.name, engineVersion: engine.version, features: engine.features,
                                           seed: options.seed, casesPerProperty: options.cases, shard: options.shard,
                                           started: started, seconds: seconds, results: list)
            report.stopReason = stopReason
            if let external = engine as? any EngineWithUnknownFeatures { report.unknownFeatures = external.unknownFeatures }
            return report
        }

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
        public func stop(_ reason: String) { if stopReason == nil { stopReason = reason } }
    }
}

/// An engine that declared feature names this suite does not know (listed as a warning in the report).
public protocol EngineWithUnknownFeatures: LayoutEngine {
    var unknownFeatures: [String] { get }
}
