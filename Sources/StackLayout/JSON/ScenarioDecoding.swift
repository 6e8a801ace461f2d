/// Reading scenario documents (SCENARIO-FORMAT.md, "Scenario"), with the spec's defaults and its list of invalid
/// inputs, each rejected with the JSON path and the reason. Value rules shared with Swift-built scenarios live in
/// `Scenario.validate()`, which decoding calls, so each rule is written once.
extension Scenario {
    /// Reader limits that protect the reader (the engine APIs accept deeper and larger trees from Swift).
    public static let maximumNestingDepth = 64
    /// The most arranged items a scenario document may hold, at every depth together.
    public static let maximumItemCount = 10_000

    /// Decodes and validates a scenario document.
    public init(json text: String) throws(ScenarioError) {
        var ignored: [String] = []
        try self.init(jsonValue: try JSONPath.parse(text), ignoredFields: &ignored)
    }

    /// Decodes and validates a scenario document, appending to `ignoredFields` each member the reader ignores, as
    /// `path: reason` (an unknown field, or a field a text leaf's text replaces), in document order.
    public init(json text: String, ignoredFields: inout [String]) throws(ScenarioError) {
        try self.init(jsonValue: try JSONPath.parse(text), ignoredFields: &ignoredFields)
    }

    /// Decodes and validates a parsed scenario document found at `path` (`""` for a whole document).
    public init(jsonValue v: JSONValue, path: String = "") throws(ScenarioError) {
        var ignored: [String] = []
        try self.init(jsonValue: v, path: path, ignoredFields: &ignored)
    }

    /// Decodes and validates a parsed scenario document found at `path`, appending to `ignoredFields` each member
    /// the reader ignores (see `init(json:ignoredFields:)`).
    public init(jsonValue v: JSONValue, path: String = "", ignoredFields: inout [String]) throws(ScenarioError) {
        _ = try JSONPath.object(v, path)
        try JSONPath.checkFormat(v, path, accepted: Scenario.readableFormats)
        var decoder = ScenarioDecoder()
        decoder.noteUnknown(v, path, known: ScenarioDecoder.documentKeys)
        let name = try v["name"].flatMap { value throws(ScenarioError) -> String? in
            if case .null = value { return nil }
            return try JSONPath.string(value, JSONPath.member(path, "name"))
        }
        var container = Container.free
        if let c = v["container"], c != .null {
            let cPath = JSONPath.member(path, "container")
            _ = try JSONPath.object(c, cPath)
            decoder.noteUnknown(c, cPath, known: ["width", "height"])
            container.width = try decoder.optionalNumber(c["width"], JSONPath.member(cPath, "width"))
            container.height = try decoder.optionalNumber(c["height"], JSONPath.member(cPath, "height"))
        }
        let scale = try decoder.optionalNumber(v["scale"], JSONPath.member(path, "scale"))
        var direction = LayoutDirection.leftToRight
        if let d = v["layoutDirection"] {
            direction = try JSONPath.enumValue(d, JSONPath.member(path, "layoutDirection"), LayoutDirection.self)
        }
        let stackPath = JSONPath.member(path, "stack")
        guard let s = v["stack"] else { throw ScenarioError(path: stackPath, reason: "missing (the top-level stack is required)") }
        let stack = try decoder.stack(s, stackPath, level: 1)
        self.init(name: name, container: container, scale: scale, layoutDirection: direction, stack: stack)
        try validate(pathPrefix: path)
        ignoredFields += decoder.ignored
    }
}

/// The recursive part of scenario decoding; depth is capped at 64 stacks, so recursion is bounded.
struct ScenarioDecoder {
    var itemCount = 0
    /// The members ignored so far, `path: reason`, in document order.
    var ignored: [String] = []

    func optionalNumber(_ v: JSONValue?, _ path: String) throws(ScenarioError) -> Double? {
        guard let v, v != .null else { return nil }
        return try JSONPath.number(v, path)
    }

