import PropertyCheck
import StackConformance
import StackFuzzing
import Testing
@testable import StackLayout

/// The suite's verdicts come from the accelerated reference (`AcceleratedReferenceEngine`, and the per-case
/// `ReferenceLayoutCache` the runner asks); these properties hold it to the oracle (`ReferenceEngine`), and show
/// that they can fail by catching two deliberately wrong accelerators.
@Suite struct AcceleratedReferenceTests {
    /// A layout engine that is meant to lay out like the oracle.
    typealias Accelerator = OracleAgreement.Accelerator

    /// The accelerated reference as the runner asks it: one cache per case, layouts then sizes.
    static let runnersPath: Accelerator = { scenario in ReferenceLayoutCache().layout(scenario) }
    static let engine: Accelerator = { scenario in try? AcceleratedReferenceEngine().layout(scenario) }

    /// Scenarios of every feature (conflicts, priority collisions, nested slack, user constraints…), at the scale
    /// they were drawn with and unrounded.
    static let everyFeature = ScenarioGenerator(features: .all).scenario

    /// Scenarios of every feature with text leaves (§2.7's two passes), which the default shape never draws.
    static let everyFeatureWithText: Gen<Scenario> = {
        var shape = ScenarioGenerator.Shape()
        shape.textProbability = 0.3
        return ScenarioGenerator(features: .all, shape: shape).scenario
    }()

    /// Long stacks, 64 to 96 views, where positions are measured from neighbours.
    static let longStacks: Gen<Scenario> = Gens.int(64...96).flatMap { count in
        Gens.zip(Gens.int(0...3), Gens.array(Gens.int(0...40), count: count...count)).map { pick, lengths in
            let distribution: [Distribution] = [.fill, .fillEqually, .equalSpacing, .equalCentering]
            var views: [ArrangedView] = []
            for (i, length) in lengths.enumerated() {
                views.append(.view("v\(i)", width: Double(length) + Double(i % 3) / 3, height: Double(20 + i % 7)))
            }
            var stack = Stack(spacing: 8, arrangedSubviews: views)
            stack.distribution = distribution[pick]
            return Scenario(container: Container(width: pick == 0 ? nil : Double(count) * 31, height: nil),
                            scale: 3, stack: stack)
        }
    }

    /// The property: on every scenario, the accelerator's layout is the oracle's (`OracleAgreement.check`, which the
    /// engines fuzz target runs too): to the bit, rounded and unrounded, with the same diagnostics.
    static func holdsToTheOracle(_ id: String, _ scenarios: Gen<Scenario>, _ accelerator: @escaping Accelerator)
        -> Property<Scenario> {
        Property(id, scenarios) { scenario, tc in
            try tc.assume(OracleAgreement.oracleAffords(scenario))
            try OracleAgreement.check(scenario, accelerator)
        }
    }

    /// The oracle re-solves everything at every shrink step: a failure shrinks for at most 300 calls, which reach a
    /// small case, and prints its replay token.
    static func bounded(seed: UInt64, cases: Int) -> Configuration {
        var configuration = Configuration(seed: seed, cases: cases)
        configuration.maxShrinkCalls = 300
        return configuration
    }

    /// For a wrong accelerator: only the verdict matters, so the shrinker stops early.
    static var catching: Configuration {
        var configuration = Configuration(seed: 0)
        configuration.maxShrinkCalls = 100
        return configuration
    }

    @Test func theRunnersPathLaysOutLikeTheOracle() async {
        let report = await checkProperty(Self.holdsToTheOracle("accelerated.runnersPath", Self.everyFeature,
                                                              Self.runnersPath),
                                         configuration: Self.bounded(seed: 0, cases: 100))
        #expect(report.status == .passed)
    }

    @Test func theEngineLaysOutLikeTheOracle() async {
        let report = await checkProperty(Self.holdsToTheOracle("accelerated.engine", Self.everyFeature, Self.engine),
                                         configuration: Self.bounded(seed: 1, cases: 100))
        #expect(report.status == .passed)
    }

    @Test func textLaysOutLikeTheOracle() async {
        for (id, accelerator) in [("accelerated.text.engine", Self.engine), ("accelerated.text.runnersPath", Self.runnersPath)] {
            let report = await checkProperty(Self.holdsToTheOracle(id, Self.everyFeatureWithText, accelerator),
                                             configuration: Self.bounded(seed: 2, cases: 60))
            #expect(report.status == .passed)
        }
    }

