import PropertyCheck
import Testing
@testable import StackLayout

/// The reference engine's solve paths must agree on every scenario (`ReferenceScenarios`):
/// - the oracle's one-shot solve (`ReferenceEngine.layout`: a new solver fed in §3's order) and the solver a
///   `ReferenceLayoutSession` starts from (`SessionSolver`: variables by item, rows by key), within 1e-6 pt with the
///   same ids and diagnostics (R-V-9, R-T-7);
/// - the accelerated reference's solves (`AcceleratedReferenceEngine`: pooled solvers, readings) and the oracle's,
///   to the bit.
/// Each is a PropertyCheck property, so a failing scenario shrinks and prints a replay token; a deliberately wrong
/// variant of each engine shows that the property can fail.
@Suite struct ReferenceSolvePathTests {
    /// A way to lay out a scenario that must agree with the session's.
    typealias OneShot = @Sendable (Scenario) throws -> Layout

    /// The property: `oneShot`'s layout is the session's first layout, within `sameLayout`'s 1e-6 pt.
    static func oneShotMatchesTheSession(_ id: String, _ oneShot: @escaping OneShot) -> Property<Scenario> {
        Property(id, ReferenceScenarios.scenarios, describe: ReferenceScenarios.describe) { scenario, _ in
            let oneShot = try oneShot(scenario)
            let incremental = ReferenceLayoutSession(scenario).layout
            try require(sameLayout(oneShot, incremental), """
                one-shot vs incremental:
                \(LayoutDifferences.lines(oneShot, incremental) { abs($0 - $1) < 1e-6 })
                """)
        }
    }

    @Test func oneShotSolveMatchesTheIncrementalSolve() async {
        await checkProperty(Self.oneShotMatchesTheSession("reference.oneShotMatchesTheSession") {
                                try ReferenceEngine().layout($0)
                            },
                            configuration: ReferenceScenarios.configuration(seed: 0x14_14, cases: 300))
    }

    /// A wrong one-shot solve: the oracle without the project's tie levels (R-T-1), so equal priorities leave the
    /// solver free to place ties anywhere. The property must catch it.
    @Test func aOneShotSolveWithoutTieLevelsIsCaught() async {
        let report = await PropertyRunner.run(Self.oneShotMatchesTheSession("reference.mutant.oneShotWithoutTies") {
            scenario in
            let clamped = scenario.clampedForLayout()
            let system = ReferenceSystem(clamped, includeTieLevels: false, fittingHeight: ReferenceEngine.fittingHeight)
            var exact = ReferenceEngine.solve(system)
            exact.completeRootBaselines(of: clamped, index: system.index, fittingHeight: ReferenceEngine.fittingHeight)
            return exact.finish(for: clamped, index: system.index)
        }, configuration: Configuration(seed: 0, cases: 300))
        #expect(report.status == .failed)
    }
}

extension ReferenceSolvePathTests {
    /// The accelerated reference's exact layout of a clamped scenario (root baselines left out).
    static func accelerated(_ clamped: Scenario, reading: AcceleratedReferenceEngine.Reading = .layout) -> ExactLayout {
        AcceleratedReferenceEngine.solve(AcceleratedReferenceEngine.system(clamped), reading: reading)
    }

    /// Same size, frames, baselines and diagnostics, compared exactly.
    static func sameToTheBit(_ a: ExactLayout, _ b: ExactLayout) -> Bool {
        a.size == b.size && a.frames == b.frames && a.diagnostics == b.diagnostics
            && a.firstBaseline == b.firstBaseline && a.lastBaseline == b.lastBaseline
    }

