import Testing
@testable import StackCheckCommands
import StackLayout

/// The commands that read a scenario file with text (§2.7), and their warnings about ignored fields.
@Suite struct TextCommandTests {
    static let document = #"""
    {"format": "stackcheck.scenario/2", "container": {"width": 300},
     "stack": {"spacing": 8, "arrangedSubviews": [
       {"id": "label", "text": {"characters": 30, "numberOfLines": 0}},
       {"id": "switch", "intrinsicContentSise": {"width": 51, "height": 31}}]}}
    """#

    /// A typo is named on standard error and the layout still comes out (the view without a size is what the
    /// document says); the label's frame is worked out in the README's tour: 0.5·300 − 8/2 = 146 wide, 30
    /// characters at 14 per line, 3 lines of 20.
    @Test func layoutWarnsOfIgnoredFieldsAndWrapsTheLabel() async throws {
        let path = try temporaryFile("text-typo.json", Self.document)
        let (status, out, err) = await runTool(["layout", path])
        #expect(status == 0, "\(err)")
        #expect(err.contains("warning: \(path): stack.arrangedSubviews[1].intrinsicContentSise: unknown field"), "\(err)")
        let layout = try Layout(json: out)
        #expect(layout.frame(of: "label") == Frame(x: 0, y: 0, width: 146, height: 60))
    }

    @Test func constraintsPrintsTheDisambiguation() async throws {
        let path = try temporaryFile("text-constraints.json", Self.document)
        let (status, out, err) = await runTool(["constraints", path])
        #expect(status == 0)
        #expect(out.contains("'UISV-text-width-disambiguation' label.width == 0.5*stack.width - 4 priority:760"), "\(out)")
        #expect(err.contains("intrinsicContentSise: unknown field"))
    }
}
