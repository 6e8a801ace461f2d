import PropertyCheck
import Testing
@testable import StackLayout

/// A one-shot solve of a scenario with many items measures positions from neighbours (`RelativePositions`): a change
/// of variables with the same optimum, so the layout must be the one solved over root coordinates, but for rounding,
/// with the same broken constraints and conflict sets (R-SOLVE-5, R-T-7).
@Suite struct RelativePositionsTests {
    /// The exact layout of `scenario` solved with offsets for positions (`relative`) or over root coordinates.
    static func exact(_ scenario: Scenario, relative: Bool) -> ExactLayout {
        let fitting = AcceleratedReferenceEngine.fittingHeight(AcceleratedReferenceEngine.FittingHeights())
        let system = PackedSystem(scenario.clampedForLayout(), fittingHeight: fitting)
        return AcceleratedReferenceEngine.solve(system, relativeFrom: relative ? 0 : .max)
    }

    /// Equal but for rounding: 1e-9 of the larger magnitude (at least 1 pt).
    static func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= 1e-9 * max(1, abs(a), abs(b)) }

    static func differences(_ a: ExactLayout, _ b: ExactLayout) -> [String] {
        var out: [String] = []
        if a.diagnostics != b.diagnostics { out.append("diagnostics \(a.diagnostics) vs \(b.diagnostics)") }
        if !close(a.size.width, b.size.width) || !close(a.size.height, b.size.height) { out.append("size \(a.size) vs \(b.size)") }
        for (i, (p, q)) in zip(a.frames, b.frames).enumerated()
        where !close(p.x, q.x) || !close(p.y, q.y) || !close(p.width, q.width) || !close(p.height, q.height) {
            out.append("frame \(i): \(p) vs \(q)")
        }
        return out
    }

    /// Small scenarios of every kind (nesting, hidden views, baselines, margins, user constraints that conflict),
    /// solved both ways at any size.
    @Test func smallScenariosSolveAlikeBothWays() async {
        await checkProperty("reference.relativePositions.small", ReferenceScenarios.scenarios,
                            configuration: ReferenceScenarios.configuration(seed: 0x14_20, cases: 300),
                            describe: ReferenceScenarios.describe) { scenario, _ in
            let d = Self.differences(Self.exact(scenario, relative: true), Self.exact(scenario, relative: false))
            try require(d.isEmpty, "relative vs root coordinates:\n" + LayoutDifferences.joined(d, limit: 8))
        }
    }

    /// Long stacks, where the engine uses offsets (`RelativePositions.threshold` items and more): solved both ways
    /// alike, and the engine's own solve takes the offsets at this size, so its x and widths are the relative
    /// solve's, to the bit.
    @Test func longStacksSolveAlikeBothWays() async {
        let threshold = RelativePositions.threshold
        await checkProperty("reference.relativePositions.long",
                            ReferenceScenarios.scenario(rootCount: threshold...threshold + 59),
                            configuration: ReferenceScenarios.configuration(seed: 0x14_21, cases: 12),
                            describe: ReferenceScenarios.describe) { scenario, _ in
            let relative = Self.exact(scenario, relative: true)
            let d = Self.differences(relative, Self.exact(scenario, relative: false))
            try require(d.isEmpty, "relative vs root coordinates:\n" + LayoutDifferences.joined(d, limit: 8))
            let engine = ReferenceSolvePathTests.accelerated(scenario.clampedForLayout())
            try require(engine.frames.map(\.x.bitPattern) == relative.frames.map(\.x.bitPattern)
                            && engine.frames.map(\.width.bitPattern) == relative.frames.map(\.width.bitPattern), """
                engine vs relative solve (x and width to the bit):
                \(LayoutDifferences.lines(engine, relative, same: LayoutDifferences.sameBits))
                """)
        }
    }
}
