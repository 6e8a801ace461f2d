/// An engine's exact, unrounded answer before finishing: every frame in the ROOT stack's coordinate space, laid
/// out left to right whatever the scenario's `layoutDirection` (engines lay out in reading order with leading =
/// left; `finish` mirrors). `finish(_:for:)` turns it into the `Layout` document: clamping (R-SOLVE-6), pixel
/// rounding (R-PX-1, R-PX-2), parent-relative frames, and right-to-left mirroring (R-RTL-1).
public struct ExactLayout: Sendable {
    /// The root stack's size.
    public var size: Size
    /// One frame per arranged item, in `ScenarioIndex` pre-order, in root coordinates, left to right.
    public var frames: [Frame]
    /// The root stack's baselines from its top (`nil`: no baseline).
    public var firstBaseline: Double?
    public var lastBaseline: Double?
    public var diagnostics: [String]

    public init(size: Size, frames: [Frame], firstBaseline: Double?, lastBaseline: Double?,
                diagnostics: [String] = []) {
        self.size = size
        self.frames = frames
        self.firstBaseline = firstBaseline
        self.lastBaseline = lastBaseline
        self.diagnostics = diagnostics
    }
}

/// Pixel rounding (R-PX-1, OBS): to the nearest device pixel, an exact half pixel rounding up (toward +∞).
public enum PixelRounding {
    /// Rounds `value` to a multiple of 1/scale. A value whose v·scale lies within 1e-9 of a multiple of ½ is snapped
    /// to it first, so that two engines whose exact answers differ by floating-point noise round alike (issue 4).
    public static func round(_ value: Double, scale: Double) -> Double {
        var t = value * scale
        let halves = (t * 2).rounded()
        if abs(t - halves / 2) <= 1e-9 { t = halves / 2 }
        return (t + 0.5).rounded(.down) / scale
    }
}

extension ExactLayout {
    /// Finishes an exact layout into the layout document (SCENARIO-FORMAT.md, "Layout"):
    /// 1. clamps every number to ±2,777,777 (R-SOLVE-6);
    /// 2. with a scale, rounds every edge separately in root coordinates, left to right, and the root size and the
    ///    baselines like edges (R-PX-2, TENTATIVE), so sizes absorb the error;
    /// 3. expresses each frame relative to its arranging stack's (rounded) origin;
    /// 4. in right-to-left, mirrors each frame inside its arranging stack: x ↦ width(stack) − x − width, so the
    ///    rounded right-to-left layout is exactly the mirror image of the rounded left-to-right one (R-RTL-1, R-PX-2).
    public func finish(for scenario: Scenario, index: ScenarioIndex) -> Layout {
        let clamp: (Double) -> Double = LengthClamp.clamp
        let edge: (Double) -> Double = { v in
            let c = denoise(clamp(v))
            guard let scale = scenario.scale else { return c }
            return PixelRounding.round(c, scale: scale)
        }
        // Rounded root-coordinate frames, edge by edge.
        var absolute: [Frame] = []
        absolute.reserveCapacity(frames.count)
        for f in frames {
            let x0 = edge(f.minX), x1 = edge(f.maxX), y0 = edge(f.minY), y1 = edge(f.maxY)
            absolute.append(Frame(x: x0, y: y0, width: x1 - x0, height: y1 - y0))
        }
        let rootSize = Size(width: edge(size.width), height: edge(size.height))
        let mirror = scenario.layoutDirection == .rightToLeft
        var result: [(id: String, frame: Frame)] = []
        result.reserveCapacity(frames.count)
        for (i, item) in index.items.enumerated() {
            var f = absolute[i]
            let parentWidth: Double
            if let p = item.parent {
                f.x -= absolute[p].x
                f.y -= absolute[p].y
                parentWidth = absolute[p].width
            } else {
                parentWidth = rootSize.width
            }
            if mirror { f.x = parentWidth - f.x - f.width }
            f.x = normalizeZero(f.x); f.y = normalizeZero(f.y)
            f.width = normalizeZero(f.width); f.height = normalizeZero(f.height)
            result.append((item.id, f))
        }
        return Layout(size: rootSize, frames: result,
                      firstBaseline: firstBaseline.map { .value(edge($0)) } ?? .none,
                      lastBaseline: lastBaseline.map { .value(edge($0)) } ?? .none,
                      diagnostics: diagnostics)
    }
}

/// A solver's floating-point noise (49.999999999999986 for 50) removed: a value within 1e-9 (relative) of a
/// multiple of 2⁻²⁰ is snapped to it. Values that are not near such a multiple (1/3) are left alone, so this never
/// moves a value by more than 1e-9 and layouts print as people expect.
func denoise(_ v: Double) -> Double {
    let grid = 1048576.0
    let snapped = (v * grid).rounded() / grid
    return abs(snapped - v) <= 1e-9 * max(1, abs(v)) ? snapped : v
}

/// `-0` becomes `0`, so layouts compare and print alike.
@inline(__always) func normalizeZero(_ v: Double) -> Double { v == 0 ? 0 : v }
