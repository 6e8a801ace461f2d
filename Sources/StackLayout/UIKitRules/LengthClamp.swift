/// R-SOLVE-6 (OBS; what is clamped: TENTATIVE): sizes are clamped at 2,777,777 points. Every input length is
/// clamped to ±2,777,777 before layout and every output number after it.
package enum LengthClamp {
    package static let limit: Double = 2_777_777

    /// Whether a layout has a number at the clamp (R-SOLVE-6): clamped on output, or exactly at the limit.
    package static func reaches(_ layout: Layout) -> Bool {
        func at(_ v: Double) -> Bool { abs(v) >= limit }
        if at(layout.size.width) || at(layout.size.height) { return true }
        for f in layout.frameValues where at(f.x) || at(f.y) || at(f.width) || at(f.height) { return true }
        for b in [layout.firstBaseline, layout.lastBaseline] {
            if case .value(let v) = b, at(v) { return true }
        }
        return false
    }

    static func clamp(_ value: Double) -> Double { min(max(value, -limit), limit) }

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
        // Clamping leaves a length inside the limits unchanged: skip the copy when every length is inside.
        if isInsideLengthClamp { return self }
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

extension Scenario {
    /// Whether every length `clampedForLayout()` clamps is already inside ±2,777,777 (R-SOLVE-6).
    var isInsideLengthClamp: Bool {
        func inside(_ v: Double?) -> Bool {
            guard let v else { return true }
            return v >= -LengthClamp.limit && v <= LengthClamp.limit
        }
        func inside(_ s: Spacing) -> Bool {
            if case .points(let p) = s { return inside(p) }
            return true
        }
        guard inside(container.width), inside(container.height) else { return false }
        var pending = [stack]
        while let s = pending.popLast() {
            let m = s.layoutMargins
            guard inside(s.spacing), inside(m.top), inside(m.leading), inside(m.bottom), inside(m.trailing) else { return false }
            for item in s.arrangedSubviews {
                guard inside(item.customSpacingAfter) else { return false }
                for c in item.constraints where c.attribute != .aspectRatio {
                    guard inside(c.constant) else { return false }
                }
                switch item.content {
                case .view(let leaf):
                    guard inside(leaf.intrinsicContentSize.width), inside(leaf.intrinsicContentSize.height),
                          inside(leaf.firstBaseline), inside(leaf.lastBaseline) else { return false }
                case .stack(let nested):
                    pending.append(nested)
                }
            }
        }
        return true
    }
}
