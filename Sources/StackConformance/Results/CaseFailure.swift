import Foundation
import PropertyCheck
import StackLayout

/// How one case of a property failed, as the runner records it: a check that did not hold on the engine's layout
/// (FAIL), or an engine fault (ERROR, TIMEOUT, CRASH), with the answers the check judged.
///
/// It is the error a case throws into PropertyCheck, which tells failures apart by `failureIdentity` and shrinks
/// each one on its own: a FAIL by the check's clause that failed (where it is written), a fault by its status and
/// the engine's message with numbers and quoted ids stripped. The first failure of a property shrinks towards any
/// case of its `shrinkClass`: any FAIL (so a FAIL's minimal case is what it always was), or the same fault.
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

    var description: String { message }
    var failureIdentity: String { status.rawValue + " " + origin }
    var shrinkClass: String { status == .fail ? status.rawValue : failureIdentity }
    /// Every call that reproduces a TIMEOUT waits for the whole timeout, and one that reproduces a CRASH restarts
    /// the engine: such failures shrink with fewer calls.
    var shrinkCallLimit: Int? {
        switch status {
        case .timeout: return Self.timeoutShrinkCalls
        case .crash: return Self.crashShrinkCalls
        default: return nil
        }
    }
    /// Shrink calls for a TIMEOUT.
    static let timeoutShrinkCalls = 10
    /// Shrink calls for a CRASH.
    static let crashShrinkCalls = 300

    /// The failure of an engine fault (never `.unsupported` or `.cannotStart`, which discard the case and stop the
    /// run).
    init(fault: LayoutError, variants: [JudgedVariant] = []) {
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

    /// The failure of a check that did not hold on `layout`.
    init(check failure: PropertyFailure, layout: Layout?, variants: [JudgedVariant]) {
        status = .fail
        message = failure.message
        origin = failure.origin ?? ""
        self.layout = layout
        self.variants = variants
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

/// An external engine that could not be started or greeted again after a restart: the property stops at once
/// (PropertyCheck's abort, not shrunk) and so does the run (exit status 3).
struct EngineCannotStart: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
