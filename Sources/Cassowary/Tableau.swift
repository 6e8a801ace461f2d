/// The tableau of `Solver`: an incremental simplex in the style of kiwi's solverimpl.h (Symbol/Row), but with one
/// objective row per priority level instead of kiwi's single weighted objective, compared lexicographically
/// (R-SOLVE-2: no amount of error at a lower level outweighs any error at a higher one).
///
/// - Symbols are dense integer ids in creation order; every per-symbol table is an array indexed by id (no hashing).
/// - Every pivot choice takes the lowest id (Bland's rule), so it does not cycle on the highly degenerate systems
///   stacks produce; ties in the ratio test go to the lowest basic id. No hash order reaches a choice.
/// - A column index (which rows and objective levels may hold a symbol) makes substitution and the ratio test touch
///   only the rows that hold the symbol, not every row.
/// - `optimize` works level by level, highest first (the lexicographic simplex): a level's entering symbols are
///   those on which no higher level has a nonzero reduced cost. Such a pivot leaves every higher objective row
///   untouched, so a level, once optimal, stays optimal, and pricing scans one objective row, not all of them.
/// - Tolerance: coefficients and constants within 1e-9 of zero are zero; a phase-one residual below 1e-7 counts as
///   feasible.
struct Tableau {
    enum Kind: UInt8 { case external, slack, error, dummy }

    static let epsilon = 1e-9

    /// `basic = constant + Σ values[i]·keys[i]`, keys sorted ascending (kiwi's AssocVector).
    struct Row {
        var constant: Double
        var keys: [Int] = []
        var values: [Double] = []
        init(constant: Double = 0) { self.constant = constant }

        func find(_ key: Int) -> (found: Bool, at: Int) {
            var lo = 0, hi = keys.count
            while lo < hi {
                let mid = (lo + hi) >> 1
                if keys[mid] < key { lo = mid + 1 } else { hi = mid }
            }
            return (lo < keys.count && keys[lo] == key, lo)
        }

        func coefficient(_ key: Int) -> Double? {
            let (found, i) = find(key)
            return found ? values[i] : nil
        }

        /// Adds `coefficient` to the cell of `symbol`, dropping it when the sum is within epsilon of zero.
        /// True when the symbol is new in the row.
        @discardableResult
        mutating func add(_ symbol: Int, _ coefficient: Double) -> Bool {
            let (found, i) = find(symbol)
            if found {
                let v = values[i] + coefficient
                if abs(v) < Tableau.epsilon { keys.remove(at: i); values.remove(at: i) } else { values[i] = v }
                return false
            }
            let v = 0 + coefficient
            guard abs(v) >= Tableau.epsilon else { return false }
            keys.insert(symbol, at: i)
            values.insert(v, at: i)
            return true
        }

        mutating func remove(_ symbol: Int) -> Double? {
            let (found, i) = find(symbol)
            guard found else { return nil }
            keys.remove(at: i)
            return values.remove(at: i)
        }

        mutating func scale(_ k: Double) {
            for i in values.indices { values[i] *= k }
        }

        mutating func reverseSign() {
            constant = -constant
            scale(-1)
        }

        /// `0 = constant + Σ cells` solved for `symbol`: `symbol = …`.
        mutating func solve(for symbol: Int) {
            guard let c = remove(symbol) else { return }
            let k = -1 / c
            constant *= k
            scale(k)
        }

        /// `lhs = constant + Σ cells` re-solved for `rhs`.
        mutating func solve(for lhs: Int, _ rhs: Int) {
            add(lhs, -1)
            solve(for: rhs)
        }
    }

    private struct Tag { var marker: Int; var other: Int?; var priority: Double }

    /// For each symbol, a list of owners, all lists in one pool (singly linked, newest first): no allocation per
    /// symbol or per entry.
    struct ColumnIndex {
        struct Entry { var next: Int; var owner: Int }
        private(set) var head: [Int] = []
        /// Entries per symbol (stale ones included): the Markowitz count.
        private(set) var count: [Int] = []
        private(set) var entries: [Entry] = []

