/// The value rules of SCENARIO-FORMAT.md "Invalid scenarios" that a Swift caller can break too: finite numbers,
/// sizes ≥ 0, priorities in [1, 1000], a positive scale, unique non-empty ids. Decoding calls the same checks.
extension Scenario {
    /// Throws the first rule broken, in document order, with its JSON path. Iterative: any depth.
    public func validate() throws(ScenarioError) {
        try validate(pathPrefix: "")
    }

    func validate(pathPrefix root: String) throws(ScenarioError) {
        // Paths are built only for the error thrown: a valid scenario costs no string work per item.
        func finite(_ v: Double, _ path: @autoclosure () -> String) throws(ScenarioError) {
            guard v.isFinite else { throw ScenarioError(path: path(), reason: "must be a finite number (found \(v))") }
        }
        func size(_ v: Double?, _ path: @autoclosure () -> String) throws(ScenarioError) {
            guard let v else { return }
            try finite(v, path())
            guard v >= 0 else { throw ScenarioError(path: path(), reason: "a size cannot be negative (found \(formatNumber(v)))") }
        }
        func priority(_ p: LayoutPriority, _ path: @autoclosure () -> String) throws(ScenarioError) {
            try finite(p.rawValue, path())
            guard (1...1000).contains(p.rawValue) else {
                throw ScenarioError(path: path(), reason: "a priority must be in [1, 1000] (found \(formatNumber(p.rawValue)))")
            }
        }
        func spacing(_ s: Spacing, _ path: @autoclosure () -> String) throws(ScenarioError) {
            if case .points(let p) = s { try finite(p, path()) }
        }
        let m = JSONPath.member
        try size(container.width, m(m(root, "container"), "width"))
        try size(container.height, m(m(root, "container"), "height"))
        if let scale {
            try finite(scale, m(root, "scale"))
            guard scale > 0 else { throw ScenarioError(path: m(root, "scale"), reason: "the scale must be positive (found \(formatNumber(scale)))") }
        }
        var ids = Set<String>(minimumCapacity: stack.arrangedSubviews.count)
        var pending: [(Stack, String)] = [(stack, m(root, "stack"))]
        while let (s, path) = pending.popLast() {
            try spacing(s.spacing, m(path, "spacing"))
            func mp() -> String { m(path, "layoutMargins") }
            try finite(s.layoutMargins.top, m(mp(), "top"))
            try finite(s.layoutMargins.leading, m(mp(), "leading"))
            try finite(s.layoutMargins.bottom, m(mp(), "bottom"))
            try finite(s.layoutMargins.trailing, m(mp(), "trailing"))
            var nested: [(Stack, String)] = []
            for (i, item) in s.arrangedSubviews.enumerated() {
                func ip() -> String { JSONPath.element(m(path, "arrangedSubviews"), i) }
                guard !item.id.isEmpty else { throw ScenarioError(path: m(ip(), "id"), reason: "an id cannot be empty") }
                guard ids.insert(item.id).inserted else {
                    throw ScenarioError(path: m(ip(), "id"), reason: "duplicate id \"\(item.id)\" (ids are unique across the whole scenario)")
                }
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
                switch item.content {
                case .view(let leaf):
                    func sp() -> String { m(ip(), "intrinsicContentSize") }
                    try size(leaf.intrinsicContentSize.width, m(sp(), "width"))
                    try size(leaf.intrinsicContentSize.height, m(sp(), "height"))
                    if let b = leaf.firstBaseline { try finite(b, m(ip(), "firstBaseline")) }
                    if let b = leaf.lastBaseline { try finite(b, m(ip(), "lastBaseline")) }
                case .stack(let inner):
                    nested.append((inner, m(ip(), "stack")))
                }
            }
            // Keep document order: the first nested stack is checked next.
            pending.append(contentsOf: nested.reversed())
        }
    }
}
