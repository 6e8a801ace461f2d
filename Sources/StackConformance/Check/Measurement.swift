import PropertyCheck
import StackLayout

/// What a check measured when it failed: the edges or lengths of arranged items it compared, in UIKit's terms (an
/// item and a `UISVAttribute`), with the value it found and the value it expected.
///
/// A FAIL's headline constraint is chosen by it (`Headline`): the broken constraint that ties one of these
/// attributes, not the one with the largest residual, which may lie on an axis the check never read.
public struct Measurement: Sendable, Hashable {
    /// One measured attribute of one item: `v0.leading`, `stack.width`.
    public struct Term: Sendable, Hashable {
        /// The item (`UISVItem.root` for the root stack, `.view(id)` for an arranged item or nested stack).
        public var item: UISVItem
        /// Its attribute, in the reference system's terms (leading is reading-order leading, R-RTL-1).
        public var attribute: UISVAttribute

        /// A term from its parts.
        public init(_ item: UISVItem, _ attribute: UISVAttribute) {
            self.item = item
            self.attribute = attribute
        }

        /// `v0.leading`.
        public var text: String { "\(item.name).\(attribute.rawValue)" }
    }

    /// Which of an item's extents a check reads, in a stack's reading-order terms (`LaidOutStack`).
    public enum Edge: String, Sendable, Hashable {
        /// The leading edge along the axis, and so on.
        case alongStart, alongEnd, alongCentre, alongLength
        /// The top edge of a horizontal stack's item (leading of a vertical one's), and so on.
        case acrossStart, acrossEnd, acrossCentre, acrossLength
    }

    /// The attributes measured, the most specific first.
    public var terms: [Term]
    /// The value the check found on the engine's layout (nil for a check that compares no single number).
    public var actual: Double?
    /// The value the check expected.
    public var expected: Double?

    /// A measurement of `terms`.
    public init(_ terms: [Term], actual: Double? = nil, expected: Double? = nil) {
        self.terms = terms
        self.actual = actual
        self.expected = expected
    }

    /// The UIKit attribute of `edge` in a stack of `axis`.
    public static func attribute(_ edge: Edge, axis: Axis) -> UISVAttribute {
        let horizontal: UISVAttribute, vertical: UISVAttribute
        switch edge {
        case .alongStart, .acrossStart: (horizontal, vertical) = (.leading, .top)
        case .alongEnd, .acrossEnd: (horizontal, vertical) = (.trailing, .bottom)
        case .alongCentre, .acrossCentre: (horizontal, vertical) = (.centerX, .centerY)
        case .alongLength, .acrossLength: (horizontal, vertical) = (.width, .height)
        }
        let isAlong = [.alongStart, .alongEnd, .alongCentre, .alongLength].contains(edge)
        let measuredAxis = isAlong ? axis : axis.cross
        return measuredAxis == .horizontal ? horizontal : vertical
    }

    /// The items' `edge` in `stack`: `measure(s, .alongStart, first)` is the first view's leading edge.
    public static func of(_ stack: LaidOutStack, _ edge: Edge, _ items: LaidOutStack.Item...) -> Measurement {
        let attribute = Self.attribute(edge, axis: stack.axis)
        return Measurement(items.map { Term(.view($0.view.id), attribute) })
    }

    /// The stack's own `edge` (its length along or across its axis, as a check reads `s.length`).
    public static func ofStack(_ stack: LaidOutStack, _ edge: Edge) -> Measurement {
        Measurement([Term(stack.id.map(UISVItem.view) ?? .root, Self.attribute(edge, axis: stack.axis))])
    }

    /// This measurement and `other`'s terms after its own.
    public func and(_ other: Measurement) -> Measurement {
        Measurement(terms + other.terms.filter { !terms.contains($0) }, actual: actual, expected: expected)
    }

    /// `v0.leading, v1.leading`.
    public var text: String { terms.map(\.text).joined(separator: ", ") }
}

/// A check that did not hold on a case, with what it measured: `CaseContext.expect` and `expectClose` throw it, and
/// the runner keeps both parts (`CaseFailure`).
public struct CheckFailure: Error, Sendable, CustomStringConvertible {
    /// The statement that did not hold, and where it is written.
    public var failure: PropertyFailure
    /// What the check measured, when the check says.
    public var measured: Measurement?

    public var description: String { failure.message }
}

extension Measurement {
    /// An item's width or height as a check reads it off its frame.
    public static func frame(_ item: LaidOutStack.Item, _ attribute: UISVAttribute) -> Measurement {
        Measurement([Term(.view(item.view.id), attribute)])
    }
}
