extension Diagnoser {
    /// Where a broken constraint is drawn on the engine's panel (`DiagnosisMark`), on the engine's frames (the guides
    /// at their solved places); nil for a constraint that does not tie two edges or lengths along one axis (a
    /// baseline, whose position the frames alone do not give, or a position against a length).
    func mark(_ diagnosed: DiagnosedConstraint) -> DiagnosisMark? {
        let c = diagnosed.constraint
        guard let axis = Self.axis(of: c.firstAttribute), let first = frame(of: c.firstItem) else { return nil }
        let second = c.secondItem.flatMap { frame(of: $0) }
        if c.secondItem != nil, second == nil { return nil }
        if let attribute = c.secondAttribute, Self.axis(of: attribute) != axis { return nil }
        let firstValue = Self.value(c.firstAttribute, first)
        var secondValue: Double? = nil
        if let second, let attribute = c.secondAttribute { secondValue = Self.value(attribute, second) }
        let from: Double, expected: Double, actual: Double
        if Self.isLength(c.firstAttribute) {
            if let attribute = c.secondAttribute, !Self.isLength(attribute) { return nil }
            from = axis == .horizontal ? first.x : first.y
            expected = from + c.multiplier * (secondValue ?? 0) + c.constant
            actual = from + firstValue
        } else {
            if let attribute = c.secondAttribute, Self.isLength(attribute) { return nil }
            expected = c.multiplier * (secondValue ?? 0) + c.constant
            from = secondValue ?? expected
            actual = firstValue
        }
        let across = [c.firstItem, c.secondItem].compactMap { item -> Frame? in
            guard let item, item != .root else { return nil }
            return frame(of: item)
        }
        let extent = (across.isEmpty ? [first] : across).map { f in
            axis == .horizontal ? (f.y, f.y + f.height) : (f.x, f.x + f.width)
        }
        let start = extent.map { min($0.0, $0.1) }.min()!, end = extent.map { max($0.0, $0.1) }.max()!
        let published = { (v: Double) in axis == .horizontal ? self.publishedX(v) : v }
        let acrossPublished = axis == .vertical && mirrored
            ? (publishedX(end), publishedX(start)) : (start, end)
        return DiagnosisMark(axis: axis, from: published(from), expected: published(expected),
                             actual: published(actual), acrossStart: acrossPublished.0,
                             acrossEnd: acrossPublished.1, label: diagnosed.label)
    }

    /// An item's frame in root coordinates, left to right: the engine's for the root and arranged items, the solved
    /// one for a guide; nil for an item the system has no variables for.
    func frame(of item: UISVItem) -> Frame? {
        guard let place = system.items.first(where: { $0.uisvItem(system.index) == item }) else { return nil }
        func v(_ c: ReferenceSystem.VariableKey.Component) -> Double { engine[.init(place, c)] ?? 0 }
        return Frame(x: v(.x), y: v(.y), width: v(.width), height: v(.height))
    }

    /// An x coordinate of the system (left to right) as the published layout has it: mirrored in the root's width
    /// in right-to-left (a nested frame mirrored inside each arranging stack in turn is mirrored in the root's).
    func publishedX(_ x: Double) -> Double {
        mirrored ? imposed.rootSize.width - x : x
    }

    /// The axis an attribute measures along; nil for the baselines, which frames alone do not place.
    static func axis(of attribute: UISVAttribute) -> Axis? {
        switch attribute {
        case .leading, .trailing, .centerX, .width: return .horizontal
        case .top, .bottom, .centerY, .height: return .vertical
        case .firstBaseline, .lastBaseline: return nil
        }
    }

    static func isLength(_ attribute: UISVAttribute) -> Bool { attribute == .width || attribute == .height }

    /// An attribute's value on a frame (the expressions of `ReferenceSystemBuilder.append`).
    static func value(_ attribute: UISVAttribute, _ f: Frame) -> Double {
        switch attribute {
        case .leading: return f.x
        case .trailing: return f.x + f.width
        case .centerX: return f.x + 0.5 * f.width
        case .top: return f.y
        case .bottom: return f.y + f.height
        case .centerY: return f.y + 0.5 * f.height
        case .width: return f.width
        case .height: return f.height
        case .firstBaseline, .lastBaseline: return f.y
        }
    }
}
