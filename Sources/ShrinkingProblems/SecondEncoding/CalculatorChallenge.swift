import PropertyCheck

extension SecondEncoding {
    /// Calculator: expressions of integers, sums and quotients; the property claims an expression with no quotient by
    /// a literal 0 evaluates without dividing by zero, which a divisor that merely evaluates to 0 breaks.
    ///
    /// Encoding: a per-node branch choice instead of `Gen.recursive`: every node first draws its kind from
    /// `Gens.int(0...2)` (literal, sum, quotient; shrinking towards the literal), below a depth limit of 5 where only a
    /// literal is drawn and no kind choice at all (as the challenge's depth-limited Elm generator). Each subexpression
    /// is run as a nested generator, so it has its own span. Literals are full-range `Int`s. The precondition is a
    /// `try tc.assume(…)` inside the outer generator, as the challenge's `assume`.
    ///
    /// Evaluation follows the challenge's Python: floor division; sums wrap (Python's integers do not overflow, a
    /// machine integer must not trap), and the one overflowing quotient, `Int.min / -1`, wraps too.
    ///
    /// Known minimum: `('/', 0, ('+', 0, 0))` (five nodes; a sum is an earlier branch than a quotient, so it beats
    /// `('/', 0, ('/', 0, 1))`). Size counts nodes.
    enum Calculator {
        indirect enum Expression: Sendable, Equatable, CustomStringConvertible {
            case literal(Int)
            case sum(Expression, Expression)
            case quotient(Expression, Expression)

            var description: String {
                switch self {
                case .literal(let n): "\(n)"
                case .sum(let a, let b): "('+', \(a), \(b))"
                case .quotient(let a, let b): "('/', \(a), \(b))"
                }
            }

            var nodes: Int {
                switch self {
                case .literal: 1
                case .sum(let a, let b), .quotient(let a, let b): 1 + a.nodes + b.nodes
                }
            }

            /// The precondition: no subterm divides by the literal 0.
            var dividesByNoLiteralZero: Bool {
                switch self {
                case .literal: true
                case .quotient(_, .literal(0)): false
                case .sum(let a, let b), .quotient(let a, let b): a.dividesByNoLiteralZero && b.dividesByNoLiteralZero
                }
            }

            /// The value, or `nil` when some divisor evaluates to 0.
            var value: Int? {
                switch self {
                case .literal(let n): return n
                case .sum(let a, let b):
                    guard let x = a.value, let y = b.value else { return nil }
                    return x &+ y
                case .quotient(let a, let b):
                    guard let x = a.value, let y = b.value, y != 0 else { return nil }
                    return Calculator.floorDivision(x, y)
                }
            }
        }

        /// Python's `//` on machine integers: rounds towards −∞; `Int.min / -1` wraps to `Int.min` instead of trapping.
        static func floorDivision(_ x: Int, _ y: Int) -> Int {
            let (quotient, overflow) = x.dividedReportingOverflow(by: y)
            if overflow { return quotient }
            let remainder = x.remainderReportingOverflow(dividingBy: y).partialValue
            return remainder != 0 && (remainder < 0) != (y < 0) ? quotient - 1 : quotient
        }

        static let maxDepth = 5

        /// `levels[d]`: an expression at most `d` levels deep. Built bottom-up, so no generator refers to itself.
        static let levels: [Gen<Expression>] = {
            let kind = Gens.int(0...2)
            var levels = [Gens.anyInt.map(Expression.literal)]
            for depth in 1...maxDepth {
                let child = levels[depth - 1]
                levels.append(Gen { tc throws(StopTest) in
                    switch try kind.run(tc) {
                    case 0: return .literal(try Gens.anyInt.run(tc))
                    case 1:
                        let left = try child.run(tc)
                        return .sum(left, try child.run(tc))
                    default:
                        let left = try child.run(tc)
                        return .quotient(left, try child.run(tc))
                    }
                })
            }
            return levels
        }()

        static let generator: Gen<Expression> = {
            let any = levels[maxDepth]
            return Gen { tc throws(StopTest) in
                let expression = try any.run(tc)
                try tc.assume(expression.dividesByNoLiteralZero)
                return expression
            }
        }()

        static func holds(_ e: Expression) -> Bool { e.value != nil }

        static let minimum = Expression.quotient(.literal(0), .sum(.literal(0), .literal(0)))
        static func isMinimal(_ e: Expression) -> Bool { e == minimum }

        static let problem = ShrinkingProblem("calculator", generator, minimal: minimum.description, minimalSize: 5,
                                              size: { $0.nodes }, isMinimal: isMinimal, holds: holds)
    }
}
