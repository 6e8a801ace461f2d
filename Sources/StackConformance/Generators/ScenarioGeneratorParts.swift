import PropertyCheck
import StackLayout

extension ScenarioGenerator {
    /// The generators and choice lists of a `ScenarioGenerator` that depend only on its features and shape. Built
    /// once per generator (and again when its shape changes): the same generators, so the same choices.
    struct Parts: Sendable {
        /// Lengths: mostly small integers, sometimes quarter points, rarely up to 1,000.
        let length: Gen<Double>
        /// A length, or none (no intrinsic size, with `noIntrinsicSize`).
        let optionalLength: Gen<Double?>
        /// Spacing in [−20, 40]: zero, positive, negative (with `negativeSpacing`) and system (with
        /// `systemSpacing`).
        let spacing: Gen<Spacing>
        /// Content priorities: the default most of the time (so ties are common), otherwise one of the domain's
        /// values.
        let hugging: Gen<LayoutPriority>
        let resistance: Gen<LayoutPriority>
        let distributions: [Distribution]
        let horizontalAlignments: [Alignment]
        let verticalAlignments: [Alignment]
        let rootHorizontalAlignments: [Alignment]
        let rootVerticalAlignments: [Alignment]

        init(features: FeatureSet, shape: Shape) {
            let length = Gen<Double>.frequency([
                (6, Gens.int(0...120).map { Double($0) }),
                (2, Gens.int(0...480).map { Double($0) / 4 }),
                (1, Gens.int(0...4000).map { Double($0) / 4 }),
            ])
            self.length = length
            if features.contains(.noIntrinsicSize) && shape.noIntrinsicProbability > 0 {
                let p = shape.noIntrinsicProbability
                optionalLength = Gen { tc throws(StopTest) in try tc.weighted(p) ? nil : try length.run(tc) }
            } else {
                optionalLength = length.map { $0 }
            }
            var spacings: [(Int, Gen<Spacing>)] = [(4, .just(0)), (4, Gens.int(0...40).map { .points(Double($0)) })]
            if features.contains(.negativeSpacing) {
                spacings.append((2, Gens.int(-20...(-1)).map { .points(Double($0)) }))
            }
            if features.contains(.systemSpacing) { spacings.append((shape.systemSpacingWeight, .just(.system))) }
            spacing = .frequency(spacings)
            var choices = ScenarioGenerator.domainPriorities
            if features.contains(.conflicts) { choices.append(.required) }
            if features.contains(.priorityCollisions) { choices += ScenarioGenerator.internalPriorities }
            hugging = .frequency([(3, .just(250)), (2, Gens.element(of: choices))])
            resistance = .frequency([(3, .just(750)), (2, Gens.element(of: choices))])
            distributions = (shape.distributions ?? Distribution.allCases).filter { features.contains(.of($0)) }
            func alignments(_ axis: Axis, root: Bool) -> [Alignment] {
                ((root ? shape.rootAlignments : nil) ?? shape.alignments ?? Alignment.allCases).filter {
                    features.contains(.of($0)) && !(axis == .vertical && ($0 == .firstBaseline || $0 == .lastBaseline))
                }
            }
            horizontalAlignments = alignments(.horizontal, root: false)
            verticalAlignments = alignments(.vertical, root: false)
            rootHorizontalAlignments = alignments(.horizontal, root: true)
            rootVerticalAlignments = alignments(.vertical, root: true)
        }
    }
}
