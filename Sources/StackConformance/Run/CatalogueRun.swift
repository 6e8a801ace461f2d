import Foundation
import PropertyCheck
import StackLayout

/// Runs the selected properties of the catalogue on an engine, on `jobs` engines at once (each property on one of
/// them), and gathers the report in catalogue order: results are identical for any number of jobs.
public enum CatalogueRun {
    /// Called after each property with its result, the number done and the total (for progress lines).
    public typealias Progress = @Sendable (PropertyResult, Int, Int) -> Void

    /// `engines` holds one engine per job (external engines are separate processes); at least one.
    ///
    /// Each job runs on a thread of its own (`JobThread`), never on Swift's cooperative pool: an external engine's
    /// requests block on its pipes, and a blocked pool thread (two of them on a 2-core machine) would stall every
    /// other task of the process, the interrupt handling included.
    public static func run(engines: [any LayoutEngine], options: RunOptions, started: String = "",
                           board: Board? = nil, progress: Progress? = nil) async -> ConformanceReport {
        let properties = options.selectedProperties
        let stopwatch = Stopwatch()
        let board = board ?? Board(count: properties.count)
        board.handOut(in: handoutOrder(properties))
        let jobs = engines.prefix(max(1, min(engines.count, properties.count)))
        let threads = jobs.indices.map { JobThread(name: "stackcheck job \($0 + 1)") }
        await withTaskGroup(of: Void.self) { group in
            for (engine, thread) in zip(jobs, threads) {
                let work: @Sendable () async -> Void = {
                    while let index = board.next() {
                        let property = properties[index]
                        let result: PropertyResult
                        if let stop = board.stop {
                            result = PropertyResult(notRun: property, message: stop.message)
                        } else {
                            result = await ConformanceRunner.check(property, on: engine, options: options)
                        }
                        guard let done = board.finish(index, result) else { continue }
                        progress?(result, done, properties.count)
                    }
                }
                if #available(macOS 15.0, iOS 18.0, *) {
                    group.addTask(executorPreference: thread.executor, operation: work)
                } else {
                    group.addTask(operation: work)
                }
            }
        }
        for thread in threads { thread.finish() }
        return board.report(engine: engines[0], options: options, started: started,
                            seconds: stopwatch.seconds)
    }

    /// About how many times a typical property's time a case of these properties costs (the rest: 1). Scheduling
    /// only: a run hands out the dearest first, so that its jobs finish together rather than one job running the
    /// dearest alone at the end. It decides when a property runs, never its result; a stale entry costs time only.
    static let relativeCost: [String: Int] = [
        // Each case lays out every nested stack alone.
        "nesting.behavesAsFittingSizeView": 4,
    ]

    /// The order a run starts its properties in: dearest first (`relativeCost`), ties in catalogue order.
    static func handoutOrder(_ properties: [ConformanceProperty]) -> [Int] {
        let cost = properties.map { relativeCost[$0.id] ?? 1 }
        return properties.indices.sorted { a, b in cost[a] != cost[b] ? cost[a] > cost[b] : a < b }
    }

    /// Hands out property indices and collects results; after an engine that cannot be restarted, or three
    /// properties in a row on which the engine answered no case (each TIMEOUT or CRASH with 0 cases), the remaining
    /// properties are NOTRUN (ENGINE-PROTOCOL.md, fault table). An engine that answers most requests and crashes on
    /// one class of input keeps the rest of its run: its crash is one failure of each property it touches.
    ///
    /// A lock, not an actor: the SIGINT/SIGTERM handler reads it synchronously from its own thread, without
    /// needing a thread of the cooperative pool (which may be busy) to run on.
    public final class Board: @unchecked Sendable {
        private let lock = NSLock()
        // Guarded by `lock`:
        private var results: [PropertyResult?]
        /// The property indices in the order they are handed out (catalogue order unless `handOut(in:)`).
        private var order: [Int]
        private var nextIndex = 0
        private var done = 0
        private var faultsInARow = 0
        private var stopped: RunStop?
        private var frozen = false

        /// A board for `count` properties, none finished.
        public init(count: Int) {
            results = Array(repeating: nil, count: count)
            order = Array(0..<count)
        }

        /// Hands the properties out in `order` (a permutation of their indices) from now on; results stay in
        /// catalogue order.
        func handOut(in order: [Int]) {
            lock.withLock {
                precondition(order.sorted() == Array(0..<results.count), "not a permutation of the properties")
                self.order = order
            }
        }

        /// The report so far: properties without a result are NOTRUN (an interrupted run still reports).
        public func report(engine: any LayoutEngine, options: RunOptions, started: String, seconds: Double) -> ConformanceReport {
            let properties = options.selectedProperties
            let (list, stopReason) = lock.withLock {
                (results.indices.map { i in
                    results[i] ?? PropertyResult(notRun: properties[i], message: stopped?.message ?? "not run")
                }, stopped)
            }
            var report = ConformanceReport(engineName: engine.name, engineVersion: engine.version, features: engine.features,
                                           seed: options.seed, casesPerProperty: options.cases, shard: options.shard,
                                           started: started, seconds: seconds, results: list)
            report.stop = stopReason
            report.builtIn = engine.capabilities.contains(.builtIn)
            report.unknownFeatures = engine.unknownFeatures
            return report
        }

        /// Why the run stopped early, once it has.
        public var stop: RunStop? { lock.withLock { stopped } }

        func next() -> Int? {
            lock.withLock {
                guard !frozen, nextIndex < results.count else { return nil }
                defer { nextIndex += 1 }
                return order[nextIndex]
            }
        }

        /// Records a result and returns the number done; nil once the board is frozen (the result is dropped).
        func finish(_ index: Int, _ result: PropertyResult) -> Int? {
            lock.withLock {
                guard !frozen else { return nil }
                results[index] = result
                done += 1
                if (result.status == .timeout || result.status == .crash) && result.failingCases == result.cases { faultsInARow += 1 }
                else if result.status != .notRun { faultsInARow = 0 }
                if stopped == nil && faultsInARow >= 3 {
                    stopped = RunStop(.engineUnresponsive,
                                      message: "not run: the engine answered no request of three properties in a row")
                }
                if stopped == nil && result.reason == .cannotStart {
                    stopped = RunStop(.engineUnavailable, message: "not run: the engine could not be restarted (\(result.message))")
                }
                return done
            }
        }

        /// Stops the run from outside (SIGINT, SIGTERM): the results recorded so far are final, every other property
        /// is NOTRUN with `reason`, and results that arrive later (a property cut off by the interruption) are dropped.
        public func stop(_ stop: RunStop) {
            lock.withLock {
                if stopped == nil { stopped = stop }
                frozen = true
            }
        }
    }
}
