/// An engine's exact, unrounded answer before finishing: every frame in the ROOT stack's coordinate space, laid
/// out left to right whatever the scenario's `layoutDirection` (engines lay out in reading order with leading =
/// left; `finish` mirrors). `finish(_:for:)` turns it into the `Layout` document: clamping (R-SOLVE-6), pixel
/// rounding (R-PX-1, R-PX-2), parent-relative frames, and right-to-left mirroring (R-RTL-1).
struct ExactLayout: Sendable {
    /// The root stack's size.
    var size: Size
    /// One frame per arranged item, in `ScenarioIndex` pre-order, in root coordinates, left to right.
    var frames: [Frame]
    /// The root stack's baselines from its top (`nil`: no baseline).
    var firstBaseline: Double?
    var lastBaseline: Double?
    var diagnostics: [String]
    /// The root stack's top in its own coordinates (pinned at 0; as solved), which its baselines may be read from.
    var rootY = 0.0
    /// False until the root's baselines are filled in (`completeRootBaselines`): a layout finished
    /// before then has `notComputed` baselines.
    var hasRootBaselines = true
    /// True when the solve stopped early for what its caller reads (`AcceleratedReferenceEngine.Reading`): then only that is
    /// valid (a size, or the `broken:` lines).
    var isPartial = false

    init(size: Size, frames: [Frame], firstBaseline: Double?, lastBaseline: Double?,
                diagnostics: [String] = []) {
        self.size = size
        self.frames = frames
        self.firstBaseline = firstBaseline
        self.lastBaseline = lastBaseline
        self.diagnostics = diagnostics
    }
}

/// Pixel rounding (R-PX-1, OBS): to the nearest device pixel, an exact half pixel rounding up (toward +∞).
enum PixelRounding {
    /// Rounds `value` to a multiple of 1/scale. A value whose v·scale lies within 1e-9 of a multiple of ½ is snapped
    /// to it first, so that two engines whose exact answers differ by floating-point noise round alike (R-PX-1).
    static func round(_ value: Double, scale: Double) -> Double {
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
    func finish(for scenario: Scenario, index: ScenarioIndex) -> Layout {
        var finished = frames
        let root = Self.finish(&finished, root: Root(size: size, firstBaseline: firstBaseline, lastBaseline: lastBaseline),
                               scale: scenario.scale, mirrored: scenario.layoutDirection == .rightToLeft,
                               parents: index.items.map { $0.parent ?? -1 })
        return Layout(size: root.size, frameIDs: index.items.map(\.id), frameValues: finished,
                      firstBaseline: hasRootBaselines ? root.firstBaseline : .notComputed,
                      lastBaseline: hasRootBaselines ? root.lastBaseline : .notComputed, diagnostics: diagnostics)
    }

    /// The root stack's exact size and baselines (`nil`: no baseline).
    struct Root {
        var size: Size
        var firstBaseline: Double?
        var lastBaseline: Double?
    }

    /// One edge of step 1 and 2: clamped, denoised, and rounded to the pixel grid when there is one.
    @inline(__always) static func edge(_ v: Double, scale: Double?) -> Double {
        let c = denoise(LengthClamp.clamp(v))
        guard let scale else { return c }
        return PixelRounding.round(c, scale: scale)
    }

    /// Steps 1 to 4 of `finish(for:index:)` in place, without allocating: `frames` holds exact root-coordinate
    /// frames in pre-order on entry and the document's frames on return; `parents[i]` is the pre-order index of
    /// the nested stack arranging item i, −1 for the root's items. Returns the finished root size and baselines.
    static func finish(_ frames: inout [Frame], root: Root, scale: Double?, mirrored: Bool,
                       parents: [Int]) -> (size: Size, firstBaseline: Baseline, lastBaseline: Baseline) {
        let rootSize = Size(width: edge(root.size.width, scale: scale), height: edge(root.size.height, scale: scale))
        frames.withUnsafeMutableBufferPointer { frames in
            // Rounded root-coordinate frames, edge by edge.
            for i in frames.indices {
                let f = frames[i]
                let x0 = edge(f.minX, scale: scale), x1 = edge(f.maxX, scale: scale)
                let y0 = edge(f.minY, scale: scale), y1 = edge(f.maxY, scale: scale)
                frames[i] = Frame(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
            }
            // Parent-relative and mirrored, last to first: a parent comes before its items in pre-order, so its
            // frame is still the rounded root-coordinate one when its items need it.
            for i in frames.indices.reversed() {
                var f = frames[i]
                let parentWidth: Double
                let p = parents[i]
                if p >= 0 {
                    let origin = frames[p]
                    f.x -= origin.x
                    f.y -= origin.y
                    parentWidth = origin.width
                } else {
                    parentWidth = rootSize.width
                }
                if mirrored { f.x = parentWidth - f.x - f.width }
                f.x = normalizeZero(f.x); f.y = normalizeZero(f.y)
                f.width = normalizeZero(f.width); f.height = normalizeZero(f.height)
                frames[i] = f
            }
        }
        return (rootSize, root.firstBaseline.map { .value(edge($0, scale: scale)) } ?? .notComputed,
                root.lastBaseline.map { .value(edge($0, scale: scale)) } ?? .notComputed)
    }
}

/// A solver's floating-point noise (49.999999999999986 for 50) removed: a value within 1e-10 pt of a multiple of
/// 2⁻²⁰ is snapped to it, so layouts print as people expect and R-BL-5's "tallest" sees equal heights as equal.
/// The bound is absolute and far below a pixel: a value that is not near such a multiple (1/3) is left alone, and
/// R-PX-1's half-pixel ties (320.8333… pt at scale 3), which are no multiple, keep within `PixelRounding`'s 1e-9 px
/// of the tie. (A bound relative to the value would exceed half the grid's step at a few hundred points and move
/// such ties off.)
func denoise(_ v: Double) -> Double {
    let grid = 1048576.0
    let snapped = roundedHalfAwayFromZero(v * grid) / grid
    return abs(snapped - v) <= 1e-10 ? snapped : v
}

/// `-0` becomes `0`, so layouts compare and print alike.
@inline(__always) func normalizeZero(_ v: Double) -> Double { v == 0 ? 0 : v }

/// `x.rounded()` (to nearest, ties away from zero) without the libm call it makes on Linux; the same value for
/// every input, the sign of zero included.
@inline(__always) func roundedHalfAwayFromZero(_ x: Double) -> Double {
    let a = abs(x)
    guard a < 4_503_599_627_370_496 else { return x }   // 2⁵²: already whole (and ±∞, NaN)
    var whole = Double(Int64(a))                          // a ≥ 0: truncation is the floor
    if a - whole >= 0.5 { whole += 1 }
    return Double(signOf: x, magnitudeOf: whole)
}
