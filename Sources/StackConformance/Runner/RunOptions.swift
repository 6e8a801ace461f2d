import PropertyCheck
import StackLayout

/// How the runner checks an engine.
public struct RunOptions: Sendable {
    /// Cases per property (answered cases; discarded ones are replaced).
    public var cases: Int = 200
    public var seed: UInt64 = 0
    public var tolerance: Tolerance = .standard
    /// `--property` selectors (ids or group prefixes); empty means the whole catalogue.
    public var properties: [String] = []
    /// `--shard K/N`: the properties at catalogue positions i with i mod N = K − 1.
    public var shard: (index: Int, count: Int) = (1, 1)
    /// Shrinking bounds: a call cap keeps results deterministic; the time limit is a safety stop (marked cut short).
    public var maxShrinkCalls: Int = 2000
    public var shrinkTimeLimit: Duration? = .seconds(60)
    /// Regression cases replayed before any new case (`Fixtures/regressions/`).
    public var regressions: [RegressionCase] = []
    /// The directory a failure's "Keep it as a regression" line saves into (`--regressions`).
    public var regressionsDirectory = "Fixtures/regressions"
    /// The view tree the `tree.*` properties operate on (a mutant tree in the tests).
    @_spi(Mutants) public var viewTree: ViewTreeUnderTest.Type = StackViewTree.self
    /// After shrinking a FAIL, search for a presentable counterexample (`PresentableSearch`: at most
    /// `PresentableSearch.engineCalls` more requests to the engine).
    public var searchesPresentable = true
    /// A token to replay first (`STACKCHECK_REPLAY`, `stackcheck replay`).
    public var replay: ReplayToken? = nil

    public init(cases: Int = 200, seed: UInt64 = 0) {
        self.cases = cases
        self.seed = seed
    }

    /// The selected properties of this shard, in catalogue order.
    public var selectedProperties: [ConformanceProperty] {
        let selected = Catalogue.select(properties)
        return Catalogue.all.enumerated().filter { position, property in
            position % shard.count == shard.index - 1 && selected.contains { $0.id == property.id }
        }.map(\.element)
    }
}
