/// A property's failure with a message for people. Any error thrown by a property body fails it; this one carries
/// just the statement that did not hold.
public struct PropertyFailure: Error, Sendable, CustomStringConvertible, IdentifiedFailure {
    /// The statement that did not hold, for people.
    public let message: String
    /// Where the failing requirement is written (`file:line`), which tells two failures of one property apart;
    /// nil when the thrower did not say.
    public let origin: String?
    /// A failure with `message`, raised at `origin`.
    public init(_ message: String, origin: String? = nil) {
        self.message = message
        self.origin = origin
    }
    /// The message.
    public var description: String { message }
    /// Its origin: two requirements that fail are two failures, the same requirement failing again is one.
    public var failureIdentity: String { origin ?? "" }
}

/// Fails the property with `message` unless `condition` holds; the failure's origin is the caller's line.
public func require(_ condition: Bool, _ message: @autoclosure () -> String,
                    fileID: String = #fileID, line: Int = #line) throws(PropertyFailure) {
    if !condition { throw PropertyFailure(message(), origin: "\(fileID):\(line)") }
}

/// Which failure an error is, so that a run can report several distinct failures of one property, each shrunk on
/// its own (Hypothesis tells failures apart by their origin in the same way). An error that does not conform is
/// the failure with identity "" and shrink class "".
public protocol IdentifiedFailure: Error {
    /// Failures with equal identities are the same failure; a case that fails with a new identity is another one.
    /// Shrinking a failure found after the first keeps its identity.
    var failureIdentity: String { get }
    /// What shrinking the first failure keeps: a smaller case counts when it fails with the same class, whatever
    /// its identity (the default, "", accepts any failure of the default class).
    var shrinkClass: String { get }
    /// A cap on the calls spent shrinking this failure, below the configuration's, for failures whose every call is
    /// dear (a system that hangs until a timeout); nil for the configuration's cap.
    var shrinkCallLimit: Int? { get }
    /// A cap on what shrinking this failure may cost, as `Configuration.cost` counts it (calls without one); nil
    /// for no cap beyond the calls'.
    var shrinkCostLimit: Int? { get }
    /// Whether the failure's case is run once more before it is shrinking's starting point: a failure that depends
    /// on more than its input (the state a remote system was left in) may not fail again, and shrinking it would
    /// chase other states. One that does not fail again with the same identity is reported unshrunk
    /// (`ShrinkStop.notReproduced`).
    var confirmsBeforeShrinking: Bool { get }
    /// Other names of the same identity (a measured error that equals two quantities of the case): a case is a new
    /// failure only when its identity is seen under none of them.
    var failureAliases: [String] { get }
}

extension IdentifiedFailure {
    /// "": the first failure of a run shrinks towards any failure of the default class.
    public var shrinkClass: String { "" }
    /// nil: the configuration's cap.
    public var shrinkCallLimit: Int? { nil }
    /// nil: the calls' cap only.
    public var shrinkCostLimit: Int? { nil }
    /// false: shrinking starts from the failing case as found.
    public var confirmsBeforeShrinking: Bool { false }
    /// []: one name.
    public var failureAliases: [String] { [] }
}

/// Thrown by a property's body when the system under test cannot go on at all (an external engine that can no
/// longer be started): the run stops at this case without shrinking, and the report's status is `aborted` with
/// `kind` and `message`; failures found before it are kept. While shrinking a failure, an abort counts as "does
/// not fail". A system that answers some cases and fails others should throw an `IdentifiedFailure` instead, so
/// that its failure is shrunk and told apart from the property's other failures.
public struct PropertyAbort: Error, Sendable, Hashable, CustomStringConvertible {
    /// A short machine-readable kind chosen by the caller (for example `ERROR`, `TIMEOUT`, `CRASH`).
    public var kind: String
    /// What went wrong, for people (the engine's own message or the fault observed).
    public var message: String
    /// The caller's own typed error behind the abort, for the caller to read back from the report (not compared).
    public var cause: (any Error)?
    /// An abort of the given kind with `message`, and the caller's typed `cause`.
    public init(kind: String, message: String, cause: (any Error)? = nil) {
        self.kind = kind
        self.message = message
        self.cause = cause
    }
    /// `kind: message`.
    public var description: String { "\(kind): \(message)" }

    /// Equal kinds and messages (the cause is not compared).
    public static func == (a: PropertyAbort, b: PropertyAbort) -> Bool { a.kind == b.kind && a.message == b.message }
    /// The kind and the message.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(kind)
        hasher.combine(message)
    }
}
