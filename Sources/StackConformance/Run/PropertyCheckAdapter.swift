import PropertyCheck
import StackLayout

/// PropertyCheck as the runner uses it: a run's options as PropertyCheck's `Configuration`, and a property's cases
/// run from the engine's feature code (the context every replay token carries, so a token rebuilds its case only
/// for the features it was generated with).
enum PropertyCheckAdapter {
    /// The PropertyCheck configuration of a run's property: its seed, case count and shrinking bounds, the token
    /// to replay first, and at most 20 discarded cases per valid one before the health check fails.
    static func configuration(_ options: RunOptions) -> Configuration {
        var configuration = Configuration(seed: options.seed, cases: options.cases)
        configuration.maxShrinkCalls = options.maxShrinkCalls
        configuration.maxFailures = options.maxFailures
        configuration.maxShrinkCallsPerLaterFailure = options.maxShrinkCallsPerLaterFailure
        configuration.maxRepeatedFailures = options.maxRepeatedFailures
        configuration.shrinkTimeLimit = options.shrinkTimeLimit
        configuration.maxInvalidRatio = 20
        configuration.replay = options.replay
        return configuration
    }

    /// Runs `property`'s cases for `engine` under `options`.
    static func run<Value>(_ property: Property<Value>, on engine: any LayoutEngine,
                           options: RunOptions) async -> PropertyReport {
        await PropertyRunner.run(property, context: engine.features.code, configuration: configuration(options))
    }

    /// Whether shrinking the failure whose shrunk case is `token` stopped at its cap or time limit.
    static func cutShort(_ report: PropertyReport, _ token: ReplayToken) -> Bool {
        report.failures.first { $0.counterexample.token == token }?.counterexample.shrink.cutShort ?? false
    }
}
