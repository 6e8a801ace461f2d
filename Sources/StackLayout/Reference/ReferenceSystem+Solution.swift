import Cassowary

/// How the oracle feeds a `ReferenceSystem` to the solver and reads the solution back: the order rows go in
/// (R-T-7, §3) and the frames of a solution.
extension ReferenceSystem {
    /// The indices of the required rows, class by class in R-T-7 order, in generation order within a class: the
    /// order in which UIKit's engine meets them, which decides which one breaks (R-SOLVE-5).
    var requiredRowsInClassOrder: [Int] {
        let required = rows.indices.filter { rows[$0].priority >= 1000 }
        return required.sorted { (rows[$0].role, $0) < (rows[$1].role, $1) }
    }

    /// UIKit's optional rows, in generation order.
    var optionalUIKitRows: [Int] {
        rows.indices.filter { rows[$0].priority < 1000 && rows[$0].role != .tieBreak }
    }

    /// The project's final levels (R-T-1, R-H-2, R-T-2/R-F-3, R-T-8), highest first, each as the indices of its
    /// rows in generation order.
    var tieLevels: [[Int]] {
        var levels = Array(repeating: [Int](), count: levelRules.count)
        for i in rows.indices { if let level = rows[i].level { levels[level].append(i) } }
        return levels.filter { !$0.isEmpty }
    }

    /// The exact layout (root coordinates, left to right) of a solution, read through `value`. The root's
    /// baselines are not read here (`hasRootBaselines` false): they add no row, and are read off the frames
    /// afterwards (`completeRootBaselines`).
    func exactLayout(diagnostics: [String], value: (VariableKey) -> Double) -> ExactLayout {
        func frame(_ item: IndexedItem) -> Frame {
            Frame(x: value(VariableKey(item, .x)), y: value(VariableKey(item, .y)),
                  width: value(VariableKey(item, .width)), height: value(VariableKey(item, .height)))
        }
        let root = frame(.root)
        var exact = ExactLayout(size: Size(width: root.width, height: root.height),
                                frames: index.items.indices.map { frame(.view($0)) },
                                firstBaseline: nil, lastBaseline: nil, diagnostics: diagnostics)
        exact.rootY = root.y
        exact.hasRootBaselines = false
        return exact
    }
}