        mutating func addSymbol() { head.append(-1); count.append(0) }
        mutating func removeLast(_ n: Int) { head.removeLast(n); count.removeLast(n) }
        mutating func reserve(_ n: Int) { head.reserveCapacity(n); count.reserveCapacity(n) }
        mutating func append(_ symbol: Int, _ o: Int) {
            entries.append(Entry(next: head[symbol], owner: o))
            head[symbol] = entries.count - 1
            count[symbol] += 1
        }

        /// Every key of a row, under one owner; the same entries as `append` key by key. Through buffer pointers:
        /// a stack's position rows hold a cell per view, and indexing them was an eighth of a large layout.
        mutating func append(keys: [Int], owner o: Int) {
            var pool: [Entry] = [], heads: [Int] = [], counts: [Int] = []
            swap(&pool, &entries); swap(&heads, &head); swap(&counts, &count)
            defer { swap(&pool, &entries); swap(&heads, &head); swap(&counts, &count) }
            var position = pool.count
            pool.append(contentsOf: repeatElement(Entry(next: -1, owner: o), count: keys.count))
            pool.withUnsafeMutableBufferPointer { pool in
                heads.withUnsafeMutableBufferPointer { heads in
                    counts.withUnsafeMutableBufferPointer { counts in
                        for k in keys {
                            pool[position].next = heads[k]
                            heads[k] = position
                            counts[k] += 1
                            position += 1
                        }
                    }
                }
            }
        }
        /// Empties a symbol's list and returns its first entry (follow `next` from there).
        mutating func take(_ symbol: Int) -> Int {
            let first = head[symbol]
            head[symbol] = -1
            count[symbol] = 0
            return first
        }
        mutating func removeAll() {
            for i in head.indices { head[i] = -1; count[i] = 0 }
            entries.removeAll(keepingCapacity: true)
        }
        var poolSize: Int { entries.count }
    }

    // Per symbol.
    private var kinds: [Kind] = []
    /// The row of each basic symbol (empty for a nonbasic one).
    private var rows: [Row] = []
    private var isBasic: [Bool] = []
    /// For each symbol, the owners of rows that may hold it: a basic symbol (≥ 0) or an objective level
    /// (−1 − level id). A superset: entries go stale when a cell cancels or a row leaves the basis, and may repeat;
    /// every use checks the row. Cleared when the symbol enters the basis (it then leaves every row).
    private var columns = ColumnIndex()
    private var compactAt = 4096
    /// The level whose nonzero reduced cost blocks the symbol for every lower level (−1: none), valid while that
    /// level's generation is `blockedGeneration`'s (a level is re-marked, with a new generation, when re-optimised).
    private var blockedLevel: [Int] = []
    private var blockedGeneration: [Int] = []
    /// Position in `levelOrder` of the highest level that may not be optimal (Int.max: every level is).
    private var firstDirty = Int.max

    // Objective levels, by level id (creation order); `levelOrder` lists them highest priority first.
    private var objectives: [Row] = []
    private var levelPriority: [Double] = []
    private var levelOfPriority: [Double: Int] = [:]
    private var levelOrder: [Int] = []
    private var levelPosition: [Int] = []
    private var levelGeneration: [Int] = []

    /// Tags by constraint handle.
    private var tags: [Tag?] = []

    private var artificial: Row?
    /// Bumped on every change of a row; stamps memoised values of external rows.
    private var version = 1
    private var valueStamp: [Int] = []
    private var valueCache: [Double] = []
    private var fixedStamp: [Int] = []
    private var fixedValue: [Bool] = []
    private var scratchKeys: [Int] = []
    private var scratchValues: [Double] = []

    // Undo journal of the artificial phase: the first saved state of every row it touches.
    private var journaling = false
    private var journal: [(owner: Int, row: Row, basic: Bool)] = []
    private var journalStamp: [Int] = []
    private var objectiveJournalStamp: [Int] = []
    private var journalGeneration = 0

    private mutating func newSymbol(_ kind: Kind) -> Int {
        kinds.append(kind)
        rows.append(Row())
        isBasic.append(false)
        columns.addSymbol()
        blockedLevel.append(-1)
        blockedGeneration.append(0)
        fixedStamp.append(0)
        fixedValue.append(false)
        journalStamp.append(0)
        valueStamp.append(0)
        valueCache.append(0)
        return kinds.count - 1
    }

