/// A row of the tableau, `basic = constant + Σ values[i]·keys[i]`, keys sorted ascending (kiwi's AssocVector):
/// sparse, and merged with another row in one linear pass. Objectives use the same type (`cost = constant + …`).
struct Row {
    /// Coefficients and constants within this of zero are zero.
    static let epsilon = 1e-9

    var constant: Double
    var keys: [Symbol] = []
    var values: [Double] = []
    init(constant: Double = 0) { self.constant = constant }

    /// Where `key` is, or where it would be inserted.
    func find(_ key: Symbol) -> (found: Bool, at: Int) {
        var lo = 0, hi = keys.count
        while lo < hi {
            let mid = (lo + hi) >> 1
            if keys[mid] < key { lo = mid + 1 } else { hi = mid }
        }
        return (lo < keys.count && keys[lo] == key, lo)
    }

    func coefficient(_ key: Symbol) -> Double? {
        let (found, i) = find(key)
        return found ? values[i] : nil
    }

    /// Adds `coefficient` to the cell of `symbol`, dropping it when the sum is within epsilon of zero.
    /// True when the symbol is new in the row.
    @discardableResult
    mutating func add(_ symbol: Symbol, _ coefficient: Double) -> Bool {
        // A symbol newer than every key (a constraint's fresh slack, error or dummy): appended, no search.
        if keys.last.map({ $0 < symbol }) ?? true {
            guard abs(coefficient) >= Self.epsilon else { return false }
            keys.append(symbol)
            values.append(coefficient)
            return true
        }
        let (found, i) = find(symbol)
        if found {
            let v = values[i] + coefficient
            if abs(v) < Self.epsilon { keys.remove(at: i); values.remove(at: i) } else { values[i] = v }
            return false
        }
        let v = 0 + coefficient
        guard abs(v) >= Self.epsilon else { return false }
        keys.insert(symbol, at: i)
        values.insert(v, at: i)
        return true
    }

    mutating func remove(_ symbol: Symbol) -> Double? {
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
