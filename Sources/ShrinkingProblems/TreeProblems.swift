import PropertyCheck

// The challenge's problems over trees: calculator (expressions) and binheap (QuickCheck's heap example).

extension ShrinkingProblem {
    /// calculator. Generator: expressions that are an integer in −10…10, `a + b` or `a / b`, filtered to those with
    /// no literal 0 divisor. Property: evaluating (integer floor division) never divides by zero. Known minimum:
    /// 0 / (0 + 0).
    public static let calculator: ShrinkingProblem = {
        let leaf = Gens.int(-10...10).map { Expr.int($0) }
        let gen = Gen<Expr>.recursive(maxDepth: 4, base: leaf) { smaller in
            Gen.oneOf([
                Gen { tc throws(StopTest) in Expr.add(try smaller.run(tc), try smaller.run(tc)) },
                Gen { tc throws(StopTest) in Expr.div(try smaller.run(tc), try smaller.run(tc)) },
            ])
        }.filter(maxTries: 10) { !$0.hasLiteralZeroDivisor }
        let minimal = Expr.div(.int(0), .add(.int(0), .int(0)))
        return ShrinkingProblem("calculator", gen, minimal: minimal.description, minimalSize: 5, size: \.nodeCount,
                                isMinimal: { $0 == minimal }, holds: { $0.evaluate() != nil })
    }()

    /// binheap. Generator: binary heaps — empty, or a node whose value (a non-negative integer) is at most the values
    /// of its children (QuickCheck's `arbitrary` draws a child's value `suchThat (>= parent)`; here it is drawn in
    /// the range from the parent's value up). Property: QuickCheck's buggy `toSortedList` — the root, then `toList`
    /// (a preorder walk visiting the right child first) of the merged children instead of a sorted walk — equals the
    /// sorted elements. Known minimum: (0, None, (0, (0, None, None), (1, None, None))).
    public static let binHeap: ShrinkingProblem = {
        let minimal = Heap.node(0, .empty, .node(0, .node(0, .empty, .empty), .node(1, .empty, .empty)))
        return ShrinkingProblem("binheap", Heap.generator(atLeast: 0, depth: 6), minimal: minimal.description,
                                minimalSize: 4, size: \.count, isMinimal: { $0 == minimal },
                                holds: { $0.wrongToSortedList() == $0.toList().sorted() })
    }()
}

/// The expressions of the calculator problem.
public indirect enum Expr: Sendable, Equatable, CustomStringConvertible {
    case int(Int), add(Expr, Expr), div(Expr, Expr)
    public var description: String {
        switch self {
        case .int(let n): return "\(n)"
        case .add(let a, let b): return "(\(a) + \(b))"
        case .div(let a, let b): return "(\(a) / \(b))"
        }
    }
    var nodeCount: Int {
        switch self {
        case .int: return 1
        case .add(let a, let b), .div(let a, let b): return 1 + a.nodeCount + b.nodeCount
        }
    }
    var hasLiteralZeroDivisor: Bool {
        switch self {
        case .int: return false
        case .add(let a, let b): return a.hasLiteralZeroDivisor || b.hasLiteralZeroDivisor
        case .div(let a, let b): return b == .int(0) || a.hasLiteralZeroDivisor || b.hasLiteralZeroDivisor
        }
    }
    /// nil on division by zero. Division floors, as Python's `//` in the challenge's reference implementation.
    func evaluate() -> Int? {
        switch self {
        case .int(let n): return n
        case .add(let a, let b):
            guard let x = a.evaluate(), let y = b.evaluate() else { return nil }
            return x &+ y
        case .div(let a, let b):
            guard let x = a.evaluate(), let y = b.evaluate(), y != 0 else { return nil }
            let q = x / y
            return (x % y != 0 && (x < 0) != (y < 0)) ? q - 1 : q
        }
    }
}

/// The heaps of the binheap problem.
public indirect enum Heap: Sendable, Equatable, CustomStringConvertible {
    case empty
    case node(Int, Heap, Heap)

    public var description: String {
        switch self {
        case .empty: return "None"
        case .node(let v, let l, let r): return "(\(v), \(l), \(r))"
        }
    }

    var count: Int {
        switch self {
        case .empty: return 0
        case .node(_, let l, let r): return 1 + l.count + r.count
        }
    }

    /// Empty or a node with a value at least `lower` and children at least that value; depth-bounded.
    static func generator(atLeast lower: Int, depth: Int) -> Gen<Heap> {
        Gen { tc throws(StopTest) in
            // The "node?" choice is drawn even at the depth limit (forced to empty there), so a subtree reads the
            // same choices at any depth.
            guard try tc.weighted(depth > 0 ? 0.8 : 0), depth > 0 else { return .empty }
            let v = try Gens.int(lower...Int(Int32.max), target: lower).run(tc, label: "value")
            let child = generator(atLeast: v, depth: depth - 1)
            return .node(v, try child.run(tc, label: "left"), try child.run(tc, label: "right"))
        }
    }

    /// QuickCheck's skew-heap merge.
    static func merge(_ a: Heap, _ b: Heap) -> Heap {
        guard case .node(let x, let a1, let a2) = a else { return b }
        guard case .node(let y, let b1, let b2) = b else { return a }
        return x <= y ? .node(x, merge(a2, b), a1) : .node(y, merge(b2, a), b1)
    }

    /// QuickCheck's `toList`: a preorder walk that visits the right child before the left.
    func toList() -> [Int] {
        var out: [Int] = []
        var stack: [Heap] = [self]
        while let h = stack.popLast() {
            guard case .node(let x, let l, let r) = h else { continue }
            out.append(x)
            stack.append(l)   // `toList' (h2:h1:hs)`: the right child h2 is popped first
            stack.append(r)
        }
        return out
    }

    /// The bug under test: the root, then `toList` of the merged children (not a sorted walk).
    func wrongToSortedList() -> [Int] {
        guard case .node(let x, let l, let r) = self else { return [] }
        return [x] + Heap.merge(l, r).toList()
    }
}