    private mutating func truncateSymbols(to count: Int) {
        guard kinds.count > count else { return }
        let n = kinds.count - count
        kinds.removeLast(n); rows.removeLast(n); isBasic.removeLast(n); columns.removeLast(n)
        blockedLevel.removeLast(n); blockedGeneration.removeLast(n); journalStamp.removeLast(n)
        fixedStamp.removeLast(n); fixedValue.removeLast(n)
        valueStamp.removeLast(n); valueCache.removeLast(n)
    }

    mutating func makeVariable() -> Int { newSymbol(.external) }

    /// Reserves room for `symbols` more symbols (fewer reallocations while a system is added).
    mutating func reserve(symbols: Int) {
        let n = kinds.count + symbols
        kinds.reserveCapacity(n); rows.reserveCapacity(n); isBasic.reserveCapacity(n); columns.reserve(n)
        blockedLevel.reserveCapacity(n); blockedGeneration.reserveCapacity(n); journalStamp.reserveCapacity(n)
        fixedStamp.reserveCapacity(n); fixedValue.reserveCapacity(n); valueStamp.reserveCapacity(n)
        valueCache.reserveCapacity(n)
    }

    /// The variable's value: 0 when nonbasic; a restricted row's constant; an external row evaluated (it may be
    /// stale, see `refresh`), memoised until the tableau changes.
    mutating func value(of variable: Int) -> Double {
        guard isBasic[variable] else { return 0 }
        guard kinds[variable] == .external else { return rows[variable].constant }
        if valueStamp[variable] == version { return valueCache[variable] }
        // Depth-first over the stale external rows it refers to (they form no cycle: a row refers only to symbols
        // that became basic after it was last refreshed). Iterative: the chains are as long as the stack.
        var stack = [variable]
        while let s = stack.last {
            precondition(stack.count <= 4 * kinds.count + 4, "Tableau: cyclic external rows")
            var ready = true
            for k in rows[s].keys where isBasic[k] && kinds[k] == .external && valueStamp[k] != version {
                stack.append(k)
                ready = false
            }
            guard ready else { continue }
            let row = rows[s]
            var v = row.constant
            for (i, k) in row.keys.enumerated() where isBasic[k] {
                v += row.values[i] * (kinds[k] == .external ? valueCache[k] : rows[k].constant)
            }
            valueCache[s] = v
            valueStamp[s] = version
            stack.removeLast()
        }
        return valueCache[variable]
    }

    /// Brings the row of a basic external symbol up to date. External rows are never a pivot's leaving row and
    /// never priced, so substitution skips them (in a stack they hold the positions, which chains of equalities
    /// make dense: updating them was most of the work); a stale row stays a true identity, with some basic
    /// symbols on its right. This replaces those by their rows, recursively, and stores the result back.
    private mutating func refresh(_ symbol: Int) {
        guard isBasic[symbol] && kinds[symbol] == .external else { return }
        guard rows[symbol].keys.contains(where: { isBasic[$0] }) else { return }
        // A row is done when it holds no basic symbol; it waits for every stale external row it holds.
        var stack = [symbol]
        while let s = stack.last {
            precondition(stack.count <= 4 * kinds.count + 4, "Tableau: cyclic external rows")
            var ready = true
            for k in rows[s].keys where isBasic[k] && kinds[k] == .external
                && rows[k].keys.contains(where: { isBasic[$0] }) {
                stack.append(k)
                ready = false
            }
            guard ready else { continue }
            stack.removeLast()
            let basicKeys = rows[s].keys.filter { isBasic[$0] }
            guard !basicKeys.isEmpty else { continue }
            record(s)
            var target = Row()
            swap(&target, &rows[s])
            for k in basicKeys {
                guard let c = target.remove(k) else { continue }
                addScaled(&target, rows[k], c, owner: s)
            }
            swap(&target, &rows[s])
        }
    }

    /// Refreshes every external row and indexes it completely (removing a constraint needs every row holding its
    /// marker).
    private mutating func refreshAll() {
        for s in kinds.indices where isBasic[s] && kinds[s] == .external {
            refresh(s)
            columns.append(keys: rows[s].keys, owner: s)
        }
    }

