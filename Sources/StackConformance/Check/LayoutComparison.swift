import StackLayout

/// Numeric comparison of two layout documents, field by field, as fixtures and agreement checks need it.
public enum LayoutComparison {
    /// Every difference between `actual` and `expected` beyond `tolerance` points, described for people, in
    /// pre-order of `expected`'s frames. Baselines are compared only where both computed them (an engine that does not
    /// compute baselines is checked on everything else, and skips the baseline properties); frame ids must
    /// match exactly (a result has a frame for every arranged item and no other; ENGINE-PROTOCOL.md).
    ///
    /// Each difference reads `field: got A, expected E`; with `sides`, when neither layout is the right one (two
    /// layouts of one engine that should agree), it reads `field: A <sides.actual>, E <sides.expected>`.
    public static func differences(actual: Layout, expected: Layout, tolerance: Double,
                                   sides: (actual: String, expected: String)? = nil) -> [String] {
        compare(actual, expected, tolerance) { what, a, e in
            if let sides { return "\(what): \(formatNumber(a)) \(sides.actual), \(formatNumber(e)) \(sides.expected)" }
            return "\(what): got \(formatNumber(a)), expected \(formatNumber(e))"
        }
    }

    /// Every difference between two answers to the same request, beyond `tolerance` points, as "frames.v1.x: 0
    /// then 8" (the first answer's value, then the second's).
    public static func changes(from first: Layout, to second: Layout, tolerance: Double) -> [String] {
        compare(second, first, tolerance) { what, a, e in "\(what): \(formatNumber(e)) then \(formatNumber(a))" }
    }

    static func compare(_ actual: Layout, _ expected: Layout, _ tolerance: Double,
                        _ describe: (String, Double, Double) -> String) -> [String] {
        var out: [String] = []
        func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= tolerance }
        func check(_ what: String, _ a: Double, _ b: Double) {
            if !close(a, b) && !(a.isNaN && b.isNaN) { out.append(describe(what, a, b)) }
        }
        check("size.width", actual.size.width, expected.size.width)
        check("size.height", actual.size.height, expected.size.height)
        var actualFrames: [String: Frame] = [:]
        for (id, frame) in zip(actual.frameIDs, actual.frameValues) { actualFrames[id] = frame }
        for (id, e) in zip(expected.frameIDs, expected.frameValues) {
            guard let a = actualFrames[id] else { out.append("frames.\(id): missing"); continue }
            check("frames.\(id).x", a.x, e.x)
            check("frames.\(id).y", a.y, e.y)
            check("frames.\(id).width", a.width, e.width)
            check("frames.\(id).height", a.height, e.height)
        }
        let expectedIDs = Set(expected.frameIDs)
        for id in actual.frameIDs where !expectedIDs.contains(id) { out.append("frames.\(id): unexpected frame") }
        func baseline(_ name: String, _ a: Baseline, _ e: Baseline) {
            if case .value(let x) = a, case .value(let y) = e { check(name, x, y) }
        }
        baseline("firstBaseline", actual.firstBaseline, expected.firstBaseline)
        baseline("lastBaseline", actual.lastBaseline, expected.lastBaseline)
        return out
    }

}
