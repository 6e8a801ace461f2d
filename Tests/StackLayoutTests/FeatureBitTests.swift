import Testing
@testable import StackLayout

/// `syntacticFeatureMask` collects features as bits (`FeatureBit`); the bits must name `Feature.all` in its order.
@Suite struct FeatureBitTests {
    @Test func bitsNameTheProtocolFeaturesInOrder() {
        #expect(FeatureBit.allCases.count == Feature.all.count)
        for bit in FeatureBit.allCases {
            #expect(Feature.all[Int(bit.rawValue)].rawValue == "\(bit)")
        }
    }

    /// A distribution's or alignment's feature has its name (alignment `fill` is `alignFill`).
    @Test func distributionsAndAlignmentsNameTheirFeatures() {
        for d in Distribution.allCases { #expect(Feature.of(d).rawValue == d.rawValue) }
        for a in Alignment.allCases { #expect(Feature.of(a).rawValue == (a == .fill ? "alignFill" : a.rawValue)) }
    }

    /// A scenario that needs a known list of features, written out by hand.
    @Test func syntacticFeaturesOfAKnownScenario() {
        var hidden = ArrangedView.view("b", width: 10, height: nil)
        hidden.isHidden = true
        hidden.customSpacingAfter = .points(-4)
        let inner = Stack(axis: .vertical, distribution: .equalCentering, alignment: .center, spacing: .system,
                          arrangedSubviews: [hidden])
        var nested = ArrangedView.stack("s", inner)
        nested.customSpacingAfter = .system
        var first = ArrangedView.view("a", width: 10, height: 10)
        first.constraints = [UserConstraint(.width, .equal, 20, priority: .required)]
        let root = Stack(distribution: .fillProportionally, alignment: .firstBaseline, arrangedSubviews: [first, nested])
        let scenario = Scenario(scale: 2, layoutDirection: .rightToLeft, stack: root)
        let expected: [Feature] = [.fillProportionally, .firstBaseline, .equalCentering, .center, .systemSpacing,
                                   .hidden, .customSpacing, .negativeSpacing, .nested, .noIntrinsicSize,
                                   .userConstraints, .conflicts, .rightToLeft, .pixelRounding]
        #expect(syntacticFeatures(of: scenario) == FeatureSet(expected).sorted)
        #expect(requiredFeatures(of: scenario, rootFittingSize: nil) == FeatureSet(expected))
        var fixed = scenario
        fixed.container = Container(width: 5)
        #expect(requiredFeatures(of: fixed, rootFittingSize: Size(width: 30, height: 10)) == FeatureSet(expected + [.overflow]))
    }
}
