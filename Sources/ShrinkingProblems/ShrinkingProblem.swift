import PropertyCheck

/// PropertyCheck's self-test problems: the public shrinking challenge (github.com/jlink/shrinking-challenge), 13
/// small properties with known minimal counterexamples, run through PropertyCheck's public API only, as a new user
/// would write them. The tests assert a floor on each; the benchmark executable reports, per problem, the runs that
/// find a failure, that reach the known minimum exactly and at its size, the shrink calls and the time.
public struct ShrinkingProblem: Sendable {
    /// What one seeded run found.
    public struct Outcome: Sendable {
        /// Whether the shrunk value is the known minimal counterexample.
        public var minimal: Bool
        /// Whether the shrunk value has the known minimum's size (elements, nodes), whatever its values.
        public var minimalSize: Bool
        /// Property calls after the first failing call, as Hypothesis counts them: the shrinker's calls of the
        /// property's body and the final replay of the result (candidates the generator could not turn into a value,
        /// and cache hits, call nothing).
        public var calls: Int
        /// Whether the shrink call budget (or a time limit) stopped shrinking before a fixed point.
        public var cutShort: Bool = false
        /// Seconds spent shrinking.
        public var seconds: Double
        /// Cases run until the first failure (the failing one included).
        public var cases: Int
        public var shrunk: String
    }

    public let name: String
    /// The known minimal counterexample, for messages.
    public let minimal: String
    /// Runs the property from `seed` (up to `cases` cases); `nil` when no case failed.
    public let run: @Sendable (_ seed: UInt64, _ maxShrinkCalls: Int, _ cases: Int) async -> Outcome?

    /// `isMinimal` recognises the known minimum; `size` measures a value (elements, nodes) and `minimalSize` is the
    /// minimum's. `holds` is the property; a value that violates an assumption is rejected by the generator.
    init<V: Sendable>(_ name: String, _ generator: Gen<V>, minimal: String, minimalSize: Int, size: @escaping @Sendable (V) -> Int,
                      isMinimal: @escaping @Sendable (V) -> Bool, holds: @escaping @Sendable (V) -> Bool) {
        self.name = name
        self.minimal = minimal
        let property = Property("challenge." + name, generator) { v, _ in try require(holds(v), "does not hold") }
        run = { seed, maxShrinkCalls, cases in
            var config = Configuration(seed: seed, cases: cases)
            config.maxShrinkCalls = maxShrinkCalls
            let report = await PropertyRunner.run(property, configuration: config)
            guard let c = report.counterexample else { return nil }
            let value = PropertyRunner.value(of: c.token, generator)
            return Outcome(minimal: value.map(isMinimal) ?? false, minimalSize: value.map { size($0) == minimalSize } ?? false,
                           calls: c.shrink.propertyCalls, cutShort: c.shrink.cutShort, seconds: c.seconds,
                           cases: report.cases, shrunk: c.shrunk)
        }
    }

    /// The 13 problems in the challenge's order.
    public static let all: [ShrinkingProblem] = [
        bound5, largeUnionList, reverse, calculator, lengthList, differenceMustNotBeZero, differenceMustNotBeSmall,
        differenceMustNotBeOne, binHeap, coupling, deletion, distinct, nestedLists,
    ]

    /// A problem by name (`bound5`, `reverse`, …).
    public static func named(_ name: String) -> ShrinkingProblem? { all.first { $0.name == name } }
}

/// Any integer, as the challenge's `integers()` (unbounded in Hypothesis, a machine integer elsewhere).
let anyInt = Gens.anyInt

/// A list with no length cap, as the challenge's `lists(…)`.
func anyList<T>(_ element: Gen<T>) -> Gen<[T]> { Gens.array(element) }
