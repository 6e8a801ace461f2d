@_spi(Accelerated) import Cassowary

/// One solve of the accelerated reference: the oracle's solve (`ReferenceSolve`, §3's order) with what makes it fast,
/// each part held to the oracle by `AcceleratedReferenceTests`:
/// - a pooled solver (`ReferenceSolverPool`), reset rather than made;
/// - required equalities without markers in their rows (`Solver.keepsEqualityMarkers`): nothing is removed later;
/// - a project level's leading rows that the levels above already fix are left out (`addTieLevels`);
/// - for long stacks, positions measured from neighbours (`RelativePositions`);
/// - a solve that stops at what its caller reads (`AcceleratedReferenceEngine.Reading`).
struct AcceleratedSolve {
    typealias Variable = Cassowary.Variable
    let system: PackedSystem
    let solver: Cassowary.Solver
    let reading: AcceleratedReferenceEngine.Reading
    /// The constraint being added (`fillScratch`): one buffer for every row, as the solver copies what it keeps.
    private var scratch = Constraint([], .equal)
    private let systemTerms: [PackedSystem.Term]
    /// By variable index, made the first time a row names it (nil: not made yet), as in the oracle.
    private var variables: [Variable?]
    /// By handle id, the source of the added row.
    private var sourceOfHandle: [Int32] = []
    /// The system's offsets for positions (`RelativePositions`), and scratch for rewriting rows with them.
    private let relative: RelativePositions?
    private var rewritten: [PackedSystem.Term] = []
    private var rewriteWork: [PackedSystem.Term] = []
    /// With `relative`, for `positionsAreFixed`: per position variable, 1 when it is fixed at the optimum for good
    /// (levels added below cannot move it), `-fixedGeneration` when it was not at this optimum, else not known.
    private var fixedPositions: [Int32] = []
    /// Numbers the optima the project's levels reach (one per `optimize`).
    private var fixedGeneration: Int32 = 1
    /// Whether the solve stopped before the end for what its caller reads.
    private(set) var stoppedEarly = false
    /// Required rows that could not hold (R-SOLVE-5), each with the constraints it conflicts with.
    private(set) var broken: [(constraint: UISVConstraint?, conflicts: [UISVConstraint?])] = []

    /// `relativeFrom`: the number of arranged items from which positions are measured from neighbours.
    init(_ system: PackedSystem, solver: Cassowary.Solver, reading: AcceleratedReferenceEngine.Reading,
         relativeFrom: Int = RelativePositions.threshold) {
        self.system = system
        self.solver = solver
        self.reading = reading
        systemTerms = system.terms
        relative = system.index.items.count >= relativeFrom ? RelativePositions(system) : nil
        variables = Array(repeating: nil, count: 4 * system.items.count)
        // As the oracle's; a solve whose conflict sets no one reads skips the search, which never changes the
        // solution.
        solver.conflictSearchLimit = reading == .layout ? 150 : 0
        // One-shot: nothing is removed, so required equalities need no marker in their rows.
        solver.keepsEqualityMarkers = false
    }

    /// §3's order, as `ReferenceSolve.addRows`, stopping early for `reading` (see `Reading`).
    mutating func addRows() {
        solver.reserve(constraints: system.rows.count)
        sourceOfHandle.reserveCapacity(system.rows.count)
        for i in PackedSystem.requiredRowsInClassOrder(system.rows) { add(system.rows[i], optimize: false) }
        if reading == .unlessBroken && !broken.isEmpty { stoppedEarly = true; return }
        for row in system.rows where row.priority < 1000 && row.role != .tieBreak { add(row, optimize: true) }
        if reading == .size && rootSizeIsFixed() { stoppedEarly = true; return }
        addTieLevels()
    }

    /// The project's levels, highest first, each optimised once its rows are in. A row that the levels above
    /// already fix is left out: its error is the same in every remaining solution, so adding it would pivot nothing
    /// and change no value. Most R-T-8 rows, and many R-T-1 rows, are such rows.
    ///
    /// Only the rows before a level's first added one are tested. Once a row of the level is in, the solution can
    /// still be optimal (a row whose subject is a free position leaves its errors nonbasic, its level already at 0),
    /// and then `isFixedAtOptimum` counts those errors as fixed, held at 0 by the level being filled: a later row of
    /// the same level that is fixed only through them is not, since it changes that level's objective. For example
    /// R-T-2's level in an all-hidden baseline-relative vertical stack whose views' baselines differ: the views'
    /// distances from the canvas origin trade off within the level, and every one of its rows counts.
    private mutating func addTieLevels() {
        for level in system.tieLevels {
            var added = false
            for i in level {
                let row = system.rows[i]
                // With offsets, a row relating items far apart along a stack is long once rewritten (an R-T-8 corner
                // is measured from the stack's canvas); most are fixed, and this tells so first.
                if !added && relative != nil && positionsAreFixed(row) { continue }
                fillScratch(row)
                if !added && solver.isFixedAtOptimum(scratch.terms) { continue }
                add(row, optimize: false, filled: true)
                added = true
            }
            if added {
                solver.optimize()
                fixedGeneration += 1
            }
        }
    }

