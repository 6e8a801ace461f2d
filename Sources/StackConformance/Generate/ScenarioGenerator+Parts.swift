import PropertyCheck
import StackLayout

extension ScenarioGenerator {
    /// What a `ScenarioGenerator` generates with, fixed by its features, shape and depth: the features it may use, and
    /// the generators and choice lists that do not depend on the case. Built once per generator (and again when its
    /// shape or depth changes) and never changed, so every scenario generated shares it by reference; the same generators, so the
    /// same choices. Generating a scenario from them is in ScenarioGenerator+Scenario.swift.
    final class Parts: Sendable {
        let features: FeatureSet
        let shape: Shape
        let maxDepth: Int

        /// The features generation asks about, each looked up once.
        let hasNested: Bool, hasHidden: Bool, hasCustomSpacing: Bool, hasPriorities: Bool, hasMargins: Bool
        let hasBaselineRelative: Bool, hasRightToLeft: Bool, hasPixelRounding: Bool, hasOverflow: Bool
        let hasText: Bool
        /// Whether a leaf may have text baselines (allowed, and some baseline feature is there).
        let generatesTextBaselines: Bool
        /// Whether a leaf may have a user constraint (allowed, and the engine has `userConstraints`).
        let generatesUserConstraints: Bool

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
        /// Element generators of those lists (each used only when its list is not empty).
        let distribution: Gen<Distribution>
        let horizontalAlignment: Gen<Alignment>
        let verticalAlignment: Gen<Alignment>
        let rootHorizontalAlignment: Gen<Alignment>
        let rootVerticalAlignment: Gen<Alignment>

        /// The view count of the root stack and of a nested one: 0 to 6 views most of the time (in the root stack 2
        /// to 6 mostly, `viewCount`), up to 50 sometimes.
        let rootCount: Gen<Int>
        let nestedCount: Gen<Int>
        /// One margin: an integer in 0...20.
        let margin: Gen<Double>
        /// A text baseline's offset (the first from the top, the last from the first): 0...30.
        let baselineOffset: Gen<Int>
        /// A user constraint's attribute, relation, aspect ratio (in halves) and priority.
        let constraintAttribute: Gen<UserConstraint.Attribute>
        let constraintRelation: Gen<UserConstraint.Relation>
        let aspectRatio: Gen<Int>
        let constraintPriority: Gen<LayoutPriority>
        /// A root container dimension's kind (free, at the fitting size, above, below, any length), and how far
        /// above; a dimension that may not be fixed is always free (and makes no choice).
        let containerKind: Gen<Int>
        let underflow: Gen<Int>
        let freeContainer: Gen<Double?>
        /// The scale, when chosen: 1...3, shrinking towards 2.
        let scale: Gen<Int>

        init(features: FeatureSet, shape: Shape, maxDepth: Int) {
            self.features = features
            self.shape = shape
            self.maxDepth = maxDepth
            hasNested = features.contains(.nested)
            hasHidden = features.contains(.hidden)
            hasCustomSpacing = features.contains(.customSpacing)
            hasPriorities = features.contains(.priorities)
            hasMargins = features.contains(.margins)
            hasBaselineRelative = features.contains(.baselineRelative)
            hasRightToLeft = features.contains(.rightToLeft)
            hasPixelRounding = features.contains(.pixelRounding)
            hasOverflow = features.contains(.overflow)
            hasText = features.contains(.text)
            generatesTextBaselines = shape.allowsTextBaselines && (features.contains(.firstBaseline)
                || features.contains(.lastBaseline) || features.contains(.baselineRelative))
            generatesUserConstraints = shape.allowsUserConstraints && features.contains(.userConstraints)

            (length, optionalLength) = Self.lengths(features, shape)
            spacing = Self.spacing(features, shape)
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
            distribution = Gens.element(of: distributions)
            horizontalAlignment = Gens.element(of: horizontalAlignments)
            verticalAlignment = Gens.element(of: verticalAlignments)
            rootHorizontalAlignment = Gens.element(of: rootHorizontalAlignments)
            rootVerticalAlignment = Gens.element(of: rootVerticalAlignments)

            let many = Gens.int(0...50)
            rootCount = .frequency([(12, ScenarioGenerator.viewCount), (1, many)])
            nestedCount = .frequency([(12, Gens.int(0...6)), (1, many)])
            margin = Gens.int(0...20).map { Double($0) }
            baselineOffset = Gens.int(0...30)
            constraintAttribute = .frequency([(4, .just(.width)), (4, .just(.height)), (1, .just(.aspectRatio))])
            constraintRelation = Gens.element(of: [.equal, .lessThanOrEqual, .greaterThanOrEqual])
            aspectRatio = Gens.int(1...8)
            var priorities: [LayoutPriority] = [500, 250, 751, 1]
            if features.contains(.conflicts) { priorities.append(.required) }
            constraintPriority = Gens.element(of: priorities)
            containerKind = .frequency([(shape.freeContainerWeight, .just(0)), (2, .just(1)), (2, .just(2)),
                                        (2, .just(3)), (1, .just(4))])
            underflow = Gens.int(1...200)
            freeContainer = .just(nil)
            scale = Gens.int(1...3, target: 2)
        }

        /// An intrinsic length (whole points mostly, quarters sometimes, up to 1,000 pt), and the same or none
        /// (`noIntrinsicSize`).
        static func lengths(_ features: FeatureSet, _ shape: Shape) -> (Gen<Double>, Gen<Double?>) {
            let length = Gen<Double>.frequency([
                (6, Gens.int(0...120).map { Double($0) }),
                (2, Gens.int(0...480).map { Double($0) / 4 }),
                (1, Gens.int(0...4000).map { Double($0) / 4 }),
            ])
            guard features.contains(.noIntrinsicSize) && shape.noIntrinsicProbability > 0 else {
                return (length, length.map { $0 })
            }
            let p = shape.noIntrinsicProbability
            return (length, Gen { tc throws(StopTest) in try tc.weighted(p) ? nil : try length.run(tc) })
        }

        /// A stack's spacing: 0, whole points, negative ones (`negativeSpacing`) or system spacing (`systemSpacing`).
        static func spacing(_ features: FeatureSet, _ shape: Shape) -> Gen<Spacing> {
            var spacings: [(Int, Gen<Spacing>)] = [(4, .just(0)), (4, Gens.int(0...40).map { .points(Double($0)) })]
            if features.contains(.negativeSpacing) {
                spacings.append((2, Gens.int(-20...(-1)).map { .points(Double($0)) }))
            }
            if features.contains(.systemSpacing) { spacings.append((shape.systemSpacingWeight, .just(.system))) }
            return .frequency(spacings)
        }

        /// Alignments for a stack on `axis`, with their generator; vertical × first/last baseline is never
        /// generated (R-AL-9).
        func alignments(_ axis: Axis, root: Bool) -> (list: [Alignment], gen: Gen<Alignment>) {
            switch (axis, root) {
            case (.horizontal, false): return (horizontalAlignments, horizontalAlignment)
            case (.horizontal, true): return (rootHorizontalAlignments, rootHorizontalAlignment)
            case (.vertical, false): return (verticalAlignments, verticalAlignment)
            case (.vertical, true): return (rootVerticalAlignments, rootVerticalAlignment)
            }
        }
    }
}
