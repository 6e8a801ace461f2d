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
    /// One pinned edge: `Σ terms` held within `[value − slack, value + slack]`.
    struct Pin {
        let terms: [ReferenceSystem.Term]
        let value: Double
    }

    let system: ReferenceSystem
    private let solver = Solver()
    /// Made the first time a pin or row names the variable.
    private var variables: [ReferenceSystem.VariableKey: Variable] = [:]
    /// The indices (in `system.rows`) of the required rows the solver refused, in the order they were tried.
    private(set) var brokenRows: [Int] = []

    init(_ system: ReferenceSystem) {
        self.system = system
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
        for i in system.requiredRowsInClassOrder { add(i, optimize: false) }
        for i in system.optionalUIKitRows { add(i, optimize: true) }
        for level in system.tieLevels {
            for i in level { add(i, optimize: false) }
            solver.optimize()
        }
        solver.optimize()
    }

    private mutating func add(_ index: Int, optimize: Bool) {
        let row = system.rows[index]
        let terms = row.terms.map { (variable: variable($0.variable), coefficient: $0.coefficient) }
        do {
            _ = try solver.add(Constraint(terms, constant: row.constant, row.relation.solverRelation,
                                          priority: row.priority), optimize: optimize)
        } catch {
            brokenRows.append(index)
        }
    }

    private mutating func variable(_ key: ReferenceSystem.VariableKey) -> Variable {
        if let made = variables[key] { return made }
        let made = solver.makeVariable()
        variables[key] = made
        return made
    }

    /// The value of every variable a pin or row names (any other reads 0, Auto Layout's unconstrained value), read
    /// item by item in the system's order.
    func values() -> ReferenceSystem.Values {
        var values: ReferenceSystem.Values = [:]
        for item in system.items {
            for component in ReferenceSystem.VariableKey.Component.allCases {
                let key = ReferenceSystem.VariableKey(item, component)
                if let v = variables[key] { values[key] = solver.value(of: v) }
            }
        }
        return values
    }
}

extension ReferenceSystem {
    /// A value per variable (one no solve named reads 0: `Values.value`).
    typealias Values = [VariableKey: Double]

    /// `Σ coefficient × value + constant` of a row: 0 when an equality holds, ≤ 0 / ≥ 0 when an inequality does.
    func residual(_ row: Row, _ values: Values) -> Double {
        var sum = row.constant
        for t in row.terms { sum += t.coefficient * (values[t.variable] ?? 0) }
        return sum
    }

    /// How far `values` are from satisfying a row, in points (0 when it holds).
    func violation(_ row: Row, _ values: Values) -> Double {
        let r = residual(row, values)
        switch row.relation {
        case .equal: return abs(r)
        case .lessThanOrEqual: return max(0, r)
        case .greaterThanOrEqual: return max(0, -r)
        }
    }

    /// The root and the arranged items in pre-order: the items whose frames a layout shows.
    var shownItems: [IndexedItem] {
        [.root] + index.items.indices.map { .view($0) }
    }
}
