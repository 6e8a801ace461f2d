import PropertyCheck

extension EnvironmentOverrides {
    /// The conformance suite's variables, `STACKCHECK_SEED`, `STACKCHECK_CASES` and `STACKCHECK_REPLAY`: they override
    /// the options of a run inside `swift test` (``InProcessRun``, which
    /// ``expectConforms(_:property:options:expectations:sourceLocation:)`` records), and a failure's replay lines set
    /// the last (``SwiftTestReplayLines/replayVariable``). A test of the same package that checks properties of its own can
    /// read the same ones: `checkProperty(property, overrides: .stackCheck)`.
    public static let stackCheck = EnvironmentOverrides(prefix: "STACKCHECK")
}
