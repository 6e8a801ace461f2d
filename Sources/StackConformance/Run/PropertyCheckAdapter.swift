import PropertyCheck
import StackLayout

/// PropertyCheck as the runner uses it: a run's options as PropertyCheck's `Configuration`, and a property's cases
/// run from the engine's feature code (the context every replay token carries, so a token rebuilds its case only
/// for the features it was generated with).
enum PropertyCheckAdapter {
    /// The PropertyCheck configuration of a run's property: its seed, case count and shrinking bounds, the token
    /// to replay first, and at most 20 discarded cases per valid one before the health check fails.
    /// With a property's `faults`: the requests its cases send are the cost a CRASH's or TIMEOUT's shrink budget
    /// counts, by PropertyCheck's phase, and its restart budget stops its cases.
    static func configuration(_ options: RunOptions, faults: FaultBudget? = nil) -> Configuration {
        var configuration = Configuration(seed: options.seed, cases: options.cases)
        if let faults {
            configuration.cost = { faults.requestCount }
            configuration.budgetReached = { faults.reached?.rawValue }
            configuration.onPhase = { faults.enter(.run($0)) }
        }
        configuration.maxShrinkCalls = options.maxShrinkCalls
        configuration.maxFailures = options.maxFailures
        configuration.maxShrinkCallsPerLaterFailure = options.maxShrinkCallsPerLaterFailure
        configuration.maxRepeatedFailures = options.maxRepeatedFailures
        configuration.shrinkTimeLimit = options.shrinkTimeLimit
        configuration.maxInvalidRatio = 20
        configuration.replay = options.replay
        return configuration
    }

    /// Runs `property`'s cases for `engine` under `options` (and the property's `faults` budgets).
    static func run<Value>(_ property: Property<Value>, on engine: any LayoutEngine, options: RunOptions,
                           faults: FaultBudget? = nil) async -> PropertyReport {
        await PropertyRunner.run(property, context: engine.features.code,
                                 configuration: configuration(options, faults: faults))
    }

    /// Why shrinking the failure whose shrunk case is `token` stopped short of a fixed point, as the report names
    /// it (`FaultBudget.reason(of:)`); nil when it reached one.
    static func shrinkStop(_ report: PropertyReport, _ token: ReplayToken) -> StopReason? {
        report.failures.first { $0.counterexample.token == token }?.counterexample.shrink.stop.map(FaultBudget.reason(of:))
    }

    /// The budget a property's run reached: the restart budget when it stopped the cases, else the shrink budget
    /// when it stopped shrinking a failure; nil when neither did.
    static func budgetReached(_ report: PropertyReport) -> StopReason? {
        if let budget = report.budgetReached { return StopReason(rawValue: budget) }
        let stops = report.failures.compactMap(\.counterexample.shrink.stop)
        if stops.contains(.budget) { return .restartBudget }
        return stops.contains(.costLimit) ? .shrinkBudget : nil
    }

    /// Whether shrinking the failure whose shrunk case is `token` stopped at its cap or time limit.
    static func cutShort(_ report: PropertyReport, _ token: ReplayToken) -> Bool {
        report.failures.first { $0.counterexample.token == token }?.counterexample.shrink.cutShort ?? false
    }
}
