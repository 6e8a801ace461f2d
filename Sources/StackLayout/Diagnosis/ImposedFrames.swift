/// An engine's layout read back into the reference system's terms: every arranged item's frame in root
/// coordinates, left to right (the inverse of `ExactLayout.finish`'s steps 3 and 4: parent-relative frames summed,
/// right-to-left frames mirrored back inside their arranging stacks, R-RTL-1), and the root's size.
///
/// Pixel rounding (R-PX-1, R-PX-2) cannot be undone; it is allowed for by the pins' slack instead.
struct ImposedFrames {
    /// The root stack's size as the engine gave it.
    let rootSize: Size
    /// One frame per arranged item, in `ScenarioIndex` pre-order, in root coordinates, left to right.
    let frames: [Frame]

    /// Beyond this many points no engine's answer is a layout (the reference clamps at ±2,777,777, R-SOLVE-6):
    /// a diagnosis says so rather than impose it, where the solver's arithmetic would lose every digit that matters.
    static let largestValue = 10_000_000.0

    /// The engine's frames matched to the scenario's items by id, or why they cannot be imposed (a missing frame,
    /// a value that is not finite or beyond `largestValue`).
    static func read(_ layout: Layout, index: ScenarioIndex, mirrored: Bool) -> Result<ImposedFrames, DiagnosisRefusal> {
        if let bad = unusable("the root stack's size", [layout.size.width, layout.size.height]) { return .failure(bad) }
        var published: [String: Frame] = [:]
        for (id, frame) in zip(layout.frameIDs, layout.frameValues) where published[id] == nil { published[id] = frame }
        var frames: [Frame] = []
        frames.reserveCapacity(index.items.count)
        for item in index.items {
            guard let f = published[item.id] else {
                return .failure(DiagnosisRefusal("the layout has no frame for \(item.id)"))
            }
            if let bad = unusable("\(item.id)'s frame", [f.x, f.y, f.width, f.height]) { return .failure(bad) }
            let parent = item.parent.map { frames[$0] }
            // Mirroring was done inside the arranging stack, with its published width (ExactLayout.finish, step 4).
            let parentWidth = item.parent.flatMap { published[index.items[$0].id]?.width } ?? layout.size.width
            let x = mirrored ? parentWidth - f.x - f.width : f.x
            frames.append(Frame(x: (parent?.x ?? 0) + x, y: (parent?.y ?? 0) + f.y, width: f.width, height: f.height))
        }
        return .success(ImposedFrames(rootSize: layout.size, frames: frames))
    }

    /// Why `values` cannot be imposed, if they cannot.
    private static func unusable(_ what: String, _ values: [Double]) -> DiagnosisRefusal? {
        for v in values {
            if !v.isFinite { return DiagnosisRefusal("\(what) has a value that is not a number (\(v))") }
            if abs(v) > largestValue { return DiagnosisRefusal("\(what) has \(v), beyond any layout's range") }
        }
        return nil
    }

    /// The pins (`DiagnosisSolve.pin`): the root's max edges (its origin is pinned at 0 by the system) and every
    /// item's four edges, each edge on its own because rounding moves each edge on its own (R-PX-2).
    func pins(_ system: ReferenceSystem) -> [DiagnosisSolve.Pin] {
        typealias Term = ReferenceSystem.Term
        func pins(_ item: IndexedItem, _ f: Frame, origin: Bool) -> [DiagnosisSolve.Pin] {
            let x = Term(.init(item, .x), 1), y = Term(.init(item, .y), 1)
            let w = Term(.init(item, .width), 1), h = Term(.init(item, .height), 1)
            var out = [DiagnosisSolve.Pin(terms: [x, w], value: f.x + f.width),
                       DiagnosisSolve.Pin(terms: [y, h], value: f.y + f.height)]
            if origin {
                out.append(DiagnosisSolve.Pin(terms: [x], value: f.x))
                out.append(DiagnosisSolve.Pin(terms: [y], value: f.y))
            }
            return out
        }
        let shown = system.shownItems
        var out = pins(shown[0], Frame(x: 0, y: 0, width: rootSize.width, height: rootSize.height), origin: false)
        for (i, f) in frames.enumerated() { out += pins(shown[i + 1], f, origin: true) }
        return out
    }

    /// `solved` (a solve's values) with the root's and the items' variables replaced by the engine's exact frames:
    /// the guides keep their solved values, which a layout does not show.
    func values(over solved: ReferenceSystem.Values, _ system: ReferenceSystem) -> ReferenceSystem.Values {
        var values = solved
        func set(_ item: IndexedItem, _ f: Frame) {
            values[.init(item, .x)] = f.x
            values[.init(item, .y)] = f.y
            values[.init(item, .width)] = f.width
            values[.init(item, .height)] = f.height
        }
        let shown = system.shownItems
        set(shown[0], Frame(x: 0, y: 0, width: rootSize.width, height: rootSize.height))
        for (i, f) in frames.enumerated() { set(shown[i + 1], f) }
        return values
    }
}

/// Why an engine's layout cannot be diagnosed, for people.
struct DiagnosisRefusal: Error {
    let reason: String
    init(_ reason: String) { self.reason = reason }
}
