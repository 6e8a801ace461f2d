/// A property's failure with a message for people. Any error thrown by a property body fails it; this one carries
/// just the statement that did not hold.
public struct PropertyFailure: Error, Sendable, CustomStringConvertible {
    /// The statement that did not hold, for people.
    public let message: String
    /// A failure with `message`.
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// Fails the property with `message` unless `condition` holds.
public func require(_ condition: Bool, _ message: @autoclosure () -> String) throws(PropertyFailure) {
    if !condition { throw PropertyFailure(message()) }
}

/// Thrown by a property's body when the system under test could not answer at all (an external engine that crashed,
/// hung, or answered nonsense): the run stops at this case without shrinking, and the report's status is `aborted`
/// with `kind` and `message`. While shrinking another failure, an abort counts as "does not fail".
public struct PropertyAbort: Error, Sendable, Hashable, CustomStringConvertible {
    /// A short machine-readable kind chosen by the caller (for example `ERROR`, `TIMEOUT`, `CRASH`).
    public var kind: String
    /// What went wrong, for people (the engine's own message or the fault observed).
    public var message: String
    /// An abort of the given kind with `message`.
    public init(kind: String, message: String) {
        self.kind = kind
        self.message = message
    }
    public var description: String { "\(kind): \(message)" }
}
