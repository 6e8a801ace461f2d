/// What an engine's layout breaks among UIKit's constraints: the
/// engine's frames imposed on the reference's own system (`ReferenceEngine.diagnose`), and the first thing, in the
/// objective order of R-T-8, that they do worse than the reference's solution.
///
/// A diagnosis is for people reading a FAIL: which constraint to look at in their engine, in UIKit's words
/// (the identifiers and console lines of `stackcheck constraints`), without deriving UIKit's constraints by hand.
/// It is read off the oracle's rows and solver, not from a second model, so it cannot disagree with the verdict.
public struct LayoutDiagnosis: Hashable, Sendable {
    /// The one of the three findings (or none) that the engine's layout gives.
    public enum Verdict: Hashable, Sendable {
        /// Nothing differs beyond the tolerance at any level: the frames are an optimum of UIKit's constraints.
        case agrees
        /// Case 1: the frames violate required constraints that the reference's solution satisfies (or violates
        /// less, when the constraints conflict, R-SOLVE-5). `constraints` lists them.
        case breaksRequired
        /// Case 2: every required constraint holds, and this is the highest priority at which the frames break
        /// more than the reference's solution does. `constraints` lists the ones they break more.
        case breaksPriority(Double)
        /// Case 3: every UIKit level is as the reference's; the first of the project's tie levels where the frames
        /// do worse is decided by this rule (`R-T-1`, `R-H-2`, `R-T-2/R-F-3`, `R-T-8`).
        case differsAtTie(rule: String)
        /// Every level is as the reference's within the tolerance and half a pixel, but an edge is not where the
        /// reference's rounding puts it (R-PX-1, R-PX-2): the engine rounds differently.
        case differsInRounding
        /// Every frame is as the reference's, but the root stack's first or last baseline is not (R-BL-2: a
        /// horizontal stack's tallest view, R-BL-5; R-BL-3: a vertical stack's first or last view); the rule is
        /// the stack's.
        case differsInRootBaseline(rule: String)
        /// The engine's layout could not be imposed (a missing frame, NaN, a value beyond any layout's range): the
        /// reason, for people.
        case unusable(String)
    }

    /// The finding.
    public var verdict: Verdict
    /// The constraints broken (cases 1 and 2), the worst first; empty otherwise.
    public var constraints: [DiagnosedConstraint]
    /// Case 3: the tie level that differs, described for people (`R-T-1: the level of v1…`); nil otherwise.
    public var tie: String?
    /// A key that groups the same cause across properties: the first broken constraint's identifier
    /// (`UISV-spacing`), `priority 250: content hugging`, a rule id (`R-T-1`, `R-PX-2`, `R-BL-2`), `agrees` or
    /// `unusable`.
    public var family: String
    /// One or two lines for people, to print under a failure's message.
    public var lines: [String]
    /// What to draw on the engine's panel: the first broken constraint's two edges, when it ties edges or lengths
    /// along one axis.
    public var marks: [DiagnosisMark]
    /// Each of `constraints`' marks, in the same order (nil for one that ties no two edges or lengths along one
    /// axis): a report that leads with another constraint than the first draws that one's.
    public var constraintMarks: [DiagnosisMark?] = []
    /// Case 1: UIKit's optional constraints that the reference's solution breaks and the engine's frames break less,
    /// highest priority first: what the engine kept in place of the required constraints it broke (a required
    /// constraint broken in favour of content priorities points at the engine's priorities).
    public var keptInstead: [DiagnosedConstraint]

    /// A diagnosis from its parts (`ReferenceEngine.diagnose` makes them).
    public init(verdict: Verdict, constraints: [DiagnosedConstraint] = [], tie: String? = nil, family: String,
                lines: [String], marks: [DiagnosisMark] = [], keptInstead: [DiagnosedConstraint] = []) {
        self.verdict = verdict
        self.constraints = constraints
        self.tie = tie
        self.family = family
        self.lines = lines
        self.marks = marks
        self.keptInstead = keptInstead
    }

