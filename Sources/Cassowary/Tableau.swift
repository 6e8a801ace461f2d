/// The tableau of `Solver`: an incremental simplex in the style of kiwi's solverimpl.h (Symbol/Row), but with one
/// objective row per priority level instead of kiwi's single weighted objective, compared lexicographically
/// (R-SOLVE-2: no amount of error at a lower level outweighs any error at a higher one).
///
/// - Symbols are integer ids in creation order. Every pivot choice takes the lowest id (Bland's rule), so it does
///   not cycle on the highly degenerate systems stacks produce, and no `Dictionary` order reaches a choice: rows
///   are looked up in dictionaries, but each update is per key and every choice is an explicit minimum.
/// - Tolerance: coefficients and constants within 1e-9 of zero are zero; a phase-one residual below 1e-7 counts as
///   feasible.
struct Tableau {
    enum Kind { case external, slack, error, dummy }

    static let epsilon = 1e-9

    struct Row {
        var constant: Double
        var cells = SparseVector()
        init(constant: Double) { self.constant = constant }

        mutating func add(_ symbol: Int, _ coefficient: Double) {
            let v = (cells[symbol] ?? 0) + coefficient
            if abs(v) < Tableau.epsilon { cells[symbol] = nil } else { cells[symbol] = v }
        }
        mutating func insert(_ row: Row, _ coefficient: Double) {
            constant += row.constant * coefficient
            cells.addScaled(row.cells, coefficient, epsilon: Tableau.epsilon)
        }
        mutating func reverseSign() {
            constant = -constant
            cells.scale(-1)
        }
        /// `0 = constant + Σ cells` solved for `symbol`: `symbol = …`.
        mutating func solve(for symbol: Int) {
            guard let c = cells.removeValue(forKey: symbol) else { return }
            let k = -1 / c
            constant *= k
            cells.scale(k)
        }
        /// `lhs = constant + Σ cells` re-solved for `rhs`.
        mutating func solve(for lhs: Int, _ rhs: Int) {
            add(lhs, -1)
            solve(for: rhs)
        }
        mutating func substitute(_ symbol: Int, _ row: Row) {
            if let c = cells.removeValue(forKey: symbol) { insert(row, c) }
        }
    }

    private struct Tag { var marker: Int; var other: Int?; var priority: Double }

    private var kinds: [Kind] = []
    private var rows: [Int: Row] = [:]
    /// One objective row per optional priority level, highest priority first.
    private var objectives: [(priority: Double, row: Row)] = []
    private var tags: [Int: Tag] = [:]

    private mutating func newSymbol(_ kind: Kind) -> Int { kinds.append(kind); return kinds.count - 1 }

    mutating func makeVariable() -> Int { newSymbol(.external) }

    func value(of variable: Int) -> Double { rows[variable]?.constant ?? 0 }


    private mutating func objectiveIndex(_ priority: Double) -> Int {
        if let i = objectives.firstIndex(where: { $0.priority == priority }) { return i }
        let i = objectives.firstIndex(where: { $0.priority < priority }) ?? objectives.count
        objectives.insert((priority, Row(constant: 0)), at: i)
        return i
    }

    /// The tableau part of `add`: `Σ terms + constant REL 0`; false when a required constraint cannot hold (the
    /// tableau is then unchanged).
    mutating func insert(_ terms: [(variable: Int, coefficient: Double)], constant: Double, _ relation: Relation,
                priority: Double, handle: Int) -> Bool {
        let required = priority >= 1000
        var row = Row(constant: constant)
        for (v, c) in terms {
            if let basic = rows[v] { row.insert(basic, c) } else { row.add(v, c) }
        }
        var tag: Tag
        switch relation {
        case .lessThanOrEqual, .greaterThanOrEqual:
            let coefficient: Double = relation == .lessThanOrEqual ? 1 : -1
            let slack = newSymbol(.slack)
            row.add(slack, coefficient)
            tag = Tag(marker: slack, other: nil, priority: priority)
            if !required {
                let error = newSymbol(.error)
                row.add(error, -coefficient)
                objectives[objectiveIndex(priority)].row.add(error, 1)
                tag.other = error
            }
        case .equal:
            if required {
                let dummy = newSymbol(.dummy)
                row.add(dummy, 1)
                tag = Tag(marker: dummy, other: nil, priority: priority)
            } else {
                let plus = newSymbol(.error), minus = newSymbol(.error)
                row.add(plus, -1)
                row.add(minus, 1)
                let o = objectiveIndex(priority)
                objectives[o].row.add(plus, 1)
                objectives[o].row.add(minus, 1)
                tag = Tag(marker: plus, other: minus, priority: priority)
            }
        }
        if row.constant < 0 { row.reverseSign() }
        if let subject = chooseSubject(row, tag) {
            row.solve(for: subject)
            substitute(subject, row)
            rows[subject] = row
        } else if row.cells.keys.allSatisfy({ kinds[$0] == .dummy }) {
            guard abs(row.constant) < Self.epsilon else { return false }
            row.solve(for: tag.marker)
            substitute(tag.marker, row)
            rows[tag.marker] = row
        } else {
            guard addWithArtificialVariable(row) else { return false }
        }
        tags[handle] = tag
        return true
    }

