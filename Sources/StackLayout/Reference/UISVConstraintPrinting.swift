
// Console lines in the style of UIKit's "Unable to simultaneously satisfy constraints" log, so people can compare
// `stackcheck constraints` with their device's output.

extension UISVConstraint {
    /// `'UISV-spacing' H:[b]-(10)-[c]` for a spacing constraint between edges; otherwise
    /// `'UISV-fill-proportionally' b.width == 0.333333*stack.width priority:998` (priority shown only when not
    /// 1000; numbers printed like C's `%g`, 6 significant digits, as UIKit does).
    public var consoleLine: String {
        "'\(identifier)' \(body)"
    }

    /// The line without the identifier.
    var body: String {
        if let spacing = visualFormatSpacing { return spacing }
        var line = "\(firstItem.name).\(firstAttribute.rawValue) \(relation.rawValue) "
        if let second = secondItem, let attribute = secondAttribute {
            if multiplier != 1 { line += "\(UISVNumber.format(multiplier))*" }
            line += "\(second.name).\(attribute.rawValue)"
            if constant > 0 { line += " + \(UISVNumber.format(constant))" }
            if constant < 0 { line += " - \(UISVNumber.format(-constant))" }
        } else {
            line += UISVNumber.format(constant)
        }
        if !isRequired { line += " priority:\(UISVNumber.format(priority))" }
        return line
    }

    /// `H:[prev]-(k)-[next]` (or `(>=k)`) for a spacing constraint `next.leading REL prev.trailing + k`.
    private var visualFormatSpacing: String? {
        guard identifier == "UISV-spacing", multiplier == 1, isRequired, relation != .lessThanOrEqual,
              let prev = secondItem, let prevAttribute = secondAttribute else { return nil }
        let axis: String
        switch (firstAttribute, prevAttribute) {
        case (.leading, .trailing): axis = "H"
        case (.top, .bottom): axis = "V"
        default: return nil
        }
        let op = relation == .equal ? "" : ">="
        return "\(axis):[\(prev.name)]-(\(op)\(UISVNumber.format(constant)))-[\(firstItem.name)]"
    }

    /// The machine form (`stackcheck constraints --json`), in the project's JSON value, keys in a fixed order.
    public var jsonValue: JSONValue {
        .object([("identifier", .string(identifier)),
                 ("firstItem", .string(firstItem.name)),
                 ("firstAttribute", .string(firstAttribute.rawValue)),
                 ("relation", .string(relation.rawValue)),
                 ("secondItem", secondItem.map { .string($0.name) } ?? .null),
                 ("secondAttribute", secondAttribute.map { .string($0.rawValue) } ?? .null),
                 ("multiplier", .number(multiplier)),
                 ("constant", .number(constant)),
                 ("priority", .number(priority)),
                 ("line", .string(consoleLine))])
    }

    /// One JSON object on one line.
    public var json: String { jsonValue.compactText }
}

extension ReferenceEngine {
    /// The constraint set as a JSON array, one object per line (`stackcheck constraints --json`).
    public static func constraintsJSON(for scenario: Scenario) -> String {
        let lines = constraints(for: scenario).map { "  " + $0.json }
        return lines.isEmpty ? "[]" : "[\n" + lines.joined(separator: ",\n") + "\n]"
    }

    /// The constraint set as console lines (`stackcheck constraints`).
    public static func constraintLines(for scenario: Scenario) -> [String] {
        constraints(for: scenario).map(\.consoleLine)
    }
}

/// UIKit prints constraint numbers with `%g`: 6 significant digits, no trailing zeros, exponent form below 1e-4 and
/// from 1e6. Written out here so that StackLayout needs no Foundation: the digits are those of Swift's shortest
/// round-trip description, rounded half-up to six places. C's `%g` rounds the exact binary value instead; the two
/// differ only for subnormal values (whose short description hides digits) and when the seventh significant digit
/// is a 5 that the description ends on, neither of which a UISV constant of a real scenario is. A test compares the
/// two on thousands of values.
public enum UISVNumber {
    public static func format(_ value: Double) -> String {
        if value == 0 { return "0" }
        guard value.isFinite else { return value.isNaN ? "nan" : value < 0 ? "-inf" : "inf" }
        var (digits, exponent) = decimal(value.magnitude)
        if digits.count > 6 {
            let roundUp = digits[6] >= 5
            digits.removeLast(digits.count - 6)
            if roundUp {
                var i = 5
                while i >= 0 {
                    if digits[i] < 9 { digits[i] += 1; break }
                    digits[i] = 0
                    i -= 1
                }
                if i < 0 { digits.insert(1, at: 0); digits.removeLast(); exponent += 1 }
            }
        }
        while digits.count > 1 && digits.last == 0 { digits.removeLast() }
        let sign = value < 0 ? "-" : ""
        let text = digits.map { String($0) }
        if exponent < -4 || exponent >= 6 {
            let mantissa = text[0] + (text.count > 1 ? "." + text.dropFirst().joined() : "")
            let e = exponent.magnitude < 10 ? "0\(exponent.magnitude)" : "\(exponent.magnitude)"
            return sign + mantissa + "e" + (exponent < 0 ? "-" : "+") + e
        }
        if exponent < 0 {
            return sign + "0." + String(repeating: "0", count: -exponent - 1) + text.joined()
        }
        let whole = exponent + 1
        if text.count <= whole { return sign + text.joined() + String(repeating: "0", count: whole - text.count) }
        return sign + text[..<whole].joined() + "." + text[whole...].joined()
    }

    /// The significant digits of a positive finite value and the power of ten of the first (`d.ddd × 10^e`), from
    /// Swift's shortest description (`2777777.0`, `0.001`, `1e-05`, `1.5e+20`).
    static func decimal(_ value: Double) -> (digits: [Int], exponent: Int) {
        let description = value.description
        let parts = description.split(separator: "e")
        var exponent = parts.count > 1 ? Int(parts[1]) ?? 0 : 0
        var digits: [Int] = []
        var pointSeen = false, integerDigits = 0
        for c in parts[0] {
            if c == "." { pointSeen = true; continue }
            guard let d = c.wholeNumberValue else { continue }
            if digits.isEmpty && d == 0 {   // leading zeros: 0.001 has its first digit three places down
                if pointSeen { exponent -= 1 }
                continue
            }
            digits.append(d)
            if !pointSeen { integerDigits += 1 }
        }
        if digits.isEmpty { return ([0], 0) }
        exponent += integerDigits > 0 ? integerDigits - 1 : -1
        return (digits, exponent)
    }
}

/// A deliberately tiny, private JSON string encoder (the project's JSON layer can replace it).
