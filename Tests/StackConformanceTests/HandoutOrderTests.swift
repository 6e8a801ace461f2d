import Testing
import StackLayout
@testable import StackConformance

/// A run starts its dearest properties first (`CatalogueRun.handoutOrder`), so that two jobs finish together; the
/// order decides when a property runs, never what it reports.
@Suite struct HandoutOrderTests {
    @Test func dearestFirstThenCatalogueOrder() {
        let properties = Catalogue.all
        let order = CatalogueRun.handoutOrder(properties)
        #expect(order.sorted() == Array(properties.indices))
        // The property whose cases each lay out every nested stack alone goes first …
        #expect(CatalogueRun.relativeCost.keys.allSatisfy { Catalogue.property($0) != nil })
        #expect(properties[order[0]].id == "nesting.behavesAsFittingSizeView")
        // … and no cheaper property comes before a dearer one, nor out of catalogue order among equals.
        for (a, b) in zip(order, order.dropFirst()) {
            let x = CatalogueRun.relativeCost[properties[a].id] ?? 1, y = CatalogueRun.relativeCost[properties[b].id] ?? 1
            #expect(x > y || (x == y && a < b), "\(properties[a].id) before \(properties[b].id)")
        }
    }

    /// Two jobs, the dearest property handed out first, give one job's results in catalogue order.
    @Test func reportStaysInCatalogueOrder() async {
        var options = RunOptions(cases: 4, seed: 5)
        options.properties = ["alignment.center", "nesting.behavesAsFittingSizeView", "spacing.systemIsEight"]
        func results(_ jobs: Int) async -> [String] {
            let engines: [any LayoutEngine] = (0..<jobs).map { _ in ReferenceEngine() }
            let report = await CatalogueRun.run(engines: engines, options: options)
            return report.results.map { "\($0.property) \($0.status) \($0.cases) \($0.message)" }
        }
        let one = await results(1)
        #expect(one.map { String($0.prefix { $0 != " " }) } == options.selectedProperties.map(\.id))
        #expect(await results(2) == one)
    }
}
