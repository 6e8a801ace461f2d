/// A row's cells: symbol ids with nonzero coefficients, kept sorted by id in two parallel arrays (kiwi's
/// AssocVector). Look-ups are binary searches and `addScaled` is a linear merge: no hashing, which dominated the
/// solver's profile when cells were a `Dictionary`, and iteration is in id order by construction.
struct SparseVector {
    private(set) var keys: [Int] = []
    private(set) var values: [Double] = []

    var isEmpty: Bool { keys.isEmpty }

    private func index(of key: Int) -> (found: Bool, at: Int) {
        var lo = 0, hi = keys.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if keys[mid] < key { lo = mid + 1 } else { hi = mid }
        }
        return (lo < keys.count && keys[lo] == key, lo)
    }

    subscript(key: Int) -> Double? {
        get {
            let (found, i) = index(of: key)
            return found ? values[i] : nil
        }
        set {
            let (found, i) = index(of: key)
            switch (found, newValue) {
            case (true, let v?): values[i] = v
            case (true, nil): keys.remove(at: i); values.remove(at: i)
            case (false, let v?): keys.insert(key, at: i); values.insert(v, at: i)
            case (false, nil): break
            }
        }
    }

    @discardableResult
    mutating func removeValue(forKey key: Int) -> Double? {
        let (found, i) = index(of: key)
        guard found else { return nil }
        keys.remove(at: i)
        return values.remove(at: i)
    }

    /// Multiplies every coefficient by `k`.
    mutating func scale(_ k: Double) {
        for i in values.indices { values[i] *= k }
    }

    /// self += k·other, dropping results within `epsilon` of zero.
    mutating func addScaled(_ other: SparseVector, _ k: Double, epsilon: Double) {
        var newKeys: [Int] = []
        var newValues: [Double] = []
        newKeys.reserveCapacity(keys.count + other.keys.count)
        newValues.reserveCapacity(keys.count + other.keys.count)
        var i = 0, j = 0
        while i < keys.count || j < other.keys.count {
            let key: Int, value: Double
            if j == other.keys.count || (i < keys.count && keys[i] < other.keys[j]) {
                key = keys[i]; value = values[i]; i += 1
            } else if i == keys.count || other.keys[j] < keys[i] {
                key = other.keys[j]; value = other.values[j] * k; j += 1
            } else {
                key = keys[i]; value = values[i] + other.values[j] * k; i += 1; j += 1
            }
            if abs(value) >= epsilon { newKeys.append(key); newValues.append(value) }
        }
        keys = newKeys
        values = newValues
    }
}

extension SparseVector: Sequence {
    func makeIterator() -> Zip2Sequence<[Int], [Double]>.Iterator { zip(keys, values).makeIterator() }
}
