import PropertyCheck
import Testing
@testable import StackLayout

/// The reference engine solves a scenario two ways, and both must give the same layout:
/// - the one-shot solve (`ReferenceEngine.layout`): variables by slot, optional rows optimised one by one, tie
///   levels added level by level with the rows they already fix left out (`addAll(pruneTieLevels: true)`);
/// - the incremental path every `ReferenceLayoutSession` starts from: every row added to the `Solver` in R-T-7
///   order, variables by key, every tie row kept, one optimisation at the end (`addAll(pruneTieLevels: false)`).
/// Random scenarios come from PropertyCheck's Xoshiro256StarStar (never the standard library's generators).
@Suite struct ReferenceSolvePathTests {
    struct Draw {
        var rng: Xoshiro256StarStar
        var nextID = 0
        mutating func below(_ n: Int) -> Int { Int(rng.next(upTo: UInt64(n - 1))) }   // 0..<n
        mutating func pick<T>(_ values: [T]) -> T { values[below(values.count)] }
        mutating func chance(_ p: Double) -> Bool { rng.nextBool(probability: p) }

        mutating func priority() -> LayoutPriority { pick([250, 251, 750, 749, 1000, 500]) }

        mutating func leaf() -> ArrangedView {
            nextID += 1
            let width: Double? = chance(0.2) ? nil : Double(below(8) * 10)
            let height: Double? = chance(0.2) ? nil : Double(5 + below(5) * 10)
            var v = ArrangedView.view("v\(nextID)", width: width, height: height,
                                      firstBaseline: chance(0.3) ? Double(below(10)) : nil)
            v.isHidden = chance(0.15)
            if chance(0.2) {
                v.contentHuggingPriority = AxisPriorities(horizontal: priority(), vertical: priority())
            }
            if chance(0.2) {
                v.compressionResistancePriority = AxisPriorities(horizontal: priority(), vertical: priority())
            }
            if chance(0.15) {
                v.constraints = [UserConstraint(pick([.width, .height]), pick([.equal, .lessThanOrEqual, .greaterThanOrEqual]),
                                                Double(below(6) * 10), priority: priority())]
            }
            if chance(0.15) { v.customSpacingAfter = .points(Double(below(4) * 5)) }
            return v
        }

        /// `count`: the number of arranged views (0 to 5 when nil).
        mutating func stack(depth: Int, count: Int? = nil) -> Stack {
            var views: [ArrangedView] = []
            for _ in 0..<(count ?? below(6)) {
                if depth < 2 && chance(0.2) {
                    nextID += 1
                    views.append(.stack("s\(nextID)", stack(depth: depth + 1)))
                } else {
                    views.append(leaf())
                }
            }
            return Stack(axis: pick(Axis.allCases), distribution: pick(Distribution.allCases),
                         alignment: pick(Alignment.allCases), spacing: .points(Double(below(4) * 4)),
                         isBaselineRelativeArrangement: chance(0.2),
                         isLayoutMarginsRelativeArrangement: chance(0.2), arrangedSubviews: views)
        }

        /// `rootCount`: the root's number of arranged views (0 to 5 when nil).
        mutating func scenario(rootCount: Int? = nil) -> Scenario {
            let width: Double? = chance(0.5) ? Double(below(20) * 20) : nil
            let height: Double? = chance(0.3) ? Double(below(10) * 20) : nil
            return Scenario(container: Container(width: width, height: height), stack: stack(depth: 0, count: rootCount))
        }
    }

    @Test func oneShotSolveMatchesTheIncrementalSolve() throws {
        var draw = Draw(rng: Xoshiro256StarStar(seed: 0x14_14))
        for _ in 0..<300 {
            let scenario = draw.scenario()
            let oneShot = try ReferenceEngine().layout(scenario)
            let incremental = ReferenceLayoutSession(scenario).layout
            #expect(sameLayout(oneShot, incremental), "\(scenario)")
        }
    }
}

extension ReferenceSolvePathTests {
    /// One-shot layouts solve on reset solvers from `ReferenceSolverPool`, which last solved other scenarios (of
    /// other sizes, broken constraints included): the exact layouts must be those of a new solver, to the bit.
    @Test func pooledSolversSolveLikeNewOnes() throws {
        var draw = Draw(rng: Xoshiro256StarStar(seed: 0x14_16))
        for _ in 0..<300 {
            let clamped = draw.scenario().clampedForLayout()
            let pooled = ReferenceEngine().exactLayout(clamped)
            let new = ReferenceEngine().exactLayout(clamped, newSolver: true)
            #expect(sameToTheBit(pooled, new), "\(clamped)")
        }
    }

    /// The pool hands solvers to layouts on several threads at once: every layout must still be its own.
    @Test func concurrentLayoutsMatchSequentialOnes() async throws {
        var draw = Draw(rng: Xoshiro256StarStar(seed: 0x14_17))
        let scenarios = (0..<200).map { _ in draw.scenario().clampedForLayout() }
        let expected = scenarios.map { ReferenceEngine().exactLayout($0, newSolver: true) }
        let mismatched = await withTaskGroup(of: [Int].self) { group in
            for part in 0..<4 {
                group.addTask {
                    stride(from: part, to: scenarios.count, by: 4).filter {
                        !sameToTheBit(ReferenceEngine().exactLayout(scenarios[$0]), expected[$0])
                    }
                }
            }
            var all: [Int] = []
            for await indices in group { all += indices }
            return all.sorted()
        }
        #expect(mismatched.isEmpty, "scenarios \(mismatched) differ from their sequential layouts")
    }

    /// Same size, frames, baselines and diagnostics, compared exactly.
    func sameToTheBit(_ a: ExactLayout, _ b: ExactLayout) -> Bool {
        a.size == b.size && a.frames == b.frames && a.diagnostics == b.diagnostics
            && a.firstBaseline == b.firstBaseline && a.lastBaseline == b.lastBaseline
    }
}

extension ReferenceSolvePathTests {
    /// A nested stack laid out alone for its size (R-BL-5, §4) solves for `.size`: the tie levels are left out
    /// when UIKit's levels already fix the root's size. The size must be the full solve's, to the bit.
    @Test func sizeOnlySolvesGiveTheFullSolvesSize() throws {
        var draw = Draw(rng: Xoshiro256StarStar(seed: 0x14_20))
        for _ in 0..<300 {
            var scenario = draw.scenario()
            scenario.container = .free   // as a fitting solve's
            let clamped = scenario.clampedForLayout()
            let full = ReferenceEngine().exactLayout(clamped, computeRootBaselines: false).size
            let sized = ReferenceEngine().exactLayout(clamped, reading: .size).size
            #expect(full.width.bitPattern == sized.width.bitPattern && full.height.bitPattern == sized.height.bitPattern,
                    "\(clamped)")
        }
    }
}
