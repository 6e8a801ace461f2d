import Testing
@testable import PropertyCheck

/// The engine on classic shrinking problems (issue 3, "Done means"): each must reach the known minimal
/// counterexample in at least 95 of 100 seeded runs. Calls per run are printed for the closing note.
@Suite struct ShrinkingTests {
    static let runs = 100

    func shrinkStatistics<V>(_ name: String, _ property: Property<V>, minimal: (V) -> Bool,
                             _ gen: Gen<V>) async -> (hits: Int, calls: [Int]) {
        var hits = 0
        var calls: [Int] = []
        for seed in 0..<UInt64(Self.runs) {
            var config = Configuration(seed: seed, cases: 1000)
            config.maxShrinkCalls = 20_000
            let report = await PropertyRunner.run(property, configuration: config)
            guard let c = report.counterexample else { continue }
            calls.append(c.shrink.calls)
            if let v = PropertyRunner.value(of: c.token, gen), minimal(v) { hits += 1 } else if hits < 3 || calls.count < 8 { print("  \(name) non-minimal: \(c.shrunk)") }
        }
        let sorted = calls.sorted()
        print("\(name): minimal in \(hits)/\(Self.runs); shrink calls median \(sorted.isEmpty ? 0 : sorted[sorted.count / 2]), max \(sorted.last ?? 0)")
        return (hits, calls)
    }

    // A list that is not equal to its reverse → two elements, [0, 1].
    @Test func listNotEqualToItsReverse() async {
        let gen = Gens.array(Gens.int(0...1000), count: 0...20)
        let p = Property("reverse", gen) { v, _ in try require(v == v.reversed(), "not a palindrome") }
        let (hits, _) = await shrinkStatistics("reverse", p, minimal: { $0 == [0, 1] }, gen)
        #expect(hits >= 95)
    }

    // Lists of lists whose total length exceeds 10 → one list of 11 zeros.
    @Test func listsOfListsLongerThanTen() async {
        let gen = Gens.array(Gens.array(Gens.int(0...100), count: 0...15), count: 0...10)
        let p = Property("lengths", gen) { v, _ in try require(v.map(\.count).reduce(0, +) <= 10, "total length exceeds 10") }
        let (hits, _) = await shrinkStatistics("lists of lists", p, minimal: { $0 == [Array(repeating: 0, count: 11)] }, gen)
        #expect(hits >= 95)
    }

    indirect enum Expr: Sendable, Equatable, CustomStringConvertible {
        case int(Int), add(Expr, Expr), div(Expr, Expr)
        var description: String {
            switch self {
            case .int(let n): return "\(n)"
            case .add(let a, let b): return "(\(a) + \(b))"
            case .div(let a, let b): return "(\(a) / \(b))"
            }
        }
        var size: Int {
            switch self {
            case .int: return 1
            case .add(let a, let b), .div(let a, let b): return 1 + a.size + b.size
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

    // An expression over + and / that divides by zero with no literal 0 divisor → the 5-node tree 0 / (0 + 0).
    @Test func divisionByZeroExpression() async {
        let leaf = Gens.int(-10...10).map { Expr.int($0) }
        let gen = Gen<Expr>.recursive(maxDepth: 4, base: leaf) { smaller in
            Gen.oneOf([
                Gen { tc throws(StopTest) in Expr.add(try smaller.run(tc), try smaller.run(tc)) },
                Gen { tc throws(StopTest) in Expr.div(try smaller.run(tc), try smaller.run(tc)) },
            ])
        }.filter(maxTries: 10) { !$0.hasLiteralZeroDivisor }
        let p = Property("divide", gen) { e, _ in try require(e.evaluate() != nil, "division by zero in \(e)") }
        let minimal = Expr.div(.int(0), .add(.int(0), .int(0)))
        let (hits, _) = await shrinkStatistics("expressions", p, minimal: { $0 == minimal }, gen)
        #expect(hits >= 95)
    }

    // Shrinking works through map, flatMap and filter, and never leaves the generator's range.
    @Test func shrinksThroughCombinators() async {
        let gen = Gens.int(0...3).flatMap { pad in Gens.array(Gens.int(0...1000)).map { xs in xs.map { $0 * 2 + pad * 0 } } }
            .filter { !$0.isEmpty }
        let p = Property("combinators", gen) { v, _ in try require(v.reduce(0, +) < 100, "sum \(v.reduce(0, +))") }
        let report = await PropertyRunner.run(p, configuration: Configuration(seed: 7, cases: 500))
        #expect(report.status == .failed)
        let value = report.counterexample.flatMap { PropertyRunner.value(of: $0.token, gen) }
        #expect(value == [100])
        #expect(report.counterexample?.shrunk == "[100]")
        #expect(report.counterexample?.message == "sum 100")
    }
}
