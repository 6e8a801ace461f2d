import Cassowary

/// What every solve of a `ReferenceSystem` shares, whoever solves it (the oracle `ReferenceEngine`, the accelerated
/// reference, the layout session): the order rows go in (R-T-7, §3) and how a solution reads back as frames,
/// baselines and diagnostics.
extension ReferenceSystem {
    /// The indices of the required rows, class by class in R-T-7 order, in generation order within a class: the
    /// order in which UIKit's engine meets them, which decides which one breaks (R-SOLVE-5).
    static func requiredRowsInClassOrder(_ rows: [Row]) -> [Int] {
        // A stable bucket sort by class (roles are small integers).
        var buckets: [[Int]] = Array(repeating: [], count: UISVConstraintRole.tieBreak.rawValue + 1)
        for (i, row) in rows.enumerated() where row.priority >= 1000 { buckets[row.role.rawValue].append(i) }
        return buckets.flatMap { $0 }
    }

    /// The project's final levels (role `.tieBreak`, each below every UIKit priority: R-T-1, R-H-2, R-T-2/R-F-3,
    /// R-T-8), highest first, each as the indices of its rows in generation order.
    var tieLevels: [[Int]] {
        let ties = rows.indices.filter { rows[$0].role == .tieBreak && rows[$0].priority < 1000 }
            .sorted { (rows[$0].priority, -$0) > (rows[$1].priority, -$1) }
        var levels: [[Int]] = []
        for i in ties {
            if let last = levels.last?.last, rows[last].priority == rows[i].priority {
                levels[levels.count - 1].append(i)
            } else {
                levels.append([i])
            }
        }
        return levels
    }

    /// The exact layout (root coordinates, left to right) of a solution, read through `value` (a variable index's
    /// value). The root's baselines are not read here (`hasRootBaselines` false): they add no row, and are read off
    /// the frames afterwards (`completeRootBaselines`).
    func exactLayout(diagnostics: [String], value: (Int32) -> Double) -> ExactLayout {
        func frame(_ item: ItemKey) -> Frame {
            // Every arranged item and the root are registered (ReferenceSystemBuilder.init).
            let slot = self.slot(of: item)
            func v(_ c: VariableKey.Component) -> Double { slot < 0 ? 0 : value(Self.variable(slot: slot, c)) }
            return Frame(x: v(.x), y: v(.y), width: v(.width), height: v(.height))
        }
        let root = frame(ItemKeySpace.root)
        var exact = ExactLayout(size: Size(width: root.width, height: root.height),
                                frames: index.items.indices.map { frame(keys.view($0)) },
                                firstBaseline: nil, lastBaseline: nil, diagnostics: diagnostics)
        exact.rootY = root.y
        exact.hasRootBaselines = false
        return exact
    }

    /// Each broken constraint as `broken: <line>` (SCENARIO-FORMAT.md), followed by the constraints it conflicts
    /// with, the way UIKit's log lists them.
    static func brokenLines(_ broken: [(constraint: UISVConstraint?, conflicts: [UISVConstraint?])]) -> [String] {
        var out: [String] = []
        for (row, conflicting) in broken {
            out.append("broken: " + (row?.consoleLine ?? "?"))
            for other in conflicting { out.append("  conflicts with: " + (other?.consoleLine ?? "?")) }
        }
        return out
    }
}

extension ExactLayout {
    /// Fills in the root stack's baselines (R-BL-2, R-BL-3, R-BL-5) from the solved frames of `clamped`: the
    /// baseline view's top plus its offset, or a bottom. The root's baselines add no row, so they may be read after
    /// the solve. The sums are those of the baseline's expression evaluated on the solution (`offset + y`,
    /// `0 + y + height`), so the values are the same to the bit as a row's would be.
    mutating func completeRootBaselines(of clamped: Scenario, index: ScenarioIndex,
                                        fittingHeight: @escaping ReferenceSystem.FittingHeight) {
        guard !hasRootBaselines else { return }
        var views = BaselineViews(root: clamped.stack, index: index, fittingHeight: fittingHeight)
        func value(_ source: BaselineViews.Source) -> Double {
            guard let i = source.item else { return 0 + rootY + size.height }
            let frame = frames[i]
            if let offset = source.offset { return offset + frame.y }
            return 0 + frame.y + frame.height
        }
        firstBaseline = value(views.source(of: nil, last: false))
        lastBaseline = value(views.source(of: nil, last: true))
        hasRootBaselines = true
    }
}

extension UserConstraint.Relation {
    /// The same relation in the solver's terms (a row is `Σ terms + constant REL 0`).
    var solverRelation: Cassowary.Relation {
        switch self {
        case .equal: return .equal
        case .lessThanOrEqual: return .lessThanOrEqual
        case .greaterThanOrEqual: return .greaterThanOrEqual
        }
    }
}
