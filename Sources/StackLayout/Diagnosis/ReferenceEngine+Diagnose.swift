extension ReferenceEngine {
    /// What `engineLayout` breaks among UIKit's constraints for `scenario`: the engine's frames imposed
    /// on the reference's own system, and the first place in the objective order (R-T-8: required constraints, the
    /// priority levels highest first, then the project's tie levels) where they do worse than the reference's
    /// solution.
    ///
    /// - the required constraints the frames violate (and the reference's solution does not, or less);
    /// - else the highest priority level where they break more than the reference's solution, with the constraints
    ///   they break more;
    /// - else the first tie level where they do worse, and its rule (R-T-1, R-H-2, R-T-2/R-F-3, R-T-8);
    /// - else, what no row holds (`OutsideTheRows`): an edge not rounded as the reference rounds it (R-PX-1,
    ///   R-PX-2), or the root stack's baselines (R-BL-2, R-BL-3);
    /// - else `agrees`: the frames are an optimum of UIKit's constraints within the tolerance.
    ///
    /// Broken constraints are listed worst first (by how much more the frames miss them than the reference's
    /// solution does): a view misplaced in its stack then names the edge the stack pins to its canvas, which it
    /// misses by the sum of the gaps, before each spacing on the way. The summary (`lines`) names the worst; `family`
    /// is its identifier.
    ///
    /// `tolerance` (points) is the verdict's: frames within it of a solution count as that solution, and so does
    /// half a pixel of rounding when the scenario has a scale (R-PX-2). `engineLayout` is the layout as published
    /// (parent-relative, mirrored in right-to-left, rounded). Never traps: a layout that cannot be imposed (a
    /// missing frame, NaN, a value beyond any layout's range) gives `.unusable` with the reason.
    public static func diagnose(_ scenario: Scenario, engineLayout: Layout, tolerance: Double) -> LayoutDiagnosis {
        // The system the reference solved last: with text, pass 2's (§2.7), the labels at their wrapped sizes.
        let clamped = scenario.laidOutScenario { Self.solve(Self.system($0)) }
        let system = system(clamped)
        // At least `minimumSlack`: the reference's own frames are denoised (`denoise`), and a pin that must hold to
        // the bit would break rows over floating-point noise.
        var slack = max(Diagnoser.minimumSlack, tolerance.isFinite ? tolerance : 0)
        if let scale = clamped.scale, scale.isFinite, scale > 0 { slack += 0.5 / scale }
        let mirrored = clamped.layoutDirection == .rightToLeft
        switch ImposedFrames.read(engineLayout, index: system.index, mirrored: mirrored) {
        case .failure(let refusal):
            return LayoutDiagnosis(verdict: .unusable(refusal.reason), family: "unusable",
                                   lines: ["cannot be diagnosed: " + refusal.reason])
        case .success(let imposed):
            let found = Diagnoser(system, imposed, slack: slack, mirrored: mirrored).diagnosis()
            guard found.verdict == .agrees else { return found }
            return OutsideTheRows(scenario: scenario, clamped: clamped, imposed: imposed, index: system.index,
                                  layout: engineLayout, tolerance: tolerance, slack: slack).diagnosis() ?? found
        }
    }
}

/// The three findings of `ReferenceEngine.diagnose`, each read off two solves of the same system: the reference's
/// (no pins: the oracle's solution) and the engine's (pinned to its frames).
struct Diagnoser {
    let system: ReferenceSystem
    let imposed: ImposedFrames
    /// How far an edge may be from the engine's and still count as it (the tolerance and half a pixel).
    let slack: Double
    let mirrored: Bool
    /// The reference's solution.
    let reference: ReferenceSystem.Values
    /// The pinned solve's solution: the engine's frames moved within the slack to do their best, guides solved.
    let pinned: ReferenceSystem.Values
    /// The engine's exact frames, with the pinned solve's guides (for the values people read).
    let engine: ReferenceSystem.Values
    /// The required rows the pinned solve refused, in R-T-7 order.
    let brokenRows: [Int]

    /// Differences below this are floating-point noise of two solves, not a finding.
    static let noise = 1e-6
    /// The least slack of a pin, far below any tolerance and above a solve's rounding noise.
    static let minimumSlack = 1e-7

