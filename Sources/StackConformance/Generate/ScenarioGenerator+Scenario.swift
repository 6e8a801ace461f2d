import PropertyCheck
import StackLayout

/// Generating a scenario: what `ScenarioGenerator.scenario` runs. Each part makes its choices straight from the case with
/// the generators built in `Parts`; where the original generators ran a sub-generator in a span ("stack", "item",
/// "view", "nested", "constraint", "length", "crossSize"), the part records the same span around its choices, so the
/// choice sequence and its spans are unchanged.
extension ScenarioGenerator.Parts {
    /// Runs `body` in a span labelled `label`, as running a generator does (`Gen.run`), without making one.
    func span<T>(_ tc: TestCase, _ label: String, _ body: (TestCase) throws(StopTest) -> T) throws(StopTest) -> T {
        tc.startSpan(label)
        defer { tc.endSpan() }
        return try body(tc)
    }

    func scenario(_ tc: TestCase) throws(StopTest) -> Scenario {
        var s = Scenario(stack: try span(tc, "stack") { tc throws(StopTest) in try stack(tc, depth: 1, prefix: "v") })
        var fitting = RootFitting(s)
        let axis = s.stack.axis
        let along = try container(tc, "length", fitting: &fitting, width: axis == .horizontal,
                                  fixed: shape.allowsFixedLength)
        let across = try container(tc, "crossSize", fitting: &fitting, width: axis == .vertical,
                                   fixed: shape.allowsFixedCrossSize)
        s.container[axis] = along
        s.container[axis.cross] = across
        if shape.allowsRightToLeft && hasRightToLeft, try tc.weighted(shape.rightToLeftProbability) { s.layoutDirection = .rightToLeft }
        if shape.scaleProbability > 0 && hasPixelRounding, try tc.weighted(shape.scaleProbability) {
            s.scale = Double(try scale.run(tc))
        }
        // With text, no label's width (either pass) within 1e-6 of a multiple of its advance (`TextWidths`).
        if hasText && shape.textProbability > 0 && s.hasText && TextWidths.nearABreak(s) { throw .invalid }
        // Only scenarios inside the engine's features.
        // (The fitting size matters to the required features only when a container dimension is fixed.)
        let rootFitting = s.container.width == nil && s.container.height == nil ? nil : fitting.size()
        guard requiredFeatures(of: s, rootFittingSize: rootFitting).subtracting(features).isEmpty else { throw .invalid }
        return s
    }

    func stack(_ tc: TestCase, depth: Int, prefix: String) throws(StopTest) -> Stack {
        var s = Stack()
        if try tc.weighted(shape.verticalProbability) { s.axis = .vertical }
        guard !distributions.isEmpty else { throw .invalid }
        s.distribution = try distribution.run(tc, label: "distribution")
        let aligns = alignments(s.axis, root: depth == 1)
        guard !aligns.list.isEmpty else { throw .invalid }
        s.alignment = try aligns.gen.run(tc, label: "alignment")
        s.spacing = try spacing.run(tc, label: "spacing")
        if hasMargins, try tc.weighted(shape.marginsProbability) {
            s.isLayoutMarginsRelativeArrangement = true
            s.layoutMargins = DirectionalEdgeInsets(top: try margin.run(tc), leading: try margin.run(tc),
                                                    bottom: try margin.run(tc), trailing: try margin.run(tc))
        }
        if shape.allowsBaselineRelative && hasBaselineRelative && s.axis == .vertical, try tc.weighted(shape.baselineRelativeProbability) {
            s.isBaselineRelativeArrangement = true
        }
        // The count is one choice that shrinks towards 0, so deleting an item together with decrementing the count
        // (Shrinker.deleteSpans) removes one view.
        let count = try (depth == 1 ? rootCount : nestedCount).run(tc, label: "count")
        // Each arranged view is one "item" span, its leaf-or-stack choice included, so that the shrinker can
        // delete it (with the count) or replace a nested stack by one of its own items.
        s.arrangedSubviews.reserveCapacity(count)
        for i in 0..<count {
            let id = prefix + Self.index(i)
            s.arrangedSubviews.append(try span(tc, "item") { tc throws(StopTest) in try item(tc, depth: depth, id: id) })
        }
        return s
    }

    /// `String(i)`, from a table for the usual counts.
    static func index(_ i: Int) -> String { i < indices.count ? indices[i] : String(i) }
    static let indices = (0...50).map { String($0) }

    /// One arranged item: a nested stack (below the depth limit, with `nested`) or a leaf.
    func item(_ tc: TestCase, depth: Int, id: String) throws(StopTest) -> ArrangedView {
        if depth < maxDepth && hasNested, try tc.weighted(shape.nestedProbability) {
            let nested = try span(tc, "nested") { tc throws(StopTest) in try stack(tc, depth: depth + 1, prefix: id + "_") }
            var item = ArrangedView.stack(id, nested)
            try decorateNested(&item, tc)
            return item
        }
        return try span(tc, "view") { tc throws(StopTest) in try leaf(tc, id: id) }
    }

