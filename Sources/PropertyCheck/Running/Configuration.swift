#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// How a property runs. Defaults: seed 0, 200 cases (`swift test` and the command line alike).
public struct Configuration: Sendable {
    /// The seed that fixes every case of the run (`EnvironmentOverrides.seed` overrides it).
    public var seed: UInt64 = 0
    /// Valid cases to run (`EnvironmentOverrides.cases` overrides it); rejected cases do not count.
    public var cases: Int = 200
    /// A cap on shrink calls: it keeps results deterministic.
    public var maxShrinkCalls: Int = 10_000
    /// How many distinct failures (`IdentifiedFailure`) a run reports. With 1, the run stops at its first failure;
    /// with more, it goes on through its cases and shrinks each failure with a new identity too.
    public var maxFailures: Int = 1
    /// A cap on shrink calls for each failure after the first (the first has `maxShrinkCalls`).
    public var maxShrinkCallsPerLaterFailure: Int = 500
    /// With `maxFailures` above 1: stop generating once this many valid cases in a row have failed again with
    /// failures already found (a system that fails every case has nothing more to show); nil never stops early.
    public var maxRepeatedFailures: Int? = nil
    /// A wall-clock safety stop for shrinking (off by default); a result it cuts short is marked so.
    public var shrinkTimeLimit: Duration? = nil
    /// What the property's calls have cost so far, as the caller counts it (requests sent to a remote system, say),
    /// read before each shrink call: a failure's `IdentifiedFailure.shrinkCostLimit` bounds the cost of shrinking
    /// it. Nil: each call costs 1, so the limit counts calls.
    public var cost: (@Sendable () -> Int)? = nil
    /// A caller's budget for the whole run of the property (restarts of the system under test, say), read before
    /// each case and each shrink call: once it returns a name, no further case runs and a shrink in progress keeps
    /// its best case so far (`ShrinkStop.budget`); the failures found are reported as usual, and the report's
    /// `budgetReached` is that name. Nil: no such budget.
    public var budgetReached: (@Sendable () -> String?)? = nil
    /// Told what the run does next, each time that changes (`RunPhase`): a caller that counts what its calls cost
    /// (requests to a remote system) can tell generation from shrinking and replays. Nil: not told.
    public var onPhase: (@Sendable (RunPhase) -> Void)? = nil
    /// Reject-heavy generators: the run fails its health check when invalid cases outnumber valid ones this much.
    public var maxInvalidRatio: Int = 10
    /// A token to replay first (`EnvironmentOverrides.replay` sets it).
    public var replay: ReplayToken? = nil
    /// The local example database (`swift test` only): the last failure is retried first next time.
    public var database: ExampleDatabase? = nil
    /// The environment variables that override this configuration, set by `fromEnvironment(_:base:environment:)`:
    /// a failure message tells to set them to repeat the run. Nil: the message gives the seed and the token alone.
    public var overrides: EnvironmentOverrides? = nil

    /// A configuration with the given seed and case count and every other setting at its default.
    public init(seed: UInt64 = 0, cases: Int = 200) {
        self.seed = seed
        self.cases = cases
    }

    /// `base` overridden by those of the variables named by `overrides` that are set (an empty value counts as unset)
    /// in `environment`, and naming them for failure messages. A value that cannot be read is reported, not ignored.
    public static func fromEnvironment(_ overrides: EnvironmentOverrides, base: Configuration = Configuration(),
                                       environment: [String: String] = ProcessInfo.processInfo.environment)
        -> Result<Configuration, ReplayToken.Invalid> {
        var c = base
        c.overrides = overrides
        let value = { (name: String) -> String? in environment[name].flatMap { $0.isEmpty ? nil : $0 } }
        if let s = value(overrides.seed) {
            guard let seed = Seed.parse(s) else { return .failure(.init(reason: "\(overrides.seed)=\(s) is not a hex seed")) }
            c.seed = seed
        }
        if let n = value(overrides.cases) {
            guard let cases = Int(n), cases > 0 else { return .failure(.init(reason: "\(overrides.cases)=\(n) is not a positive count")) }
            c.cases = cases
        }
        if let r = value(overrides.replay) {
            do { c.replay = try ReplayToken(parsing: r) } catch { return .failure(error) }
        }
        return .success(c)
    }

    /// The defaults overridden by PropertyCheck's own variables (`EnvironmentOverrides.propertyCheck`).
    @available(*, deprecated, message: "name the variables: fromEnvironment(.propertyCheck) reads PROPERTYCHECK_SEED, PROPERTYCHECK_CASES and PROPERTYCHECK_REPLAY")
    public static func fromEnvironment() -> Result<Configuration, ReplayToken.Invalid> {
        fromEnvironment(.propertyCheck)
    }

    /// An environment variable, `nil` when unset or empty.
    public static func environment(_ name: String) -> String? {
        guard let p = getenv(name) else { return nil }
        let s = String(cString: p)
        return s.isEmpty ? nil : s
    }

    /// A seed from the clock, for `--seed random` (printed so the run can be repeated).
    public static func randomSeed() -> UInt64 {
        var sm = SplitMix64(state: UInt64(truncatingIfNeeded: ContinuousClock.now.hashValue) ^ UInt64(time(nil)))
        return sm.next()
    }
}
