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

    public var description: String {
        switch self {
        case .unsupported(let m): return "unsupported: \(m)"
        case .failed(let m): return "error: \(m)"
        }
    }
}
