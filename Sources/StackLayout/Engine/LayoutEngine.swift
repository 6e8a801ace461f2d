/// A stack-layout engine that the suite can check: the in-process side of ENGINE-PROTOCOL.md.
///
/// An engine lays out a scenario into a layout or throws a `LayoutError`: `.unsupported` for input it knowingly
/// does not implement (the protocol's `unsupported` answer; the case is skipped), `.failed` when it fails.
public protocol LayoutEngine: Sendable {
    /// What the engine says about itself, in one value: the suite reads nothing else about an engine (never its type).
    var engineDescription: EngineDescription { get }
    /// Lays out a valid scenario.
    func layout(_ scenario: Scenario) throws(LayoutError) -> Layout
}

extension LayoutEngine {
    /// A short name, e.g. `reference` or `direct` (`engineDescription.name`).
    public var name: String { engineDescription.name }
    /// The engine's version string, reported with results (`engineDescription.version`).
    public var version: String { engineDescription.version }
    /// Exactly the features the engine implements (`engineDescription.features`).
    public var features: FeatureSet { engineDescription.features }
    /// What the suite may assume of the engine beyond its answers (`engineDescription.capabilities`).
    public var capabilities: EngineCapabilities { engineDescription.capabilities }
    /// Feature names the engine declared that this protocol version does not know (`engineDescription.unknownFeatures`).
    public var unknownFeatures: [String] { engineDescription.unknownFeatures }
}

/// An engine's name, version, features and capabilities, as the engine gives them (an external engine: its greeting).
public struct EngineDescription: Hashable, Sendable {
    /// A short name, e.g. `reference` or `direct`; `--engine` selects a built-in engine by it.
    public var name: String
    /// The engine's version string, reported with results.
    public var version: String
    /// Exactly the features the engine implements: the suite generates only scenarios inside them.
    public var features: FeatureSet
    /// Feature names the engine declared that this protocol version does not know, sorted; reports list them as a
    /// warning and the suite ignores them (a `FeatureSet` holds protocol features only).
    public var unknownFeatures: [String]
    /// What the suite may assume of the engine beyond its answers; empty for every engine outside this package.
    public var capabilities: EngineCapabilities

    /// A description from its parts (no capabilities, for an engine outside this package).
    public init(name: String, version: String, features: FeatureSet, unknownFeatures: [String] = []) {
        self.init(name: name, version: version, features: features, unknownFeatures: unknownFeatures, capabilities: [])
    }

    /// A description with capabilities: for this package's engines only.
    package init(name: String, version: String, features: FeatureSet, unknownFeatures: [String] = [],
                 capabilities: EngineCapabilities) {
        self.name = name
        self.version = version
        self.features = features
        self.unknownFeatures = unknownFeatures
        self.capabilities = capabilities
    }
}

/// What the suite may assume of an engine beyond its answers. Only this package's engines have any (the named
/// capabilities are package-only): an engine outside it is checked on its answers alone.
public struct EngineCapabilities: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Its layouts are the reference's, to the bit: the runner takes the case's reference solves as the engine's
    /// answers (the scenario's and its variants', never solved twice), and skips the property that compares an
    /// engine with the reference.
    package static let layoutsAreTheReference = EngineCapabilities(rawValue: 1 << 0)
    /// It ships with the package: held to the built-in tolerance where a property says so, it replays every saved
    /// regression whose features it has (found on any engine), and its expected statuses are the catalogue's own.
    package static let builtIn = EngineCapabilities(rawValue: 1 << 1)
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
