import PropertyCheck
@_spi(Accelerated) import Cassowary

/// A constraint drawn over a solver's first `count` variables, by index: what the generators below make (variables
/// belong to a solver, so a test case holds indices and builds constraints per solver).
package struct ConstraintRecipe: Sendable, CustomStringConvertible {
    package var terms: [(variable: Int, coefficient: Double)]
    package var constant: Double
    package var relation: Relation
    package var priority: Double

    package func constraint(_ variables: [Variable]) -> Constraint {
        Constraint(terms.map { (variables[$0.variable], $0.coefficient) }, constant: constant, relation,
                   priority: priority)
    }

    package var description: String {
        let lhs = terms.map { "\($0.coefficient)·v\($0.variable)" }.joined(separator: " + ")
        let op = relation == .equal ? "==" : relation == .lessThanOrEqual ? "<=" : ">="
        return "\(lhs) + \(constant) \(op) 0 @\(priority)"
    }
}

/// One step of a script run on a solver.
package enum ScriptStep: Sendable, CustomStringConvertible {
    case add(ConstraintRecipe, optimize: Bool)
    /// Removes the held constraint at `index` modulo their count (nothing when none is held).
    case remove(index: Int, optimize: Bool)
    /// Makes a variable an edit variable at 600 (the first time), or suggests `value` for it.
    case edit(variable: Int, value: Double)
    case optimize

    package var description: String {
        switch self {
        case .add(let r, let o): "add \(r)\(o ? "" : " (no optimize)")"
        case .remove(let i, let o): "remove #\(i)\(o ? "" : " (no optimize)")"
        case .edit(let v, let value): "edit v\(v) → \(value)"
        case .optimize: "optimize"
        }
    }
}

package struct Script: Sendable, CustomStringConvertible {
    package var variables: Int
    package var steps: [ScriptStep]
    package var description: String { "\(variables) variables:\n" + steps.map { "  \($0)" }.joined(separator: "\n") }
}

package enum SolverGens {
    /// Many levels, as in a long stack: required, UIKit's, and fractional tie levels below them.
    package static let scriptPriorities: [Double] = [1000, 999, 998, 750, 500, 250, 150, 49, 0.9, 0.5, 0.25]

    /// A constraint over `variables` variables: each variable in it with probability `density`, small integer
    /// coefficients and constants (so that ties and degenerate vertices are common).
    package static func constraint(variables: Int, coefficients: ClosedRange<Int>, constants: ClosedRange<Int>,
                           priorities: [Double], density: Double = 0.4) -> Gen<ConstraintRecipe> {
        let coefficient = Gens.int(coefficients, target: 1).map(Double.init)
        let terms = Gens.array(Gen.optional(coefficient, probability: density), length: variables)
        return Gens.zip(terms, Gens.int(constants).map(Double.init),
                        Gens.element(of: [Relation.equal, .lessThanOrEqual, .greaterThanOrEqual]),
                        Gens.element(of: priorities)).map { terms, constant, relation, priority in
            var picked: [(variable: Int, coefficient: Double)] = []
            for (i, c) in terms.enumerated() { if let c { picked.append((i, c)) } }
            if picked.isEmpty { picked = [(0, 1)] }
            return ConstraintRecipe(terms: picked, constant: constant, relation: relation, priority: priority)
        }
    }

    /// A script of adds (most steps), removals, edits and optimisations, over 3 to 10 variables.
    package static let script = script(priorities: scriptPriorities)

    /// Half the constraints required, so that required equalities often make later rows redundant (their
    /// expansion then holds nothing but equality markers).
    package static let mostlyRequiredScript = script(priorities: [1000, 1000, 1000, 1000, 1000, 750, 250, 0.5])

    package static func script(priorities: [Double]) -> Gen<Script> { Gens.int(3...10).flatMap { n in
        let add = Gens.zip(constraint(variables: n, coefficients: -2...2, constants: -15...15,
                                      priorities: priorities),
                           Gens.int(0...3))
            .map { ScriptStep.add($0, optimize: $1 != 3) }
        let remove = Gens.zip(Gens.int(0...63), Gens.bool).map { ScriptStep.remove(index: $0, optimize: !$1) }
        let edit = Gens.zip(Gens.int(0...(n - 1)), Gens.int(-20...20))
            .map { ScriptStep.edit(variable: $0, value: Double($1)) }
        let step = Gen.frequency([(7, add), (1, remove), (1, edit), (1, Gen.just(ScriptStep.optimize))])
        return Gens.array(step, count: 1...50, averageLength: 25).map { Script(variables: n, steps: $0) }
    } }
}

/// What running a script on a solver leaves: the values after each step, and the constraints still held.
package struct ScriptRun {
    package var trace: [[Double]] = []
    package var held: [Constraint] = []
    package var variables: [Variable] = []
    /// The edit constraint in force at the end, if any.
    package var edit: Constraint?

    /// Runs `script` on `solver` (new by default). `markers`: `Solver.keepsEqualityMarkers`.
    /// `removesRequiredEqualities` false: removals skip required equalities (so that the same script runs on a
    /// solver without their markers).
    package init(_ script: Script, markers: Bool = true, removesRequiredEqualities: Bool = true, on s: Solver = Solver()) {
        s.keepsEqualityMarkers = markers
        variables = (0..<script.variables).map { _ in s.makeVariable() }
        var handles: [ConstraintHandle] = []
        var edited: Variable?
        for step in script.steps {
            switch step {
            case .add(let recipe, let optimize):
                if let h = try? s.add(recipe.constraint(variables), optimize: optimize) { handles.append(h) }
            case .remove(let index, let optimize) where !handles.isEmpty:
                let i = index % handles.count
                if !removesRequiredEqualities, let c = s.constraint(handles[i]), c.isRequired, c.relation == .equal {
                    break
                }
                s.remove(handles.remove(at: i), optimize: optimize)
            case .remove:
                break
            case .edit(let variable, let value):
                if let v = edited {
                    try? s.suggestValue(v, value)
                    edit = Constraint([(v, 1)], constant: -value, .equal, priority: 600)
                } else {
                    let v = variables[variable]
                    edit = Constraint([(v, 1)], constant: -s.value(of: v), .equal, priority: 600)
                    try? s.addEditVariable(v, priority: 600)
                    edited = v
                }
            case .optimize:
                s.optimize()
            }
            trace.append(variables.map { s.value(of: $0) })
            #if DEBUG
            s.checkInvariants()   // the tests' debug builds hold every state a script reaches to the invariants
            #endif
        }
        s.optimize()
        trace.append(variables.map { s.value(of: $0) })
        held = handles.compactMap { s.constraint($0) }
    }

    /// The trace and the constraints held, as numbers: equal runs make equal fingerprints, to the bit.
    package var fingerprint: [[Double]] {
        trace + held.map { c in c.terms.flatMap { [Double($0.variable.id), $0.coefficient] } + [c.constant, c.priority] }
    }
}