    func spacing(_ v: JSONValue, _ path: String) throws(ScenarioError) -> Spacing {
        switch v {
        case .string("system"): return .system
        case .string(let s): throw ScenarioError(path: path, reason: "unknown value \"\(s)\" (expected a number or \"system\")")
        case .number(let n): return n >= Spacing.useDefaultThreshold ? .useDefault : .points(n)
        default: throw ScenarioError(path: path, reason: "expected a number or \"system\", found \(v.typeName)")
        }
    }

    mutating func priorities(_ v: JSONValue?, _ path: String, default d: AxisPriorities) throws(ScenarioError) -> AxisPriorities {
        guard let v else { return d }
        _ = try JSONPath.object(v, path)
        noteUnknown(v, path, known: Self.axisKeys)
        var p = d
        if let h = v["horizontal"] { p.horizontal = LayoutPriority(try JSONPath.number(h, JSONPath.member(path, "horizontal"))) }
        if let h = v["vertical"] { p.vertical = LayoutPriority(try JSONPath.number(h, JSONPath.member(path, "vertical"))) }
        return p
    }

    mutating func stack(_ v: JSONValue, _ path: String, level: Int) throws(ScenarioError) -> Stack {
        _ = try JSONPath.object(v, path)
        noteUnknown(v, path, known: Self.stackKeys)
        guard level <= Scenario.maximumNestingDepth else {
            throw ScenarioError(path: path, reason: "nesting deeper than \(Scenario.maximumNestingDepth) levels (the root stack is level 1)")
        }
        var s = Stack()
        if let a = v["axis"] { s.axis = try JSONPath.enumValue(a, JSONPath.member(path, "axis"), Axis.self) }
        if let d = v["distribution"] {
            s.distribution = try JSONPath.enumValue(d, JSONPath.member(path, "distribution"), Distribution.self)
        }
        if let a = v["alignment"] {
            let aPath = JSONPath.member(path, "alignment")
            let name = try JSONPath.string(a, aPath)
            guard let alignment = Alignment(name: name) else {
                throw ScenarioError(path: aPath, reason: "unknown value \"\(name)\" (expected one of \"fill\", \"leading\", \"top\", \"firstBaseline\", \"center\", \"trailing\", \"bottom\", \"lastBaseline\")")
            }
            s.alignment = alignment
        }
        if let sp = v["spacing"] {
            // As the stack's spacing, spacingUseDefault means 0 (R-SP-4).
            let value = try spacing(sp, JSONPath.member(path, "spacing"))
            s.spacing = value == .useDefault ? .points(0) : value
        }
        if let b = v["isBaselineRelativeArrangement"] {
            s.isBaselineRelativeArrangement = try JSONPath.bool(b, JSONPath.member(path, "isBaselineRelativeArrangement"))
        }
        if let b = v["isLayoutMarginsRelativeArrangement"] {
            s.isLayoutMarginsRelativeArrangement = try JSONPath.bool(b, JSONPath.member(path, "isLayoutMarginsRelativeArrangement"))
        }
        if let m = v["layoutMargins"] {
            let mPath = JSONPath.member(path, "layoutMargins")
            _ = try JSONPath.object(m, mPath)
            noteUnknown(m, mPath, known: Self.edgeKeys)
            // A partial object takes 8 for each missing edge (R-M-4).
            var insets = DirectionalEdgeInsets.defaultMargins
            if let x = m["top"] { insets.top = try JSONPath.number(x, JSONPath.member(mPath, "top")) }
            if let x = m["leading"] { insets.leading = try JSONPath.number(x, JSONPath.member(mPath, "leading")) }
            if let x = m["bottom"] { insets.bottom = try JSONPath.number(x, JSONPath.member(mPath, "bottom")) }
            if let x = m["trailing"] { insets.trailing = try JSONPath.number(x, JSONPath.member(mPath, "trailing")) }
            s.layoutMargins = insets
        }
        if let items = v["arrangedSubviews"] {
            let itemsPath = JSONPath.member(path, "arrangedSubviews")
            for (i, item) in try JSONPath.array(items, itemsPath).enumerated() {
                s.arrangedSubviews.append(try arrangedView(item, JSONPath.element(itemsPath, i), level: level))
            }
        }
        return s
    }

