// Hand-written, iterative `==` and `hash(into:)` for the recursive scenario types. The synthesized versions
// recurse once per nesting level, and a scenario nested 1,000 deep must compare in a debug build on a secondary
// thread without exhausting its stack. `Stack` compares its own fields and then walks both trees in lockstep.

extension Stack {
    /// The fields of a stack other than its arranged subviews.
    fileprivate func sameProperties(as other: Stack) -> Bool {
        axis == other.axis && distribution == other.distribution && alignment == other.alignment
            && spacing == other.spacing && isBaselineRelativeArrangement == other.isBaselineRelativeArrangement
            && isLayoutMarginsRelativeArrangement == other.isLayoutMarginsRelativeArrangement
            && layoutMargins == other.layoutMargins
    }

    public static func == (a: Stack, b: Stack) -> Bool {
        var pending: [(Stack, Stack)] = [(a, b)]
        while let (x, y) = pending.popLast() {
            guard x.sameProperties(as: y), x.arrangedSubviews.count == y.arrangedSubviews.count else { return false }
            for (p, q) in zip(x.arrangedSubviews, y.arrangedSubviews) {
                guard p.sameItemProperties(as: q) else { return false }
                switch (p.content, q.content) {
                case (.view(let v), .view(let w)): guard v == w else { return false }
                case (.stack(let s), .stack(let t)): pending.append((s, t))
                default: return false
                }
            }
        }
        return true
    }

    public func hash(into hasher: inout Hasher) {
        var pending: [Stack] = [self]
        while let s = pending.popLast() {
            hasher.combine(s.axis)
            hasher.combine(s.distribution)
            hasher.combine(s.alignment)
            hasher.combine(s.spacing)
            hasher.combine(s.isBaselineRelativeArrangement)
            hasher.combine(s.isLayoutMarginsRelativeArrangement)
            hasher.combine(s.layoutMargins)
            hasher.combine(s.arrangedSubviews.count)
            for item in s.arrangedSubviews {
                item.hashItemProperties(into: &hasher)
                switch item.content {
                case .view(let v): hasher.combine(0); hasher.combine(v)
                case .stack(let nested): hasher.combine(1); pending.append(nested)
                }
            }
        }
    }
}

extension ArrangedView {
    fileprivate func sameItemProperties(as other: ArrangedView) -> Bool {
        id == other.id && isHidden == other.isHidden && customSpacingAfter == other.customSpacingAfter
            && contentHuggingPriority == other.contentHuggingPriority
            && compressionResistancePriority == other.compressionResistancePriority
            && constraints == other.constraints
    }

    fileprivate func hashItemProperties(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(isHidden)
        hasher.combine(customSpacingAfter)
        hasher.combine(contentHuggingPriority)
        hasher.combine(compressionResistancePriority)
        hasher.combine(constraints)
    }

    public static func == (a: ArrangedView, b: ArrangedView) -> Bool {
        guard a.sameItemProperties(as: b) else { return false }
        switch (a.content, b.content) {
        case (.view(let v), .view(let w)): return v == w
        case (.stack(let s), .stack(let t)): return s == t
        default: return false
        }
    }

    public func hash(into hasher: inout Hasher) {
        hashItemProperties(into: &hasher)
        switch content {
        case .view(let v): hasher.combine(0); hasher.combine(v)
        case .stack(let s): hasher.combine(1); hasher.combine(s)
        }
    }
}

extension ArrangedView.Content {
    public static func == (a: ArrangedView.Content, b: ArrangedView.Content) -> Bool {
        switch (a, b) {
        case (.view(let v), .view(let w)): return v == w
        case (.stack(let s), .stack(let t)): return s == t
        default: return false
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch self {
        case .view(let v): hasher.combine(0); hasher.combine(v)
        case .stack(let s): hasher.combine(1); hasher.combine(s)
        }
    }
}