    init(_ system: ReferenceSystem, _ imposed: ImposedFrames, slack: Double, mirrored: Bool) {
        self.system = system
        self.imposed = imposed
        self.slack = slack
        self.mirrored = mirrored
        var referenceSolve = DiagnosisSolve(system)
        referenceSolve.addRows()
        reference = referenceSolve.values()
        var pinnedSolve = DiagnosisSolve(system)
        pinnedSolve.pin(imposed.pins(system), slack: slack)
        pinnedSolve.addRows()
        pinned = pinnedSolve.values()
        brokenRows = pinnedSolve.brokenRows
        engine = imposed.values(over: pinned, system)
    }

    /// The first finding in the objective order, or `agrees`.
    func diagnosis() -> LayoutDiagnosis {
        if let found = brokenRequired() { return found }
        if let found = brokenPriority() { return found }
        if let found = differingTie() { return found }
        return LayoutDiagnosis(verdict: .agrees, family: "agrees",
                               lines: ["agrees with UIKit's constraints: no level differs from the reference's solution"])
    }

    // MARK: Case 1: required constraints

    /// The required UIKit rows the pinned solve refused and that the engine's frames violate by more than the
    /// reference's solution does (it violates some itself when required constraints conflict, R-SOLVE-5), the worst
    /// first; the values are the exact frames'.
    func brokenRequired() -> LayoutDiagnosis? {
        var found: [(constraint: DiagnosedConstraint, excess: Double)] = []
        for i in brokenRows where system.rows[i].source != nil {
            let row = system.rows[i]
            let excess = system.violation(row, engine) - system.violation(row, reference)
            // The refusal is the finding (no frames within the slack satisfy the row); the excess only leaves out
            // a row that the reference's solution breaks as much (R-SOLVE-5).
            guard excess > Self.noise else { continue }
            found.append((diagnosed(i, values: engine), excess))
        }
        guard !found.isEmpty else { return nil }
        let sorted = Self.worstFirst(found)
        let first = sorted[0]
        var lines = ["breaks \(first.familyName) (required): \(first.equation), but \(first.quantity) = "
                     + UISVNumber.format(first.actual)]
        var more: [String] = []
        if sorted.count > 1 { more.append("also breaks " + Self.list(sorted.dropFirst().map(\.shortText))) }
        let kept = keptInstead()
        if !kept.isEmpty { more.append("in favour of " + Self.list(kept.map(\.shortText)) + ", which the reference breaks") }
        if !more.isEmpty { lines.append(more.joined(separator: "; ")) }
        var result = LayoutDiagnosis(verdict: .breaksRequired, constraints: sorted, family: first.constraint.identifier,
                                    lines: lines, marks: mark(first).map { [$0] } ?? [], keptInstead: kept)
        result.constraintMarks = sorted.map(mark)
        return result
    }

    /// UIKit's optional rows that the reference's solution breaks and the engine's frames break less: what an
    /// engine that broke a required constraint kept in its place (an engine that gives "required" a finite weight
    /// lets 750 + 500 outweigh it). Highest priority first, then generation order.
    func keptInstead() -> [DiagnosedConstraint] {
        let rows = system.rows.indices.filter { i in
            let row = system.rows[i]
            return row.priority < 1000 && row.role != .tieBreak && row.source != nil
                && system.violation(row, engine) < system.violation(row, reference) - Self.noise
        }
        return rows.sorted { (system.rows[$0].priority, -$0) > (system.rows[$1].priority, -$1) }
            .map { diagnosed($0, values: engine) }
    }

    // MARK: Case 2: priority levels

