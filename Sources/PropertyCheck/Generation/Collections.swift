/// Collections. Every element lives in its own span — "element" when it starts with its "more?" flag (drawn
/// lengths), "item" in a fixed-length array — so the shrinker deletes an element by deleting its span and sorts
/// elements by their own choices.
extension Gens {
    /// The probability of drawing one more element for an average of `averageLength` elements beyond the minimum
    /// (Hypothesis's geometric lengths): 1 − 1 / (1 + average).
    static func continuation(_ averageLength: Double) -> Double {
        Swift.max(0.0, Swift.min(1.0, 1 - 1 / (1 + Swift.max(0, averageLength))))
    }

    /// The default average length beyond the minimum: 5 at full size. Left to the default, it grows with the case's
    /// generation size (`TestCase.size`: a run's first cases draw short collections); an average the caller gives
    /// is kept from the first case on.
    static let defaultAverageLength = 5.0

    /// The average length a fresh case draws with: the caller's, else the default scaled by the case's size.
    static func averageLength(_ given: Double?, _ tc: TestCase) -> Double {
        given ?? defaultAverageLength * tc.size
    }

    /// Opens the span of one more element and draws its "more?" flag: forced on below the minimum count (the choice
    /// is still drawn, so the encoding is uniform), else biased towards an average of `averageLength` more elements.
    /// A "no" drops the span: the final flag is not an element, so the shrinker neither deletes nor sorts it as one.
    static func startElement(_ tc: TestCase, have count: Int, minimum: Int, _ averageLength: Double?) throws(StopTest) -> Bool {
        tc.startSpan("element")
        let more: Bool
        if count < minimum {
            more = true
            _ = try tc.choice(1)
        } else {
            more = try tc.weighted(continuation(Self.averageLength(averageLength, tc)))
        }
        if !more { tc.dropSpan() }
        return more
    }

    /// An array whose count lies in `count` (no cap by default) with about `averageLength` elements beyond the
    /// minimum (by default 5, growing to it over a run's first cases). Each element is preceded by a "more?" choice (Hypothesis's encoding; elements below the minimum
    /// keep the choice too, so the encoding is uniform), so deleting an element is deleting its span.
    public static func array<T>(_ element: Gen<T>, count: ClosedRange<Int> = 0...Int.max, averageLength: Double? = nil) -> Gen<[T]> {
        Gen { tc throws(StopTest) in
            var out: [T] = []
            while out.count < count.upperBound {
                guard try startElement(tc, have: out.count, minimum: count.lowerBound, averageLength) else { break }
                out.append(try element.run(tc, label: "content"))
                tc.endSpan()
            }
            return out
        }
    }

    /// An array of exactly `length` elements: no length choices at all.
    public static func array<T>(_ element: Gen<T>, length: Int) -> Gen<[T]> {
        Gen { tc throws(StopTest) in
            var out: [T] = []
            out.reserveCapacity(Swift.max(0, length))
            for _ in 0..<Swift.max(0, length) { out.append(try element.run(tc, label: "item")) }
            return out
        }
    }

    /// An array of distinct elements (distinct by `key`), count in `count`. A drawn duplicate is dropped (its choices
    /// stay, so the shrinker deletes them); after 10 duplicates in a row the array ends, and a case that ends below
    /// the minimum count is rejected.
    public static func uniqueArray<T, K: Hashable & Sendable>(_ element: Gen<T>, count: ClosedRange<Int> = 0...Int.max,
                                                   averageLength: Double? = nil,
                                                   by key: @escaping @Sendable (T) -> K) -> Gen<[T]> {
        Gen { tc throws(StopTest) in
            var out: [T] = []
            var seen = Set<K>()
            var duplicates = 0
            while out.count < count.upperBound && duplicates < 10 {
                guard try startElement(tc, have: out.count, minimum: count.lowerBound, averageLength) else { break }
                let v = try element.run(tc, label: "content")
                tc.endSpan()
                if seen.insert(key(v)).inserted { out.append(v); duplicates = 0 } else { duplicates += 1 }
            }
            if out.count < count.lowerBound { throw .invalid }
            return out
        }
    }

    /// An array of distinct elements.
    public static func uniqueArray<T: Hashable & Sendable>(_ element: Gen<T>, count: ClosedRange<Int> = 0...Int.max,
                                                averageLength: Double? = nil) -> Gen<[T]> {
        uniqueArray(element, count: count, averageLength: averageLength) { $0 }
    }

    /// A set whose count lies in `count`.
    public static func set<T: Hashable & Sendable>(_ element: Gen<T>, count: ClosedRange<Int> = 0...Int.max,
                                        averageLength: Double? = nil) -> Gen<Set<T>> {
        uniqueArray(element, count: count, averageLength: averageLength).map { Set($0) }
    }

    /// A dictionary with keys from `keys` and values from `values`, count in `count`; a key drawn twice is dropped.
    public static func dictionary<K: Hashable & Sendable, V>(_ keys: Gen<K>, _ values: Gen<V>, count: ClosedRange<Int> = 0...Int.max,
                                                  averageLength: Double? = nil) -> Gen<[K: V]> {
        let pair = Gen<(K, V)> { tc throws(StopTest) in (try keys.run(tc, label: "key"), try values.run(tc, label: "value")) }
        return uniqueArray(pair, count: count, averageLength: averageLength) { $0.0 }
            .map { pairs in Dictionary(uniqueKeysWithValues: pairs) }
    }

    /// An order-preserving selection of `elements` (each kept or not); shrinks towards the empty selection.
    public static func subsequence<T: Sendable>(of elements: [T], keep probability: Double = 0.5) -> Gen<[T]> {
        Gen { tc throws(StopTest) in
            var out: [T] = []
            for e in elements where try tc.weighted(probability) { out.append(e) }
            return out
        }
    }

    /// A permutation of `elements` (Fisher–Yates with one choice per position); shrinks towards the given order.
    public static func permutation<T: Sendable>(of elements: [T]) -> Gen<[T]> {
        Gen { tc throws(StopTest) in
            var out = elements
            for i in out.indices.dropLast() {
                let j = i + Int(try tc.choice(UInt64(out.count - 1 - i)))
                out.swapAt(i, j)
            }
            return out
        }
    }
}
