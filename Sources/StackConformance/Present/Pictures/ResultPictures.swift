import StackLayout

extension LayoutPicture {
    /// The pictures of a result, one per failure, each with its file name: `<property>.svg` for the result's lead
    /// failure, `<property>-2.svg`, `<property>-3.svg`, … for the others, so that a property whose lead is a crash
    /// still shows the wrong layout it also found. Each draws what failed (`Counterexample.shownCase`) with its
    /// diagnosis's marks; a result without failures that has a counterexample (an aborted property) gets its case.
    public static func pictures(of r: PropertyResult, engineName: String) -> [(fileName: String, svg: String)] {
        var out: [(fileName: String, svg: String)] = []
        let failures = r.failures.isEmpty
            ? r.counterexample.map { [PropertyFailureRecord(status: r.status, message: r.message, signature: "", counterexample: $0)] } ?? []
            : r.failures
        for (i, f) in failures.enumerated() {
            guard let (drawn, which) = f.counterexample?.shownCase else { continue }
            let title = "\(r.property): \(f.status.rawValue) on \(engineName) (\(which))"
            let svg = LayoutPicture.svg(drawn.scenario, actual: drawn.actual, reference: drawn.reference, title: title,
                                        diagnosis: f.diagnosis(for: drawn))
            out.append((i == 0 ? r.property + ".svg" : "\(r.property)-\(i + 1).svg", svg))
        }
        return out
    }
}
