import Foundation
import PropertyCheck
import StackLayout

/// How one case of a property failed, as the runner records it: a check that did not hold on the engine's layout
/// (FAIL), or an engine fault (ERROR, TIMEOUT, CRASH), with the answers the check judged.
///
/// It is the error a case throws into PropertyCheck, which tells failures apart by `failureIdentity` and shrinks
/// each one on its own: a FAIL by its check's clause, what the clause measured (the attributes, along or across
/// the axis, of visible or hidden items) and the measured error in the scenario's terms with its sign
/// (`ResidualExplanation`: "−layoutMargins.top", "+spacing"); a fault by its status and the engine's message with
/// numbers and quoted ids stripped. A case whose error another quantity explains is a new failure, shrunk keeping
/// that identity: a bug hiding behind the first one in the same clause is searched for (Hypothesis does this per
/// "interesting origin"). The identity costs no solve: it reads the check's measurement and the case's reference
/// layout, so every failing case can have one.
/// The first failure of a property shrinks towards any case of its `shrinkClass`: any FAIL, or the same fault.
struct CaseFailure: Error, IdentifiedFailure, CustomStringConvertible {
    /// FAIL, ERROR, TIMEOUT or CRASH.
    var status: ResultStatus
    /// The check's statement that did not hold, or the fault as the engine or the transport reported it.
    var message: String
    /// The clause's `file:line` for a FAIL; the fault's signature otherwise.
    var origin: String
    /// The engine's answer for the case's scenario that the check judged (nil for a fault on that request).
    var layout: Layout?
    /// The variants a metamorphic check laid out on the engine before it failed, in order, with their answers.
    var variants: [JudgedVariant] = []
    /// What the check measured (a FAIL whose check says).
    var measured: Measurement? = nil
    /// The case's scenario (a FAIL of a layout property).
    var scenario: Scenario? = nil
    /// The diagnosis's tolerance, in points.
    var tolerance = 0.0
    /// The finding, made the first time it is asked for: shrinking the first failure never asks.
    private let findingBox = FindingBox()

    var description: String { message }
    /// UIKit's layout of `scenario`, which the case's check compared with.
    var reference: Layout? = nil

    var failureIdentity: String {
        guard status == .fail, let measured, let scenario else { return status.rawValue + " " + origin }
        return status.rawValue + " " + origin + " " + Self.measuredKey(measured, scenario, reference: reference, engine: layout)
    }

    /// The identity under the measured error's other explanations (an error of 1 that is the spacing and a margin
    /// too): a case whose error a seen identity explains is not a new failure by chance. Not for rounding: the
    /// quantities a fraction lost to rounding equals may be chance (`CauseIdentity.of`), and a later case whose
    /// larger error is one of them shows another bug.
    var failureAliases: [String] {
        guard status == .fail, let measured, let scenario else { return [] }
        let keys = Self.measuredKeys(measured, scenario, reference: reference, engine: layout)
        guard let first = keys.first, !first.hasSuffix(" " + ResidualExplanation.roundingKey) else { return [] }
        return keys.dropFirst().map { status.rawValue + " " + origin + " " + $0 }
    }

    /// `measuredKey` under every key of the error's explanation, the identity's first.
    static func measuredKeys(_ m: Measurement, _ scenario: Scenario, reference: Layout?, engine: Layout?) -> [String] {
        let terms = measuredTerms(m, scenario)
        guard let explained = ResidualExplanation.explain(m, in: scenario, reference: reference, engine: engine) else {
            return [terms + " "]
        }
        return explained.keys.map { terms + " " + $0 }
    }

    /// What a measurement read, along or across its stack's axis (of visible or hidden items, along it), and its
    /// error explained: `view.along.start +spacing`.
    static func measuredKey(_ m: Measurement, _ scenario: Scenario, reference: Layout?, engine: Layout?) -> String {
        measuredKeys(m, scenario, reference: reference, engine: engine)[0]
    }

    /// What a measurement read: `view.along.start`, `hidden view.along.length,view.along.start`.
    static func measuredTerms(_ m: Measurement, _ scenario: Scenario) -> String {
        m.terms.map { term -> String in
            let axis = OwningStack.find(term.item, in: scenario).stack.axis
            var kind = CauseIdentity.kind(term.item, scenario)
            let relative = CauseIdentity.relative(term.attribute, axis)
            // A hidden view's place along the axis is its own rule (R-H-2); across it, it is aligned as any view.
            if relative.hasPrefix("along"), case .view(let id) = term.item,
               OwningStack.view(id, in: scenario.stack)?.isHidden == true { kind = "hidden " + kind }
            return kind + "." + relative
        }.joined(separator: ",")
    }