    private mutating func objectiveLevel(_ priority: Double) -> Int {
        if let l = levelOfPriority[priority] { return l }
        let l = objectives.count
        objectives.append(Row())
        levelPriority.append(priority)
        objectiveJournalStamp.append(0)
        levelOfPriority[priority] = l
        // Highest priority first: binary search for the first level of lower priority.
        var lo = 0, hi = levelOrder.count
        while lo < hi {
            let mid = (lo + hi) >> 1
            if levelPriority[levelOrder[mid]] > priority { lo = mid + 1 } else { hi = mid }
        }
        levelOrder.insert(l, at: lo)
        levelPosition.append(0)
        levelGeneration.append(0)
        for q in lo..<levelOrder.count { levelPosition[levelOrder[q]] = q }
        if firstDirty != Int.max && firstDirty >= lo { firstDirty += 1 }
        return l
    }

    // MARK: Row bookkeeping

    private mutating func record(_ owner: Int) {
        version += 1
        guard journaling else { return }
        if owner >= 0 {
            guard journalStamp[owner] != journalGeneration else { return }
            journalStamp[owner] = journalGeneration
            journal.append((owner, rows[owner], isBasic[owner]))
        } else {
            let l = -1 - owner
            guard objectiveJournalStamp[l] != journalGeneration else { return }
            objectiveJournalStamp[l] = journalGeneration
            journal.append((owner, objectives[l], true))
        }
    }

    /// Makes `symbol` basic with `row`, indexing its cells.
    private mutating func setBasic(_ symbol: Int, _ row: Row) {
        record(symbol)
        columns.append(keys: row.keys, owner: symbol)
        rows[symbol] = row
        isBasic[symbol] = true
    }

    /// Takes the row of a basic symbol out of the basis.
    private mutating func takeRow(_ symbol: Int) -> Row {
        record(symbol)
        var row = Row()
        swap(&row, &rows[symbol])
        isBasic[symbol] = false
        return row
    }

    /// `row += k·source` (a linear merge into reused buffers), dropping results within epsilon of zero; new
    /// cells are indexed under `owner` (nil: a row outside the tableau).
    private mutating func addScaled(_ row: inout Row, _ source: Row, _ k: Double, owner: Int?) {
        row.constant += source.constant * k
        // A short row into a long one (a constraint's row into an objective, which holds every error of its
        // level): cell by cell in place, so that the cost follows the short row, not the long one. The same sums
        // in the same order as the merge below.
        if source.keys.count * 8 < row.keys.count {
            for (j, key) in source.keys.enumerated() {
                let (found, i) = row.find(key)
                let value = found ? row.values[i] + source.values[j] * k : source.values[j] * k
                if found {
                    if abs(value) >= Self.epsilon { row.values[i] = value }
                    else { row.keys.remove(at: i); row.values.remove(at: i) }
                } else if abs(value) >= Self.epsilon {
                    row.keys.insert(key, at: i); row.values.insert(value, at: i)
                    if let owner { columns.append(key, owner) }
                }
            }
            return
        }
        var newKeys: [Int] = [], newValues: [Double] = []
        swap(&newKeys, &scratchKeys)
        swap(&newValues, &scratchValues)
        newKeys.removeAll(keepingCapacity: true)
        newValues.removeAll(keepingCapacity: true)
        newKeys.reserveCapacity(row.keys.count + source.keys.count)
        newValues.reserveCapacity(row.keys.count + source.keys.count)
        let aKeys = row.keys, aValues = row.values, bKeys = source.keys, bValues = source.values
        var i = 0, j = 0
        let na = aKeys.count, nb = bKeys.count
        while i < na || j < nb {
            if j == nb || (i < na && aKeys[i] < bKeys[j]) {
                newKeys.append(aKeys[i]); newValues.append(aValues[i]); i += 1
            } else if i == na || bKeys[j] < aKeys[i] {
                let value = bValues[j] * k
                if abs(value) >= Self.epsilon {
                    newKeys.append(bKeys[j]); newValues.append(value)
                    if let owner { columns.append(bKeys[j], owner) }
                }
                j += 1
            } else {
                let value = aValues[i] + bValues[j] * k
                if abs(value) >= Self.epsilon { newKeys.append(aKeys[i]); newValues.append(value) }
                i += 1; j += 1
            }
        }
        swap(&row.keys, &newKeys)
        swap(&row.values, &newValues)
        swap(&newKeys, &scratchKeys)
        swap(&newValues, &scratchValues)
    }