    /// Whether the diagnosis names a UIKit constraint or one of the project's rules (a tie rule, or the rounding
    /// rules R-PX-1/R-PX-2), as every FAIL should: false for `agrees` and `unusable`.
    public var namesCause: Bool {
        switch verdict {
        case .agrees, .unusable: return false
        case .breaksRequired, .breaksPriority: return !constraints.isEmpty
        case .differsAtTie, .differsInRounding, .differsInRootBaseline: return true
        }
    }

    /// The verdict's name in `json` (`agrees`, `breaksRequired`, `breaksPriority`, `differsAtTie`, `unusable`).
    public var verdictName: String {
        switch verdict {
        case .agrees: return "agrees"
        case .breaksRequired: return "breaksRequired"
        case .breaksPriority: return "breaksPriority"
        case .differsAtTie: return "differsAtTie"
        case .differsInRounding: return "differsInRounding"
        case .differsInRootBaseline: return "differsInRootBaseline"
        case .unusable: return "unusable"
        }
    }

    /// The `diagnosis` member of a JSON report: keys in a fixed order.
    public var jsonValue: JSONValue {
        var members: [(key: String, value: JSONValue)] = [("verdict", .string(verdictName)), ("family", .string(family))]
        switch verdict {
        case .breaksPriority(let p): members.append(("priority", .number(p)))
        case .differsAtTie(let rule), .differsInRootBaseline(let rule): members.append(("rule", .string(rule)))
        case .unusable(let reason): members.append(("reason", .string(reason)))
        case .agrees, .breaksRequired, .differsInRounding: break
        }
        if let tie { members.append(("tie", .string(tie))) }
        members.append(("lines", .array(lines.map { .string($0) })))
        members.append(("constraints", .array(constraints.map(\.jsonValue))))
        if !keptInstead.isEmpty { members.append(("keptInstead", .array(keptInstead.map(\.jsonValue)))) }
        return .object(members)
    }
}

/// One of UIKit's constraints as the engine's frames leave it, beside the reference's solution: "should be 8, is 0".
///
/// The constraint `first.attr REL m × second.attr + c` is read as the quantity `first.attr − m × second.attr`
/// (`first.attr` alone without a second item), which should be `REL c`.
public struct DiagnosedConstraint: Hashable, Sendable {
    /// The constraint, as `stackcheck constraints` lists it.
    public var constraint: UISVConstraint
    /// The quantity the constraint bounds, in words: `v1.leading − v0.trailing`.
    public var quantity: String
    /// What the quantity should be (`==`), be at most (`<=`) or at least (`>=`): the constraint's constant.
    public var expected: Double
    /// The quantity on the engine's frames (the guides, which a layout does not show, placed at their best).
    public var actual: Double
    /// The quantity on the reference's solution.
    public var referenceActual: Double
    /// How far the engine's frames are from satisfying it, in points (0 when it holds).
    public var violation: Double
    /// How far the reference's solution is from satisfying it (not 0 only when UIKit's constraints make it so).
    public var referenceViolation: Double

    /// A constraint with its values (`ReferenceEngine.diagnose` makes them).
    public init(constraint: UISVConstraint, quantity: String, expected: Double, actual: Double,
                referenceActual: Double, violation: Double, referenceViolation: Double) {
        self.constraint = constraint
        self.quantity = quantity
        self.expected = expected
        self.actual = actual
        self.referenceActual = referenceActual
        self.violation = violation
        self.referenceViolation = referenceViolation
    }

    /// The console line of `stackcheck constraints` (`'UISV-spacing' H:[v0]-(8)-[v1]`).
    public var consoleLine: String { constraint.consoleLine }

    /// The constraint as an equation: `v1.leading == v0.trailing + 8` (`@250` when optional).
    public var equation: String {
        var line = "\(constraint.firstItem.name).\(constraint.firstAttribute.rawValue) \(constraint.relation.rawValue) "
        if let second = constraint.secondItem, let attribute = constraint.secondAttribute {
            if constraint.multiplier != 1 { line += "\(UISVNumber.format(constraint.multiplier))×" }
            line += "\(second.name).\(attribute.rawValue)"
            if constraint.constant > 0 { line += " + \(UISVNumber.format(constraint.constant))" }
            if constraint.constant < 0 { line += " − \(UISVNumber.format(-constraint.constant))" }
        } else {
            line += UISVNumber.format(constraint.constant)
        }
        if !constraint.isRequired { line += " @\(UISVNumber.format(constraint.priority))" }
        return line
    }

