/// The conformance suite itself: its version. (The catalogue is `Catalogue.all`; `ConformanceRunner` checks one
/// property, `CatalogueRun` a whole run.)
///
/// No public type is named after a module of this package, so a module name always qualifies: a user whose engine
/// has its own `Layout` writes `StackLayout.Layout`, and `StackConformance.expectConforms(…)` names this module's
/// function. (Until suite 0.3.0 this enum was called `StackConformance`, which shadowed the module's name.)
public enum ConformanceSuite {
    /// The suite's version: in reports, regressions and `stackcheck`'s header.
    public static let version = "0.9.0"
}