    func leaf(_ tc: TestCase, id: String) throws(StopTest) -> ArrangedView {
        // Only with `text`: an engine without it makes exactly the choices it made before the feature existed.
        if hasText && shape.textProbability > 0, try tc.weighted(shape.textProbability) {
            var item = ArrangedView.text(id, try span(tc, "text") { tc throws(StopTest) in try text(tc) })
            try decorate(&item, tc)
            return item
        }
        let w = try optionalLength.run(tc, label: "width")
        let h = try optionalLength.run(tc, label: "height")
        var item = ArrangedView.view(id, width: w, height: h)
        if generatesTextBaselines, try tc.weighted(0.3) {
            let top = Double(try baselineOffset.run(tc))
            let extra = Double(try baselineOffset.run(tc))
            item = ArrangedView.view(id, width: w, height: h, firstBaseline: top, lastBaseline: top + extra)
        }
        try decorate(&item, tc)
        if generatesUserConstraints, try tc.weighted(0.1) {
            item.constraints = [try span(tc, "constraint") { tc throws(StopTest) in try userConstraint(tc) }]
        }
        return item
    }

    /// A user constraint (R-U-1): width or height (aspect ratio rarely), optional unless the engine has `conflicts`.
    func userConstraint(_ tc: TestCase) throws(StopTest) -> UserConstraint {
        let attribute = try constraintAttribute.run(tc)
        let relation = try constraintRelation.run(tc)
        let constant = attribute == .aspectRatio ? Double(try aspectRatio.run(tc)) / 2 : try length.run(tc)
        let priority = try constraintPriority.run(tc)
        return UserConstraint(attribute, relation, constant, priority: priority)
    }

    /// Hidden, custom spacing and priorities: each rare enough that plain scenarios stay common.
    func decorate(_ item: inout ArrangedView, _ tc: TestCase) throws(StopTest) {
        if hasHidden, try tc.weighted(shape.hiddenProbability) { item.isHidden = true }
        if hasCustomSpacing, try tc.weighted(0.15) { item.customSpacingAfter = try spacing.run(tc, label: "custom") }
        if hasPriorities, try tc.weighted(shape.priorityProbability) {
            item.contentHuggingPriority = AxisPriorities(horizontal: try hugging.run(tc), vertical: try hugging.run(tc))
            item.compressionResistancePriority = AxisPriorities(horizontal: try resistance.run(tc),
                                                                vertical: try resistance.run(tc))
        }
    }

    func decorateNested(_ item: inout ArrangedView, _ tc: TestCase) throws(StopTest) {
        if hasHidden, try tc.weighted(shape.hiddenProbability / 2) { item.isHidden = true }
        if hasCustomSpacing, try tc.weighted(0.1) { item.customSpacingAfter = try spacing.run(tc, label: "custom") }
    }

    /// One container dimension (the width or the height), in a span labelled `label`: free most often; otherwise
    /// fixed exactly at the root's fitting size, above it (underflow), below it (overflow, only with `overflow`), or
    /// at an arbitrary length.
    func container(_ tc: TestCase, _ label: String, fitting: inout RootFitting, width: Bool,
                   fixed allowed: Bool) throws(StopTest) -> Double? {
        guard allowed else { return try freeContainer.run(tc, label: label) }
        return try span(tc, label) { tc throws(StopTest) in try containerLength(tc, fitting: &fitting, width: width) }
    }

    func containerLength(_ tc: TestCase, fitting root: inout RootFitting, width: Bool) throws(StopTest) -> Double? {
        let kind = try containerKind.run(tc)
        if kind == 0 { return nil }
        let fitting = root.size().map { width ? $0.width : $0.height }
        guard let fitting, fitting >= 0 else { return try length.run(tc) }
        switch kind {
        case 1: return fitting
        case 2: return fitting + Double(try underflow.run(tc))
        case 3:
            guard hasOverflow, fitting > 0 else { return fitting }
            return max(0, fitting - Double(try Gens.int(1...Int(max(1, fitting.rounded(.up)))).run(tc)))
        default: return try length.run(tc)
        }
    }
}

extension ScenarioGenerator {
    /// A view count in 0...6, one choice shrinking towards 0 (so deleting a view with its count works down to the
    /// empty stack), generated afresh as 2 to 6 views 23 times in 24: most bugs need two views or more to show.
    static let viewCount = Gen<Int> { tc throws(StopTest) in
        Int(try tc.choice(6) { rng in
            switch rng.next(upTo: 47) {
            case 0: return 0
            case 1: return 1
            default: return 2 + rng.next(upTo: 4)
            }
        })
    }
}

/// The root stack's fitting size, computed on first use: only a container dimension chosen fixed needs it (to size
/// itself, then to tell overflow), and a fifth of the scenarios have none.
struct RootFitting {
    private let scenario: Scenario
    private var computed: Size??

    /// The fitting size of `scenario`'s root stack (clamped for layout), nil when it cannot be told.
    init(_ scenario: Scenario) { self.scenario = scenario }

    mutating func size() -> Size? {
        if let computed { return computed }
        let size = try? DirectEngine.fittingSize(of: scenario.clampedForLayout().stack)
        computed = .some(size)
        return size
    }
}
