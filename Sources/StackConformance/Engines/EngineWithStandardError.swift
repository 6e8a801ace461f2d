import StackLayout

/// An engine that keeps its standard error for reports (external engines): each non-PASS result shows what the
/// engine wrote while answering the request the result is about, labelled with that request.
public protocol EngineWithStandardError: LayoutEngine {
    /// Lays `scenario` out and returns, with the answer, what the engine wrote while it answered; `during` says which
    /// case that is, for people.
    func layoutRecordingStandardError(_ scenario: Scenario, during: String) -> (Result<Layout, LayoutError>, StandardErrorExcerpt?)
    /// What the engine wrote around the last request that did not end with a layout.
    var faultStandardError: StandardErrorExcerpt? { get }
}
