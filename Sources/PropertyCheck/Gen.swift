/// A generator: a recipe that turns a test case's choices into a value. Because every value is built from the
/// recorded choices, shrinking the choices shrinks the value through `map`, `flatMap` and `filter`, and never
/// produces a value the generator could not produce (the Hypothesis/minithesis model).
public struct Gen<Value>: Sendable {
    let generate: @Sendable (TestCase) throws(StopTest) -> Value

    public init(_ generate: @escaping @Sendable (TestCase) throws(StopTest) -> Value) { self.generate = generate }

    /// Runs the generator on a case, recording a span around the value.
    public func run(_ tc: TestCase, label: String = "") throws(StopTest) -> Value {
        tc.startSpan(label)
        defer { tc.endSpan() }
        return try generate(tc)
    }

    public func map<T>(_ transform: @escaping @Sendable (Value) -> T) -> Gen<T> {
        Gen<T> { tc throws(StopTest) in transform(try self.run(tc, label: "map")) }
    }

    public func flatMap<T>(_ next: @escaping @Sendable (Value) -> Gen<T>) -> Gen<T> {
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
    public static func just(_ value: Value) -> Gen<Value> where Value: Sendable { Gen { _ in value } }

    /// Picks one of `generators`; the branch is a choice, so shrinking moves towards earlier branches.
    public static func oneOf(_ generators: [Gen<Value>]) -> Gen<Value> {
        Gen { tc throws(StopTest) in
            guard !generators.isEmpty else { throw .invalid }
            let i = Int(try tc.choice(UInt64(generators.count - 1)))
            return try generators[i].run(tc, label: "oneOf")
        }
    }

    /// Picks a branch with probability proportional to its weight; shrinking moves towards earlier branches.
    public static func frequency(_ weighted: [(Int, Gen<Value>)]) -> Gen<Value> {
        let total = weighted.reduce(0) { $0 + max(0, $1.0) }
        return Gen { tc throws(StopTest) in
            guard total > 0 else { throw .invalid }
            // Draw a point in the total weight, then find its branch; replay maps any prefix value to a branch.
            var point = Int(try tc.choice(UInt64(total - 1)))
            for (w, g) in weighted where w > 0 {
                if point < w { return try g.run(tc, label: "frequency") }
                point -= w
            }
            throw .invalid
        }
    }

    /// `nil` or a value; shrinks towards `nil`.
    public static func optional<T>(_ gen: Gen<T>, probability: Double = 0.75) -> Gen<T?> where Value == T? {
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
        guard depth > 0 else { return base }
        let smaller = Gen { tc throws(StopTest) in try recursiveLevel(depth - 1, base: base, build).generate(tc) }
        return .oneOf([base, build(smaller)])
    }
}

/// Generators of basic values.
public enum Gens {
    /// An integer in `range` that shrinks towards `target` (clamped into the range). Encoded as a magnitude, then a
    /// sign when both sides are possible, so values equal in size (x and −x) shrink together and every choice
    /// shrinks towards the target.
    public static func int(_ range: ClosedRange<Int>, target: Int = 0) -> Gen<Int> {
        let t = min(max(target, range.lowerBound), range.upperBound)
        let below = UInt64(t - range.lowerBound), above = UInt64(range.upperBound - t)
        return Gen { tc throws(StopTest) in
            let m = try tc.choice(max(below, above))
            if m == 0 { return t }
            let up: Bool
            if m <= below && m <= above { up = try tc.choice(1) == 0 } else { up = m <= above }
            return up ? t + Int(m) : t - Int(m)
        }
    }

    public static let bool = Gen<Bool> { tc throws(StopTest) in try tc.choice(1) == 1 }

    /// An element of `elements`; shrinks towards the first.
    public static func element<T: Sendable>(of elements: [T]) -> Gen<T> {
        Gen { tc throws(StopTest) in
            guard !elements.isEmpty else { throw .invalid }
            return elements[Int(try tc.choice(UInt64(elements.count - 1)))]
        }
    }

    /// A double in `range` built from integer choices: an integer part (shrinking towards `target`), then a number
    /// of fraction bits (shrinking towards 0: integers first) and those bits. No libm.
    public static func double(_ range: ClosedRange<Double>, target: Double = 0, maxFractionBits: Int = 20) -> Gen<Double> {
        let lo = range.lowerBound, hi = range.upperBound
        let whole = int(Int(lo.rounded(.down))...Int(hi.rounded(.down)), target: Int(target.rounded(.down)))
        return Gen { tc throws(StopTest) in
            let i = try whole.run(tc, label: "whole")
            let bits = Int(try tc.choice(UInt64(maxFractionBits)))
            let fraction = bits == 0 ? 0 : Double(try tc.choice((1 << UInt64(bits)) - 1)) / Double(1 << UInt64(bits))
            return min(max(Double(i) + fraction, lo), hi)
        }
    }

    /// An array whose count lies in `count`: each element is preceded by a "more?" choice (Hypothesis's encoding),
    /// so deleting an element is deleting its span.
    public static func array<T>(_ element: Gen<T>, count: ClosedRange<Int> = 0...10, averageLength: Double = 5) -> Gen<[T]> {
        let p = max(0.0, min(1.0, 1 - 1 / (1 + averageLength)))
        return Gen { tc throws(StopTest) in
            var out: [T] = []
            while out.count < count.upperBound {
                tc.startSpan("element")
                let more: Bool
                if out.count < count.lowerBound {
                    more = true
                    _ = try tc.choice(1)   // keeps the encoding uniform: every element has its flag
                } else {
                    more = try tc.weighted(p)
                }
                if !more { tc.endSpan(); break }
                out.append(try element.run(tc, label: "value"))
                tc.endSpan()
            }
            return out
        }
    }
}
