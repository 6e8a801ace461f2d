/// Text leaves (SCENARIO-FORMAT.md, "Text leaves") and the members a reader ignores: an unknown member is still
/// ignored (forward compatibility), but named, so that a typo does not silently change a scenario.
extension ScenarioDecoder {
    static let documentKeys: Set<String> = ["format", "name", "container", "scale", "layoutDirection", "stack"]
    static let stackKeys: Set<String> = ["axis", "distribution", "alignment", "spacing", "isBaselineRelativeArrangement",
                                         "isLayoutMarginsRelativeArrangement", "layoutMargins", "arrangedSubviews"]
    static let edgeKeys: Set<String> = ["top", "leading", "bottom", "trailing"]
    static let axisKeys: Set<String> = ["horizontal", "vertical"]
    static let itemKeys: Set<String> = ["id", "isHidden", "customSpacingAfter", "contentHuggingPriority",
                                        "compressionResistancePriority", "constraints", "intrinsicContentSize",
                                        "firstBaseline", "lastBaseline", "stack", "text"]
    static let constraintKeys: Set<String> = ["attribute", "relation", "constant", "priority"]
    static let textKeys: Set<String> = ["characters", "advance", "lineHeight", "ascent", "numberOfLines",
                                        "preferredMaxLayoutWidth"]

    /// Records every member of the object `v` whose key is not in `known`, in document order (the object's own
    /// order: no set order reaches the list).
    mutating func noteUnknown(_ v: JSONValue, _ path: String, known: Set<String>) {
        guard case .object(let members) = v else { return }
        for member in members where !known.contains(member.key) {
            ignored.append("\(JSONPath.member(path, member.key)): unknown field")
        }
    }

    /// A text leaf: the `text` object of item `v` (at `path`). Its text replaces `intrinsicContentSize` and the
    /// baselines, which are ignored and named.
    mutating func textLeaf(_ v: JSONValue, _ text: JSONValue, _ path: String) throws(ScenarioError) -> LeafView {
        for replaced in ["intrinsicContentSize", "firstBaseline", "lastBaseline"] where v[replaced] != nil {
            ignored.append("\(JSONPath.member(path, replaced)): ignored, the leaf's text gives its size and baselines")
        }
        let tPath = JSONPath.member(path, "text")
        _ = try JSONPath.object(text, tPath)
        noteUnknown(text, tPath, known: Self.textKeys)
        let cPath = JSONPath.member(tPath, "characters")
        guard let c = text["characters"] else { throw ScenarioError(path: cPath, reason: "missing (a text needs its length)") }
        var content = TextContent(characters: try count(c, cPath))
        if let a = text["advance"] { content.advance = try JSONPath.number(a, JSONPath.member(tPath, "advance")) }
        if let h = text["lineHeight"] { content.lineHeight = try JSONPath.number(h, JSONPath.member(tPath, "lineHeight")) }
        if let b = text["ascent"] { content.ascent = try JSONPath.number(b, JSONPath.member(tPath, "ascent")) }
        if let k = text["numberOfLines"] { content.numberOfLines = try count(k, JSONPath.member(tPath, "numberOfLines")) }
        if let p = text["preferredMaxLayoutWidth"], p != .null {
            let value = try JSONPath.number(p, JSONPath.member(tPath, "preferredMaxLayoutWidth"))
            content.preferredMaxLayoutWidth = value == 0 ? nil : value
        }
        return LeafView(text: content)
    }

    /// A whole number in [0, 10⁹] (a character or line count).
    private func count(_ v: JSONValue, _ path: String) throws(ScenarioError) -> Int {
        let n = try JSONPath.number(v, path)
        guard n >= 0, n <= 1e9, n == n.rounded() else {
            throw ScenarioError(path: path, reason: "expected a whole number from 0 to 1000000000, found \(n)")
        }
        return Int(n)
    }
}

extension Scenario {
    /// Whether a leaf at any depth has text (the document is then `stackcheck.scenario/2`).
    public var hasText: Bool { stack.hasText }
}

extension Stack {
    /// Whether a leaf at any depth has text. Iterative: any nesting depth.
    var hasText: Bool {
        var pending: [Stack] = [self]
        while let stack = pending.popLast() {
            for item in stack.arrangedSubviews {
                switch item.content {
                case .view(let leaf): if leaf.text != nil { return true }
                case .stack(let nested): pending.append(nested)
                }
            }
        }
        return false
    }
}
