import StackLayout

/// A run's report (ENGINE-PROTOCOL.md, "Results"): what was checked, with what, and every property's result in
/// catalogue order.
public struct ConformanceReport: Sendable {
    /// The version of the suite that ran (`ConformanceSuite.version`).
    public var suiteVersion = ConformanceSuite.version
    /// The engine's name (its hello name for an external engine).
    public var engineName: String
    /// The engine's version.
    public var engineVersion: String
    /// The features the engine declared: the scenarios stayed inside them.
    public var features: FeatureSet
    /// Feature names the engine declared that this suite does not know (listed as a warning).
    public var unknownFeatures: [String] = []
    /// The run's seed.
    public var seed: UInt64
    /// Cases per property (`--cases`).
    public var casesPerProperty: Int
    /// Which part of the catalogue ran (`--shard K/N`; 1/1 for all of it).
    public var shard: (index: Int, count: Int)
    /// ISO 8601 start time (for people; not compared between runs).
    public var started: String
    /// Wall-clock seconds the run took (for people; not compared between runs).
    public var seconds: Double
    /// One result per property of the shard, in catalogue order.
    public var results: [PropertyResult] {
        get { storedResults }
        set { storedResults = newValue; causes = FailureCauses.group(newValue) }
    }
    private var storedResults: [PropertyResult]
    /// The causes behind every failure of `results` (`FailureCauses.group`), grouped once when the results are set:
    /// grouping lays out the model edits it tries, and every report format reads the same causes.
    public internal(set) var causes: [FailureCause] = []
    /// Set when the run stopped early: the engine could not be restarted (exit 3) or the run was interrupted (130).
    public var stop: RunStop? = nil
    /// Whether the engine ships with the suite (`EngineCapabilities.builtIn`): the default expectation depends on it.
    public var builtIn = false
    /// The golden fixtures checked before the properties, when the run checked them.
    public var fixtures: FixtureTally? = nil
    /// The known causes of the expectations file the run was checked against (`Expectations.annotate`); nil
    /// without a file that lists causes.
    public var expectedCauses: ExpectedCauses? = nil

    /// A report of a finished (or stopped) run.
    public init(engineName: String, engineVersion: String, features: FeatureSet, seed: UInt64, casesPerProperty: Int,
                shard: (index: Int, count: Int), started: String, seconds: Double, results: [PropertyResult]) {
        self.engineName = engineName
        self.engineVersion = engineVersion
        self.features = features
        self.seed = seed
        self.casesPerProperty = casesPerProperty
        self.shard = shard
        self.started = started
        self.seconds = seconds
        storedResults = results
        causes = FailureCauses.group(results)
    }

    /// Sets each result's expected statuses (`Expectations.annotate`). They decide the verdict, never a cause, so
    /// the causes are not grouped again: grouping is the costliest step after the run itself.
    mutating func setExpected(_ expected: (PropertyResult) -> [ResultStatus]?) {
        for i in storedResults.indices { storedResults[i].expected = expected(storedResults[i]) }
    }

    /// The requests the run sent to the engine, by stage: its results' sum; nil when no result has an account (a
    /// report read from a suite before 0.9.0).
    public var requests: RequestCounts? {
        let accounts = results.compactMap(\.requests)
        return accounts.isEmpty ? nil : accounts.reduce(RequestCounts(), +)
    }

    /// Whether every result matches its expectation, and the exit status that says so.
    public var verdict: RunVerdict { RunVerdict(self) }

    /// The keys of the causes of `result`'s failures, one per failure, in its order ("" for a failure no cause
    /// holds, which grouping never leaves).
    public func causeKeys(of result: PropertyResult) -> [String] {
        result.failures.map { f in
            let member = FailureCause.Member(property: result.property, replay: f.counterexample?.replay ?? "")
            return causes.first { $0.members.contains(member) }?.key ?? ""
        }
    }

    /// Result counts per status, in the protocol's order.
    public var summary: [(status: ResultStatus, count: Int)] {
        ResultStatus.allCases.map { s in (s, results.filter { $0.status == s }.count) }
    }
}
