import Cassowary

/// The project's reference engine, the oracle every verdict rests on. It reads like Spec §2–§3:
///
/// 1. the scenario, clamped (R-SOLVE-6); with text, pass 2's scenario, after a solve of pass 1 (§2.7);
/// 2. UIKit's constraints, rule by rule (`UISVGenerator`, §2), as linear rows over four variables per item, with the
///    project's final levels below every UIKit priority (`ReferenceSystem`: R-T-1, R-H-2, R-T-2/R-F-3, R-T-8);
/// 3. a new `Cassowary.Solver` (default settings; conflict sets listed up to 150 required rows), fed in §3's
///    order (`solve`);
/// 4. the frames, the root's baselines (R-BL-2, R-BL-3, R-BL-5) and the diagnostics read off the solution, then
///    rounded and mirrored (`ExactLayout.finish`: R-PX-1, R-PX-2, R-RTL-1).
///
/// Nothing here is there for speed: no solver is reused, nothing is cached, every row is added. The suite runs the
/// accelerated reference (`AcceleratedReferenceEngine`), which a property test holds to this engine.
public struct ReferenceEngine: LayoutEngine {
    /// The engine; it holds no state (`ReferenceLayoutSession` keeps a solver across changes).
    public init() {}
    /// Every feature, `conflicts`, `nestedSlack` and `priorityCollisions` included; built in, and the reference.
    public var engineDescription: EngineDescription { Self.engineDescription }
    static let engineDescription = EngineDescription(name: "reference", version: "1", features: .all, capabilities: [.builtIn, .layoutsAreTheReference])

    /// UIKit's constraint set for the scenario (after R-SOLVE-6 clamping), in `stackcheck constraints` order; with
    /// text, the set of pass 2, the labels' content sizes at their pass-1 widths (§2.7).
    public static func constraints(for scenario: Scenario) -> [UISVConstraint] {
        UISVGenerator(scenario.laidOutScenario { solve(system($0)) }).constraints
    }

    /// Steps 1 to 4 above; never throws (a conflict is a broken constraint in the diagnostics, R-SOLVE-5).
    public func layout(_ scenario: Scenario) throws(LayoutError) -> Layout {
        // §2.7: with text, pass 1 is solved here and the steps below lay out pass 2.
        let clamped = scenario.laidOutScenario { Self.solve(Self.system($0)) }
        let system = Self.system(clamped)
        var exact = Self.solve(system)
        exact.completeRootBaselines(of: clamped, index: system.index, fittingHeight: Self.fittingHeight)
        return exact.finish(for: clamped, index: system.index)
    }

    /// §2: the rows of a clamped scenario, positions in root coordinates.
    static func system(_ clamped: Scenario) -> ReferenceSystem {
        ReferenceSystem(clamped, fittingHeight: fittingHeight)
    }

    /// R-BL-5: a nested stack's height for "the tallest view" is its fitting height, the height of its layout alone.
    /// Denoised like a published size, so that a nested stack whose exact height is solver noise above a leaf's
    /// ties with it (and the lower index wins).
    static func fittingHeight(_ id: String, _ stack: Stack) -> Double {
        denoise(solve(system(Scenario(stack: stack))).size.height)
    }

    /// §3: the system's rows into a new solver, and its lexicographic optimum read back as an exact layout.
    static func solve(_ system: ReferenceSystem) -> ExactLayout {
        var solve = ReferenceSolve(system)
        solve.addRows()
        return solve.exactLayout()
    }
}

/// One solve of the oracle: a new solver, the variables it made for the system's variables, and the required rows
/// that broke.
struct ReferenceSolve {
    let system: ReferenceSystem
    let solver = Solver()
    /// Made the first time a row names the variable: the order rows are added fixes the solver's symbol order, and
    /// so its pivots.
    private var variables: [ReferenceSystem.VariableKey: Variable] = [:]
    /// By handle id (handles are issued in order, one per added row), the UIKit constraint of the row.
    private var sourceOfHandle: [UISVConstraint?] = []
    /// Required rows that could not hold (R-SOLVE-5), in the order they were tried, each with the constraints it
    /// conflicts with.
    private var broken: [(constraint: UISVConstraint?, conflicts: [UISVConstraint?])] = []

    init(_ system: ReferenceSystem) {
        self.system = system
        // Conflict sets are for people: each probe re-solves the required rows, so systems larger than this list
        // a broken constraint without its conflicts.
        solver.conflictSearchLimit = 150
    }

    /// §3's order. Required rows first, class by class (R-T-7): nothing is optimised yet, as there is no objective.
    /// Then UIKit's optional rows one at a time, the solution optimal after each (as kiwi's `addConstraint` does).
    /// Then the project's final levels, highest first, each level's rows together. The optimum does not depend on
    /// this order (R-T-8 leaves nothing free); its last bits do, which is why the order is fixed.
    mutating func addRows() {
        for i in system.requiredRowsInClassOrder { add(system.rows[i], optimize: false) }
        for i in system.optionalUIKitRows { add(system.rows[i], optimize: true) }
        for level in system.tieLevels {
            for i in level { add(system.rows[i], optimize: false) }
            solver.optimize()
        }
    }

    /// Adds one row; a required row that cannot hold is recorded as broken and left out (R-SOLVE-5).
    private mutating func add(_ row: ReferenceSystem.Row, optimize: Bool) {
        let terms = row.terms.map { (variable: variable($0.variable), coefficient: $0.coefficient) }
        do {
            _ = try solver.add(Constraint(terms, constant: row.constant, row.relation.solverRelation,
                                          priority: row.priority), optimize: optimize)
            sourceOfHandle.append(row.source)
        } catch {
            broken.append((row.source, error.conflicting.map { sourceOfHandle[$0.id] }))
        }
    }

    private mutating func variable(_ key: ReferenceSystem.VariableKey) -> Variable {
        if let made = variables[key] { return made }
        let made = solver.makeVariable()
        variables[key] = made
        return made
    }

    /// The solution's frames in root coordinates, with the system's diagnostics and the broken constraints' lines.
    func exactLayout() -> ExactLayout {
        system.exactLayout(diagnostics: system.diagnostics + ReferenceSystem.brokenLines(broken)) { key in
            // A variable no row names reads 0 (Auto Layout's unconstrained value).
            variables[key].map { solver.value(of: $0) } ?? 0
        }
    }
}
