/// The project's JSON serializer (SCENARIO-FORMAT.md, "Output form"): members in the order given, numbers in
/// Swift's shortest round-trip form without a trailing `.0`, `-0` written `0`, strings escaped per RFC 8259.
/// Iterative, so documents of any depth serialize without exhausting the stack.
extension JSONValue {
    /// A single line with no spaces (the engine protocol's form).
    public var compactText: String { JSONWriter.write(self, pretty: false) }
    /// Two-space indentation; an object or array holding only scalars is kept on one line when short
    /// (`"red": { "x": 0, "y": 0, "width": 25, "height": 100 }`), so layouts read and diff well.
    public var prettyText: String { JSONWriter.write(self, pretty: true) }
}

enum JSONWriter {
    static let inlineLimit = 100

    /// JSON's text for a finite number; non-finite numbers (which JSON cannot carry) are written `null`.
    static func number(_ v: Double) -> String {
        guard v.isFinite else { return "null" }
        return formatNumber(v)
    }

    static func string(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    static func scalarText(_ v: JSONValue) -> String? {
        switch v {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .number(let n): return number(n)
        case .string(let s): return string(s)
        case .array(let a) where a.isEmpty: return "[]"
        case .object(let o) where o.isEmpty: return "{}"
        default: return nil
        }
    }

    /// A one-line rendering of a container of scalars, if it has one and it is short.
    static func inline(_ v: JSONValue) -> String? {
        switch v {
        case .array(let elements):
            var parts: [String] = []
            for e in elements { guard let t = scalarText(e) else { return nil }; parts.append(t) }
            let text = "[" + parts.joined(separator: ", ") + "]"
            return text.count <= inlineLimit ? text : nil
        case .object(let members):
            var parts: [String] = []
            for m in members { guard let t = scalarText(m.value) else { return nil }; parts.append(string(m.key) + ": " + t) }
            let text = "{ " + parts.joined(separator: ", ") + " }"
            return text.count <= inlineLimit ? text : nil
        default: return nil
        }
    }

    /// One open container on the writer's explicit stack.
    private struct Level {
        var elements: [(key: String?, value: JSONValue)]
        var next = 0
        var isObject: Bool
    }

    static func write(_ root: JSONValue, pretty: Bool) -> String {
        var out = ""
        var levels: [Level] = []
        func indent(_ n: Int) -> String { String(repeating: "  ", count: n) }

        // Writes a value at the current position; containers that are not written inline are opened.
        func begin(_ value: JSONValue) {
            if let s = scalarText(value) { out += s; return }
            if pretty, let s = inline(value) { out += s; return }
            switch value {
            case .array(let a):
                out += "["
                levels.append(Level(elements: a.map { (nil, $0) }, isObject: false))
            case .object(let o):
                out += "{"
                levels.append(Level(elements: o.map { ($0.key, $0.value) }, isObject: true))
            default: break
            }
        }

        begin(root)
        while !levels.isEmpty {
            let depth = levels.count
            let i = levels[depth - 1].next
            if i == levels[depth - 1].elements.count {
                let closing = levels[depth - 1].isObject ? "}" : "]"
                levels.removeLast()
                if pretty { out += "\n" + indent(depth - 1) }
                out += closing
                continue
            }
            levels[depth - 1].next += 1
            if i > 0 { out += "," }
            if pretty { out += "\n" + indent(depth) }
            let (key, value) = levels[depth - 1].elements[i]
            if let key { out += string(key) + (pretty ? ": " : ":") }
            begin(value)
        }
        return out
    }
}
