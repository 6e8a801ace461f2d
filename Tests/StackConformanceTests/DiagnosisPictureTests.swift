import Testing
import StackConformance
import StackLayout

/// `LayoutPicture.svg(…, diagnosis:)` draws a broken constraint on the engine's panel.
@Suite struct DiagnosisPictureTests {
    /// Spacing 8 laid out as 0 (`LayoutDiagnosisTests`): 30 + 40 pt in a 70-pt stack, beside the reference's 78-pt
    /// one, drawn at 640/78 px per point (the picture's 640-px bound for the wider) from x = 24 px, the engine's
    /// drawing 52 + 22 px from the top. The bracket runs from v0's trailing edge (30 pt: 270.15 px) to where v1
    /// should start (38 pt: 335.79 px), across the views' middle (10 pt: 74 + 82.05 px); v1's actual leading edge
    /// (30 pt) is the dashed tick, 11 px either side.
    @Test func aSpacingViolationIsDrawnAsARedBracket() throws {
        let scenario = Scenario(stack: Stack(spacing: 8, arrangedSubviews: [
            .view("v0", width: 30, height: 20), .view("v1", width: 40, height: 20)]))
        let engine = Layout(size: Size(width: 70, height: 20),
                            frames: [(id: "v0", frame: Frame(x: 0, y: 0, width: 30, height: 20)),
                                     (id: "v1", frame: Frame(x: 30, y: 0, width: 40, height: 20))])
        let diagnosis = ReferenceEngine.diagnose(scenario, engineLayout: engine, tolerance: 0.001)
        let svg = LayoutPicture.svg(scenario, actual: engine, reference: try ReferenceEngine().layout(scenario),
                                    title: "spacing", diagnosis: diagnosis)
        #expect(svg.contains(##"<line x1="270.15" y1="156.05" x2="335.79" y2="156.05" stroke="#e03131" stroke-width="2">"##))
        #expect(svg.contains(##"<line x1="270.15" y1="145.05" x2="270.15" y2="167.05" stroke="#e03131" stroke-width="2" stroke-dasharray="3 2">"##))
        #expect(svg.contains("UISV-spacing: 8 ≠ 0"))
        // Without a diagnosis, nothing red.
        let plain = LayoutPicture.svg(scenario, actual: engine, reference: nil)
        #expect(!plain.contains("#e03131"))
    }
    /// A drawing with no height (views 0 pt high) leaves no room above the bracket: the label goes on the engine
    /// panel's heading row, right of the heading "engine under test" (11 px bold, at most 7 px a character from
    /// x = 24 px), never over it or above the panel (which starts 52 px down).
    @Test func aLabelWithNoRoomAboveGoesBesideThePanelsHeading() throws {
        let scenario = Scenario(stack: Stack(arrangedSubviews: [.view("v0", width: 30, height: 0)]))
        let engine = Layout(size: Size(width: 31, height: 0),
                            frames: [(id: "v0", frame: Frame(x: 1, y: 0, width: 30, height: 0))])
        let diagnosis = ReferenceEngine.diagnose(scenario, engineLayout: engine, tolerance: 0.001)
        let svg = LayoutPicture.svg(scenario, actual: engine, reference: try ReferenceEngine().layout(scenario),
                                    title: "leading edge", diagnosis: diagnosis)
        let label = try #require(svg.split(separator: "\n").first { $0.hasPrefix("<rect") && $0.contains(##"stroke-width="0.5""##) })
        func attribute(_ name: String) throws -> Double {
            let start = try #require(label.range(of: " \(name)=\""))
            return try #require(Double(label[start.upperBound...].prefix { $0 != "\"" }))
        }
        let (x, y) = (try attribute("x"), try attribute("y"))
        #expect(y >= 52, "the label starts at y = \(y), above the engine's panel")
        let headingEnd = 24 + Double("engine under test".count) * 7
        #expect(x >= headingEnd || y >= 52 + 14, "the label at (\(x), \(y)) covers the panel's heading")
    }
}
