import Cassowary

/// A solve of the reference's own system (`ReferenceSystem`) for a diagnosis: the oracle's rows in the oracle's
/// order (`ReferenceSolve.addRows`, §3, R-T-7), optionally after pins that hold the arranged items and the root's
/// size to an engine's frames.
///
/// The pins go in before UIKit's rows, required, so that when the engine's frames contradict a required UIKit row,
/// that row is the one the solver refuses (R-SOLVE-5) and is recorded as broken, while the guides (margins guide,
/// spanners, gap guides), which a layout does not show, stay free and take their best values. Each pin is a band,
/// `edge ∈ [value − slack, value + slack]`, so frames within the tolerance (and half a pixel of rounding) count as
/// the same frames.
struct DiagnosisSolve {
    /// One pinned edge: `Σ terms` (in variable indices) held within `[value − slack, value + slack]`.
    struct Pin {
        let terms: [ReferenceSystem.Term]
        let value: Double
    }

    let system: ReferenceSystem
    private let solver = Solver()
    /// By variable index, made the first time a pin or row names it.
    private var variables: [Variable?]
    /// The indices (in `system.rows`) of the required rows the solver refused, in the order they were tried.
    private(set) var brokenRows: [Int] = []

    init(_ system: ReferenceSystem) {
        self.system = system
        variables = Array(repeating: nil, count: 4 * system.items.count)
        // A diagnosis names the rows that break; it needs no conflict set (with pins, they would mostly be pins).
        solver.conflictSearchLimit = 0
    }

    /// Adds the pins (required bands) before any of UIKit's rows. A pin cannot fail: the pins bound distinct
    /// expressions of one item each, and each band is non-empty.
    mutating func pin(_ pins: [Pin], slack: Double) {
        for p in pins {
            let terms = p.terms.map { (variable: variable($0.variable), coefficient: $0.coefficient) }
            _ = try? solver.add(Constraint(terms, constant: -(p.value - slack), .greaterThanOrEqual), optimize: false)
            _ = try? solver.add(Constraint(terms, constant: -(p.value + slack), .lessThanOrEqual), optimize: false)
        }
    }

    /// The oracle's order (`ReferenceSolve.addRows`): required rows class by class (R-T-7), UIKit's optional rows
    /// one at a time, then the project's tie levels highest first.
    mutating func addRows() {
        for i in ReferenceSystem.requiredRowsInClassOrder(system.rows) { add(i, optimize: false) }
        for i in system.rows.indices where system.rows[i].priority < 1000 && system.rows[i].role != .tieBreak {
            add(i, optimize: true)
        }
        for level in system.tieLevels {
            for i in level { add(i, optimize: false) }
            solver.optimize()
        }
        solver.optimize()
    }

    private mutating func add(_ index: Int, optimize: Bool) {
        let row = system.rows[index]
        let terms = system.terms(of: row).map { (variable: variable($0.variable), coefficient: $0.coefficient) }
        do {
            _ = try solver.add(Constraint(terms, constant: row.constant, row.relation.solverRelation,
                                          priority: row.priority), optimize: optimize)
        } catch {
            brokenRows.append(index)
        }
    }

    private mutating func variable(_ index: Int32) -> Variable {
        if let made = variables[Int(index)] { return made }
        let made = solver.makeVariable()
        variables[Int(index)] = made
        return made
    }

    /// Every variable's value by index; a variable nothing names reads 0 (Auto Layout's unconstrained value).
    func values() -> [Double] {
        variables.map { $0.map { solver.value(of: $0) } ?? 0 }
    }
}

extension ReferenceSystem {
    /// `Σ coefficient × value + constant` of a row: 0 when an equality holds, ≤ 0 / ≥ 0 when an inequality does.
    func residual(_ row: Row, _ values: [Double]) -> Double {
        var sum = row.constant
        for t in terms(of: row) { sum += t.coefficient * values[Int(t.variable)] }
        return sum
    }

    /// How far `values` are from satisfying a row, in points (0 when it holds).
    func violation(_ row: Row, _ values: [Double]) -> Double {
        let r = residual(row, values)
        switch row.relation {
        case .equal: return abs(r)
        case .lessThanOrEqual: return max(0, r)
        case .greaterThanOrEqual: return max(0, -r)
        }
    }

    /// The slots of the root and of the arranged items in pre-order (`slot(of:)`): the items whose frames a
    /// layout shows.
    var shownSlots: [Int32] {
        [slot(of: ItemKeySpace.root)] + index.items.indices.map { slot(of: keys.view($0)) }
    }
}