    /// A name for people: `content hugging`, `compression resistance`, else the identifier.
    public var familyName: String {
        switch constraint.identifier {
        case "NSContentSizeLayoutConstraint-hugging": return "content hugging"
        case "NSContentSizeLayoutConstraint-compression": return "compression resistance"
        default: return constraint.identifier
        }
    }

    /// "UISV-spacing v1.top == v0.bottom (is −10)": for lists.
    public var shortText: String {
        "\(familyName) \(equation) (is \(UISVNumber.format(actual)))"
    }

    /// "UISV-spacing: v1.leading == v0.trailing + 8, but v1.leading − v0.trailing = 0".
    public var text: String {
        "\(familyName): \(equation), but \(quantity) = \(UISVNumber.format(actual))"
    }

    /// The short label drawn on a picture: "UISV-spacing: 8 ≠ 0" (should be 8, is 0), "content hugging: 70 > 30"
    /// (should be at most 30), "compression resistance: 0 < 20" (should be at least 20).
    public var label: String {
        let (should, is_) = (UISVNumber.format(expected), UISVNumber.format(actual))
        switch constraint.relation {
        case .equal: return "\(familyName): \(should) ≠ \(is_)"
        case .lessThanOrEqual: return "\(familyName): \(is_) > \(should)"
        case .greaterThanOrEqual: return "\(familyName): \(is_) < \(should)"
        }
    }

    /// The constraint's member of `LayoutDiagnosis.jsonValue`.
    public var jsonValue: JSONValue {
        .object([("identifier", .string(constraint.identifier)), ("line", .string(consoleLine)),
                 ("equation", .string(equation)), ("firstItem", .string(constraint.firstItem.name)),
                 ("firstAttribute", .string(constraint.firstAttribute.rawValue)),
                 ("relation", .string(constraint.relation.rawValue)),
                 ("secondItem", constraint.secondItem.map { .string($0.name) } ?? .null),
                 ("secondAttribute", constraint.secondAttribute.map { .string($0.rawValue) } ?? .null),
                 ("priority", .number(constraint.priority)), ("quantity", .string(quantity)),
                 ("expected", .number(expected)), ("actual", .number(actual)),
                 ("referenceActual", .number(referenceActual)), ("violation", .number(violation)),
                 ("referenceViolation", .number(referenceViolation))])
    }
}

/// A broken constraint drawn on the engine's panel: along `axis`, from the edge it is measured from to where the
/// other edge should be (`expected`) and where it is (`actual`), in the root stack's coordinates as the layout is
/// published (right-to-left layouts mirrored), in points.
///
/// For a constraint between two positions (`v1.leading == v0.trailing + 8`), `from` is the second item's edge; for
/// a length (`v1.width <= 30`, `v1.width == v0.width`), `from` is the first item's min edge and the two others
/// are that edge plus the lengths.
public struct DiagnosisMark: Hashable, Sendable {
    /// The axis the bracket runs along (`.horizontal`: x coordinates).
    public var axis: Axis
    /// The edge the constraint measures from.
    public var from: Double
    /// Where the constrained edge should be.
    public var expected: Double
    /// Where it is on the engine's frames.
    public var actual: Double
    /// The extent, across `axis`, of the items the constraint names: the bracket is drawn across its middle.
    public var acrossStart: Double
    /// The end of that extent.
    public var acrossEnd: Double
    /// A short label: "UISV-spacing: 8 ≠ 0".
    public var label: String

    /// A mark from its parts.
    public init(axis: Axis, from: Double, expected: Double, actual: Double, acrossStart: Double, acrossEnd: Double,
                label: String) {
        self.axis = axis
        self.from = from
        self.expected = expected
        self.actual = actual
        self.acrossStart = acrossStart
        self.acrossEnd = acrossEnd
        self.label = label
    }
}
