import Testing
import PropertyCheck
import StackLayout
@testable import StackConformance

/// The model edit "hidden spaced as visible" names an engine whose spacing chain gives every pair of neighbours,
/// a hidden view included, the whole spacing: the bug is written here as frames, from its description, and the edit
/// must be among those that reproduce it; UIKit's own layout of the case must not be.
@Suite struct ModelEditHiddenSpacingTests {
    @Test func wholeSpacingsAroundAHiddenViewAreHiddenSpacedAsVisible() async throws {
        let gen = Gens.zip(Gens.int(1...20), Gens.int(1...60), Gens.int(1...60))
        // 20 cases: the claim does not depend on the numbers (the edit rewrites two constants), and each case tries
        // every model edit, a reference layout apiece.
        let report = await checkProperty("modelEdit.hiddenSpacedAsVisible", gen,
                                         configuration: Configuration(seed: 0, cases: 20)) { values, _ in
            let (spacing, w0, w2) = (Double(values.0), Double(values.1), Double(values.2))
            var hidden = ArrangedView.view("v1", width: 7, height: 9)
            hidden.isHidden = true
            let s = Scenario(stack: Stack(axis: .horizontal, alignment: .top, spacing: .points(spacing),
                                          arrangedSubviews: [.view("v0", width: w0, height: 10), hidden,
                                                             .view("v2", width: w2, height: 12)]))
            let reference = try ReferenceEngine().layout(s)
            // Along the axis: v0, then the whole spacing, the hidden v1 at length 0, the whole spacing again, v2.
            // Across it every view keeps UIKit's frame.
            let along: [String: (x: Double, width: Double)] = ["v0": (0, w0), "v1": (w0 + spacing, 0),
                                                               "v2": (w0 + 2 * spacing, w2)]
            let frames = zip(reference.frameIDs, reference.frameValues).map { id, f -> (id: String, frame: Frame) in
                let a = along[id] ?? (f.x, f.width)
                return (id, Frame(x: a.x, y: f.y, width: a.width, height: f.height))
            }
            let buggy = Layout(size: Size(width: w0 + 2 * spacing + w2, height: reference.size.height), frames: frames)
            let keys = ModelEdit.reproducing(buggy, of: s, tolerance: 1e-6).map(\.key)
            try require(keys.contains("hidden spaced as visible"), "edits: \(keys)")
        }
        #expect(report.status == .passed, "\(report.counterexample?.message ?? "")")
    }
}
