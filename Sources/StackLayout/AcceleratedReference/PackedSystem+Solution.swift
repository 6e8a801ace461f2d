import Cassowary

/// What every solve of a `PackedSystem` shares (the accelerated reference, the layout session): the order rows go in
/// (R-T-7, §3, as the oracle's `ReferenceSystem` orders them) and how a solution reads back as frames.
extension PackedSystem {
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
            // Every arranged item and the root are registered (PackedSystemBuilder.init).
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
}
