@_spi(Mutants) import StackConformance
import StackLayout

// The rounding mutants (R-PX-1, R-PX-2): the reference engine's exact layout, rounded the wrong way.

/// R-PX-1 broken: every edge in root coordinates rounded up.
func roundingUp(_ scenario: Scenario, _ layout: Layout) -> Layout {
    guard let scale = scenario.scale, scenario.layoutDirection == .leftToRight else { return layout }
    var exact = scenario
    exact.scale = nil
    guard let e = try? AcceleratedReferenceEngine().layout(exact) else { return layout }
    func up(_ v: Double) -> Double { (v * scale - 1e-9).rounded(.up) / scale }
    var origin: [String: (Double, Double)] = [:]
    var rounded: [String: Frame] = [:]
    for s in LaidOutStack.all(exact, e) {
        let base = s.id.flatMap { origin[$0] } ?? (0, 0)
        for item in s.items {
            let x0 = base.0 + item.frame.x, y0 = base.1 + item.frame.y
            origin[item.view.id] = (x0, y0)
            let px = up(base.0), py = up(base.1)
            rounded[item.view.id] = Frame(x: up(x0) - px, y: up(y0) - py,
                                          width: up(x0 + item.frame.width) - up(x0), height: up(y0 + item.frame.height) - up(y0))
        }
    }
    var l = e.mapFrames { id, f in if let r = rounded[id] { f = r } }
    l.size = Size(width: up(e.size.width), height: up(e.size.height))
    l.firstBaseline = layout.firstBaseline
    l.lastBaseline = layout.lastBaseline
    return l
}

/// R-PX-2 broken: each frame's origin and size rounded separately (parent-relative), so sizes no longer absorb the
/// rounding error of the edges.
func roundingSizesNotEdges(_ scenario: Scenario, _ layout: Layout) -> Layout {
    guard let scale = scenario.scale else { return layout }
    var exact = scenario
    exact.scale = nil
    guard let e = try? AcceleratedReferenceEngine().layout(exact) else { return layout }
    func r(_ v: Double) -> Double { (v * scale).rounded(.toNearestOrAwayFromZero) / scale }
    var l = e.mapFrames { _, f in f = Frame(x: r(f.x), y: r(f.y), width: r(f.width), height: r(f.height)) }
    l.size = Size(width: r(e.size.width), height: r(e.size.height))
    l.firstBaseline = layout.firstBaseline
    l.lastBaseline = layout.lastBaseline
    return l
}
