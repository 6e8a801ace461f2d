import Testing
import PropertyCheck
@testable import StackConformance
@testable import StackLayout

/// The runner keeps a case's reference solves (`ReferenceLayoutCache`): every layout and fitting size it answers
/// must be, to the bit, the one a fresh `AcceleratedReferenceEngine().layout(_:)` gives, which AcceleratedReferenceTests
/// hold to the oracle (the §4 domain's use of them: Section4DomainTests).
@Suite struct CaseReferenceLayoutsTests {
    /// Generated scenarios with much nesting, scales and both directions (every feature but internal priorities).
    static func scenarios(count: Int, seed: UInt64) -> [Scenario] {
        var shape = ScenarioGenerator.Shape()
        shape.nestedProbability = 0.4
        shape.scaleProbability = 0.3
        let gen = ScenarioGenerator(features: FeatureSet.all.subtracting([.priorityCollisions]), shape: shape).scenario
        return GeneratorTests.draw(count, from: gen, seed: seed)
    }

    /// Every number of a layout by its bits (so -0 and 0 differ), with its ids, baselines and diagnostics.
    static func bits(_ l: Layout) -> [String] {
        func b(_ v: Double) -> String { String(v.bitPattern, radix: 16) }
        func b(_ baseline: Baseline) -> String {
            if case .value(let v) = baseline { return b(v) }
            return "\(baseline)"
        }
        var out = [b(l.size.width), b(l.size.height), b(l.firstBaseline), b(l.lastBaseline)] + l.diagnostics
        for (id, f) in zip(l.frameIDs, l.frameValues) { out += [id, b(f.x), b(f.y), b(f.width), b(f.height)] }
        return out
    }

    static func nestedStacks(_ stack: Stack) -> [(id: String, stack: Stack)] {
        var out: [(id: String, stack: Stack)] = []
        var pending = [stack]
        while let s = pending.popLast() {
            for item in s.arrangedSubviews {
                if let inner = item.stack { out.append((item.id, inner)); pending.append(inner) }
            }
        }
        return out
    }

    /// The scenario, its variants in other scales and directions, and its nested stacks alone, in a cache shared by
    /// all of them (as one case shares it), against fresh layouts; nested fitting sizes asked in a scrambled order.
    @Test func cachedLayoutsAndFittingSizesEqualFreshOnes() throws {
        let scenarios = Self.scenarios(count: 16, seed: 0x5EED_0014)
        var twins = 0
        #expect(scenarios.filter { !Self.nestedStacks($0.stack).isEmpty }.count >= 4)
        var rng = SplitMix64(state: 14)
        for scenario in scenarios {
            let cache = ReferenceLayoutCache()
            _ = cache.layout(scenario)
            let solves = cache.solveCount
            var variants = [scenario]
            for scale in [nil, 2.0] as [Double?] {
                for direction in [LayoutDirection.leftToRight, .rightToLeft] {
                    var v = scenario
                    v.scale = scale
                    v.layoutDirection = direction
                    variants.append(v)
                    _ = cache.layout(v)
                }
            }
            #expect(cache.solveCount == solves)   // the variants in other scales and directions are the same solve
            // R-SP-6: a custom spacing after the root's last view changes no row, so the cache takes the same solve
            // (and a changed row would get a solve of its own: the comparison below would see a wrong answer).
            if let last = scenario.stack.arrangedSubviews.indices.last {
                var v = scenario
                v.stack.arrangedSubviews[last].customSpacingAfter =
                    v.stack.arrangedSubviews[last].customSpacingAfter == .points(17) ? .points(3) : .points(17)
                let other = ReferenceLayoutCache()
                _ = other.layout(scenario)
                #expect(Self.bits(other.layout(v)) == Self.bits(try AcceleratedReferenceEngine().layout(v)), "\(v.jsonString(pretty: false))")
                twins += other.twinCount
                // Another spacing changes constants only (the same rows otherwise): it must get a solve of its own.
                var w = scenario
                w.stack.spacing = w.stack.spacing == .points(7.25) ? .points(3.5) : .points(7.25)
                #expect(Self.bits(other.layout(w)) == Self.bits(try AcceleratedReferenceEngine().layout(w)), "\(w.jsonString(pretty: false))")
            }
            var nested = Self.nestedStacks(scenario.stack)
            for i in nested.indices.reversed() { nested.swapAt(i, Int(rng.next() % UInt64(i + 1))) }
            for (id, stack) in nested {
                let fresh = try AcceleratedReferenceEngine().layout(Scenario(layoutDirection: scenario.layoutDirection, stack: stack))
                let size = try #require(cache.fittingSize(ofNested: id, in: scenario))
                #expect(size.width.bitPattern == fresh.size.width.bitPattern
                        && size.height.bitPattern == fresh.size.height.bitPattern, "\(id) in \(scenario.jsonString(pretty: false))")
                variants.append(Scenario(stack: stack))
            }
            for variant in variants {
                let fresh = try AcceleratedReferenceEngine().layout(variant)
                #expect(Self.bits(cache.layout(variant)) == Self.bits(fresh), "\(variant.jsonString(pretty: false))")
            }
            // Each nested stack is solved at most twice: for its fitting size, and as a whole layout (while the cache
            // has room).
            if 2 * nested.count < cache.capacity { #expect(cache.solveCount <= solves + 2 * nested.count) }
        }
        #expect(twins >= 8, "only \(twins) variants took the solve of the same rows")
    }

