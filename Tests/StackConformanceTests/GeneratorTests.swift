import Testing
import PropertyCheck
import StackConformance
import StackLayout

/// The scenario generator's coverage and domain.
@Suite struct GeneratorTests {
    /// The first `count` scenarios of the default seed, with every feature.
    static func scenarios(_ features: FeatureSet, count: Int) -> [Scenario] {
        draw(count, from: ScenarioGenerator(features: features).scenario,
             seed: Seed.derive(0, property: "generator.coverage", context: ""))
    }

    /// The first `count` scenarios `gen` accepts, each case from its own seed drawn from `seed` (at most 20 tries
    /// per scenario).
    static func draw(_ count: Int, from gen: Gen<Scenario>, seed: UInt64) -> [Scenario] {
        var random = Xoshiro256StarStar(seed: seed)
        var out: [Scenario] = []
        var attempts = 0
        while out.count < count && attempts < count * 20 {
            attempts += 1
            if let s = try? gen.run(TestCase.fresh(Xoshiro256StarStar(seed: random.next()))) { out.append(s) }
        }
        return out
    }

    /// `Shape.rootAlignments` narrows the root stack only: nested stacks still draw from every alignment.
    @Test func rootAlignmentsNarrowOnlyTheRoot() {
        var shape = ScenarioGenerator.Shape()
        shape.rootAlignments = [.center]
        shape.nestedProbability = 0.5
        let gen = ScenarioGenerator(features: BuiltInEngines.reference.features, shape: shape).scenario
        var random = Xoshiro256StarStar(seed: 7)
        var roots: Set<Alignment> = [], nested: Set<Alignment> = []
        for _ in 0..<300 {
            guard let s = try? gen.run(TestCase.fresh(Xoshiro256StarStar(seed: random.next()))) else { continue }
            roots.insert(s.stack.alignment)
            var pending = s.stack.arrangedSubviews.compactMap(\.stack)
            while let st = pending.popLast() {
                nested.insert(st.alignment)
                pending += st.arrangedSubviews.compactMap(\.stack)
            }
        }
        #expect(roots == [.center])
        #expect(nested.count == Alignment.allCases.count, "nested stacks drew only \(nested.map(\.rawValue).sorted())")
    }

    /// Every axis × distribution × alignment combination inside the features appears (vertical × first/last baseline
    /// never does, R-AL-9), counting every stack of 400 scenarios.
    @Test(arguments: [BuiltInEngines.reference.features, BuiltInEngines.direct.features,
                      FeatureSet([.fill, .fillEqually, .alignFill, .leading, .center, .trailing, .hidden])])
    func everyCombinationAppears(_ features: FeatureSet) {
        var seen: Set<String> = []
        for s in Self.scenarios(features, count: 400) {
            var pending = [s.stack]
            while let st = pending.popLast() {
                seen.insert("\(st.axis.rawValue) \(st.distribution.rawValue) \(st.alignment.rawValue)")
                pending += st.arrangedSubviews.compactMap(\.stack)
            }
        }
        for axis in Axis.allCases {
            for d in Distribution.allCases where features.contains(.of(d)) {
                for a in Alignment.allCases where features.contains(.of(a)) {
                    let key = "\(axis.rawValue) \(d.rawValue) \(a.rawValue)"
                    if axis == .vertical && (a == .firstBaseline || a == .lastBaseline) {
                        #expect(!seen.contains(key), "R-AL-9: \(key) generated")
                    } else {
                        #expect(seen.contains(key), "\(key) never generated")
                    }
                }
            }
        }
    }

    /// Every scenario lies inside the engine's features, and the interesting cases are common.
    @Test func scenariosStayInsideTheFeaturesAndCoverTheCorners() {
        let direct = BuiltInEngines.direct.features
        let list = Self.scenarios(direct, count: 300)
        #expect(list.allSatisfy { requiredFeatures(of: $0).subtracting(direct).isEmpty })
        let all = Self.scenarios(.all, count: 300)
        func share(_ p: (Scenario) -> Bool) -> Int { all.filter(p).count }
        #expect(share { $0.stack.arrangedSubviews.contains(where: \.isHidden) } > 30)
        #expect(share { $0.stack.arrangedSubviews.count > 6 } > 3)
        #expect(share { $0.stack.arrangedSubviews.count <= 6 } > 200)
        #expect(share { $0.container.width == nil && $0.container.height == nil } > 50)
        #expect(share { $0.layoutDirection == .rightToLeft } > 20)
        #expect(share { $0.stack.isLayoutMarginsRelativeArrangement } > 20)
        #expect(share { $0.stack.arrangedSubviews.contains { $0.stack != nil } } > 30)
        #expect(share { s in s.stack.arrangedSubviews.contains { !$0.constraints.isEmpty } } > 5)
        #expect(share { requiredFeatures(of: $0).contains(.overflow) } > 10)
        #expect(share { $0.stack.spacing == .system } > 3)
    }
}
