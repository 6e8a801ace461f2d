import StackLayout

extension PresentableSearch {
    /// `result` with a case to look at for its first FAIL (`Counterexample.presentable`): the minimal case itself
    /// when it shows a sized view and is presentable, else what the search finds (`RunOptions.searchesPresentable`),
    /// else none. The result's own case is its first failure's, so it gets the same when that failure is the FAIL.
    static func withCaseToLookAt(_ result: PropertyResult, _ property: ConformanceProperty, _ check: LayoutCheck,
                                 _ evaluator: Evaluator) async -> PropertyResult {
        var r = result
        guard let i = r.failures.firstIndex(where: { $0.status == .fail }), let c = r.failures[i].counterexample,
              let minimal = c.scenario else { return r }
        let options = evaluator.options
        if showsASizedView(minimal) && isPresentable(minimal, reference: c.reference) {
            r.failures[i].counterexample?.presentable = PresentableCase(scenario: minimal, actual: c.actual, reference: c.reference)
        } else if options.searchesPresentable {
            let search = PresentableSearch(evaluator: evaluator, check: check, propertyID: property.id, seed: options.seed)
            r.failures[i].counterexample?.presentable = await search.search(from: minimal)
        }
        if i == 0 { r.counterexample = r.failures[0].counterexample }
        return r
    }
}
