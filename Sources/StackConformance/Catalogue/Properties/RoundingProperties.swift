import PropertyCheck
import StackLayout

extension ConformanceProperty {
    static let pixelGrid = ConformanceProperty(
        "rounding.onPixelGrid", rules: ["R-PX-1"], features: [.pixelRounding],
        statement: "With a scale, in left-to-right, every frame edge in root coordinates and the root size lie on the "
            + "1/scale pixel grid, each within half a pixel of the engine's exact layout of the same scenario without "
            + "a scale (to nearest, not up).",
        .layout(LayoutCheck(shape: { $0.allowsRightToLeft = false; $0.scaleProbability = 1 },
                            precondition: { s, _ in s.scale != nil && s.layoutDirection == .leftToRight }) { ctx in
            let scale = ctx.scenario.scale!
            var exactScenario = ctx.scenario
            exactScenario.scale = nil
            let exact = try ctx.layout(of: exactScenario)
            let rounded = rootEdges(ctx.scenario, ctx.layout), precise = rootEdges(exactScenario, exact)
            for (name, value) in rounded {
                let pixels = value * scale
                try ctx.expect(abs(pixels - pixels.rounded()) <= 1e-6, "\(name) = \(formatNumber(value)) is not on the 1/\(formatNumber(scale)) pixel grid")
                if let e = precise.first(where: { $0.0 == name })?.1 {
                    try ctx.expect(abs(value - e) <= 0.5 / scale + 1e-9,
                                   "\(name) = \(formatNumber(value)) is more than half a pixel from the exact \(formatNumber(e))")
                }
            }
        }))

    static let perEdge = ConformanceProperty(
        "rounding.perEdge", rules: ["R-PX-1", "R-PX-2"], features: [.pixelRounding],
        statement: "With a scale, every frame edge in root coordinates and the root size are the engine's exact values "
            + "rounded separately to the nearest pixel, an exact half pixel up (950.25 at 2× is 950.5; a value within "
            + "10⁻⁷ pixel of a half but not within 10⁻⁹, a half blurred by solver noise in large layouts, may round either "
            + "way); in "
            + "right-to-left the layout is the mirror of the rounded left-to-right layout inside each stack.",
        .layout(LayoutCheck(shape: { $0.scaleProbability = 1 }, precondition: { s, _ in s.scale != nil }) { ctx in
            let scale = ctx.scenario.scale!
            var ltr = ctx.scenario
            ltr.layoutDirection = .leftToRight
            var exactScenario = ltr
            exactScenario.scale = nil
            let exact = try ctx.layout(of: exactScenario)
            let left = ltr == ctx.scenario ? ctx.layout : try ctx.layout(of: ltr)
            let precise = rootEdges(exactScenario, exact)
            for ((name, value), (_, e)) in zip(rootEdges(ltr, left), precise) {
                let pixels = e * scale
                let down = pixels.rounded(.down)
                let frac = pixels - down
                let expected: Double
                let offHalf = abs(frac - 0.5)
                if offHalf <= 1e-9 { expected = (down + 1) / scale } else { expected = pixels.rounded(.toNearestOrAwayFromZero) / scale }
                // A half blurred by solver noise (large layouts: 24.249999974 for 24.25) may round either way.
                if offHalf > 1e-9 && offHalf <= 1e-7 && (abs(value - down / scale) <= 1e-9 * max(1, abs(value))
                                                         || abs(value - (down + 1) / scale) <= 1e-9 * max(1, abs(value))) { continue }
                try ctx.expect(abs(value - expected) <= 1e-9 * max(1, abs(expected)),
                               "\(name): exact \(formatNumber(e)) at scale \(formatNumber(scale)) rounds to \(formatNumber(expected)), got \(formatNumber(value))")
            }
            guard ctx.scenario.layoutDirection == .rightToLeft else { return }
            var widths: [String: Double] = [:]
            for stack in LaidOutStack.all(ltr, left) { for item in stack.items { widths[item.view.id] = stack.bounds.width } }
            var mirrored = left
            mirrored.frames = left.frames.map { entry in
                var f = entry.frame
                f.x = (widths[entry.id] ?? 0) - f.x - f.width
                return (entry.id, f)
            }
            let differences = LayoutComparison.differences(actual: ctx.layout, expected: mirrored, tolerance: 1e-9)
            try ctx.expect(differences.isEmpty, "the rounded right-to-left layout is not the mirror of the rounded left-to-right one: "
                           + differences.prefix(6).joined(separator: "; "))
        }))

