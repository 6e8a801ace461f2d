import PropertyCheck
import Testing
@testable import StackLayout

/// R-PX-1: an exact half pixel rounds up, toward +∞, whatever the scale, however large the coordinate, and however
/// the solver's floating-point noise leaves it (a third of a point at scale 3 is never exact in binary).
@Suite struct PixelTieTests {
    /// Half-pixel ties k + ½ at scales 1, 2 and 3, below R-SOLVE-6's clamp, the point value computed by division.
    static let ties = Gens.zip(Gens.int(0...2_000_000), Gens.int(1...3))

    @Test func anExactHalfPixelRoundsUp() async {
        await checkProperty("pixels.halfPixelTiesRoundUp", Self.ties) { pair, _ in
            let (k, scale) = (pair.0, Double(pair.1))
            let tie = Double(2 * k + 1) / (2 * scale)   // (k + ½) pixels, in points
            let rounded = ExactLayout.edge(tie, scale: scale)
            let expected = Double(k + 1) / scale
            if rounded != expected {
                throw PropertyFailure("\(tie) pt at scale \(scale) rounded to \(rounded), not \(expected)")
            }
        }
    }

    /// The case found by the adapter template: fillEqually, 6 views across 385 pt at scale 3. The sixth view starts
    /// at 5 × 385 / 6 = 320.8333… pt = 962.5 px, a tie, which rounds up to 963 px = 321 pt.
    @Test func fillEquallyAtScaleThreeRoundsItsTieUp() throws {
        let views = (0..<6).map { ArrangedView.view("v\($0)", width: 10, height: 10) }
        let scenario = Scenario(container: Container(width: 385, height: nil), scale: 3,
                                stack: Stack(distribution: .fillEqually, arrangedSubviews: views))
        for engine in [ReferenceEngine() as any LayoutEngine, AcceleratedReferenceEngine(), DirectEngine()] {
            let layout = try engine.layout(scenario)
            #expect(layout.frameValues[5].x == 321, "\(engine.name): \(layout.frameValues[5])")
        }
    }
}