    /// Replaces `symbol` by `row` in every row and objective that holds it.
    private mutating func substitute(_ symbol: Int, _ row: Row, includingExternalRows: Bool = false) {
        var entry = columns.take(symbol)
        while entry >= 0 {
            let owner = columns.entries[entry].owner
            entry = columns.entries[entry].next
            if owner >= 0 {
                // External rows are left stale (see `refresh`).
                guard owner < rows.count, isBasic[owner], owner != symbol,
                      includingExternalRows || kinds[owner] != .external else { continue }
                let (found, i) = rows[owner].find(symbol)
                guard found else { continue }
                record(owner)
                var target = Row()
                swap(&target, &rows[owner])
                let c = target.values[i]
                target.keys.remove(at: i); target.values.remove(at: i)
                addScaled(&target, row, c, owner: owner)
                swap(&target, &rows[owner])
            } else {
                let l = -1 - owner
                let (found, i) = objectives[l].find(symbol)
                guard found else { continue }
                record(owner)
                markDirty(l)
                var target = Row()
                swap(&target, &objectives[l])
                let c = target.values[i]
                target.keys.remove(at: i); target.values.remove(at: i)
                addScaled(&target, row, c, owner: owner)
                swap(&target, &objectives[l])
            }
        }
        if var a = artificial {
            artificial = nil
            if let c = a.remove(symbol) { addScaled(&a, row, c, owner: nil) }
            artificial = a
        }
    }

    private mutating func pivot(leaving: Int, entering: Int) {
        var row = takeRow(leaving)
        row.solve(for: leaving, entering)
        substitute(entering, row)
        setBasic(entering, row)
    }

    // MARK: Adding and removing constraints

    /// The tableau part of `add`: `Σ terms + constant REL 0`; false when a required constraint cannot hold (the
    /// tableau is then unchanged).
    mutating func insert(_ terms: [(variable: Int, coefficient: Double)], constant: Double, _ relation: Relation,
                         priority: Double, handle: Int) -> Bool {
        compactColumnsIfNeeded()
        let required = priority >= 1000
        var row = Row(constant: constant)
        for (v, c) in terms {
            if isBasic[v] {
                refresh(v)
                addScaled(&row, rows[v], c, owner: nil)
            } else {
                row.add(v, c)
            }
        }
        var tag: Tag
        var errors: (Int?, Int?) = (nil, nil)
        var level = -1
        switch relation {
        case .lessThanOrEqual, .greaterThanOrEqual:
            let coefficient: Double = relation == .lessThanOrEqual ? 1 : -1
            let slack = newSymbol(.slack)
            row.add(slack, coefficient)
            tag = Tag(marker: slack, other: nil, priority: priority)
            if !required {
                let error = newSymbol(.error)
                row.add(error, -coefficient)
                level = objectiveLevel(priority)
                errors = (error, nil)
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
                level = objectiveLevel(priority)
                errors = (plus, minus)
                tag = Tag(marker: plus, other: minus, priority: priority)
            }
        }
        for case let e? in [errors.0, errors.1] where objectives[level].add(e, 1) { columns.append(e, -1 - level) }
        if row.constant < 0 { row.reverseSign() }
        if let subject = chooseSubject(row, tag) {
            row.solve(for: subject)
            substitute(subject, row)
            setBasic(subject, row)
        } else if row.keys.allSatisfy({ kinds[$0] == .dummy }) {
            guard abs(row.constant) < Self.epsilon else { return false }
            row.solve(for: tag.marker)
            substitute(tag.marker, row)
            setBasic(tag.marker, row)
        } else {
            guard addWithArtificialVariable(row) else { return false }
        }
        if level >= 0 { noteNewErrors(errors, level) }
        if tags.count <= handle { tags += Array(repeating: nil, count: handle + 1 - tags.count) }
        tags[handle] = tag
        return true
    }

