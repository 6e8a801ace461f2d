/// The reference engine as the suite runs it: the oracle's layout (`ReferenceEngine`), computed faster. Its parts:
/// - `AcceleratedSolve`: pooled solvers, markerless equalities, settled project levels left out, positions measured
///   from neighbours in long stacks (`RelativePositions`), solves that stop at what their caller reads;
/// - a nested stack fitted once per layout for R-BL-5 (`FittingHeights`), and the root's baselines read only when
///   asked (`ReferenceLayoutCache`, which also shares one solve among a case's variants).
///
/// `AcceleratedReferenceTests` holds it to the oracle on generated scenarios of every feature: the same layouts and
/// diagnostics to the bit, except that positions measured from neighbours (from `RelativePositions.threshold`
/// arranged items on) sum in another order, and are held to the oracle's within 1e-9 pt and identical once rounded.
public struct AcceleratedReferenceEngine: LayoutEngine {
    /// The engine; it holds no state (solvers come from a shared pool, one layout at a time each).
    public init() {}
    /// The oracle's description: `reference`, every feature, built in, and the reference's layouts.
    public var engineDescription: EngineDescription { ReferenceEngine.engineDescription }

    /// The oracle's layout of `scenario` (`ReferenceEngine.layout(_:)`), to the bit.
    public func layout(_ scenario: Scenario) throws(LayoutError) -> Layout {
        let clamped = Self.laidOutScenario(scenario)
        let fitting = FittingHeights()
        let system = Self.system(clamped, fitting: fitting)
        var exact = Self.solve(system)
        exact.completeRootBaselines(of: clamped, index: system.index, fittingHeight: Self.fittingHeight(fitting))
        return exact.finish(for: clamped, index: system.index)
    }

    /// The clamped scenario whose solve is the layout: with text, pass 2's, after pass 1 is solved as the oracle
    /// solves it (a whole layout, nested stacks fitted once for that pass), §2.7.
    static func laidOutScenario(_ scenario: Scenario) -> Scenario {
        scenario.laidOutScenario { solve(system($0, fitting: FittingHeights())) }
    }

    /// What the caller of a solve reads of it: a solve skips the work no one reads.
    enum Reading {
        /// The whole layout, with each broken constraint's conflict set (the `conflicts with:` lines).
        case layout
        /// The layout unless a required constraint breaks (R-SOLVE-5): the solve then stops after the required rows,
        /// and only its `broken:` lines mean anything (no conflict sets, no root baselines). For a caller that
        /// discards such a layout (the §4 check). Without a broken constraint, it is the whole layout.
        case unlessBroken
        /// The root's size only, the same to the bit (nested stacks fitted alone, R-BL-5 and §4): no conflict sets,
        /// no root baselines, and no project levels when UIKit's levels fix the size.
        case size
    }

    /// Nested stacks laid out alone, by the id of their item, shared by every solve of one layout so that each is
    /// fitted once however deep the nesting (ids are unique across a scenario): the denoised fitting height a
    /// system uses (R-BL-5) and the exact size (the §4 check reads it, `ReferenceLayoutCache`).
    final class FittingHeights {
        var heights: [String: Double] = [:]
        var sizes: [String: Size] = [:]
        /// How many stacks were laid out alone.
        var solves = 0
    }

    /// The oracle's system (`ReferenceEngine.system`) packed (`PackedSystem`), each nested stack fitted once per
    /// `fitting`.
    static func system(_ clamped: Scenario, fitting: FittingHeights = FittingHeights()) -> PackedSystem {
        PackedSystem(clamped, fittingHeight: fittingHeight(fitting))
    }

    /// A nested stack's R-BL-5 height, as `ReferenceEngine.fittingHeight`: laid out alone once per `fitting`.
    static func fittingHeight(_ fitting: FittingHeights) -> ReferenceSystem.FittingHeight {
        { id, stack in
            if let h = fitting.heights[id] { return h }
            let size = solve(system(Scenario(stack: stack), fitting: fitting), reading: .size).size
            let h = denoise(size.height)
            fitting.heights[id] = h
            fitting.sizes[id] = size
            fitting.solves += 1
            return h
        }
    }

    /// A system's exact layout for `reading`, on a solver from `ReferenceSolverPool`, positions measured from
    /// neighbours from `relativeFrom` arranged items on.
    static func solve(_ system: PackedSystem, reading: Reading = .layout,
                      relativeFrom: Int = RelativePositions.threshold) -> ExactLayout {
        let solver = ReferenceSolverPool.shared.take()
        defer { ReferenceSolverPool.shared.give(solver, rows: system.rows.count) }
        var solve = AcceleratedSolve(system, solver: solver, reading: reading, relativeFrom: relativeFrom)
        solve.addRows()
        return solve.exactLayout()
    }
}

extension AcceleratedReferenceEngine {
    /// The exact (unrounded) width of every arranged item in each pass of §2.7, in pre-order: what decides a
    /// label's lines in pass 2 (`first`) and its final width (`second`). For the generator's guard against widths at
    /// a line break; a scenario without text has equal passes.
    /// Pass 1 is solved once: `laidOutScenario`'s own solve of it gives the first widths (the same system, so the
    /// same widths to the bit as a solve apart).
    package static func textPassWidths(_ scenario: Scenario) -> (first: [Double], second: [Double]) {
        var first: [Double]?
        let laidOut = scenario.laidOutScenario { pass in
            let exact = solve(system(pass, fitting: FittingHeights()))
            first = exact.frames.map(\.width)
            return exact
        }
        let second = solve(system(laidOut, fitting: FittingHeights())).frames.map(\.width)
        // Without text there is no pass 1 to read (`laidOutScenario` solves nothing): the passes are equal.
        return (first ?? second, second)
    }
}