    /// Adds one row; a required row that cannot hold is recorded as broken and left out (R-SOLVE-5).
    /// `filled`: `scratch.terms` already holds the row's terms.
    private mutating func add(_ row: PackedSystem.Row, optimize: Bool, filled: Bool = false) {
        if !filled { fillScratch(row) }
        scratch.constant = row.constant
        scratch.relation = row.relation.solverRelation
        scratch.priority = row.priority
        do {
            _ = try solver.add(scratch, optimize: optimize)
            sourceOfHandle.append(row.source)
        } catch {
            broken.append((system.source(of: row), error.conflicting.map { handle in
                let source = sourceOfHandle[handle.id]
                return source >= 0 ? system.sources[Int(source)] : nil
            }))
        }
    }

    /// `scratch.terms` := the row's terms with solver variables (rewritten with offsets for positions, if any).
    private mutating func fillScratch(_ row: PackedSystem.Row) {
        scratch.terms.removeAll(keepingCapacity: true)
        let terms = systemTerms[Int(row.termStart)..<Int(row.termStart + row.termCount)]
        guard let relative else {
            for t in terms { scratch.terms.append((variable(t.variable), t.coefficient)) }
            return
        }
        rewritten.removeAll(keepingCapacity: true)
        relative.rewrite(terms, into: &rewritten, work: &rewriteWork)
        for t in rewritten { scratch.terms.append((variable(t.variable), t.coefficient)) }
    }

    private mutating func variable(_ index: Int32) -> Variable {
        if let made = variables[Int(index)] { return made }
        let made = solver.makeVariable()
        variables[Int(index)] = made
        return made
    }

    /// The variable of an index if a row made it already (nil: asking would make it, which would change the
    /// symbol order and so the pivots of what follows).
    private func madeVariable(_ index: Int32) -> Variable? { variables[Int(index)] }

    /// With offsets for positions, at an optimum: whether every variable of the row is fixed, so that the row is
    /// (a sufficient test: `Solver.isFixedAtOptimum` of the rewritten row would say so too). A position is fixed when
    /// its offset and the position it is measured from are: memoised up the chain, so a stack's rows cost a step
    /// each rather than a walk to the root each.
    private mutating func positionsAreFixed(_ row: PackedSystem.Row) -> Bool {
        guard let relative else { return false }
        if fixedPositions.isEmpty { fixedPositions = Array(repeating: 0, count: relative.parent.count) }
        for t in systemTerms[Int(row.termStart)..<Int(row.termStart + row.termCount)] {
            if relative.parent[Int(t.variable)] == RelativePositions.notPosition {
                guard let v = madeVariable(t.variable), solver.reachesOnlyFixedSymbols(v) else { return false }
                continue
            }
            // Up the chain to a position already decided at this optimum (or the root), then back down.
            var chain: [Int32] = []
            var i = t.variable
            while i >= 0 && fixedPositions[Int(i)] != 1 && fixedPositions[Int(i)] != -fixedGeneration {
                chain.append(i)
                i = relative.parent[Int(i)]
            }
            var fixed = i < 0 || fixedPositions[Int(i)] == 1
            for j in chain.reversed() {
                fixed = fixed && madeVariable(j).map { solver.reachesOnlyFixedSymbols($0) } == true
                fixedPositions[Int(j)] = fixed ? 1 : -fixedGeneration
            }
            if !fixed { return false }
        }
        return true
    }

    /// Whether UIKit's levels fix the root's width and height, so that the project's levels cannot move them.
    private func rootSizeIsFixed() -> Bool {
        let slot = system.slot(of: ItemKeySpace.root)
        guard slot >= 0 else { return false }
        for component in [PackedSystem.VariableKey.Component.width, .height] {
            guard let v = madeVariable(PackedSystem.variable(slot: slot, component)),
                  solver.reachesOnlyFixedSymbols(v) else { return false }
        }
        return true
    }

    /// The solution's frames in root coordinates (positions summed back from offsets), with the system's
    /// diagnostics and the broken constraints' lines; `isPartial` when the solve stopped early.
    func exactLayout() -> ExactLayout {
        let positions = relative?.positions { self.value($0) }
        var exact = system.exactLayout(diagnostics: system.diagnostics + ReferenceSystem.brokenLines(broken)) { index in
            if let positions, relative!.parent[Int(index)] != RelativePositions.notPosition {
                return positions[Int(index)]
            }
            return value(index)
        }
        exact.isPartial = stoppedEarly
        return exact
    }

    private func value(_ index: Int32) -> Double {
        madeVariable(index).map { solver.value(of: $0) } ?? 0
    }
}
