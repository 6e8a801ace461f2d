import StackLayout

/// One cause behind the failures of a run, told once however many properties it breaks: an engine error with one
/// signature, a crash, a hang, answers that change from one request to the next, or a layout that breaks the same
/// family of UIKit's constraints on the same shape of stack. A report lists its causes first, the one that touches
/// the most properties first: an engine's author reads how many bugs there are and which to fix first.
public struct FailureCause: Sendable {
    /// The status of the failures it groups.
    public var status: ResultStatus
    /// What the failures share, for people ("the engine answered error: IndexError: list index out of range").
    public var summary: String
    /// What groups the failures: their status and signature, or for a FAIL the constraint family and the shape of
    /// the minimal case.
    public var key: String
    /// The properties it breaks, in catalogue order.
    public var properties: [String]
    /// The property whose minimal case is the smallest (fewest arranged items; ties by catalogue order).
    public var smallestIn: String
    /// That minimal case in a few words ("1 view: horizontal equalCentering fill").
    public var smallestCase: String
    /// Its replay token.
    public var replay: String
}

extension ConformanceReport {
    /// The causes behind every failure of the run, most properties first (ties in catalogue order of their first
    /// property). Every failure of every result belongs to exactly one cause.
    public var causes: [FailureCause] {
        var causes: [FailureCause] = []
        var sizes: [Int] = []
        for result in results {
            for failure in result.failures {
                let key = FailureCause.key(of: failure, in: result)
                let size = failure.counterexample?.viewCount ?? Int.max
                if let i = causes.firstIndex(where: { $0.key == key }) {
                    if !causes[i].properties.contains(result.property) { causes[i].properties.append(result.property) }
                    if size < sizes[i] {
                        sizes[i] = size
                        causes[i].smallestIn = result.property
                        causes[i].smallestCase = FailureCause.describe(failure.counterexample)
                        causes[i].replay = failure.counterexample?.replay ?? ""
                    }
                } else {
                    causes.append(FailureCause(status: failure.status, summary: FailureCause.summary(of: failure),
                                               key: key, properties: [result.property], smallestIn: result.property,
                                               smallestCase: FailureCause.describe(failure.counterexample),
                                               replay: failure.counterexample?.replay ?? ""))
                    sizes.append(size)
                }
            }
        }
        let order = causes.indices.sorted { a, b in
            causes[a].properties.count != causes[b].properties.count
                ? causes[a].properties.count > causes[b].properties.count : a < b
        }
        return order.map { causes[$0] }
    }
}

extension FailureCause {
    /// What groups a failure with others: an engine fault by its status and signature (the message with numbers and
    /// quoted ids stripped), nondeterminism as one cause, and a FAIL by the UIKit constraint family its diagnosis
    /// names on the shape of its minimal case, or, without a diagnosis, by its property and clause.
    static func key(of failure: PropertyFailureRecord, in result: PropertyResult) -> String {
        switch failure.status {
        case .nondeterministic: return "NONDETERMINISTIC"
        case .fail:
            if let family = failure.diagnosisFamily {
                return "FAIL " + family + " on " + shape(failure.counterexample?.scenario)
            }
            return "FAIL " + result.property + " " + failure.signature
        default: return failure.signature
        }
    }

    /// A failure in one line: the fault, the nondeterminism, or the diagnosis (else the check's message).
    static func summary(of failure: PropertyFailureRecord) -> String {
        if let n = failure.nondeterminism { return n.summary }
        if failure.status == .fail, let d = failure.diagnosisSummary { return d }
        let line = failure.message.split(separator: "\n").first.map(String.init) ?? ""
        // An external engine's fault names the request it happened on; the cause is not about one request.
        if line.hasPrefix("request "), let colon = line.firstRange(of: ": "),
           line[line.index(line.startIndex, offsetBy: 8)..<colon.lowerBound].allSatisfy(\.isNumber) {
            return String(line[colon.upperBound...])
        }
        return line
    }

    /// The root stack's axis, distribution and alignment: the shape two minimal cases share when one constraint
    /// family breaks the same way in both.
    static func shape(_ scenario: Scenario?) -> String {
        guard let s = scenario?.stack else { return "no scenario" }
        return "\(s.axis.rawValue) \(s.distribution.rawValue) \(s.alignment.rawValue)"
    }

    /// A minimal case in a few words: how many arranged items, and the root stack's shape.
    static func describe(_ c: Counterexample?) -> String {
        guard let c, let scenario = c.scenario else {
            return c?.program.map { "the program " + $0.joined(separator: "; ") } ?? "no case"
        }
        let n = c.viewCount
        var hidden = 0
        scenario.stack.forEachItem { item, _ in if item.isHidden { hidden += 1 } }
        let note = hidden == 0 ? "" : hidden == n ? (n == 1 ? ", hidden" : ", all hidden") : ", \(hidden) hidden"
        return "\(n) arranged item\(n == 1 ? "" : "s")\(note): " + shape(scenario)
    }
}
