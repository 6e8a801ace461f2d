import StackLayout

/// The engine under test. Here StackLayout's direct engine stands in for your layout code.
public struct MyStackEngine: LayoutEngine {
    public init() {}

    // Exactly what it implements: the suite generates only scenarios inside these features.
    public let engineDescription = EngineDescription(
        name: "my-stack", version: "0.1",
        features: [.fill, .fillEqually, .alignFill, .leading, .center, .trailing, .hidden])

    public func layout(_ scenario: Scenario) throws(LayoutError) -> Layout {
        try DirectEngine().layout(scenario)  // your layout here; throw .unsupported("…") for input you do not handle
    }
}