    static let finiteFrames = ConformanceProperty(
        "layout.finiteFrames", rules: ["R-SOLVE-5", "R-SOLVE-6"],
        statement: "On every scenario inside the engine's features (conflicts included), the layout has a finite size and "
            + "a finite frame for every arranged item at every depth, within ±2,777,777 points per level of nesting.",
        .layout(LayoutCheck(shape: { $0.scaleProbability = 0.2 }, domain: .engineFeatures) { ctx in
            let limit = 2_777_777.0 * Double(Spec.stacks(ctx.scenario.stack).count + 1)
            func ok(_ v: Double) -> Bool { v.isFinite && abs(v) <= limit }
            try ctx.expect(ok(ctx.layout.size.width) && ok(ctx.layout.size.height),
                           "the stack's size \(formatNumber(ctx.layout.size.width)) × \(formatNumber(ctx.layout.size.height)) is not finite")
            for (id, f) in zip(ctx.layout.frameIDs, ctx.layout.frameValues) {
                try ctx.expect(ok(f.x) && ok(f.y) && ok(f.width) && ok(f.height),
                               "the frame of '\(id)' (\(formatNumber(f.x)), \(formatNumber(f.y)), \(formatNumber(f.width)), \(formatNumber(f.height))) is not finite")
            }
        }))

    static let agreement = ConformanceProperty(
        "agreement.matchesReference", rules: ["R-T-1", "R-T-8"], features: [], level: .tentative,
        statement: "On every scenario inside the engine's features (conflicts and priority collisions included), the "
            + "engine's whole layout (size, every frame, computed baselines) equals the reference engine's, within "
            + "1e-6 points between the built-in engines (exactly, with a scale) and within the tolerance otherwise. Its "
            + "level is TENTATIVE because the reference embeds every tentative decision; the direct engine must pass "
            + "it. It does not apply to the reference engine itself.",
        .layout(LayoutCheck(shape: { $0.scaleProbability = 0.2 }, domain: .engineFeatures) { ctx in
            let tolerance = ctx.builtIn ? (ctx.scenario.scale == nil ? 1e-6 : 1e-9) : ctx.tolerance.absolute
            let differences = LayoutComparison.differences(actual: ctx.layout, expected: ctx.reference, tolerance: tolerance)
            try ctx.expect(differences.isEmpty, "the layout differs from the reference: " + differences.prefix(6).joined(separator: "; "))
        }))
}

/// Every edge of every frame in root coordinates, and the root size, named for messages, in pre-order.
func rootEdges(_ scenario: Scenario, _ layout: Layout) -> [(String, Double)] {
    var out: [(String, Double)] = [("size.width", layout.size.width), ("size.height", layout.size.height)]
    var origin: [String: (Double, Double)] = [:]
    for stack in LaidOutStack.all(scenario, layout) {
        let base = stack.id.flatMap { origin[$0] } ?? (0, 0)
        for item in stack.items {
            let x = base.0 + item.frame.x, y = base.1 + item.frame.y
            origin[item.view.id] = (x, y)
            out.append(("\(item.view.id).minX", x))
            out.append(("\(item.view.id).maxX", x + item.frame.width))
            out.append(("\(item.view.id).minY", y))
            out.append(("\(item.view.id).maxY", y + item.frame.height))
        }
    }
    return out
}