    /// What the case's layout says about the bug (`CaseFinding`); nil for a fault, a view-tree failure, or a layout
    /// that cannot be diagnosed.
    var finding: CaseFinding? {
        guard status == .fail, let scenario, let layout else { return nil }
        return findingBox.get {
            CaseFinding.make(scenario: scenario, layout: layout, variants: variants, measured: measured,
                             reference: reference, tolerance: tolerance)
        }
    }
    var shrinkClass: String { status == .fail ? status.rawValue : failureIdentity }
    /// Every call that reproduces a TIMEOUT waits for the whole timeout: it shrinks with few calls.
    var shrinkCallLimit: Int? { status == .timeout ? Self.timeoutShrinkCalls : nil }
    /// Shrink calls for a TIMEOUT.
    static let timeoutShrinkCalls = 10
    /// Every call that reproduces a CRASH or a TIMEOUT restarts the engine: shrinking one may send at most
    /// `shrinkBudget` requests (`RunOptions.shrinkBudget`, counted by `FaultBudget`).
    var shrinkCostLimit: Int? { status == .crash || status == .timeout ? shrinkBudget : nil }
    /// The shrink budget of a fault, from the run's options; nil for no budget.
    var shrinkBudget: Int? = nil
    /// A CRASH is sent once more, to the engine just started again, before it is shrunk: an engine whose crash
    /// depends on what it was sent before (a leak, a counter) does not crash on the case alone, and shrinking it
    /// would spend the shrink budget chasing restarts.
    var confirmsBeforeShrinking: Bool { status == .crash }

    /// The failure of an engine fault (never `.unsupported` or `.cannotStart`, which discard the case and stop the
    /// run).
    init(fault: LayoutError, variants: [JudgedVariant] = [], shrinkBudget: Int? = nil) {
        self.shrinkBudget = shrinkBudget
        switch fault {
        case .timedOut(let m): (status, message) = (.timeout, m)
        case .crashed(let m): (status, message) = (.crash, m)
        case .invalidAnswer(let m): (status, message) = (.error, "invalid answer: \(m)")
        case .failed(let m): (status, message) = (.error, "the engine answered error: \(m)")
        case .unsupported(let m), .cannotStart(let m): (status, message) = (.error, m)
        }
        origin = Self.signature(message)
        layout = nil
        self.variants = variants
    }

    /// The failure of a check that did not hold on `layout`, the engine's answer for `scenario`.
    init(check failure: PropertyFailure, measured: Measurement?, layout: Layout?, variants: [JudgedVariant],
         scenario: Scenario?, reference: Layout? = nil, tolerance: Double) {
        self.reference = reference
        status = .fail
        message = failure.message
        origin = failure.origin ?? ""
        self.layout = layout
        self.variants = variants
        self.measured = measured
        self.scenario = scenario
        self.tolerance = tolerance
    }

    /// A message with what varies between cases of the same fault taken out: runs of digits become `#`, and text in
    /// single or double quotes becomes `'…'` (an id, a path, a value), so "index 3 out of range for 'v2'" and
    /// "index 0 out of range for 'v0'" are one fault.
    static func signature(_ message: String) -> String {
        var out = ""
        var quote: Character? = nil
        var lastWasDigit = false
        for c in message {
            if let q = quote {
                if c == q { quote = nil; out.append("…" + String(q)) }
                continue
            }
            if c == "'" || c == "\"" {
                quote = c
                out.append(c)
                lastWasDigit = false
            } else if c.isASCII && c.isNumber {
                if !lastWasDigit { out.append("#") }
                lastWasDigit = true
            } else {
                out.append(c)
                lastWasDigit = false
            }
        }
        if let q = quote { out.append("…" + String(q)) }
        return out
    }
}

/// A variant of a case's scenario that a metamorphic check laid out on the engine, with the engine's answer.
public struct JudgedVariant: Sendable {
    /// The variant (the case's scenario transposed, mirrored, with a view removed, …).
    public var scenario: Scenario
    /// The engine's layout of it, as the check judged it.
    public var layout: Layout
}

/// The variants one case lays out, in order: the evaluator's relayout records into it, and a failure carries them.
final class VariantLog: @unchecked Sendable {
    // One case runs on one task at a time; the lock is for the compiler's benefit and costs nothing uncontended.
    private let lock = NSLock()
    private var judged: [JudgedVariant] = []

    func record(_ scenario: Scenario, _ layout: Layout) { lock.withLock { judged.append(JudgedVariant(scenario: scenario, layout: layout)) } }
    var variants: [JudgedVariant] { lock.withLock { judged } }
}

/// A finding made once, on first use, whichever copy of the failure asks (a failure is copied as it is thrown).
final class FindingBox: @unchecked Sendable {
    // The box is read from the task that runs the case, and again when the report is built; the lock makes the
    // first computation happen once.
    private let lock = NSLock()
    private var made = false
    private var value: CaseFinding?

    func get(_ make: () -> CaseFinding?) -> CaseFinding? {
        lock.withLock {
            if !made { value = make(); made = true }
            return value
        }
    }
}

/// An external engine that could not be started or greeted again after a restart: the property stops at once
/// (PropertyCheck's abort, not shrunk) and so does the run (exit status 3).
struct EngineCannotStart: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
