import StackLayout

/// Whether a property can run on an engine at all: a property that cannot is a SKIP whose reason says why, and
/// none of its cases is generated or sent.
enum FeatureGate {
    /// The SKIP of `property` on `engine`, or nil when it runs. In this order: the engine lacks a feature the
    /// property needs (`features`); the property is the agreement with the reference and the engine's layouts are
    /// the reference's (`reference`); a layout property that needs one of several features finds none of them
    /// (`features`).
    static func skip(_ property: ConformanceProperty, on engine: any LayoutEngine) -> PropertyResult? {
        let missing = property.features.subtracting(engine.features)
        if !missing.isEmpty {
            return PropertyResult(skipped: property, reason: .features,
                                  message: "needs the features \(missing.sorted.map(\.rawValue).joined(separator: ", "))")
        }
        if engine.capabilities.contains(.layoutsAreTheReference) && property.id == ConformanceProperty.agreement.id {
            return PropertyResult(skipped: property, reason: .reference,
                                  message: "the reference engine is what the agreement property compares with")
        }
        if case .layout(let check) = property.body, let alternatives = check.missingAlternatives(in: engine.features) {
            return PropertyResult(skipped: property, reason: .features,
                                  message: "needs one of the features " + alternatives.map(\.rawValue).joined(separator: ", "))
        }
        return nil
    }
}
