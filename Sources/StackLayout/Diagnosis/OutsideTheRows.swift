/// What a layout can get wrong that no row of the reference's system holds, asked of a layout whose frames agree
/// with UIKit's constraints (`ReferenceEngine.diagnose`): the pixel rounding of its edges and size (R-PX-1, R-PX-2;
/// the pins allow half a pixel, so the levels cannot see it), and the root stack's baselines, which add no row and
/// are read off the frames (`ExactLayout.completeRootBaselines`: R-BL-2, R-BL-3, R-BL-5).
struct OutsideTheRows {
    let scenario: Scenario
    let clamped: Scenario
    let imposed: ImposedFrames
    let index: ScenarioIndex
    /// The engine's layout as published (for its baselines).
    let layout: Layout
    let tolerance: Double
    /// The tolerance and half a pixel (`ReferenceEngine.diagnose`).
    let slack: Double

    /// A rounding or baseline finding, or nil when the layout is the reference's in both.
    func diagnosis() -> LayoutDiagnosis? {
        guard let published = try? ReferenceEngine().layout(scenario),
              case .success(let reference) = ImposedFrames.read(published, index: index,
                                                                mirrored: clamped.layoutDirection == .rightToLeft)
        else { return nil }
        if clamped.scale != nil, let edge = roundingDifference(reference) {
            return LayoutDiagnosis(verdict: .differsInRounding, family: "R-PX-2",
                                   lines: ["differs only in pixel rounding (R-PX-1: each edge to the nearest pixel, "
                                           + "a half rounding up; R-PX-2: edges rounded separately): \(edge)"])
        }
        return baselineDifference(published)
    }

    /// The first edge (the root's size, then the items in pre-order: x, max x, y, max y) at which the engine's
    /// frames differ from the reference's published ones by more than the tolerance, in words.
    func roundingDifference(_ reference: ImposedFrames) -> String? {
        let bound = max(Diagnoser.minimumSlack, tolerance.isFinite ? tolerance : 0)
        var edges = [("the root stack's width", imposed.rootSize.width, reference.rootSize.width),
                     ("the root stack's height", imposed.rootSize.height, reference.rootSize.height)]
        for (i, (a, b)) in zip(imposed.frames, reference.frames).enumerated() {
            let id = index.items[i].id
            edges += [("\(id)'s x", a.x, b.x), ("\(id)'s max x", a.x + a.width, b.x + b.width),
                      ("\(id)'s y", a.y, b.y), ("\(id)'s max y", a.y + a.height, b.y + b.height)]
        }
        guard let (name, mine, theirs) = edges.first(where: { abs($0.1 - $0.2) > bound }) else { return nil }
        return "\(name) is \(UISVNumber.format(mine)), the reference's \(UISVNumber.format(theirs))"
    }

    /// The root's first or last baseline when the engine computed it and it is not the reference's (within the
    /// slack), with the view UIKit takes it from.
    func baselineDifference(_ reference: Layout) -> LayoutDiagnosis? {
        let rule = clamped.stack.axis == .horizontal ? "R-BL-2" : "R-BL-3"
        let why = clamped.stack.axis == .horizontal
            ? "a horizontal stack's baseline view is its tallest view, decided from fitting heights (R-BL-5)"
            : "a vertical stack's first baseline view is its first visible view, its last baseline view its last"
        var views = BaselineViews(root: clamped.stack, index: index, fittingHeight: ReferenceEngine.fittingHeight)
        for (last, mine, theirs) in [(false, layout.firstBaseline, reference.firstBaseline),
                                     (true, layout.lastBaseline, reference.lastBaseline)] {
            guard let mine = mine.value, let theirs = theirs.value, !(abs(mine - theirs) <= slack) else { continue }
            let which = last ? "last" : "first"
            let source = views.source(of: nil, last: last).item.map { "\(index.items[$0].id)'s" }
                ?? "the stack's bottom: it has no visible view"
            return LayoutDiagnosis(verdict: .differsInRootBaseline(rule: rule), family: rule,
                                   lines: ["the root stack's \(which) baseline is \(UISVNumber.format(mine)), UIKit's "
                                           + "\(UISVNumber.format(theirs)) (\(source)); \(rule): \(why)"])
        }
        return nil
    }
}
