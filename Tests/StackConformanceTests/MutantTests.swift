import Testing
import PropertyCheck
import StackConformance
import StackConformanceMutants
import StackLayout

/// Every mutant is caught by its designated property at the default case count and seed, with a
/// small shrunk counterexample, and every property but the agreement property catches at least one mutant.
@Suite struct MutantTests {
    static let ids = Mutants.all.map(\.id)

    @Test func thereAreAtLeastFifteenEngineMutantsAndViewTreeMutants() {
        #expect(Mutants.all.filter { $0.engine != nil }.count >= 15)
        #expect(Mutants.all.contains { $0.isViewTree })
        #expect(Set(Self.ids).count == Self.ids.count, "mutant ids are unique")
    }

    @Test func everyPropertyButAgreementKillsAMutant() {
        let killers = Set(Mutants.all.map(\.killedBy))
        for property in Catalogue.all where property.id != "agreement.matchesReference" {
            #expect(killers.contains(property.id), "no mutant is designated for \(property.id)")
        }
        for killer in killers { #expect(Catalogue.property(killer) != nil, "unknown property \(killer)") }
    }

    @Test("caught by its property", arguments: ids)
    func caught(_ id: String) async {
        guard let mutant = Mutants.all.first(where: { $0.id == id }), let property = Catalogue.property(mutant.killedBy) else {
            Issue.record("unknown mutant \(id)")
            return
        }
        // The default seed, case count and shrink budget: what `stackcheck run --engine mutant:<id>` does, up to its
        // first failure (the run is shared with DiagnosisMutantTests, `MutantRuns`).
        let result = await MutantRuns.result(mutant, property)
        #expect(result.status == .fail, "\(id) was not caught by \(property.id): \(result.status.rawValue) \(result.message)")
        guard result.status == .fail, let c = result.counterexample else { return }
        if mutant.smallCounterexample && c.program == nil {
            #expect(c.viewCount <= 3, "\(id): the shrunk counterexample has \(c.viewCount) views: \(c.scenario?.jsonString(pretty: false) ?? "")")
        }
        if let program = c.program {
            #expect(program.count <= 4, "\(id): the shrunk program has \(program.count) operations: \(program)")
        }
        #expect(c.replay.hasPrefix("pc2_"))
    }
}