    /// After a constraint's error symbols joined `level`'s objective at cost +1. While they stay nonbasic they
    /// leave every reduced cost of the other levels as it was and only raise their own: an optimal level stays
    /// optimal, and needs only to block them for the levels below (its other marks stand). So adding a batch of
    /// constraints whose subjects are externals or slacks costs no re-optimisation (a stack's height and width
    /// rows), and `optimize` after each add stays cheap. A basic error changed the objective row through
    /// `substitute`, which marked the level dirty.
    private mutating func noteNewErrors(_ errors: (Int?, Int?), _ level: Int) {
        guard levelPosition[level] < firstDirty else { return }   // re-optimised (and re-marked) anyway
        for case let e? in [errors.0, errors.1] {
            guard !isBasic[e] else { markDirty(level); return }
            blockedLevel[e] = level
            blockedGeneration[e] = levelGeneration[level]
        }
    }

    /// Returns false when the constraint's marker could not be pivoted out (its effect may linger; the caller
    /// should rebuild).
    mutating func erase(_ handle: Int, optimizeNow: Bool) -> Bool {
        guard handle < tags.count, let tag = tags[handle] else { return false }
        tags[handle] = nil
        if tag.priority < 1000 {
            let l = objectiveLevel(tag.priority)
            markDirty(l)
            for symbol in [tag.marker] + (tag.other.map { [$0] } ?? []) where kinds[symbol] == .error {
                var objective = Row()
                swap(&objective, &objectives[l])
                if isBasic[symbol] { addScaled(&objective, rows[symbol], -1, owner: -1 - l) }
                else if objective.add(symbol, -1) { columns.append(symbol, -1 - l) }
                swap(&objective, &objectives[l])
            }
        }
        refreshAll()
        var removed = true
        if isBasic[tag.marker] {
            _ = takeRow(tag.marker)
        } else if let leaving = markerLeavingRow(tag.marker) {
            var row = takeRow(leaving)
            row.solve(for: leaving, tag.marker)
            // The marker leaves the system with its row: every row must lose it, external ones included (all fresh
            // and indexed after `refreshAll`).
            substitute(tag.marker, row, includingExternalRows: true)
        } else {
            removed = false
        }
        if optimizeNow { optimize(artificialOnly: false) }
        return removed
    }

    private func chooseSubject(_ row: Row, _ tag: Tag) -> Int? {
        // Any external may be the subject; the one held by the fewest rows keeps the tableau sparse (Markowitz;
        // a stack's chains of equalities otherwise fill every row). Ties: the lowest id (keys are sorted).
        var best: Int?, bestCount = Int.max
        for k in row.keys where kinds[k] == .external && columns.count[k] < bestCount {
            best = k
            bestCount = columns.count[k]
        }
        if let best { return best }
        func eligible(_ symbol: Int) -> Bool {
            (kinds[symbol] == .slack || kinds[symbol] == .error) && (row.coefficient(symbol) ?? 0) < 0
        }
        if eligible(tag.marker) { return tag.marker }
        if let other = tag.other, eligible(other) { return other }
        return nil
    }

    private mutating func addWithArtificialVariable(_ row: Row) -> Bool {
        let savedKinds = kinds.count
        journaling = true
        journalGeneration += 1
        journal.removeAll(keepingCapacity: true)
        defer { journaling = false; journal.removeAll(keepingCapacity: true) }
        let art = newSymbol(.slack)
        setBasic(art, row)
        artificial = row
        optimize(artificialOnly: true)
        let success = abs(artificial?.constant ?? 0) < 1e-7
        artificial = nil
        guard success else {
            rollBack()
            truncateSymbols(to: savedKinds)
            return false
        }
        if isBasic[art] {
            var artRow = takeRow(art)
            if !artRow.keys.isEmpty {
                guard let entering = artRow.keys.first(where: { kinds[$0] == .slack || kinds[$0] == .error
                                                              || kinds[$0] == .external }) else {
                    rollBack()
                    return false
                }
                artRow.solve(for: art, entering)
                substitute(entering, artRow)
                setBasic(entering, artRow)
            }
        }
        // The artificial symbol is nonbasic at 0: drop it from every row it is indexed in, and make it a dummy
        // (fixed at 0, never entering) for any stale external row that still holds it.
        kinds[art] = .dummy
        var entry = columns.take(art)
        while entry >= 0 {
            let owner = columns.entries[entry].owner
            entry = columns.entries[entry].next
            if owner >= 0 {
                if owner < rows.count && isBasic[owner] { _ = rows[owner].remove(art) }
            } else {
                _ = objectives[-1 - owner].remove(art)
            }
        }
        return true
    }

