/// Tuples: each component drawn in turn, in its own span, so the shrinker simplifies them independently (and
/// exchanges them when they have the same shape).
extension Gens {
    /// Pairs of a value of `a` and a value of `b`.
    public static func zip<A, B>(_ a: Gen<A>, _ b: Gen<B>) -> Gen<(A, B)> {
        Gen { tc throws(StopTest) in (try a.run(tc, label: "0"), try b.run(tc, label: "1")) }
    }

    /// Triples, one value of each generator.
    public static func zip<A, B, C>(_ a: Gen<A>, _ b: Gen<B>, _ c: Gen<C>) -> Gen<(A, B, C)> {
        Gen { tc throws(StopTest) in (try a.run(tc, label: "0"), try b.run(tc, label: "1"), try c.run(tc, label: "2")) }
    }

    /// Quadruples, one value of each generator.
    public static func zip<A, B, C, D>(_ a: Gen<A>, _ b: Gen<B>, _ c: Gen<C>, _ d: Gen<D>) -> Gen<(A, B, C, D)> {
        Gen { tc throws(StopTest) in
            (try a.run(tc, label: "0"), try b.run(tc, label: "1"), try c.run(tc, label: "2"), try d.run(tc, label: "3"))
        }
    }

    /// Quintuples, one value of each generator.
    public static func zip<A, B, C, D, E>(_ a: Gen<A>, _ b: Gen<B>, _ c: Gen<C>, _ d: Gen<D>,
                                          _ e: Gen<E>) -> Gen<(A, B, C, D, E)> {
        Gen { tc throws(StopTest) in
            (try a.run(tc, label: "0"), try b.run(tc, label: "1"), try c.run(tc, label: "2"), try d.run(tc, label: "3"),
             try e.run(tc, label: "4"))
        }
    }
}