    /// The §4 check's solve (`unlessBroken`, without the root's baselines) answers a scenario with a broken
    /// constraint with its `broken:` lines only (the solve stopped after the required rows), and any other with the
    /// fresh layout but `notComputed` baselines, filled in from the same solve when asked for. A whole layout asked
    /// for later equals the fresh one, solved again only after a broken constraint.
    @Test func aPartialLayoutIsCompletedWhenAskedFor() throws {
        var broken = 0, fittedForBaselines = 0
        for scenario in Self.scenarios(count: 120, seed: 0x5EED_0016) {
            let json = scenario.jsonString(pretty: false)
            let fresh = try AcceleratedReferenceEngine().layout(scenario)
            let cache = ReferenceLayoutCache()
            let frames = cache.layout(scenario, unlessBroken: true, rootBaselines: false)
            #expect(frames.firstBaseline == .notComputed && frames.lastBaseline == .notComputed)
            let brokenLines = fresh.diagnostics.filter { $0.hasPrefix("broken:") }
            let afterFrames = cache.solveCount
            if !brokenLines.isEmpty {
                broken += 1
                #expect(frames.diagnostics.filter { $0.hasPrefix("broken:") } == brokenLines, "\(json)")
                #expect(Self.bits(cache.layout(scenario)) == Self.bits(fresh), "\(json)")
                #expect(cache.solveCount > afterFrames)   // solved again
                continue
            }
            let partial = cache.layout(scenario, unlessBroken: true)
            if cache.solveCount > afterFrames { fittedForBaselines += 1 }
            // Only the baselines were missing (`bits` starts with the size and the two baselines).
            #expect(Self.bits(frames)[0...1] == Self.bits(partial)[0...1])
            #expect(Self.bits(frames)[4...] == Self.bits(partial)[4...])
            #expect(Self.bits(partial) == Self.bits(fresh), "\(json)")
            let solves = cache.solveCount
            #expect(Self.bits(cache.layout(scenario)) == Self.bits(fresh), "\(json)")
            #expect(cache.solveCount == solves)   // nothing was left out
        }
        #expect(broken >= 5, "only \(broken) scenarios broke a constraint")
        #expect(fittedForBaselines >= 5, "only \(fittedForBaselines) scenarios fitted nested stacks for the root's baselines")
    }

    /// The §4 domain check as it was before the case's solves were kept: every nested stack laid out afresh.
    /// `size(of:)` answers from a solve for the size (tie levels skipped when UIKit's levels fix it) or from a kept
    /// solve; either way it is the fresh layout's size, to the bit: asked first, for the nested stacks alone after
    /// the §4 check fitted them (as `nesting.behavesAsFittingSizeView` asks), and asked again after a whole layout.
    @Test func sizesEqualFreshLayoutsSizes() throws {
        func b(_ s: Size) -> [UInt64] { [s.width.bitPattern, s.height.bitPattern] }
        var fitted = 0
        for scenario in Self.scenarios(count: 120, seed: 23) {
            let fresh = try AcceleratedReferenceEngine().layout(scenario)
            let references = CaseReferenceLayouts()
            #expect(b(references.size(of: scenario)) == b(fresh.size))
            _ = references.layout(scenario)
            #expect(b(references.size(of: scenario)) == b(fresh.size))
            for (id, nested) in Self.nestedStacks(scenario.stack) {
                let alone = Scenario(scale: nil, layoutDirection: scenario.layoutDirection, stack: nested)
                let expected = try AcceleratedReferenceEngine().layout(alone).size
                if references.fittingSize(ofNested: id, in: scenario) != nil { fitted += 1 }
                #expect(b(references.size(of: alone)) == b(expected), "nested \(id)")
            }
        }
        #expect(fitted > 40)
    }
}