    private mutating func markDirty(_ level: Int) {
        firstDirty = min(firstDirty, levelPosition[level])
    }

    /// Restores every row the artificial phase touched and re-indexes them.
    private mutating func rollBack() {
        firstDirty = 0
        let entries = journal
        journal.removeAll()
        journaling = false
        for entry in entries.reversed() {
            if entry.owner >= 0 {
                rows[entry.owner] = entry.row
                isBasic[entry.owner] = entry.basic
            } else {
                objectives[-1 - entry.owner] = entry.row
            }
        }
        for entry in entries where entry.basic {
            columns.append(keys: entry.row.keys, owner: entry.owner)
        }
    }

    // MARK: Optimisation

    /// The entering symbol for `objective`: the lowest id whose reduced cost is negative (or, for a free symbol,
    /// nonzero: it then moves in the improving direction), skipping dummies and symbols a higher level blocks.
    private func entering(_ objective: Row, checkBlocked: Bool, position: Int = 0)
        -> (symbol: Int, direction: Double)? {
        for (i, s) in objective.keys.enumerated() {
            let c = objective.values[i]
            guard abs(c) >= Self.epsilon, kinds[s] != .dummy else { continue }
            if checkBlocked && isBlocked(s, before: position) { continue }
            if c < 0 { return (s, 1) }
            if kinds[s] == .external { return (s, -1) }
        }
        return nil
    }

    /// Ratio test over the restricted rows holding `entering`; ties go to the lowest basic id. nil: unbounded.
    private func leavingRow(_ entering: Int, _ direction: Double) -> Int? {
        var leaving: Int?
        var best = Double.infinity
        var entry = columns.head[entering]
        while entry >= 0 {
            let owner = columns.entries[entry].owner
            entry = columns.entries[entry].next
            guard owner >= 0 && owner < rows.count && isBasic[owner] && kinds[owner] != .external else { continue }
            guard let c = rows[owner].coefficient(entering) else { continue }
            let step = c * direction
            guard step < 0 else { continue }
            let ratio = -rows[owner].constant / step
            if ratio < best || (ratio == best && owner < (leaving ?? Int.max)) {
                best = ratio
                leaving = owner
            }
        }
        return leaving
    }

    /// Rebuilds the column index exactly when stale entries have piled up (a long-lived solver); only between
    /// operations, never while a list is being walked.
    private mutating func compactColumnsIfNeeded() {
        guard columns.poolSize > compactAt else { return }
        columns.removeAll()
        for s in kinds.indices where isBasic[s] { columns.append(keys: rows[s].keys, owner: s) }
        for l in objectives.indices { columns.append(keys: objectives[l].keys, owner: -1 - l) }
        compactAt = max(4096, 4 * columns.poolSize)
    }

    /// Primal simplex on the lexicographic objective, level by level (or on the artificial one), Bland's rule.
    mutating func optimize(artificialOnly: Bool) {
        if !artificialOnly { compactColumnsIfNeeded() }
        var budget = 100_000
        if artificialOnly {
            while budget > 0, let a = artificial, let e = entering(a, checkBlocked: false) {
                budget -= 1
                guard let leave = leavingRow(e.symbol, e.direction) else { return }   // unbounded
                pivot(leaving: leave, entering: e.symbol)
            }
            return
        }
        // Levels above `firstDirty` are optimal and their rows unchanged since: their marks stand. A pivot at one
        // level changes only lower levels' rows, which this pass re-optimises anyway.
        var q = firstDirty
        while q < levelOrder.count {
            let level = levelOrder[q]
            levelGeneration[level] += 1
            while budget > 0, let e = entering(objectives[level], checkBlocked: true, position: q) {
                budget -= 1
                guard let leave = leavingRow(e.symbol, e.direction) else {   // unbounded
                    firstDirty = q
                    return
                }
                pivot(leaving: leave, entering: e.symbol)
            }
            // Lower levels may not move what this level prices.
            let objective = objectives[level]
            for (i, s) in objective.keys.enumerated() where abs(objective.values[i]) >= Self.epsilon
                && !isBlocked(s, before: q) {
                blockedLevel[s] = level
                blockedGeneration[s] = levelGeneration[level]
            }
            q += 1
        }
        firstDirty = Int.max
    }

