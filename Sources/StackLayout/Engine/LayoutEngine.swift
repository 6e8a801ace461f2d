/// A stack-layout engine that the suite can check: the in-process side of ENGINE-PROTOCOL.md.
///
/// An engine lays out a scenario into a layout or throws a `LayoutError`: `.unsupported` for input it knowingly
/// does not implement (the protocol's `unsupported` answer; the case is skipped), `.failed` when it fails.
public protocol LayoutEngine: Sendable {
    /// A short name, e.g. `reference` or `direct`.
    var name: String { get }
    /// The engine's version string, reported with results.
    var version: String { get }
    /// Exactly the features the engine implements.
    var features: FeatureSet { get }
    /// Lays out a valid scenario.
    func layout(_ scenario: Scenario) throws(LayoutError) -> Layout
}

/// Why an engine did not return a layout.
public enum LayoutError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The scenario uses something the engine knowingly does not implement (protocol answer `unsupported`).
    case unsupported(String)
    /// The engine failed (protocol answer `error`).
    case failed(String)
    /// An external engine's answer was not a valid answer to the request: not JSON, another request id, not a
    /// layout, or frames that do not match the scenario's ids (ENGINE-PROTOCOL.md, fault table: ERROR).
    case invalidAnswer(String)
    /// An external engine took longer than the per-request timeout and was restarted (status TIMEOUT).
    case timedOut(String)
    /// An external engine exited or closed its output and was restarted (status CRASH).
    case crashed(String)
    /// An external engine could not be started or greeted again after a restart: the run stops (exit status 3).
    case cannotStart(String)

    public var description: String {
        switch self {
        case .unsupported(let m): return "unsupported: \(m)"
        case .failed(let m): return "error: \(m)"
        case .invalidAnswer(let m): return "invalid answer: \(m)"
        case .timedOut(let m): return "timeout: \(m)"
        case .crashed(let m): return "crash: \(m)"
        case .cannotStart(let m): return "cannot start: \(m)"
        }
    }
}
