import Foundation

// Console lines in the style of UIKit's "Unable to simultaneously satisfy constraints" log, so people can compare
// `stackcheck constraints` with their device's output (issue 4, item 4).

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

/// UIKit prints constraint numbers with `%g`: 6 significant digits, no trailing zeros.
enum UISVNumber {
    static func format(_ value: Double) -> String {
        if value == 0 { return "0" }
        return String(format: "%g", value)
    }
}

/// A deliberately tiny, private JSON string encoder (the project's JSON layer can replace it).