    /// True when a level above position `position` has a nonzero reduced cost on `symbol`.
    private func isBlocked(_ symbol: Int, before position: Int) -> Bool {
        let l = blockedLevel[symbol]
        return l >= 0 && blockedGeneration[symbol] == levelGeneration[l] && levelPosition[l] < position
    }

    /// A nonbasic symbol the optimum holds at 0 (a dummy, or blocked by some level).
    private func isFixedNonbasic(_ s: Int) -> Bool {
        kinds[s] == .dummy || isBlocked(s, before: Int.max)
    }

    /// True when every nonbasic symbol `symbol`'s row reaches (through stale external rows) is fixed: the symbol
    /// is then fixed without expanding its row. Memoised until the tableau changes.
    private mutating func reachesOnlyFixed(_ symbol: Int) -> Bool {
        guard isBasic[symbol] else { return isFixedNonbasic(symbol) }
        guard kinds[symbol] == .external else { return rows[symbol].keys.allSatisfy { isFixedNonbasic($0) } }
        if fixedStamp[symbol] == version { return fixedValue[symbol] }
        var stack = [symbol]
        while let s = stack.last {
            precondition(stack.count <= 4 * kinds.count + 4, "Tableau: cyclic external rows")
            var ready = true
            for k in rows[s].keys where isBasic[k] && kinds[k] == .external && fixedStamp[k] != version {
                stack.append(k)
                ready = false
            }
            guard ready else { continue }
            fixedValue[s] = rows[s].keys.allSatisfy { k in
                guard isBasic[k] else { return isFixedNonbasic(k) }
                if kinds[k] == .external { return fixedValue[k] }
                return rows[k].keys.allSatisfy { isFixedNonbasic($0) }
            }
            fixedStamp[s] = version
            stack.removeLast()
        }
        return fixedValue[symbol]
    }

    /// After `optimize(artificialOnly: false)`: true when `Σ terms` is the same in every solution that is optimal
    /// at every level: written in nonbasic symbols, it involves only dummies (required equalities) and symbols on
    /// which some level has a nonzero reduced cost (the optimum holds them at 0). Conservative under degeneracy.
    mutating func isFixedAtOptimum(_ terms: [(variable: Int, coefficient: Double)]) -> Bool {
        guard firstDirty == Int.max else { return false }
        // Cheap and sufficient: nothing the expression reaches can move.
        if terms.allSatisfy({ reachesOnlyFixed($0.variable) }) { return true }
        // Exact: expand it, so that free symbols that cancel do not count.
        var row = Row()
        for (v, c) in terms {
            if isBasic[v] {
                refresh(v)
                addScaled(&row, rows[v], c, owner: nil)
            } else {
                row.add(v, c)
            }
        }
        return row.keys.allSatisfy { isFixedNonbasic($0) }
    }

    /// The row to pivot a nonbasic marker into, when removing its constraint (kiwi's getMarkerLeavingRow); ties go
    /// to the lowest basic id.
    private func markerLeavingRow(_ marker: Int) -> Int? {
        var r1: Int?, r2: Int?, r3: Int?
        var best1 = Double.infinity, best2 = Double.infinity
        var entry = columns.head[marker]
        while entry >= 0 {
            let owner = columns.entries[entry].owner
            entry = columns.entries[entry].next
            guard owner >= 0 && owner < rows.count && isBasic[owner] else { continue }
            guard let c = rows[owner].coefficient(marker) else { continue }
            if kinds[owner] == .external {
                if owner < (r3 ?? Int.max) { r3 = owner }
            } else if c < 0 {
                let r = -rows[owner].constant / c
                if r < best1 || (r == best1 && owner < (r1 ?? Int.max)) { best1 = r; r1 = owner }
            } else {
                let r = rows[owner].constant / c
                if r < best2 || (r == best2 && owner < (r2 ?? Int.max)) { best2 = r; r2 = owner }
            }
        }
        return r1 ?? r2 ?? r3
    }
}
