import PropertyCheck
import StackLayout

/// The accelerated reference held to the oracle (`ReferenceEngine`): the comparison the accelerated reference's
/// tests (`AcceleratedReferenceTests`) and the engines fuzz target share.
public enum OracleAgreement {
    /// A layout engine meant to lay out like the oracle; nil when it declines.
    public typealias Accelerator = @Sendable (Scenario) -> Layout?

    /// Same frames, size, baselines and diagnostics, every number to the bit.
    public static func sameToTheBit(_ a: Layout, _ b: Layout) -> Bool {
        func bits(_ v: Double) -> UInt64 { v.bitPattern }
        func bits(_ f: Frame) -> [UInt64] { [bits(f.x), bits(f.y), bits(f.width), bits(f.height)] }
        return a.frameIDs == b.frameIDs && a.diagnostics == b.diagnostics
            && a.frameValues.map(bits) == b.frameValues.map(bits)
            && bits(a.size.width) == bits(b.size.width) && bits(a.size.height) == bits(b.size.height)
            && a.firstBaseline == b.firstBaseline && a.lastBaseline == b.lastBaseline
    }

    /// Same frames within `tolerance` points, the rest as `sameToTheBit` but for the sizes, also within it.
    public static func close(_ a: Layout, _ b: Layout, within tolerance: Double) -> Bool {
        func near(_ x: Double, _ y: Double) -> Bool { abs(x - y) <= tolerance }
        guard a.frameIDs == b.frameIDs, a.diagnostics == b.diagnostics, near(a.size.width, b.size.width),
              near(a.size.height, b.size.height) else { return false }
        return zip(a.frameValues, b.frameValues).allSatisfy {
            near($0.x, $1.x) && near($0.y, $1.y) && near($0.width, $1.width) && near($0.height, $1.height)
        }
    }

    /// Whether the oracle is cheap enough for `scenario`: it re-solves every nested stack alone for R-BL-5 and
    /// measures no position from a neighbour, so generated nests of hundreds of views cost it seconds each in a debug
    /// build. Flat stacks of any length and nests of at most 40 items are.
    public static func oracleAffords(_ scenario: Scenario) -> Bool {
        ScenarioIndex(scenario.stack).items.count <= 40 || scenario.stack.arrangedSubviews.allSatisfy { $0.stack == nil }
    }

    /// Fails unless the accelerator lays `scenario` out as the oracle does, to the bit, rounded (at the scenario's
    /// scale) and unrounded, with the same diagnostics. From `RelativePositions.threshold` items on, unrounded
    /// numbers may differ by 1e-9 pt (sums in another order), rounded ones not at all.
    public static func check(_ scenario: Scenario, _ accelerator: @escaping Accelerator) throws(PropertyFailure) {
        try check(scenario, [accelerator])
    }

    /// `check(_:_:)` for several accelerators, each held to the same oracle layouts (solved once).
    public static func check(_ scenario: Scenario, _ accelerators: [Accelerator]) throws(PropertyFailure) {
        var unrounded = scenario
        unrounded.scale = nil
        for s in scenario.scale == nil ? [scenario] : [scenario, unrounded] {
            guard let oracle = try? ReferenceEngine().layout(s) else { throw PropertyFailure("the oracle declined") }
            let long = ScenarioIndex(s.clampedForLayout().stack).items.count >= RelativePositions.threshold
            for (i, accelerator) in accelerators.enumerated() {
                guard let fast = accelerator(s) else { throw PropertyFailure("accelerator \(i) declined") }
                let agrees = long && s.scale == nil ? close(fast, oracle, within: 1e-9) : sameToTheBit(fast, oracle)
                if !agrees { throw PropertyFailure("accelerator \(i) \(fast)\noracle \(oracle)") }
            }
        }
    }
}
