import PropertyCheck
import StackLayout

/// One property of the catalogue: a stable id (`group.name`, a public contract), the spec rules it
/// checks, the features it needs, and a precise statement. Its evidence level is the weakest among its rules.
///
/// Unless its statement says otherwise, a layout property applies only to scenarios inside the domain at the top of
/// the spec's §4 (`Domain.section4`, decided by `Section4Domain`): the reference reports no broken constraint, no
/// content or user priority equals an internal UISV priority, no number of the reference layout is at R-SOLVE-6's
/// clamp, and no nested stack is stretched or compressed along its parent's axis. Cases outside its domain are
/// discarded and not counted.
public struct ConformanceProperty: Sendable {
    /// The stable id (`group.name`), used by `--property`, reports and replay tokens.
    public let id: String
    /// The ids of the rules of UISTACKVIEW.md the property checks (`R-…`).
    public let rules: [String]
    /// The statement, as CONFORMANCE.md prints it.
    public let statement: String
    /// Features an engine needs for the property to apply; without one of them the property is SKIP.
    public let features: FeatureSet
    let levelOverride: EvidenceLevel?
    let body: Body

    enum Body: Sendable {
        case layout(LayoutCheck)
        case viewTree(ViewTreeCheck)
    }

    /// The weakest evidence level among the rules it checks (ENGINE-PROTOCOL.md, "Results").
    public var level: EvidenceLevel {
        levelOverride ?? rules.compactMap { Rules.rule($0)?.level }.min() ?? .tentative
    }

    /// The group: the id's first segment.
    public var group: String { String(id.split(separator: ".").first ?? "") }

    /// Whether `--property selector` selects this property: its id equals the selector or starts with it and a dot.
    public func isSelected(by selector: String) -> Bool { id == selector || id.hasPrefix(selector + ".") }

    init(_ id: String, rules: [String], features: FeatureSet = [], level: EvidenceLevel? = nil,
         statement: String, _ body: Body) {
        self.id = id
        self.rules = rules
        self.statement = statement
        self.features = features
        self.levelOverride = level
        self.body = body
    }
}

/// The domain a layout property generates its cases in.
public enum Domain: Sendable {
    /// The spec's §4 domain (see `ConformanceProperty`).
    case section4
    /// Every scenario inside the engine's features, conflicts and priority collisions included.
    case engineFeatures
}

/// A property over generated scenarios: the generator's shape, the domain, a precondition, and the check itself,
/// which throws `PropertyFailure` when the statement does not hold.
struct LayoutCheck: Sendable {
    var shape: @Sendable (inout ScenarioGenerator.Shape) -> Void = { _ in }
    var domain: Domain = .section4
    /// Whether the statement applies to a scenario, from the scenario and the tolerance alone: asked first, on
    /// every engine, so a case it rejects costs no layout and is never sent to an external engine (discarded, not
    /// counted). A statement that needs a layout to know whether it applies says so in `check`, by throwing
    /// `StopTest.invalid`.
    var precondition: @Sendable (Scenario, Tolerance) -> Bool = { _, _ in true }
    var check: @Sendable (CaseContext) throws -> Void

    /// The features of which the check's shape needs one at least, when `features` has none of them: the
    /// distributions (or alignments) the shape allows, all missing. Nil when the engine can run the check. (A property's
    /// `features` list can only say "all of"; a shape such as "equalSpacing or equalCentering" says "one of".)
    func missingAlternatives(in features: FeatureSet) -> [Feature]? {
        var shape = ScenarioGenerator.Shape()
        self.shape(&shape)
        for allowed in [shape.distributions.map { $0.map(Feature.of) }, (shape.rootAlignments ?? shape.alignments).map { $0.map(Feature.of) }] {
            if let allowed, !allowed.contains(where: features.contains) { return allowed }
        }
        return nil
    }

    /// The generator of this check's scenarios for an engine with `features`. Inside the §4 domain, internal UISV
    /// priorities are never generated even for an engine with `priorityCollisions`: every such case would be
    /// discarded, and a property could not reach its count.
    func generator(for features: FeatureSet) -> Gen<Scenario> {
        var shape = ScenarioGenerator.Shape()
        self.shape(&shape)
        let generated = domain == .section4 ? features.subtracting([.priorityCollisions]) : features
        return ScenarioGenerator(features: generated, shape: shape).scenario
    }
}
