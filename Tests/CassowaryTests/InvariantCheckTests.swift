import Testing
@testable import Cassowary

/// Every rule that `Tableau.invariantViolations` and `LevelSchedule.invariantViolations` check can fail: a solver is
/// brought to a state where they all hold, then one structure is corrupted (through `@testable` access) and the
/// check must name the rule the corruption breaks.
@Suite struct InvariantCheckTests {
    /// Restricted rows, external rows and two optional levels (500 and 250), optimised: every rule holds.
    static func solved() -> Solver {
        let s = Solver()
        let x = s.makeVariable(), y = s.makeVariable()
        _ = try? s.add(Constraint([(x, 1), (y, -1)], constant: -10, .greaterThanOrEqual))
        _ = try? s.add(Constraint([(x, 1)], constant: -100, .lessThanOrEqual))
        _ = try? s.add(Constraint([(y, 1)], .greaterThanOrEqual))
        _ = try? s.add(Constraint([(x, 1), (y, 1)], constant: -30, .equal))
        _ = try? s.add(Constraint([(x, 1)], constant: -50, .equal, priority: 500))
        _ = try? s.add(Constraint([(y, 1)], constant: -45, .lessThanOrEqual, priority: 250))
        s.optimize()
        return s
    }

    /// Symbols of `solved()` to corrupt: a basic restricted one with cells, another basic one, a nonbasic slack or
    /// error.
    struct Picks {
        let restricted: Int, otherBasic: Int, nonbasic: Int
        init(_ s: Solver) {
            let t = s.core.tableau.kinds.indices
            let restricted = t.first { s.core.tableau.isBasic[$0] && s.core.tableau.kinds[$0] != .external
                && !s.core.tableau.rows[$0].isEmpty }!
            self.restricted = restricted
            otherBasic = t.first { s.core.tableau.isBasic[$0] && $0 != restricted }!
            nonbasic = t.first { !s.core.tableau.isBasic[$0]
                && [.slack, .error].contains(s.core.tableau.kinds[$0]) }!
        }
    }

    /// The corruption must be reported under `rule` (the state before it must break nothing).
    static func expectReported(_ rule: String, _ corrupt: (Solver, Picks) -> Void) {
        let s = solved()
        #expect(s.invariantViolations().isEmpty, "the state before corruption: \(s.invariantViolations())")
        corrupt(s, Picks(s))
        let found = s.invariantViolations()
        #expect(found.contains { $0.hasPrefix(rule + ":") }, "\(rule) not reported: \(found)")
    }

    @Test func aPerSymbolTableOfTheWrongLength() { Self.expectReported("T1") { s, _ in s.core.tableau.isBasic.append(false) } }
    @Test func aNonbasicSymbolWithARow() { Self.expectReported("T2") { s, p in s.core.tableau.rows[p.nonbasic].constant = 1 } }
    @Test func aZeroCoefficient() { Self.expectReported("T3") { s, p in s.core.tableau.rows[p.restricted].cells[0].value = 0 } }
    @Test func unsortedCells() {
        Self.expectReported("T3") { s, p in
            s.core.tableau.rows[p.restricted].cells.append(s.core.tableau.rows[p.restricted].cells[0])
        }
    }
    @Test func aBasicSymbolInARestrictedRow() {
        Self.expectReported("T4") { s, p in s.core.tableau.rows[p.restricted].add(Symbol(p.otherBasic), 1) }
    }
    @Test func aRowHoldingItsOwnSymbol() {
        Self.expectReported("T4") { s, p in s.core.tableau.rows[p.restricted].add(Symbol(p.restricted), 1) }
    }
    @Test func anInfeasibleRow() { Self.expectReported("T5") { s, p in s.core.tableau.rows[p.restricted].constant = -1 } }
    @Test func anUnindexedCell() { Self.expectReported("T6") { s, _ in s.core.tableau.columns.removeAll() } }
    @Test func aLeftoverArtificialPhase() { Self.expectReported("T7") { s, _ in s.core.tableau.artificial = Row() } }
    @Test func aTagWithAnExternalMarker() {
        Self.expectReported("T8") { s, _ in
            let external = s.core.variableSymbols[0]
            s.core.tableau.tags[0]?.marker = external
        }
    }
    @Test func aLevelAboveTheFirstDirtyOneThatIsNotOptimal() {
        Self.expectReported("T9") { s, p in
            let top = s.core.tableau.levels.order[0]
            // −2: the symbol may already cost +1 there (an error of that level).
            s.core.tableau.levels.objectives[top].add(Symbol(p.nonbasic), -2)
        }
    }

    @Test func anOrderMissingALevel() { Self.expectReported("L1") { s, _ in s.core.tableau.levels.order.removeLast() } }
    @Test func aWrongPosition() { Self.expectReported("L2") { s, _ in s.core.tableau.levels.levels[0].position += 1 } }
    @Test func prioritiesOutOfOrder() {
        Self.expectReported("L3") { s, _ in s.core.tableau.levels.levels[s.core.tableau.levels.order[0]].priority = 1 }
    }
    @Test func aFirstDirtyPastTheLevels() { Self.expectReported("L4") { s, _ in s.core.tableau.levels.firstDirty = 9 } }
    @Test func aStaleLevelNotListed() { Self.expectReported("L5") { s, _ in s.core.tableau.levels.levels[0].isStale = true } }
    @Test func changedCellsOfASettledLevel() {
        Self.expectReported("L6") { s, _ in s.core.tableau.levels.changedCells.append(Symbol(0), level: 0) }
    }
    @Test func aMarkCountBelowTheMarksThatStand() {
        Self.expectReported("L7") { s, _ in s.core.tableau.levels.levels[0].markCount -= 1 }
    }
}
