import PropertyCheck

/// PropertyCheck's self-test problems: classic shrinking benchmarks (from Hypothesis and minithesis), each with a
/// known minimal counterexample. The tests assert that shrinking reaches it; the benchmark executable reports the
/// shrink calls and time it takes. Kept in their own module so both use the very same problems.
public struct ShrinkingProblem: Sendable {
    /// What one seeded run found.
    public struct Outcome: Sendable {
        /// Whether the shrunk value is the known minimal counterexample.
        public var minimal: Bool
        /// Property calls made while shrinking.
        public var calls: Int
        /// Seconds spent shrinking.
        public var seconds: Double
        public var shrunk: String
    }

    public let name: String
    /// The known minimal counterexample, for messages.
    public let minimal: String
    /// Runs the property from `seed` (1,000 cases); `nil` when no case failed.
    public let run: @Sendable (_ seed: UInt64, _ maxShrinkCalls: Int) async -> Outcome?

    /// `id` is the property's id, which enters the per-property seed.
    init<V: Sendable>(_ id: String, _ name: String, _ generator: Gen<V>, minimal: String,
                      isMinimal: @escaping @Sendable (V) -> Bool, holds: @escaping @Sendable (V) -> Bool) {
        self.name = name
        self.minimal = minimal
        let property = Property(id, generator) { v, _ in try require(holds(v), "does not hold") }
        run = { seed, maxShrinkCalls in
            var config = Configuration(seed: seed, cases: 1000)
            config.maxShrinkCalls = maxShrinkCalls
            let report = await PropertyRunner.run(property, configuration: config)
            guard let c = report.counterexample else { return nil }
            let value = PropertyRunner.value(of: c.token, generator)
            return Outcome(minimal: value.map(isMinimal) ?? false, calls: c.shrink.calls, seconds: c.seconds, shrunk: c.shrunk)
        }
    }

    public static let all: [ShrinkingProblem] = [reverse, listsOfLists, divisionByZero]

    /// A list that is not equal to its reverse → two elements, [0, 1].
    public static let reverse = ShrinkingProblem(
        "reverse", "list not equal to its reverse", Gens.array(Gens.int(0...1000), count: 0...20), minimal: "[0, 1]",
        isMinimal: { $0 == [0, 1] }, holds: { $0 == $0.reversed() })

    /// Lists of lists whose total length exceeds 10 → one list of 11 zeros.
    public static let listsOfLists = ShrinkingProblem(
        "lengths", "lists of lists longer than 10", Gens.array(Gens.array(Gens.int(0...100), count: 0...15), count: 0...10),
        minimal: "[[0 × 11]]", isMinimal: { $0 == [Array(repeating: 0, count: 11)] },
        holds: { $0.map(\.count).reduce(0, +) <= 10 })

    /// An expression over + and / that divides by zero with no literal 0 divisor → the 5-node tree 0 / (0 + 0).
    public static let divisionByZero: ShrinkingProblem = {
        let leaf = Gens.int(-10...10).map { Expr.int($0) }
        let gen = Gen<Expr>.recursive(maxDepth: 4, base: leaf) { smaller in
            Gen.oneOf([
                Gen { tc throws(StopTest) in Expr.add(try smaller.run(tc), try smaller.run(tc)) },
                Gen { tc throws(StopTest) in Expr.div(try smaller.run(tc), try smaller.run(tc)) },
            ])
        }.filter(maxTries: 10) { !$0.hasLiteralZeroDivisor }
        let minimal = Expr.div(.int(0), .add(.int(0), .int(0)))
        return ShrinkingProblem("divide", "division by zero", gen, minimal: minimal.description,
                                isMinimal: { $0 == minimal }, holds: { $0.evaluate() != nil })
    }()
}

/// The expressions of `ShrinkingProblem.divisionByZero`.
public indirect enum Expr: Sendable, Equatable, CustomStringConvertible {
    case int(Int), add(Expr, Expr), div(Expr, Expr)
    public var description: String {
        switch self {
        case .int(let n): return "\(n)"
        case .add(let a, let b): return "(\(a) + \(b))"
        case .div(let a, let b): return "(\(a) / \(b))"
        }
    }
    var hasLiteralZeroDivisor: Bool {
        switch self {
        case .int: return false
        case .add(let a, let b): return a.hasLiteralZeroDivisor || b.hasLiteralZeroDivisor
        case .div(let a, let b): return b == .int(0) || a.hasLiteralZeroDivisor || b.hasLiteralZeroDivisor
        }
    }
    /// nil on division by zero.
    func evaluate() -> Int? {
        switch self {
        case .int(let n): return n
        case .add(let a, let b):
            guard let x = a.evaluate(), let y = b.evaluate() else { return nil }
            return x &+ y
        case .div(let a, let b):
            guard let x = a.evaluate(), let y = b.evaluate(), y != 0 else { return nil }
            return x / y
        }
    }
}
