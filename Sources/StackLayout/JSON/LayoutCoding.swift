/// Layout documents (SCENARIO-FORMAT.md, "Layout"): writing in the output form and reading with path errors.
extension Layout {
    public var jsonValue: JSONValue {
        var members: [(key: String, value: JSONValue)] = [("format", .string(Layout.formatIdentifier))]
        members.append(("size", .object([("width", .number(size.width)), ("height", .number(size.height))])))
        members.append(("frames", .object(zip(frameIDs, frameValues).map { id, f in
            (id, .object([("x", .number(f.x)), ("y", .number(f.y)), ("width", .number(f.width)), ("height", .number(f.height))]))
        })))
        for (key, baseline) in [("firstBaseline", firstBaseline), ("lastBaseline", lastBaseline)] {
            switch baseline {
            case .value(let v): members.append((key, .number(v)))
            case .notComputed: break   // omitted: "not computed"
            }
        }
        members.append(("diagnostics", .array(diagnostics.map { .string($0) })))
        return .object(members)
    }

    public func jsonString(pretty: Bool = true) -> String {
        pretty ? jsonValue.prettyText : jsonValue.compactText
    }

    public init(json text: String) throws(ScenarioError) {
        try self.init(jsonValue: try JSONPath.parse(text))
    }

    /// Reads a layout document; `format` is required. Frames keep the document's order.
    public init(jsonValue v: JSONValue, path: String = "") throws(ScenarioError) {
        _ = try JSONPath.object(v, path)
        try JSONPath.checkFormat(v, path, expected: Layout.formatIdentifier)
        let m = JSONPath.member
        guard let s = v["size"] else { throw ScenarioError(path: m(path, "size"), reason: "missing") }
        _ = try JSONPath.object(s, m(path, "size"))
        func required(_ o: JSONValue, _ key: String, _ p: String) throws(ScenarioError) -> Double {
            guard let x = o[key] else { throw ScenarioError(path: m(p, key), reason: "missing") }
            return try JSONPath.number(x, m(p, key))
        }
        let size = Size(width: try required(s, "width", m(path, "size")), height: try required(s, "height", m(path, "size")))
        var frames: [(id: String, frame: Frame)] = []
        if let f = v["frames"] {
            let fp = m(path, "frames")
            guard case .object(let members) = f else {
                throw ScenarioError(path: fp, reason: "expected an object, found \(f.typeName)")
            }
            for (id, value) in members {
                let p = m(fp, id)
                _ = try JSONPath.object(value, p)
                frames.append((id, Frame(x: try required(value, "x", p), y: try required(value, "y", p),
                                         width: try required(value, "width", p), height: try required(value, "height", p))))
            }
        } else {
            throw ScenarioError(path: m(path, "frames"), reason: "missing")
        }
        func baseline(_ key: String) throws(ScenarioError) -> Baseline {
            // Omitted and `null` both mean "not computed" (SCENARIO-FORMAT.md, "Compatibility").
            guard let b = v[key], b != .null else { return .notComputed }
            return .value(try JSONPath.number(b, m(path, key)))
        }
        var diagnostics: [String] = []
        if let d = v["diagnostics"] {
            for (i, x) in try JSONPath.array(d, m(path, "diagnostics")).enumerated() {
                diagnostics.append(try JSONPath.string(x, JSONPath.element(m(path, "diagnostics"), i)))
            }
        }
        self.init(size: size, frames: frames, firstBaseline: try baseline("firstBaseline"),
                  lastBaseline: try baseline("lastBaseline"), diagnostics: diagnostics)
    }
}

