/// The engines that ship with the package, by the names the command line and reports use.
public enum BuiltInEngines {
    /// `reference`: UIKit's UISV constraints solved with lexicographic priorities (`AcceleratedReferenceEngine`,
    /// held to the oracle `ReferenceEngine` by a property test).
    public static let reference: any LayoutEngine = AcceleratedReferenceEngine()
    /// `direct`: the closed-form engine (`DirectEngine`), which must agree with the reference inside its features.
    public static let direct: any LayoutEngine = DirectEngine()
    /// Every built-in engine; the first is the default of every command.
    public static let all: [any LayoutEngine] = [reference, direct]
    /// The engine every command uses when none is named.
    public static var defaultEngine: any LayoutEngine { all[0] }

    /// A name that is no built-in engine.
    public struct UnknownEngine: Error, Sendable {
        /// The error for people, listing the names there are.
        public let message: String
    }

    /// The engine named `name`, or the default engine when `name` is nil.
    public static func select(_ name: String?) -> Result<any LayoutEngine, UnknownEngine> {
        guard let name else { return .success(defaultEngine) }
        if let engine = all.first(where: { $0.name == name }) { return .success(engine) }
        return .failure(UnknownEngine(message: "Unknown engine '\(name)' (expected one of: \(all.map(\.name).joined(separator: ", ")))"))
    }
}
