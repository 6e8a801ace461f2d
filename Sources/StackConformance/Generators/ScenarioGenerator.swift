import PropertyCheck
import StackLayout

/// Random scenarios inside an engine's features, weighted so the interesting cases are common,
/// from a small domain of numbers (quarter points, small integers) so agreement is exact and shrinking is clean.
/// Every choice shrinks towards the simple scenario: fewer views, default properties, 0, integers, a free container.
///
/// A property narrows the generator to its own domain with `Shape` (for example only fillProportionally stacks, or
/// at least one hidden view), so that few cases are discarded; the engine's features always bound it.
public struct ScenarioGenerator: Sendable {
    /// What a property asks of its scenarios, within the engine's features.
    public struct Shape: Sendable {
        /// Distributions and alignments to draw from (nil: every one the engine has).
        public var distributions: [Distribution]? = nil
        public var alignments: [Alignment]? = nil
        /// The root stack's alignments, when a property constrains only the root (nil: `alignments`).
        public var rootAlignments: [Alignment]? = nil
        /// Probability of a `scale` (when the engine has `pixelRounding`); 0 for properties about exact frames,
        /// which most are: rounding has its own properties.
        public var scaleProbability = 0.0
        /// Probability that a stack is vertical.
        public var verticalProbability = 0.4
        /// Probability that a vertical stack is baseline-relative (when the engine has `baselineRelative`).
        public var baselineRelativeProbability = 0.2
        /// Weight of system spacing among spacing values (when the engine has `systemSpacing`; the others weigh 10).
        public var systemSpacingWeight = 1
        /// Whether right-to-left may be generated.
        public var allowsRightToLeft = true
        /// Probability of a right-to-left scenario (when allowed and the engine has `rightToLeft`): reading-order and
        /// mirroring bugs need one.
        public var rightToLeftProbability = 0.3
        /// Whether the root container may be fixed along / across the root's axis.
        public var allowsFixedLength = true
        public var allowsFixedCrossSize = true
        /// Probability that an arranged view is hidden (when the engine has `hidden`).
        public var hiddenProbability = 0.2
        /// Probability that an arranged item is a nested stack (when the engine has `nested`).
        public var nestedProbability = 0.12
        /// Whether baseline-relative vertical stacks may be generated.
        public var allowsBaselineRelative = true
        /// Whether text baselines may be generated on leaves.
        public var allowsTextBaselines = true
        /// Whether user constraints may be generated.
        public var allowsUserConstraints = true
        /// Probability that a view gets non-default priorities (when the engine has `priorities`).
        public var priorityProbability = 0.3
        /// Probability that a leaf has no intrinsic size in a dimension (when the engine has `noIntrinsicSize`).
        public var noIntrinsicProbability = 1.0 / 6
        /// Probability that a stack is margins-relative (when the engine has `margins`).
        public var marginsProbability = 0.2
        /// Weight of a free root container dimension among the container kinds (the fixed kinds weigh 7 together).
        public var freeContainerWeight = 6
        public init() {}
    }

    public let features: FeatureSet
    public var shape: Shape {
        didSet { parts = Parts(features: features, shape: shape) }
    }
    /// The largest nesting depth (the root stack is depth 1).
    public var maxDepth = 3
    /// The generators that depend only on the features and the shape, built once (building them for every view
    /// of every case was a third of generating a scenario).
    private(set) var parts: Parts

    public init(features: FeatureSet, shape: Shape = Shape()) {
        self.features = features
        self.shape = shape
        parts = Parts(features: features, shape: shape)
    }

    func has(_ f: Feature) -> Bool { features.contains(f) }

    /// Content priorities of the suite's domain (§4): no internal UISV value, no 1000.
    static let domainPriorities: [LayoutPriority] = [250, 750, 1, 200, 249, 251, 500, 749, 751]
    /// Internal UISV priorities (§2.2), generated only for engines with `priorityCollisions`.
    static let internalPriorities: [LayoutPriority] = [999.5, 999, 998, 150, 149, 51, 49, 25]

    var length: Gen<Double> { parts.length }
    var optionalLength: Gen<Double?> { parts.optionalLength }
    var spacing: Gen<Spacing> { parts.spacing }
    var distributions: [Distribution] { parts.distributions }

