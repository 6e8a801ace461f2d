/// A generator: a recipe that turns a test case's choices into a value. Because every value is built from the
/// recorded choices, shrinking the choices shrinks the value through `map`, `flatMap` and `filter`, and never
/// produces a value the generator could not produce (the Hypothesis/minithesis model).
///
/// The small combinators are `@inlinable`, so a client specializes them for its value types: unspecialized, every
/// draw through them looked up the generic metadata of `Gen<Value>` (a sixth of generating a scenario).
public struct Gen<Value>: Sendable {
    @usableFromInline let generate: @Sendable (TestCase) throws(StopTest) -> Value

    /// A generator that makes each value with `generate` from the test case's choices. Draw only from `tc`: a value
    /// that depends on anything else cannot be replayed or shrunk.
    @inlinable public init(_ generate: @escaping @Sendable (TestCase) throws(StopTest) -> Value) { self.generate = generate }

    /// Runs the generator on a case, recording a span around the value.
    @inlinable public func run(_ tc: TestCase, label: String = "") throws(StopTest) -> Value {
        tc.startSpan(label)
        defer { tc.endSpan() }
        return try generate(tc)
    }

    /// The generator's values transformed by `transform`; they shrink as the original values do.
    @inlinable public func map<T>(_ transform: @escaping @Sendable (Value) -> T) -> Gen<T> {
        Gen<T> { tc throws(StopTest) in transform(try self.run(tc, label: "map")) }
    }

    /// A generator chosen by each value of this one (a length, then a list of that length): both draws are recorded,
    /// so shrinking simplifies the first value and then what it chose.
    @inlinable public func flatMap<T>(_ next: @escaping @Sendable (Value) -> Gen<T>) -> Gen<T> {
        Gen<T> { tc throws(StopTest) in try next(try self.run(tc, label: "flatMap")).run(tc, label: "bind") }
    }

    /// Keeps values satisfying `predicate`, retrying a bounded number of times; then the case is invalid.
    public func filter(maxTries: Int = 3, _ predicate: @escaping @Sendable (Value) -> Bool) -> Gen<Value> {
        Gen { tc throws(StopTest) in
            for _ in 0..<maxTries {
                let v = try self.run(tc, label: "filter")
                if predicate(v) { return v }
            }
            throw .invalid
        }
    }
}

extension Gen {
    /// Always `value`, drawing no choice.
    @inlinable public static func just(_ value: Value) -> Gen<Value> where Value: Sendable { Gen { _ in value } }

    /// Picks one of `generators`; the branch is a choice, so shrinking moves towards earlier branches.
    @inlinable public static func oneOf(_ generators: [Gen<Value>]) -> Gen<Value> {
        Gen { tc throws(StopTest) in
            guard !generators.isEmpty else { throw .invalid }
            let i = Int(try tc.choice(UInt64(generators.count - 1)))
            return try generators[i].run(tc, label: "oneOf")
        }
    }

    /// Picks a branch with probability proportional to its weight; shrinking moves towards earlier branches.
    @inlinable public static func frequency(_ weighted: [(Int, Gen<Value>)]) -> Gen<Value> {
        // The branches of positive weight, found once (not on every draw), in two arrays.
        let positive = weighted.filter { $0.0 > 0 }
        let weights = positive.map { $0.0 }, branches = positive.map { $0.1 }
        let total = weights.reduce(0, +)
        return Gen { tc throws(StopTest) in
            guard total > 0 else { throw .invalid }
            // Draw a point in the total weight, then find its branch; replay maps any prefix value to a branch.
            var point = Int(try tc.choice(UInt64(total - 1)))
            for i in weights.indices {
                if point < weights[i] { return try branches[i].run(tc, label: "frequency") }
                point -= weights[i]
            }
            throw .invalid
        }
    }

    /// `nil` or a value; shrinks towards `nil`.
    @inlinable public static func optional<T>(_ gen: Gen<T>, probability: Double = 0.75) -> Gen<T?> where Value == T? {
        Gen<T?> { tc throws(StopTest) in try tc.weighted(probability) ? try gen.run(tc, label: "some") : nil }
    }

    /// A recursive value with a size budget: `build` receives a generator for smaller values; at depth 0 only
    /// `base` is used, so generation always ends.
    public static func recursive(maxDepth: Int = 5, base: Gen<Value>,
                                 _ build: @escaping @Sendable (Gen<Value>) -> Gen<Value>) -> Gen<Value> {
        recursiveLevel(maxDepth, base: base, build)
    }

    private static func recursiveLevel(_ depth: Int, base: Gen<Value>,
                                       _ build: @escaping @Sendable (Gen<Value>) -> Gen<Value>) -> Gen<Value> {
        // At the last level the branch choice is still drawn (forced to `base`): a subtree then reads the same
        // choices at any depth, so the shrinker can move it up the tree (replace a node by a descendant).
        guard depth > 0 else {
            return Gen { tc throws(StopTest) in
                _ = try tc.forcedChoice(0)
                return try base.run(tc, label: "oneOf")
            }
        }
        let smaller = Gen { tc throws(StopTest) in try recursiveLevel(depth - 1, base: base, build).generate(tc) }
        return .oneOf([base, build(smaller)])
    }
}

extension Gen {
    /// A recursive value with a size budget (Hypothesis's `max_leaves`): each value chooses `base` or `build`
    /// (a choice shrinking towards `base`); every use of `build` spends one unit of the budget, shared by the whole
    /// value, and once it is spent only `base` is drawn. So a value has at most `budget` composite nodes, however it
    /// branches, and generation always ends.
    public static func recursive(budget: Int, base: Gen<Value>,
                                 _ build: @escaping @Sendable (Gen<Value>) -> Gen<Value>) -> Gen<Value> {
        let box = LateGen<Value>()
        let id = ObjectIdentifier(box)
        let node = Gen<Value> { tc throws(StopTest) in
            let left = tc.budgets[id] ?? 0
            // The branch choice is drawn even with the budget spent (forced to `base`), so a subtree reads the same
            // choices wherever it sits and the shrinker can move it.
            let branch = left > 0 ? try tc.choice(1) { rng in rng.next(upTo: 1) } : try tc.forcedChoice(0)
            guard left > 0, branch == 1 else { return try base.run(tc, label: "base") }
            tc.budgets[id] = left - 1
            return try box.gen!.run(tc, label: "build")
        }
        box.gen = build(node)
        return Gen { tc throws(StopTest) in
            let saved = tc.budgets[id]
            tc.budgets[id] = budget
            defer { tc.budgets[id] = saved }
            return try node.run(tc, label: "recursive")
        }
    }
}

/// A generator set after its creation (to tie a recursive knot). Written once, before the enclosing generator is
/// returned, and only read afterwards, hence `@unchecked Sendable`.
final class LateGen<Value>: @unchecked Sendable {
    var gen: Gen<Value>?
}

/// Generators of basic values.
public enum Gens {
    /// `false` or `true`; shrinks towards `false`.
    public static let bool = Gen<Bool> { tc throws(StopTest) in try tc.choice(1) == 1 }

    /// An element of `elements`; shrinks towards the first.
    @inlinable public static func element<T: Sendable>(of elements: [T]) -> Gen<T> {
        Gen { tc throws(StopTest) in
            guard !elements.isEmpty else { throw .invalid }
            return elements[Int(try tc.choice(UInt64(elements.count - 1)))]
        }
    }
}
