import Cassowary
import PropertyCheck

/// An independent, simple dense LP used as an oracle for the solver: two-phase primal simplex with Bland's rule on
/// `minimise c·z  subject to  A z = b, z >= 0`. Slow and obviously correct is the point.
package struct DenseLP {
    package var a: [[Double]] = []
    package var b: [Double] = []
    package var columns: Int

    package init(columns: Int) { self.columns = columns }

    package mutating func addColumn() -> Int {
        for i in a.indices { a[i].append(0) }
        columns += 1
        return columns - 1
    }

    /// Σ coefficients·z == rhs.
    package mutating func addEquality(_ coefficients: [Int: Double], _ rhs: Double) {
        var row = Array(repeating: 0.0, count: columns)
        for (j, c) in coefficients { row[j] += c }
        a.append(row)
        b.append(rhs)
    }

    /// The optimum of `cost·z`, or nil when infeasible.
    package func minimise(_ cost: [Int: Double]) -> Double? {
        let m = a.count, n = columns
        var t = DenseTableau(a: a, b: b, columns: n)
        // Phase 1: minimise the artificials.
        var c1 = Array(repeating: 0.0, count: n + m)
        for i in 0..<m { c1[n + i] = 1 }
        _ = t.run(c1, allowed: n + m)
        var phase1 = 0.0
        for i in 0..<m where t.basis[i] >= n { phase1 += t.t[i][n + m] }
        if phase1 > 1e-6 { return nil }
        // Drive remaining artificials out of the basis where possible.
        for i in 0..<m where t.basis[i] >= n {
            if let j = (0..<n).first(where: { abs(t.t[i][$0]) > 1e-9 && !t.basis.contains($0) }) {
                t.pivot(row: i, column: j)
            }
        }
        var c2 = Array(repeating: 0.0, count: n + m)
        for (j, c) in cost { c2[j] = c }
        for i in 0..<m where t.basis[i] >= n { c2[t.basis[i]] = 0 }
        guard t.run(c2, allowed: n) else { return nil }
        var value = 0.0
        for i in 0..<m { value += c2[t.basis[i]] * t.t[i][n + m] }
        return value
    }
}

/// `DenseLP`'s dense tableau with artificials: columns 0..<n, artificials n..<n+m, the right-hand side last.
package struct DenseTableau {
    package var t: [[Double]]
    package var basis: [Int]
    package let m: Int, n: Int

    package init(a: [[Double]], b: [Double], columns: Int) {
        m = a.count
        n = columns
        t = Array(repeating: Array(repeating: 0.0, count: n + m + 1), count: m)
        basis = Array(repeating: 0, count: m)
        for i in 0..<m {
            let sign: Double = b[i] < 0 ? -1 : 1
            for j in 0..<n { t[i][j] = a[i][j] * sign }
            t[i][n + i] = 1
            t[i][n + m] = b[i] * sign
            basis[i] = n + i
        }
    }

    /// Primal simplex on cost `c` over the columns below `allowed`, Bland's rule; false when unbounded or cycling.
    package mutating func run(_ c: [Double], allowed: Int) -> Bool {
        for _ in 0..<10_000 {
            // Reduced costs.
            var entering = -1
            for j in 0..<allowed where !basis.contains(j) {
                var r = c[j]
                for i in 0..<m { r -= c[basis[i]] * t[i][j] }
                if r < -1e-9 { entering = j; break }   // Bland: lowest index
            }
            if entering < 0 { return true }
            var leave = -1
            var best = Double.infinity
            for i in 0..<m where t[i][entering] > 1e-9 {
                let ratio = t[i][n + m] / t[i][entering]
                if ratio < best - 1e-12 || (abs(ratio - best) <= 1e-12 && basis[i] < basis[leave]) { best = ratio; leave = i }
            }
            if leave < 0 { return false }   // unbounded
            pivot(row: leave, column: entering)
        }
        return false
    }

    /// Makes `column` basic in `row`.
    package mutating func pivot(row: Int, column: Int) {
        let p = t[row][column]
        for j in 0...(n + m) { t[row][j] /= p }
        for i in 0..<m where i != row {
            let f = t[i][column]
            if f != 0 { for j in 0...(n + m) { t[i][j] -= f * t[row][j] } }
        }
        basis[row] = column
    }
}

/// The solver's answer held to `DenseLP`, level by level (R-SOLVE-1, R-SOLVE-2): every required constraint holds,
/// and at each level, highest first, the solver's sum of errors is the oracle's optimum given the levels above.
/// Only the constraints' definition of error is shared with the solver (`violation`); the optimum is the oracle's.
package enum DenseOracleCheck {
    package static func violation(_ c: Constraint, _ value: (Variable) -> Double) -> Double {
        let lhs = c.terms.reduce(c.constant) { $0 + $1.coefficient * value($1.variable) }
        switch c.relation {
        case .equal: return abs(lhs)
        case .lessThanOrEqual: return max(0, lhs)
        case .greaterThanOrEqual: return max(0, -lhs)
        }
    }

    /// Fails when the values `value` reads are not optimal for `constraints` (all accepted by the solver).
    package static func check(_ constraints: [Constraint], variables: Int,
                      value: (Variable) -> Double) throws(PropertyFailure) {
        for c in constraints where c.isRequired {
            try require(violation(c, value) < 1e-6, "required constraint broken by \(violation(c, value)): \(c)")
        }
        var lp = DenseLP(columns: 0)
        // Free variables as differences of two nonnegative columns.
        var plus: [Int] = [], minus: [Int] = []
        for _ in 0..<variables { plus.append(lp.addColumn()); minus.append(lp.addColumn()) }
        var errorColumns: [Double: [Int]] = [:]
        for c in constraints {
            var r: [Int: Double] = [:]
            for t in c.terms {
                r[plus[t.variable.id], default: 0] += t.coefficient
                r[minus[t.variable.id], default: 0] -= t.coefficient
            }
            switch (c.isRequired, c.relation) {
            case (true, .equal): break
            case (true, .lessThanOrEqual): r[lp.addColumn()] = 1          // + slack == 0
            case (true, .greaterThanOrEqual): r[lp.addColumn()] = -1
            case (false, .equal):
                let p = lp.addColumn(), m = lp.addColumn()
                r[p] = -1; r[m] = 1
                errorColumns[c.priority, default: []] += [p, m]
            case (false, .lessThanOrEqual):
                let e = lp.addColumn(), sl = lp.addColumn()
                r[e] = -1; r[sl] = 1
                errorColumns[c.priority, default: []] += [e]
            case (false, .greaterThanOrEqual):
                let e = lp.addColumn(), sl = lp.addColumn()
                r[e] = 1; r[sl] = -1
                errorColumns[c.priority, default: []] += [e]
            }
            lp.addEquality(r, -c.constant)
        }
        for level in errorColumns.keys.sorted(by: >) {
            let columns = errorColumns[level] ?? []
            let cost = Dictionary(uniqueKeysWithValues: columns.map { ($0, 1.0) })
            guard let oracle = lp.minimise(cost) else {
                throw PropertyFailure("the oracle finds level \(level) infeasible or unbounded")
            }
            let ours = constraints.filter { $0.priority == level }.reduce(0) { $0 + violation($1, value) }
            try require(abs(ours - oracle) < 1e-5 * max(1, abs(oracle)),
                        "level \(level): the solver's errors sum to \(ours), the oracle's optimum is \(oracle)")
            // Fix this level at its optimum before the next one.
            var cap = cost
            cap[lp.addColumn()] = 1
            lp.addEquality(cap, oracle + 1e-9)
        }
    }
}