    /// Alignments for a stack on `axis`; vertical × first/last baseline is never generated (R-AL-9).
    func alignments(_ axis: Axis, root: Bool = false) -> [Alignment] {
        switch (axis, root) {
        case (.horizontal, false): return parts.horizontalAlignments
        case (.horizontal, true): return parts.rootHorizontalAlignments
        case (.vertical, false): return parts.verticalAlignments
        case (.vertical, true): return parts.rootVerticalAlignments
        }
    }

    func leaf(_ id: String) -> Gen<ArrangedView> {
        let g = self
        return Gen { tc throws(StopTest) in
            let w = try g.optionalLength.run(tc, label: "width")
            let h = try g.optionalLength.run(tc, label: "height")
            var item = ArrangedView.view(id, width: w, height: h)
            let baselines = g.has(.firstBaseline) || g.has(.lastBaseline) || g.has(.baselineRelative)
            if g.shape.allowsTextBaselines && baselines, try tc.weighted(0.3) {
                let top = Double(try Gens.int(0...30).run(tc))
                let extra = Double(try Gens.int(0...30).run(tc))
                item = ArrangedView.view(id, width: w, height: h, firstBaseline: top, lastBaseline: top + extra)
            }
            try g.decorate(&item, tc)
            if g.shape.allowsUserConstraints && g.has(.userConstraints), try tc.weighted(0.1) {
                item.constraints = [try g.userConstraint.run(tc, label: "constraint")]
            }
            return item
        }
    }

    /// A user constraint (R-U-1): width or height (aspect ratio rarely), optional unless the engine has `conflicts`.
    var userConstraint: Gen<UserConstraint> {
        let g = self
        return Gen { tc throws(StopTest) in
            let attribute = try Gen<UserConstraint.Attribute>.frequency([
                (4, .just(.width)), (4, .just(.height)), (1, .just(.aspectRatio))]).run(tc)
            let relation = try Gens.element(of: [UserConstraint.Relation.equal, .lessThanOrEqual, .greaterThanOrEqual]).run(tc)
            let constant = attribute == .aspectRatio ? Double(try Gens.int(1...8).run(tc)) / 2 : try g.length.run(tc)
            var priorities: [LayoutPriority] = [500, 250, 751, 1]
            if g.has(.conflicts) { priorities.append(.required) }
            let priority = try Gens.element(of: priorities).run(tc)
            return UserConstraint(attribute, relation, constant, priority: priority)
        }
    }

    /// Hidden, custom spacing and priorities: each rare enough that plain scenarios stay common.
    func decorate(_ item: inout ArrangedView, _ tc: TestCase) throws(StopTest) {
        if has(.hidden), try tc.weighted(shape.hiddenProbability) { item.isHidden = true }
        if has(.customSpacing), try tc.weighted(0.15) { item.customSpacingAfter = try spacing.run(tc, label: "custom") }
        if has(.priorities), try tc.weighted(shape.priorityProbability) {
            item.contentHuggingPriority = AxisPriorities(horizontal: try parts.hugging.run(tc),
                                                         vertical: try parts.hugging.run(tc))
            item.compressionResistancePriority = AxisPriorities(horizontal: try parts.resistance.run(tc),
                                                                vertical: try parts.resistance.run(tc))
        }
    }

    func stack(depth: Int, prefix: String) -> Gen<Stack> {
        let g = self
        return Gen { tc throws(StopTest) in
            var s = Stack()
            if try tc.weighted(g.shape.verticalProbability) { s.axis = .vertical }
            let distributions = g.distributions
            guard !distributions.isEmpty else { throw .invalid }
            s.distribution = try Gens.element(of: distributions).run(tc, label: "distribution")
            let aligns = g.alignments(s.axis, root: depth == 1)
            guard !aligns.isEmpty else { throw .invalid }
            s.alignment = try Gens.element(of: aligns).run(tc, label: "alignment")
            s.spacing = try g.spacing.run(tc, label: "spacing")
            if g.has(.margins), try tc.weighted(g.shape.marginsProbability) {
                s.isLayoutMarginsRelativeArrangement = true
                let m = Gens.int(0...20).map { Double($0) }
                s.layoutMargins = DirectionalEdgeInsets(top: try m.run(tc), leading: try m.run(tc),
                                                        bottom: try m.run(tc), trailing: try m.run(tc))
            }
            if g.shape.allowsBaselineRelative && g.has(.baselineRelative) && s.axis == .vertical, try tc.weighted(g.shape.baselineRelativeProbability) {
                s.isBaselineRelativeArrangement = true
            }
            // 0 to 6 views most of the time (in the root stack 2 to 6 mostly), up to 50 sometimes. The count is one
            // choice that shrinks towards 0, so deleting an item together with decrementing the count
            // (Shrinker.deleteSpans) removes one view.
            let count = try Gen<Int>.frequency([(12, depth == 1 ? Self.viewCount : Gens.int(0...6)), (1, Gens.int(0...50))])
                .run(tc, label: "count")
            // Each arranged view is one "item" span, its leaf-or-stack choice included, so that the shrinker can
            // delete it (with the count) or replace a nested stack by one of its own items.
            for i in 0..<count {
                let id = "\(prefix)\(i)"
                let item = Gen<ArrangedView> { tc throws(StopTest) in
                    if depth < g.maxDepth && g.has(.nested), try tc.weighted(g.shape.nestedProbability) {
                        var item = ArrangedView.stack(id, try g.stack(depth: depth + 1, prefix: id + "_").run(tc, label: "nested"))
                        try g.decorateNested(&item, tc)
                        return item
                    }
                    return try g.leaf(id).run(tc, label: "view")
                }
                s.arrangedSubviews.append(try item.run(tc, label: "item"))
            }
            return s
        }
    }

