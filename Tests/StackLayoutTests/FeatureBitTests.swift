import Testing
@testable import StackLayout

/// A feature's bit in a `FeatureSet` is its position in the protocol's table (`Feature.all`), and the feature code
/// of seeds and replay tokens writes those bits out: neither may change, or saved tokens and regressions would
/// rebuild other cases.
@Suite struct FeatureBitTests {
    /// ENGINE-PROTOCOL.md's table, in its order (written out here, not read from `Feature`).
    static let protocolTable = [
        "fill", "fillEqually", "fillProportionally", "equalSpacing", "equalCentering",
        "alignFill", "leading", "center", "trailing", "firstBaseline", "lastBaseline",
        "hidden", "customSpacing", "systemSpacing", "negativeSpacing", "margins", "baselineRelative", "rightToLeft",
        "nested", "noIntrinsicSize", "priorities", "userConstraints", "overflow", "conflicts", "nestedSlack",
        "priorityCollisions", "pixelRounding", "text",
    ]

    @Test func bitsNameTheProtocolFeaturesInOrder() throws {
        #expect(Feature.all.map(\.rawValue) == Self.protocolTable)
        for (i, name) in Self.protocolTable.enumerated() {
            let feature = try #require(Feature(rawValue: name))
            #expect(FeatureSet([feature]).mask == 1 << UInt64(i), "\(name)")
        }
        #expect(Feature(rawValue: "bogusFeature") == nil)
    }

    /// Codes as seeds and tokens hold them: every feature, the direct engine's (all but userConstraints, conflicts,
    /// nestedSlack, priorityCollisions and text: bits 21, 23, 24, 25, 27), none; a bit past the table is no code.
    /// Every feature before text (bit 27) is still `f7ffffff`, the code of `.all` in tokens saved before it.
    @Test func featureCodes() {
        #expect(FeatureSet.all.code == "ffffffff")
        #expect(DirectEngine().features.code == "f45fffff")
        #expect(FeatureSet([]).code == "f0")
        #expect(FeatureSet(code: "f45fffff") == DirectEngine().features)
        #expect(FeatureSet(code: "ffffffff") == .all)
        #expect(FeatureSet(code: "f7ffffff") == FeatureSet.all.subtracting([.text]))
        #expect(FeatureSet(code: "f10000000") == nil)
        #expect(FeatureSet(code: "45fffff") == nil)
        #expect(FeatureSet(code: "fxyz") == nil)
    }

    /// Iteration, `sorted` and `description` go by name, whatever the order the features were given in.
    @Test func iterationIsByName() {
        let set: FeatureSet = [.pixelRounding, .fill, .hidden, .alignFill, .fill]
        #expect(set.map(\.rawValue) == ["alignFill", "fill", "hidden", "pixelRounding"])
        #expect(set.sorted == Array(set) && set.count == 4)
        #expect(set.description == "alignFill,fill,hidden,pixelRounding")
        #expect(set.subtracting([.fill]).union([.nested]).map(\.rawValue) == ["alignFill", "hidden", "nested", "pixelRounding"])
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
        #expect(syntacticFeatures(of: scenario) == FeatureSet(expected))
        #expect(requiredFeatures(of: scenario, rootFittingSize: nil) == FeatureSet(expected))
        var fixed = scenario
        fixed.container = Container(width: 5)
        #expect(requiredFeatures(of: fixed, rootFittingSize: Size(width: 30, height: 10)) == FeatureSet(expected + [.overflow]))
    }
}
