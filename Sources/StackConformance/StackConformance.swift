/// The conformance suite: scenario generators, the property catalogue, the runner and reports.
/// (Issue 5; this module is a placeholder until then.)
public enum StackConformance {
    public static let suiteVersion = "0.1.0"
}