    /// The highest UIKit priority level (below required) whose total violation on the pinned solution exceeds the
    /// reference's, with the rows at that level that the pinned solution breaks more. The rows are chosen on the
    /// pinned solution (the frames moved within the slack to do their best) and shown with the exact frames' values.
    func brokenPriority() -> LayoutDiagnosis? {
        let optional = system.rows.indices.filter {
            system.rows[$0].priority < 1000 && system.rows[$0].role != .tieBreak && system.rows[$0].source != nil
        }
        var priorities: [Double] = []
        for i in optional where !priorities.contains(system.rows[i].priority) { priorities.append(system.rows[i].priority) }
        for priority in priorities.sorted(by: >) {
            let level = optional.filter { system.rows[$0].priority == priority }
            let worse = level.compactMap { i -> (constraint: DiagnosedConstraint, excess: Double)? in
                let excess = system.violation(system.rows[i], pinned) - system.violation(system.rows[i], reference)
                return excess > Self.noise ? (diagnosed(i, values: engine), excess) : nil
            }
            guard total(level, pinned) > total(level, reference) + Self.noise, !worse.isEmpty else { continue }
            let sorted = Self.worstFirst(worse)
            let first = sorted[0], p = UISVNumber.format(priority)
            var lines = ["breaks priority \(p) more than the reference: \(first.equation), but \(first.quantity) = "
                         + "\(UISVNumber.format(first.actual)) (off by \(UISVNumber.format(first.violation)), "
                         + "the reference by \(UISVNumber.format(first.referenceViolation)))"]
            if sorted.count > 1 { lines.append("also at \(p): " + Self.list(sorted.dropFirst().map(\.shortText))) }
            var found = LayoutDiagnosis(verdict: .breaksPriority(priority), constraints: sorted,
                                        family: "priority \(p): \(first.familyName)", lines: lines,
                                        marks: mark(first).map { [$0] } ?? [])
            found.constraintMarks = sorted.map(mark)
            return found
        }
        return nil
    }

    // MARK: Case 3: the project's tie levels

    /// The first of the project's tie levels (`ReferenceSystem.tieLevels`, highest first) whose total violation
    /// on the pinned solution exceeds the reference's, named by its rule.
    func differingTie() -> LayoutDiagnosis? {
        for level in system.tieLevels where total(level, pinned) > total(level, reference) + Self.noise {
            let rule = TieRules(system).rule(ofLevel: system.rows[level[0]].level!)
            return LayoutDiagnosis(verdict: .differsAtTie(rule: rule.id), tie: rule.description, family: rule.id,
                                   lines: ["differs only where UIKit's constraints tie: " + rule.description])
        }
        return nil
    }

    // MARK: Reading rows

    /// The sum of the rows' violations.
    func total(_ rows: [Int], _ values: ReferenceSystem.Values) -> Double {
        rows.reduce(0) { $0 + system.violation(system.rows[$1], values) }
    }

    /// Row `i` (a UIKit row) with its quantity on `values` and on the reference's solution.
    func diagnosed(_ i: Int, values: ReferenceSystem.Values) -> DiagnosedConstraint {
        let row = system.rows[i]
        let constraint = row.source!
        // The row is `first − m × second − c REL 0` (ReferenceSystemBuilder.row), so the quantity is residual + c.
        return DiagnosedConstraint(constraint: constraint, quantity: Self.quantity(constraint),
                                   expected: constraint.constant,
                                   actual: system.residual(row, values) + constraint.constant,
                                   referenceActual: system.residual(row, reference) + constraint.constant,
                                   violation: system.violation(row, values),
                                   referenceViolation: system.violation(row, reference))
    }

    /// `first.attr − m×second.attr`, or `first.attr` alone.
    static func quantity(_ c: UISVConstraint) -> String {
        var text = "\(c.firstItem.name).\(c.firstAttribute.rawValue)"
        if let second = c.secondItem, let attribute = c.secondAttribute {
            text += " − " + (c.multiplier == 1 ? "" : "\(UISVNumber.format(c.multiplier))×")
            text += "\(second.name).\(attribute.rawValue)"
        }
        return text
    }

    /// The constraints by excess, largest first; equal excesses (within noise) keep their order (R-T-7 order for
    /// required rows, generation order for a level), so the result does not depend on anything but the system.
    static func worstFirst(_ list: [(constraint: DiagnosedConstraint, excess: Double)]) -> [DiagnosedConstraint] {
        let order = list.indices.sorted { a, b in
            let d = list[a].excess - list[b].excess
            return abs(d) > noise ? d > 0 : a < b
        }
        return order.map { list[$0].constraint }
    }

    /// At most three items, then how many more.
    static func list(_ items: [String]) -> String {
        let shown = items.prefix(3).joined(separator: "; ")
        return items.count > 3 ? shown + "; and \(items.count - 3) more" : shown
    }
}
