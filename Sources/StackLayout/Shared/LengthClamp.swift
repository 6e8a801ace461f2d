/// R-SOLVE-6 (OBS; what is clamped: TENTATIVE): sizes are clamped at 2,777,777 points. Every input length is
/// clamped to ±2,777,777 before layout and every output number after it.
public enum LengthClamp {
    public static let limit: Double = 2_777_777

    public static func clamp(_ value: Double) -> Double { min(max(value, -limit), limit) }

    static func clamp(_ spacing: Spacing) -> Spacing {
        if case .points(let p) = spacing { return .points(clamp(p)) }
        return spacing
    }

    static func clamp(_ insets: DirectionalEdgeInsets) -> DirectionalEdgeInsets {
        DirectionalEdgeInsets(top: clamp(insets.top), leading: clamp(insets.leading),
                              bottom: clamp(insets.bottom), trailing: clamp(insets.trailing))
    }
}

extension Scenario {
    /// The scenario with every input length clamped to ±2,777,777 (R-SOLVE-6): intrinsic sizes, baselines,
    /// spacings, margins, container sizes and user constants (not aspect ratios, which are not lengths).
    public func clampedForLayout() -> Scenario {
        var copy = self
        copy.container = Container(width: container.width.map(LengthClamp.clamp),
                                   height: container.height.map(LengthClamp.clamp))
        copy.stack = stack.transformed(stack: { s in
            s.spacing = LengthClamp.clamp(s.spacing)
            s.layoutMargins = LengthClamp.clamp(s.layoutMargins)
        }, item: { item in
            item.customSpacingAfter = LengthClamp.clamp(item.customSpacingAfter)
            for i in item.constraints.indices where item.constraints[i].attribute != .aspectRatio {
                item.constraints[i].constant = LengthClamp.clamp(item.constraints[i].constant)
            }
            if case .view(var leaf) = item.content {
                leaf.intrinsicContentSize.width = leaf.intrinsicContentSize.width.map(LengthClamp.clamp)
                leaf.intrinsicContentSize.height = leaf.intrinsicContentSize.height.map(LengthClamp.clamp)
                leaf.firstBaseline = leaf.firstBaseline.map(LengthClamp.clamp)
                leaf.lastBaseline = leaf.lastBaseline.map(LengthClamp.clamp)
                item.content = .view(leaf)
            }
        })
        return copy
    }
}
