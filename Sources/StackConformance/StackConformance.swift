/// The conformance suite: scenario generators, the property catalogue, the runner and reports.
/// The catalogue is `Catalogue.all`; `ConformanceRunner` checks one property, `CatalogueRun` a whole run.
public enum StackConformance {
    public static let suiteVersion = "0.2.0"
}
