/// A row of the tableau, `basic = constant + Σ cells[i].value·cells[i].symbol`, cells sorted by symbol (kiwi's
/// AssocVector): sparse, and merged with another row in one linear pass. Objectives use the same type
/// (`cost = constant + …`). One array of (symbol, value) pairs, not two parallel ones: a row is one allocation, and
/// a merge or an insertion moves one buffer.
struct Row {
    /// Coefficients and constants within this of zero are zero.
    static let epsilon = 1e-9

    struct Cell {
        var symbol: Symbol
        var value: Double
    }

    var constant: Double
    var cells: [Cell] = []
    init(constant: Double = 0) { self.constant = constant }

    var isEmpty: Bool { cells.isEmpty }

    /// Where `key` is, or where it would be inserted.
    func find(_ key: Symbol) -> (found: Bool, at: Int) {
        // Through a buffer pointer: no bounds check per probe (a pricing scan looks up every changed cell).
        cells.withUnsafeBufferPointer { cells in
            var lo = 0, hi = cells.count
            while lo < hi {
                let mid = (lo + hi) >> 1
                if cells[mid].symbol < key { lo = mid + 1 } else { hi = mid }
            }
            return (lo < cells.count && cells[lo].symbol == key, lo)
        }
    }

    func coefficient(_ key: Symbol) -> Double? {
        let (found, i) = find(key)
        return found ? cells[i].value : nil
    }

    /// Adds `coefficient` to the cell of `symbol`, dropping it when the sum is within epsilon of zero.
    /// True when the symbol is new in the row.
    @discardableResult
    mutating func add(_ symbol: Symbol, _ coefficient: Double) -> Bool {
        // A symbol newer than every key (a constraint's fresh slack, error or dummy): appended, no search.
        if cells.last.map({ $0.symbol < symbol }) ?? true {
            guard abs(coefficient) >= Self.epsilon else { return false }
            cells.append(Cell(symbol: symbol, value: coefficient))
            return true
        }
        let (found, i) = find(symbol)
        if found {
            let v = cells[i].value + coefficient
            if abs(v) < Self.epsilon { cells.remove(at: i) } else { cells[i].value = v }
            return false
        }
        let v = 0 + coefficient
        guard abs(v) >= Self.epsilon else { return false }
        cells.insert(Cell(symbol: symbol, value: v), at: i)
        return true
    }

    mutating func remove(_ symbol: Symbol) -> Double? {
        let (found, i) = find(symbol)
        guard found else { return nil }
        return cells.remove(at: i).value
    }

    mutating func scale(_ k: Double) {
        for i in cells.indices { cells[i].value *= k }
    }

    mutating func reverseSign() {
        constant = -constant
        scale(-1)
    }

    /// `0 = constant + Σ cells` solved for `symbol`: `symbol = …`.
    mutating func solve(for symbol: Symbol) {
        guard let c = remove(symbol) else { return }
        let k = -1 / c
        constant *= k
        scale(k)
    }

    /// `lhs = constant + Σ cells` re-solved for `rhs`.
    mutating func solve(for lhs: Symbol, _ rhs: Symbol) {
        add(lhs, -1)
        solve(for: rhs)
    }
}
