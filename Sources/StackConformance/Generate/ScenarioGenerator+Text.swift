import PropertyCheck
import StackLayout

extension ScenarioGenerator.Parts {
    /// A text in the box font (§2.7): up to 24 characters (shrinking towards none), an advance and a line from a
    /// few sizes (the defaults first), wrapping most of the time (`Shape.wrappingProbability`: numberOfLines 0, 2
    /// or 3), and sometimes an explicit preferredMaxLayoutWidth.
    func text(_ tc: TestCase) throws(StopTest) -> TextContent {
        var t = TextContent(characters: try TextChoices.characters.run(tc, label: "characters"))
        t.advance = try TextChoices.advance.run(tc, label: "advance")
        let line = try TextChoices.line.run(tc, label: "line")
        (t.lineHeight, t.ascent) = (line.height, line.ascent)
        if try tc.weighted(shape.wrappingProbability) {
            t.numberOfLines = try TextChoices.wrappingLines.run(tc, label: "numberOfLines")
            if try tc.weighted(0.15) { t.preferredMaxLayoutWidth = Double(try TextChoices.preferredWidth.run(tc)) }
        }
        return t
    }
}

/// The choice lists of `text(_:)`, built once.
enum TextChoices {
    static let characters = Gens.int(0...24, target: 0)
    static let advance = Gens.element(of: [10.0, 8, 12.5, 6])
    static let line = Gens.element(of: [(height: 20.0, ascent: 15.0), (height: 16, ascent: 12), (height: 24, ascent: 19)])
    static let wrappingLines = Gen<Int>.frequency([(4, .just(0)), (1, .just(2)), (1, .just(3))])
    static let preferredWidth = Gens.int(20...200)
}

/// The generator's guard against widths at a line break: a label whose width in either pass lies within 1e-6 of a
/// multiple of its advance (other than exactly on it) breaks its lines where floating-point noise decides, so an
/// engine that sums in another order would differ from the reference by a line. Such cases are generated again.
enum TextWidths {
    static func nearABreak(_ scenario: Scenario) -> Bool {
        let index = ScenarioIndex(scenario)
        let laidOut = AcceleratedReferenceEngine.textPassWidths(scenario)
        for (i, item) in index.items.enumerated() {
            guard let text = item.view.leaf?.text, text.wraps else { continue }
            for w in [laidOut.first[i], laidOut.second[i]] where w > 0 {
                let q = w / text.advance, nearest = q.rounded()
                if abs(q - nearest) * text.advance <= 1e-6 && q != nearest { return true }
            }
        }
        return false
    }
}
