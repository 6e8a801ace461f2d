/// A replay token: versioned, compact, copy-pasteable. It records the property id, the context (`PropertyRunner.run`'s
/// `context`) and the choice sequence, so it rebuilds exactly the same case anywhere, first, without
/// replaying the cases before it. Form: `pc2_` + base64url(id NUL context NUL LEB128 choices). The version changes
/// whenever the meaning of choices changes: version 2 gave integers a sign choice at the range's ends
/// and recursion a branch choice at its limit, so a version-1 token would rebuild a different case.
public struct ReplayToken: Hashable, Sendable, CustomStringConvertible {
    /// The property the case belongs to.
    public var property: String
    /// The context the case was generated in (`PropertyRunner.run`'s `context`).
    public var context: String
    /// The choice sequence that rebuilds the case.
    public var choices: [UInt64]

    /// A token for the case built from `choices` of `property` in `context`.
    public init(property: String, context: String, choices: [UInt64]) {
        self.property = property
        self.context = context
        self.choices = choices
    }

    /// The version prefix of the tokens this version writes and reads.
    public static let prefix = "pc2_"

    public var description: String { encoded }

    /// The token as printed: the prefix, then the base64url encoding of the id, the context and the choices.
    public var encoded: String {
        var bytes = Array(property.utf8) + [0] + Array(context.utf8) + [0]
        for var c in choices {
            repeat {
                var b = UInt8(c & 0x7F)
                c >>= 7
                if c != 0 { b |= 0x80 }
                bytes.append(b)
            } while c != 0
        }
        return Self.prefix + Base64URL.encode(bytes)
    }

    /// Why a token could not be read.
    public struct Invalid: Error, Hashable, Sendable, CustomStringConvertible {
        /// What is wrong with the text, for people.
        public let reason: String
        public var description: String { "invalid replay token: \(reason)" }
    }

    /// Reads a token as `encoded` prints it (surrounding whitespace ignored); throws for another version's token, a
    /// wrong prefix or a damaged encoding.
    public init(parsing text: String) throws(Invalid) {
        let t = text.trimmingWhitespace()
        if t.hasPrefix("pc1_") {
            throw Invalid(reason: "this is a version-1 token (pc1_…) from an earlier PropertyCheck, whose choices encode values differently; it cannot rebuild its case with this version. Rerun with the seed it was printed with to get a \(Self.prefix) token")
        }
        guard t.hasPrefix(Self.prefix) else {
            throw Invalid(reason: "it must start with \(Self.prefix) (this version reads tokens of version 2)")
        }
        guard let bytes = Base64URL.decode(String(t.dropFirst(Self.prefix.count))) else {
            throw Invalid(reason: "not base64url text")
        }
        guard let firstNul = bytes.firstIndex(of: 0),
              let secondNul = bytes[(firstNul + 1)...].firstIndex(of: 0) else { throw Invalid(reason: "truncated header") }
        guard let property = String(validating: bytes[..<firstNul], as: UTF8.self),
              let context = String(validating: bytes[(firstNul + 1)..<secondNul], as: UTF8.self) else {
            throw Invalid(reason: "the property id or context is not UTF-8")
        }
        var choices: [UInt64] = []
        var i = secondNul + 1
        while i < bytes.count {
            var value: UInt64 = 0
            var shift: UInt64 = 0
            while true {
                guard i < bytes.count else { throw Invalid(reason: "truncated choice sequence") }
                let b = bytes[i]
                i += 1
                guard shift < 64 else { throw Invalid(reason: "a choice does not fit 64 bits") }
                value |= UInt64(b & 0x7F) << shift
                shift += 7
                if b & 0x80 == 0 { break }
            }
            choices.append(value)
        }
        self.init(property: property, context: context, choices: choices)
    }
}

extension String {
    func trimmingWhitespace() -> String {
        var s = Substring(self)
        while let f = s.first, f.isWhitespace { s = s.dropFirst() }
        while let l = s.last, l.isWhitespace { s = s.dropLast() }
        return String(s)
    }
}

/// RFC 4648 §5 base64url without padding.
enum Base64URL {
    static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    static func encode(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        var i = 0
        while i < bytes.count {
            let b0 = UInt32(bytes[i]), b1 = i + 1 < bytes.count ? UInt32(bytes[i + 1]) : 0, b2 = i + 2 < bytes.count ? UInt32(bytes[i + 2]) : 0
            let n = b0 << 16 | b1 << 8 | b2
            out.append(alphabet[Int(n >> 18 & 63)])
            out.append(alphabet[Int(n >> 12 & 63)])
            if i + 1 < bytes.count { out.append(alphabet[Int(n >> 6 & 63)]) }
            if i + 2 < bytes.count { out.append(alphabet[Int(n & 63)]) }
            i += 3
        }
        return String(decoding: out, as: UTF8.self)
    }

    static func decode(_ text: String) -> [UInt8]? {
        var values: [UInt32] = []
        for c in text.utf8 {
            guard let v = alphabet.firstIndex(of: c) else { return nil }
            values.append(UInt32(v))
        }
        guard values.count % 4 != 1 else { return nil }
        var out: [UInt8] = []
        var i = 0
        while i < values.count {
            let chunk = Array(values[i..<min(i + 4, values.count)])
            var n: UInt32 = 0
            for (k, v) in chunk.enumerated() { n |= v << UInt32(18 - 6 * k) }
            out.append(UInt8(n >> 16 & 0xFF))
            if chunk.count > 2 { out.append(UInt8(n >> 8 & 0xFF)) }
            if chunk.count > 3 { out.append(UInt8(n & 0xFF)) }
            i += 4
        }
        return out
    }
}