    mutating func arrangedView(_ v: JSONValue, _ path: String, level: Int) throws(ScenarioError) -> ArrangedView {
        _ = try JSONPath.object(v, path)
        noteUnknown(v, path, known: Self.itemKeys)
        itemCount += 1
        guard itemCount <= Scenario.maximumItemCount else {
            throw ScenarioError(path: path, reason: "more than \(Scenario.maximumItemCount) items in the scenario")
        }
        let idPath = JSONPath.member(path, "id")
        guard let idValue = v["id"] else { throw ScenarioError(path: idPath, reason: "missing (every item needs an id)") }
        let id = try JSONPath.string(idValue, idPath)

        let content: ArrangedView.Content
        if let nested = v["stack"] {
            for leafKey in ["intrinsicContentSize", "firstBaseline", "lastBaseline", "text"] where v[leafKey] != nil {
                throw ScenarioError(path: JSONPath.member(path, leafKey),
                                    reason: "an item is either a leaf (intrinsicContentSize, baselines, text) or a stack, not both")
            }
            content = .stack(try stack(nested, JSONPath.member(path, "stack"), level: level + 1))
        } else if let text = v["text"], text != .null {
            content = .view(try textLeaf(v, text, path))
        } else {
            var leaf = LeafView()
            if let size = v["intrinsicContentSize"], size != .null {
                let sPath = JSONPath.member(path, "intrinsicContentSize")
                _ = try JSONPath.object(size, sPath)
                noteUnknown(size, sPath, known: ["width", "height"])
                // -1 is UIView.noIntrinsicMetric; IntrinsicContentSize maps it to nil.
                leaf.intrinsicContentSize = IntrinsicContentSize(
                    width: try optionalNumber(size["width"], JSONPath.member(sPath, "width")),
                    height: try optionalNumber(size["height"], JSONPath.member(sPath, "height")))
            }
            leaf.firstBaseline = try optionalNumber(v["firstBaseline"], JSONPath.member(path, "firstBaseline"))
            leaf.lastBaseline = try optionalNumber(v["lastBaseline"], JSONPath.member(path, "lastBaseline"))
            content = .view(leaf)
        }
        var item = ArrangedView(id: id, content: content)
        if let h = v["isHidden"] { item.isHidden = try JSONPath.bool(h, JSONPath.member(path, "isHidden")) }
        if let c = v["customSpacingAfter"], c != .null {
            item.customSpacingAfter = try spacing(c, JSONPath.member(path, "customSpacingAfter"))
        }
        item.contentHuggingPriority = try priorities(v["contentHuggingPriority"], JSONPath.member(path, "contentHuggingPriority"),
                                                     default: .defaultHugging)
        item.compressionResistancePriority = try priorities(v["compressionResistancePriority"],
                                                            JSONPath.member(path, "compressionResistancePriority"),
                                                            default: .defaultCompressionResistance)
        if let cs = v["constraints"] {
            let csPath = JSONPath.member(path, "constraints")
            for (i, c) in try JSONPath.array(cs, csPath).enumerated() {
                item.constraints.append(try userConstraint(c, JSONPath.element(csPath, i)))
            }
        }
        return item
    }

    mutating func userConstraint(_ v: JSONValue, _ path: String) throws(ScenarioError) -> UserConstraint {
        _ = try JSONPath.object(v, path)
        noteUnknown(v, path, known: Self.constraintKeys)
        let aPath = JSONPath.member(path, "attribute")
        guard let a = v["attribute"] else { throw ScenarioError(path: aPath, reason: "missing") }
        let attribute = try JSONPath.enumValue(a, aPath, UserConstraint.Attribute.self)
        let rPath = JSONPath.member(path, "relation")
        guard let r = v["relation"] else { throw ScenarioError(path: rPath, reason: "missing") }
        let relation = try JSONPath.enumValue(r, rPath, UserConstraint.Relation.self)
        let cPath = JSONPath.member(path, "constant")
        guard let c = v["constant"] else { throw ScenarioError(path: cPath, reason: "missing") }
        let constant = try JSONPath.number(c, cPath)
        var priority = LayoutPriority.required
        if let p = v["priority"] { priority = LayoutPriority(try JSONPath.number(p, JSONPath.member(path, "priority"))) }
        return UserConstraint(attribute, relation, constant, priority: priority)
    }
}
