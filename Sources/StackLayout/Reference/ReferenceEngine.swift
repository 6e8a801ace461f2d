/// The project's reference engine: UIKit's UISV constraints (§2) solved with lexicographic priority levels
/// (§3) by the `Cassowary` solver.
public struct ReferenceEngine: LayoutEngine {
    /// The engine; it holds no state (`ReferenceLayoutSession` keeps a solver across changes).
    public init() {}
    /// Every feature, `conflicts`, `nestedSlack` and `priorityCollisions` included; built in, and the reference.
    public var engineDescription: EngineDescription { Self.engineDescription }
    static let engineDescription = EngineDescription(name: "reference", version: "1", features: .all, capabilities: [.builtIn, .layoutsAreTheReference])

    /// UIKit's constraint set for the scenario (after R-SOLVE-6 clamping), in `stackcheck constraints` order.
    public static func constraints(for scenario: Scenario) -> [UISVConstraint] {
        UISVGenerator(scenario.clampedForLayout()).constraints
    }

    public func layout(_ scenario: Scenario) throws(LayoutError) -> Layout {
        let clamped = scenario.clampedForLayout()
        let solved = solve(clamped)
        return solved.layout.finish(for: clamped, index: solved.index)
    }
}