    @Test func longStacksLayOutLikeTheOracle() async {
        let report = await checkProperty(Self.holdsToTheOracle("accelerated.longStacks", Self.longStacks, Self.engine),
                                         configuration: Self.bounded(seed: 0, cases: 4))
        #expect(report.status == .passed)
    }

    /// A wrong accelerator: the project's tie levels left out (R-T-1 …), so ties fall wherever the solver leaves
    /// them. The property must catch it.
    @Test func anAcceleratorWithoutTieLevelsIsCaught() async {
        let wrong: Accelerator = { scenario in
            let clamped = scenario.clampedForLayout()
            let system = PackedSystem(clamped, includeTieLevels: false,
                                         fittingHeight: AcceleratedReferenceEngine.fittingHeight(.init()))
            var exact = AcceleratedReferenceEngine.solve(system)
            exact.completeRootBaselines(of: clamped, index: system.index,
                                        fittingHeight: AcceleratedReferenceEngine.fittingHeight(.init()))
            return exact.finish(for: clamped, index: system.index)
        }
        let report = await PropertyRunner.run(Self.holdsToTheOracle("accelerated.mutant.noTieLevels", Self.everyFeature,
                                                                    wrong), configuration: Self.catching)
        #expect(report.status == .failed)
    }

    /// A wrong accelerator: positions measured from neighbours in every stack, however short, which reorders the
    /// sums; the property holds short stacks to the bit, so it must catch it.
    @Test func offsetsInShortStacksAreCaught() async {
        let wrong: Accelerator = { scenario in
            let clamped = scenario.clampedForLayout()
            let fitting = AcceleratedReferenceEngine.fittingHeight(.init())
            let system = PackedSystem(clamped, fittingHeight: fitting)
            var exact = AcceleratedReferenceEngine.solve(system, relativeFrom: 0)
            exact.completeRootBaselines(of: clamped, index: system.index, fittingHeight: fitting)
            return exact.finish(for: clamped, index: system.index)
        }
        let report = await PropertyRunner.run(Self.holdsToTheOracle("accelerated.mutant.offsets", Self.everyFeature,
                                                                    wrong), configuration: Self.catching)
        #expect(report.status == .failed)
    }

    /// R-T-2: an all-hidden stack's views sit at its canvas origin along the axis, one level for all of them. In a
    /// baseline-relative vertical stack the spacing chain ties a view's first baseline to the previous view's last
    /// (§2.3.4, constants 0 between hidden views, §2.5), and hidden views have height 0: here b and c sit 1 pt above
    /// a (a has no baseline, so its bottom, its top, counts; b's and c's baselines are 1 below their tops). The level
    /// minimises |y_a| + |y_b| + |y_c| = |y_a| + 2·|y_a − 1|, least at y_a = 1: a at 1, b and c on the origin. The
    /// accelerated solve must not leave a row of that level out as fixed once another row of it is in.
    @Test func allHiddenBaselineRelativeRunSitsOnTheCanvasOrigin() throws {
        var views: [ArrangedView] = [.view("a", width: 0, height: 0),
                                     .view("b", width: 0, height: 0, firstBaseline: 1, lastBaseline: 1),
                                     .view("c", width: 0, height: 0, firstBaseline: 1, lastBaseline: 1)]
        for i in views.indices { views[i].isHidden = true }
        let stack = Stack(axis: .vertical, isBaselineRelativeArrangement: true, arrangedSubviews: views)
        for scenario in [Scenario(stack: stack),
                         Scenario(stack: Stack(arrangedSubviews: [.stack("nested", stack)]))] {
            let oracle = try ReferenceEngine().layout(scenario)
            let layout = try AcceleratedReferenceEngine().layout(scenario)
            let cached = ReferenceLayoutCache().layout(scenario)
            #expect(layout.frameValues.suffix(3).map { $0.y } == [1, 0, 0], "\(layout)")
            #expect(oracle.frameValues.suffix(3).map { $0.y } == [1, 0, 0], "\(oracle)")
            #expect(OracleAgreement.sameToTheBit(layout, oracle))
            #expect(OracleAgreement.sameToTheBit(cached, oracle))
        }
    }
}