    /// The property: `accelerator`'s exact layout of every clamped scenario is the oracle's, to the bit.
    static func acceleratedMatchesTheOracle(_ id: String, _ accelerator: @escaping @Sendable (Scenario) -> ExactLayout)
        -> Property<Scenario> {
        Property(id, ReferenceScenarios.scenarios.map { $0.clampedForLayout() },
                 describe: ReferenceScenarios.describe) { clamped, _ in
            let fast = accelerator(clamped), oracle = ReferenceEngine.solve(ReferenceEngine.system(clamped))
            try require(sameToTheBit(fast, oracle), """
                accelerated vs oracle:
                \(LayoutDifferences.lines(fast, oracle, same: LayoutDifferences.sameBits))
                """)
        }
    }

    /// The accelerated reference takes its solvers from a pool, on several threads at once: every layout must still
    /// be its own, and the oracle's, to the bit. Four runs of 50 cases at once, each its own property.
    @Test func concurrentLayoutsMatchTheOracle() async {
        await withTaskGroup(of: Void.self) { group in
            for part in 0..<4 {
                group.addTask {
                    await checkProperty(Self.acceleratedMatchesTheOracle("reference.concurrentAccelerated.\(part)") {
                                            Self.accelerated($0)
                                        },
                                        configuration: ReferenceScenarios.configuration(seed: 0x14_17, cases: 50))
                }
            }
        }
    }

    /// A wrong accelerator: positions measured from neighbours in every stack, however short (`relativeFrom: 0`),
    /// which sums in another order; the property compares to the bit, so it must catch it.
    @Test func offsetsInShortStacksAreCaught() async {
        let report = await PropertyRunner.run(Self.acceleratedMatchesTheOracle("reference.mutant.offsets") { clamped in
            let fitting = AcceleratedReferenceEngine.fittingHeight(.init())
            return AcceleratedReferenceEngine.solve(PackedSystem(clamped, fittingHeight: fitting), relativeFrom: 0)
        }, configuration: Configuration(seed: 0, cases: 200))
        #expect(report.status == .failed)
    }
}

extension ReferenceSolvePathTests {
    /// The property: a nested stack laid out alone for its size (R-BL-5, §4) solves for `.size`, leaving the tie
    /// levels out when UIKit's levels already fix the root's size; `sized`'s size must be the full solve's, to the
    /// bit. Containers are free, as a fitting solve's.
    static func sizeOnlyMatchesTheFullSolve(_ id: String, _ sized: @escaping @Sendable (Scenario) -> Size)
        -> Property<Scenario> {
        let freeScenarios = ReferenceScenarios.scenarios.map { scenario in
            var scenario = scenario
            scenario.container = .free
            return scenario.clampedForLayout()
        }
        return Property(id, freeScenarios, describe: ReferenceScenarios.describe) { clamped, _ in
            let full = Self.accelerated(clamped).size, size = sized(clamped)
            try require(full.width.bitPattern == size.width.bitPattern && full.height.bitPattern == size.height.bitPattern,
                        "full solve's size \(full) vs size-only \(size)")
        }
    }

    @Test func sizeOnlySolvesGiveTheFullSolvesSize() async {
        await checkProperty(Self.sizeOnlyMatchesTheFullSolve("reference.sizeOnlyMatchesTheFullSolve") {
                                Self.accelerated($0, reading: .size).size
                            },
                            configuration: ReferenceScenarios.configuration(seed: 0x14_20, cases: 300))
    }

    /// A wrong size-only solve: the tie levels always left out, even where they decide the root's size (a view
    /// with no intrinsic size in a free stack). The property must catch it.
    @Test func aSizeOnlySolveThatAlwaysLeavesTiesOutIsCaught() async {
        let report = await PropertyRunner.run(Self.sizeOnlyMatchesTheFullSolve("reference.mutant.sizeWithoutTies") {
            clamped in
            let fitting = AcceleratedReferenceEngine.fittingHeight(.init())
            let system = PackedSystem(clamped, includeTieLevels: false, fittingHeight: fitting)
            return AcceleratedReferenceEngine.solve(system, reading: .size).size
        }, configuration: Configuration(seed: 0, cases: 300))
        #expect(report.status == .failed)
    }
}
