/// A property's failure with a message for people. Any error thrown by a property body fails it; this one carries
/// just the statement that did not hold.
public struct PropertyFailure: Error, Sendable, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// Fails the property with `message` unless `condition` holds.
public func require(_ condition: Bool, _ message: @autoclosure () -> String) throws(PropertyFailure) {
    if !condition { throw PropertyFailure(message()) }
}