    /// A view count in 0...6, one choice shrinking towards 0 (so deleting a view with its count works down to the
    /// empty stack), drawn fresh as 2 to 6 views 23 times in 24: most bugs need two views or more to show.
    static let viewCount = Gen<Int> { tc throws(StopTest) in
        Int(try tc.choice(6) { rng in
            switch rng.next(upTo: 47) {
            case 0: return 0
            case 1: return 1
            default: return 2 + rng.next(upTo: 4)
            }
        })
    }

    func decorateNested(_ item: inout ArrangedView, _ tc: TestCase) throws(StopTest) {
        if has(.hidden), try tc.weighted(shape.hiddenProbability / 2) { item.isHidden = true }
        if has(.customSpacing), try tc.weighted(0.1) { item.customSpacingAfter = try spacing.run(tc, label: "custom") }
    }

    /// One container dimension: free most often; otherwise fixed exactly at the fitting size, above it
    /// (underflow), below it (overflow, only with `overflow`), or at an arbitrary length.
    func container(fitting: Double?, fixed allowed: Bool) -> Gen<Double?> {
        guard allowed else { return .just(nil) }
        let g = self
        return Gen { tc throws(StopTest) in
            let kind = try Gen<Int>.frequency([(g.shape.freeContainerWeight, .just(0)), (2, .just(1)), (2, .just(2)), (2, .just(3)),
                                               (1, .just(4))]).run(tc)
            guard let fitting, fitting >= 0 else { return kind == 0 ? nil : try g.length.run(tc) }
            switch kind {
            case 0: return nil
            case 1: return fitting
            case 2: return fitting + Double(try Gens.int(1...200).run(tc))
            case 3:
                guard g.has(.overflow), fitting > 0 else { return fitting }
                return max(0, fitting - Double(try Gens.int(1...Int(max(1, fitting.rounded(.up)))).run(tc)))
            default: return try g.length.run(tc)
            }
        }
    }

    public var scenario: Gen<Scenario> {
        let g = self
        return Gen { tc throws(StopTest) in
            var s = Scenario(stack: try g.stack(depth: 1, prefix: "v").run(tc, label: "stack"))
            let fitting = try? DirectEngine.fittingSize(of: s.clampedForLayout().stack)
            let axis = s.stack.axis
            let along = try g.container(fitting: fitting.map { axis == .horizontal ? $0.width : $0.height },
                                        fixed: g.shape.allowsFixedLength).run(tc, label: "length")
            let across = try g.container(fitting: fitting.map { axis == .horizontal ? $0.height : $0.width },
                                         fixed: g.shape.allowsFixedCrossSize).run(tc, label: "crossSize")
            s.container[axis] = along
            s.container[axis.cross] = across
            if g.shape.allowsRightToLeft && g.has(.rightToLeft), try tc.weighted(g.shape.rightToLeftProbability) { s.layoutDirection = .rightToLeft }
            if g.shape.scaleProbability > 0 && g.has(.pixelRounding), try tc.weighted(g.shape.scaleProbability) {
                s.scale = Double(try Gens.int(1...3, target: 2).run(tc))
            }
            // Only scenarios inside the engine's features.
            guard requiredFeatures(of: s, rootFittingSize: fitting).subtracting(g.features).isEmpty else { throw .invalid }
            return s
        }
    }
}