    /// Returns false when the constraint's marker could not be pivoted out (its effect may linger; the caller
    /// should rebuild).
    mutating func erase(_ handle: Int, optimizeNow: Bool) -> Bool {
        guard let tag = tags.removeValue(forKey: handle) else { return false }
        if tag.priority < 1000 {
            let o = objectiveIndex(tag.priority)
            for symbol in [tag.marker] + (tag.other.map { [$0] } ?? []) where kinds[symbol] == .error {
                if let row = rows[symbol] { objectives[o].row.insert(row, -1) }
                else { objectives[o].row.add(symbol, -1) }
            }
        }
        var removed = true
        if rows.removeValue(forKey: tag.marker) == nil {
            if let leaving = markerLeavingRow(tag.marker), var row = rows.removeValue(forKey: leaving) {
                row.solve(for: leaving, tag.marker)
                substitute(tag.marker, row)
            } else {
                removed = false
            }
        }
        if optimizeNow { optimize(artificialOnly: false) }
        return removed
    }

    private func chooseSubject(_ row: Row, _ tag: Tag) -> Int? {
        if let external = row.cells.keys.filter({ kinds[$0] == .external }).min() { return external }
        for symbol in [tag.marker] + (tag.other.map { [$0] } ?? [])
        where kinds[symbol] == .slack || kinds[symbol] == .error {
            if (row.cells[symbol] ?? 0) < 0 { return symbol }
        }
        return nil
    }

    private mutating func substitute(_ symbol: Int, _ row: Row) {
        // Collect first, then mutate in place (mutating while iterating would copy the whole dictionary).
        let affected = rows.compactMap { $0.value.cells[symbol] != nil ? $0.key : nil }
        for key in affected { rows[key]?.substitute(symbol, row) }
        for i in objectives.indices { objectives[i].row.substitute(symbol, row) }
        artificial?.substitute(symbol, row)
    }

    private var artificial: Row?
    /// Scratch space for `optimize`: the lexicographic sign of each symbol's reduced cost (0: undecided).
    private var signScratch: [Int8] = []

    private mutating func addWithArtificialVariable(_ row: Row) -> Bool {
        let savedKinds = kinds.count, savedRows = rows, savedObjectives = objectives
        let art = newSymbol(.slack)
        rows[art] = row
        artificial = row
        optimize(artificialOnly: true)
        let success = abs(artificial?.constant ?? 0) < 1e-7
        artificial = nil
        guard success else {
            rows = savedRows
            objectives = savedObjectives
            kinds.removeLast(kinds.count - savedKinds)
            return false
        }
        if var artRow = rows.removeValue(forKey: art) {
            if !artRow.cells.isEmpty {
                guard let entering = artRow.cells.keys.filter({ kinds[$0] == .slack || kinds[$0] == .error
                                                               || kinds[$0] == .external }).min() else {
                    rows = savedRows; objectives = savedObjectives
                    return false
                }
                artRow.solve(for: art, entering)
                substitute(entering, artRow)
                rows[entering] = artRow
            }
        }
        for key in rows.keys.sorted() { rows[key]?.cells[art] = nil }
        for i in objectives.indices { objectives[i].row.cells[art] = nil }
        return true
    }

    /// Primal simplex on the lexicographic objective (or the artificial one), Bland's rule.
    mutating func optimize(artificialOnly: Bool) {
        var guardCount = 0
        while guardCount < 100_000 {
            guardCount += 1
            // Bland's rule: the lowest-id symbol whose lexicographic reduced cost is negative (or, for a free
            // symbol, nonzero: it then moves in the improving direction).
            // Signs are decided level by level, highest first, in a dense scratch array indexed by symbol id.
            if signScratch.count < kinds.count { signScratch += Array(repeating: 0, count: kinds.count - signScratch.count) }
            var touched: [Int] = []
            func decide(_ row: Row) {
                for (s, c) in row.cells where signScratch[s] == 0 && abs(c) >= Self.epsilon {
                    signScratch[s] = c < 0 ? -1 : 1
                    touched.append(s)
                }
            }
            if artificialOnly { if let a = artificial { decide(a) } }
            else { for (_, row) in objectives { decide(row) } }
            var entering: Int?
            var direction = 1.0
            for s in touched where kinds[s] != .dummy && (entering.map { s < $0 } ?? true) {
                if signScratch[s] < 0 { entering = s; direction = 1 }
                else if kinds[s] == .external { entering = s; direction = -1 }
            }
            for s in touched { signScratch[s] = 0 }
            guard let enter = entering else { return }
            // Ratio test over the restricted rows; ties go to the lowest basic id.
            var leaving: Int?
            var best = Double.infinity
            for (key, row) in rows where kinds[key] != .external {
                guard let c = row.cells[enter] else { continue }
                let step = c * direction
                guard step < 0 else { continue }
                let ratio = -row.constant / step
                if ratio < best || (ratio == best && key < (leaving ?? Int.max)) {
                    best = ratio
                    leaving = key
                }
            }
            guard let leave = leaving, var row = rows.removeValue(forKey: leave) else { return }   // unbounded
            row.solve(for: leave, enter)
            substitute(enter, row)
            rows[enter] = row
        }
    }

    private func markerLeavingRow(_ marker: Int) -> Int? {
        var r1: Int?, r2: Int?, r3: Int?
        var best1 = Double.infinity, best2 = Double.infinity
        for key in rows.keys.sorted() {
            guard let row = rows[key], let c = row.cells[marker] else { continue }
            if kinds[key] == .external {
                if r3 == nil { r3 = key }
            } else if c < 0 {
                let r = -row.constant / c
                if r < best1 { best1 = r; r1 = key }
            } else {
                let r = row.constant / c
                if r < best2 { best2 = r; r2 = key }
            }
        }
        return r1 ?? r2 ?? r3
    }
}
