/// Writing scenarios in canonical form (SCENARIO-FORMAT.md): every field present with its value, `top`/`bottom`
/// written `leading`/`trailing`, no intrinsic size written `null`, an unset custom spacing omitted, system spacing
/// as `"system"`. Keys follow the order of the spec's example. Iterative: any nesting depth.
extension Scenario {
    /// The scenario as a document in canonical form: `stackcheck.scenario/2` when a leaf has text, else
    /// `stackcheck.scenario/1`.
    public var jsonValue: JSONValue {
        let format = hasText ? Scenario.textFormatIdentifier : Scenario.formatIdentifier
        var members: [(key: String, value: JSONValue)] = [("format", .string(format))]
        if let name { members.append(("name", .string(name))) }
        members.append(("container", .object([("width", Self.optional(container.width)),
                                              ("height", Self.optional(container.height))])))
        if let scale { members.append(("scale", .number(scale))) }
        members.append(("layoutDirection", .string(layoutDirection.rawValue)))
        members.append(("stack", Self.encode(stack)))
        return .object(members)
    }

    /// The document as text: pretty (files, `stackcheck layout`) or compact (the engine protocol).
    public func jsonString(pretty: Bool = true) -> String {
        pretty ? jsonValue.prettyText : jsonValue.compactText
    }

    static func optional(_ v: Double?) -> JSONValue { v.map { .number($0) } ?? .null }

    static func spacingValue(_ s: Spacing) -> JSONValue {
        switch s {
        case .points(let p): return .number(p)
        case .system: return .string("system")
        case .useDefault: return .number(0)
        }
    }

    static func stackMembers(_ s: Stack, items: [JSONValue]) -> JSONValue {
        .object([
            ("axis", .string(s.axis.rawValue)),
            ("distribution", .string(s.distribution.rawValue)),
            ("alignment", .string(s.alignment.rawValue)),
            ("spacing", spacingValue(s.spacing)),
            ("isBaselineRelativeArrangement", .bool(s.isBaselineRelativeArrangement)),
            ("isLayoutMarginsRelativeArrangement", .bool(s.isLayoutMarginsRelativeArrangement)),
            ("layoutMargins", .object([("top", .number(s.layoutMargins.top)), ("leading", .number(s.layoutMargins.leading)),
                                       ("bottom", .number(s.layoutMargins.bottom)), ("trailing", .number(s.layoutMargins.trailing))])),
            ("arrangedSubviews", .array(items)),
        ])
    }

    static func priorities(_ p: AxisPriorities) -> JSONValue {
        .object([("horizontal", .number(p.horizontal.rawValue)), ("vertical", .number(p.vertical.rawValue))])
    }

    static func itemMembers(_ item: ArrangedView, nested: JSONValue?) -> JSONValue {
        var m: [(key: String, value: JSONValue)] = [("id", .string(item.id))]
        if case .view(let leaf) = item.content {
            if let text = leaf.text {
                m.append(("text", textValue(text)))
            } else {
                m.append(("intrinsicContentSize", .object([("width", optional(leaf.intrinsicContentSize.width)),
                                                           ("height", optional(leaf.intrinsicContentSize.height))])))
            }
        }
        m.append(("contentHuggingPriority", priorities(item.contentHuggingPriority)))
        m.append(("compressionResistancePriority", priorities(item.compressionResistancePriority)))
        if item.customSpacingAfter != .useDefault { m.append(("customSpacingAfter", spacingValue(item.customSpacingAfter))) }
        if case .view(let leaf) = item.content, leaf.text == nil {
            if let b = leaf.firstBaseline { m.append(("firstBaseline", .number(b))) }
            if let b = leaf.lastBaseline { m.append(("lastBaseline", .number(b))) }
        }
        m.append(("isHidden", .bool(item.isHidden)))
        m.append(("constraints", .array(item.constraints.map { c in
            .object([("attribute", .string(c.attribute.rawValue)), ("relation", .string(c.relation.rawValue)),
                     ("constant", .number(c.constant)), ("priority", .number(c.priority.rawValue))])
        })))
        if let nested { m.append(("stack", nested)) }
        return .object(m)
    }

    /// A text in canonical form: every field, an automatic `preferredMaxLayoutWidth` written 0.
    static func textValue(_ t: TextContent) -> JSONValue {
        .object([("characters", .number(Double(t.characters))), ("advance", .number(t.advance)),
                 ("lineHeight", .number(t.lineHeight)), ("ascent", .number(t.ascent)),
                 ("numberOfLines", .number(Double(t.numberOfLines))),
                 ("preferredMaxLayoutWidth", .number(t.preferredMaxLayoutWidth ?? 0))])
    }

    /// Built bottom-up with `Stack.fold`, so any nesting depth encodes without recursion.
    static func encode(_ root: Stack) -> JSONValue {
        root.fold(stack: { stackMembers($0, items: $1) }, item: { itemMembers($0, nested: $1) })
    }
}
