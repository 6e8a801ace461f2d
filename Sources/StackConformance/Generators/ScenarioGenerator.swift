import PropertyCheck
import StackLayout

/// Random scenarios inside an engine's features (issue 5, item 1), weighted so the interesting cases are common,
/// from a small domain of numbers (quarter points, small integers) so agreement is exact and shrinking is clean.
/// Every choice shrinks towards the simple scenario: fewer views, default properties, 0, integers.
public struct ScenarioGenerator: Sendable {
    public let features: FeatureSet
    /// The largest nesting depth (the root stack is depth 1).
    public var maxDepth = 3

    public init(features: FeatureSet) { self.features = features }

    func has(_ f: Feature) -> Bool { features.contains(f) }

    /// Content priorities of the suite's domain (§4): no internal UISV value, no 1000.
    static let priorities: [LayoutPriority] = [250, 750, 1, 200, 249, 251, 500, 749, 751]

    /// Lengths: mostly small integers, sometimes quarter points, rarely up to 1,000.
    var length: Gen<Double> {
        .frequency([
            (6, Gens.int(0...120).map { Double($0) }),
            (2, Gens.int(0...480).map { Double($0) / 4 }),
            (1, Gens.int(0...4000).map { Double($0) / 4 }),
        ])
    }

    var optionalLength: Gen<Double?> {
        guard has(.noIntrinsicSize) else { return length.map { $0 } }
        return .frequency([(5, length.map { $0 }), (1, .just(nil))])
    }

    var spacing: Gen<Spacing> {
        var options: [(Int, Gen<Spacing>)] = [(4, .just(0)), (4, Gens.int(0...40).map { .points(Double($0)) })]
        if has(.negativeSpacing) { options.append((2, Gens.int(-20...(-1)).map { .points(Double($0)) })) }
        if has(.systemSpacing) { options.append((1, .just(.system))) }
        return .frequency(options)
    }

    var priority: Gen<LayoutPriority> {
        has(.priorities) ? Gens.element(of: Self.priorities) : .just(250)
    }

    var distributions: [Distribution] { Distribution.allCases.filter { has(.of($0)) } }

    func alignments(_ axis: Axis) -> [Alignment] {
        Alignment.allCases.filter { has(.of($0)) && !(axis == .vertical && ($0 == .firstBaseline || $0 == .lastBaseline)) }
    }

    func leaf(_ id: String) -> Gen<ArrangedView> {
        let g = self
        return Gen { tc throws(StopTest) in
            let w = try g.optionalLength.run(tc, label: "width")
            let h = try g.optionalLength.run(tc, label: "height")
            var item = ArrangedView.view(id, width: w, height: h)
            if g.has(.firstBaseline) || g.has(.lastBaseline) || g.has(.baselineRelative), try tc.weighted(0.3) {
                let top = Double(try Gens.int(0...30).run(tc))
                let extra = Double(try Gens.int(0...30).run(tc))
                item = ArrangedView.view(id, width: w, height: h, firstBaseline: top, lastBaseline: top + extra)
            }
            try g.decorate(&item, tc)
            return item
        }
    }

    /// Hidden, custom spacing and priorities: each rare enough that plain scenarios stay common.
    func decorate(_ item: inout ArrangedView, _ tc: TestCase) throws(StopTest) {
        if has(.hidden), try tc.weighted(0.25) { item.isHidden = true }
        if has(.customSpacing), try tc.weighted(0.15) { item.customSpacingAfter = try spacing.run(tc, label: "custom") }
        if has(.priorities), try tc.weighted(0.3) {
            item.contentHuggingPriority = AxisPriorities(horizontal: try priority.run(tc), vertical: try priority.run(tc))
            item.compressionResistancePriority = AxisPriorities(horizontal: try Gens.element(of: [750, 1, 200, 249, 251, 500, 749, 751] as [LayoutPriority]).run(tc),
                                                                vertical: try Gens.element(of: [750, 500, 751, 251] as [LayoutPriority]).run(tc))
        }
    }

    func stack(depth: Int, prefix: String) -> Gen<Stack> {
        let g = self
        return Gen { tc throws(StopTest) in
            var s = Stack()
            if try tc.weighted(0.4) { s.axis = .vertical }
            guard !g.distributions.isEmpty else { throw .invalid }
            s.distribution = try Gens.element(of: g.distributions).run(tc, label: "distribution")
            let aligns = g.alignments(s.axis)
            guard !aligns.isEmpty else { throw .invalid }
            s.alignment = try Gens.element(of: aligns).run(tc, label: "alignment")
            s.spacing = try g.spacing.run(tc, label: "spacing")
            if g.has(.margins), try tc.weighted(0.2) {
                s.isLayoutMarginsRelativeArrangement = true
                let m = Gens.int(0...20).map { Double($0) }
                s.layoutMargins = DirectionalEdgeInsets(top: try m.run(tc), leading: try m.run(tc), bottom: try m.run(tc), trailing: try m.run(tc))
            }
            if g.has(.baselineRelative) && s.axis == .vertical, try tc.weighted(0.2) { s.isBaselineRelativeArrangement = true }
            // 0 to 6 views most of the time, up to 50 sometimes.
            let count = try Gen<Int>.frequency([(12, Gens.int(0...6, target: 2)), (1, Gens.int(0...50, target: 7))]).run(tc, label: "count")
            for i in 0..<count {
                let id = "\(prefix)\(i)"
                if depth < g.maxDepth && g.has(.nested), try tc.weighted(0.12) {
                    var item = ArrangedView.stack(id, try g.stack(depth: depth + 1, prefix: id + "_").run(tc, label: "nested"))
                    try g.decorateNested(&item, tc)
                    s.arrangedSubviews.append(item)
                } else {
                    s.arrangedSubviews.append(try g.leaf(id).run(tc, label: "view"))
                }
            }
            return s
        }
    }

    func decorateNested(_ item: inout ArrangedView, _ tc: TestCase) throws(StopTest) {
        if has(.hidden), try tc.weighted(0.1) { item.isHidden = true }
        if has(.customSpacing), try tc.weighted(0.1) { item.customSpacingAfter = try spacing.run(tc, label: "custom") }
    }

    /// The container: free most often; otherwise fixed to a length around the content (exact, under- or
    /// overflowing is decided by the numbers, and filtered by the engine's features).
    var container: Gen<Double?> {
        .frequency([(3, .just(nil)), (2, length.map { $0 })])
    }

    public var scenario: Gen<Scenario> {
        let g = self
        return Gen { tc throws(StopTest) in
            var s = Scenario(stack: try g.stack(depth: 1, prefix: "v").run(tc, label: "stack"))
            s.container = Container(width: try g.container.run(tc, label: "width"), height: try g.container.run(tc, label: "height"))
            if g.has(.rightToLeft), try tc.weighted(0.2) { s.layoutDirection = .rightToLeft }
            if g.has(.pixelRounding), try tc.weighted(0.2) { s.scale = Double(try Gens.int(1...3, target: 2).run(tc)) }
            // Only scenarios inside the engine's features.
            guard requiredFeatures(of: s).subtracting(g.features).isEmpty else { throw .invalid }
            return s
        }
    }
}
