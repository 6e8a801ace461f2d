/// The value rules of SCENARIO-FORMAT.md "Invalid scenarios" that a Swift caller can break too: finite numbers,
/// sizes ≥ 0, priorities in [1, 1000], a positive scale, unique non-empty ids. Decoding calls the same checks.
extension Scenario {
    /// Throws the first rule broken, in document order, with its JSON path. Iterative: any depth.
    public func validate() throws(ScenarioError) {
        try validate(pathPrefix: "")
    }

    func validate(pathPrefix root: String) throws(ScenarioError) {
        // Paths are built only for the error thrown: a valid scenario costs no string work per item.
        let m = JSONPath.member
        try ValueRules.size(container.width, m(m(root, "container"), "width"))
        try ValueRules.size(container.height, m(m(root, "container"), "height"))
        if let scale {
            try ValueRules.finite(scale, m(root, "scale"))
            guard scale > 0 else { throw ScenarioError(path: m(root, "scale"), reason: "the scale must be positive (found \(formatNumber(scale)))") }
        }
        var ids = Set<String>(minimumCapacity: stack.arrangedSubviews.count)
        var pending: [(Stack, String)] = [(stack, m(root, "stack"))]
        while let (s, path) = pending.popLast() {
            try ValueRules.spacing(s.spacing, m(path, "spacing"))
            func mp() -> String { m(path, "layoutMargins") }
            try ValueRules.finite(s.layoutMargins.top, m(mp(), "top"))
            try ValueRules.finite(s.layoutMargins.leading, m(mp(), "leading"))
            try ValueRules.finite(s.layoutMargins.bottom, m(mp(), "bottom"))
            try ValueRules.finite(s.layoutMargins.trailing, m(mp(), "trailing"))
            var nested: [(Stack, String)] = []
            for (i, item) in s.arrangedSubviews.enumerated() {
                let itemPath = { JSONPath.element(m(path, "arrangedSubviews"), i) }
                guard !item.id.isEmpty else { throw ScenarioError(path: m(itemPath(), "id"), reason: "an id cannot be empty") }
                guard ids.insert(item.id).inserted else {
                    throw ScenarioError(path: m(itemPath(), "id"), reason: "duplicate id \"\(item.id)\" (ids are unique across the whole scenario)")
                }
                try ValueRules.item(item, itemPath)
                if case .stack(let inner) = item.content { nested.append((inner, m(itemPath(), "stack"))) }
            }
            // Keep document order: the first nested stack is checked next.
            pending.append(contentsOf: nested.reversed())
        }
    }
}

/// The value rules, each throwing with the JSON path it is given; a path is built only when a rule is broken.
private enum ValueRules {
    static func finite(_ v: Double, _ path: @autoclosure () -> String) throws(ScenarioError) {
        guard v.isFinite else { throw ScenarioError(path: path(), reason: "must be a finite number (found \(v))") }
    }

    static func size(_ v: Double?, _ path: @autoclosure () -> String) throws(ScenarioError) {
        guard let v else { return }
        try finite(v, path())
        guard v >= 0 else { throw ScenarioError(path: path(), reason: "a size cannot be negative (found \(formatNumber(v)))") }
    }

    static func priority(_ p: LayoutPriority, _ path: @autoclosure () -> String) throws(ScenarioError) {
        try finite(p.rawValue, path())
        guard (1...1000).contains(p.rawValue) else {
            throw ScenarioError(path: path(), reason: "a priority must be in [1, 1000] (found \(formatNumber(p.rawValue)))")
        }
    }

    static func spacing(_ s: Spacing, _ path: @autoclosure () -> String) throws(ScenarioError) {
        if case .points(let p) = s { try finite(p, path()) }
    }

    /// An arranged item's own values (not its id, which needs the whole scenario, nor its nested stack), in
    /// document order; `ip` builds the item's path.
    static func item(_ item: ArrangedView, _ ip: () -> String) throws(ScenarioError) {
        let m = JSONPath.member
        try spacing(item.customSpacingAfter, m(ip(), "customSpacingAfter"))
        try priority(item.contentHuggingPriority.horizontal, m(m(ip(), "contentHuggingPriority"), "horizontal"))
        try priority(item.contentHuggingPriority.vertical, m(m(ip(), "contentHuggingPriority"), "vertical"))
        try priority(item.compressionResistancePriority.horizontal, m(m(ip(), "compressionResistancePriority"), "horizontal"))
        try priority(item.compressionResistancePriority.vertical, m(m(ip(), "compressionResistancePriority"), "vertical"))
        for (k, c) in item.constraints.enumerated() {
            func cp() -> String { JSONPath.element(m(ip(), "constraints"), k) }
            try finite(c.constant, m(cp(), "constant"))
            try priority(c.priority, m(cp(), "priority"))
        }
        if case .view(let leaf) = item.content {
            func sp() -> String { m(ip(), "intrinsicContentSize") }
            try size(leaf.intrinsicContentSize.width, m(sp(), "width"))
            try size(leaf.intrinsicContentSize.height, m(sp(), "height"))
            if let b = leaf.firstBaseline { try finite(b, m(ip(), "firstBaseline")) }
            if let b = leaf.lastBaseline { try finite(b, m(ip(), "lastBaseline")) }
            if let text = leaf.text { try Self.text(text, m(ip(), "text")) }
        }
    }

    /// A text's values (TextContent's invariants).
    static func text(_ t: TextContent, _ path: @autoclosure () -> String) throws(ScenarioError) {
        let m = JSONPath.member
        guard t.characters >= 0 else { throw ScenarioError(path: m(path(), "characters"), reason: "negative") }
        guard t.numberOfLines >= 0 else { throw ScenarioError(path: m(path(), "numberOfLines"), reason: "negative") }
        try finite(t.advance, m(path(), "advance"))
        guard t.advance > 0 else { throw ScenarioError(path: m(path(), "advance"), reason: "must be greater than 0") }
        try finite(t.lineHeight, m(path(), "lineHeight"))
        guard t.lineHeight >= 0 else { throw ScenarioError(path: m(path(), "lineHeight"), reason: "negative") }
        try finite(t.ascent, m(path(), "ascent"))
        if let p = t.preferredMaxLayoutWidth {
            try finite(p, m(path(), "preferredMaxLayoutWidth"))
            guard p > 0 else { throw ScenarioError(path: m(path(), "preferredMaxLayoutWidth"), reason: "negative") }
        }
    }
}
