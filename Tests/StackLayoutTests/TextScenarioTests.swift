import Testing
@testable import StackLayout

/// Text leaves in documents (SCENARIO-FORMAT.md, "Text leaves"), and the box font's arithmetic (§2.7, R-TX-1),
/// each expectation worked out by hand.
@Suite struct TextScenarioTests {
    static let document = #"""
    {"format": "stackcheck.scenario/2", "container": {"width": 300},
     "stack": {"arrangedSubviews": [
       {"id": "label", "text": {"characters": 30, "numberOfLines": 0}},
       {"id": "plain", "intrinsicContentSize": {"width": 51, "height": 31}}]}}
    """#

    @Test func aTextLeafReadsWithTheDefaultsAndWritesAsVersion2() throws {
        let scenario = try Scenario(json: Self.document)
        let text = try #require(scenario.stack.arrangedSubviews[0].leaf?.text)
        #expect(text == TextContent(characters: 30, advance: 10, lineHeight: 20, ascent: 15, numberOfLines: 0))
        #expect(scenario.hasText)
        let written = scenario.jsonString(pretty: false)
        #expect(written.hasPrefix(#"{"format":"stackcheck.scenario/2""#))
        #expect(written.contains(#""text":{"characters":30,"advance":10,"lineHeight":20,"ascent":15,"numberOfLines":0,"preferredMaxLayoutWidth":0}"#))
        #expect(try Scenario(json: written) == scenario)
        // Without text the document stays version 1, and a version-1 document may hold text.
        var plain = scenario
        plain.stack.arrangedSubviews.removeFirst()
        #expect(plain.jsonString(pretty: false).hasPrefix(#"{"format":"stackcheck.scenario/1""#))
        let old = Self.document.replacingOccurrences(of: "scenario/2", with: "scenario/1")
        #expect(try Scenario(json: old) == scenario)
    }

    @Test func ignoredFieldsAreNamedWithTheirPaths() throws {
        let document = #"""
        {"format": "stackcheck.scenario/1", "colour": "red", "container": {"width": 10, "depth": 3},
         "stack": {"arrangedSubviews": [
           {"id": "a", "intrinsicContentSise": {"width": 3}, "contentHuggingPriority": {"horizontal": 251, "z": 1}},
           {"id": "b", "text": {"characters": 3, "font": "Helvetica"}, "firstBaseline": 4}]}}
        """#
        var ignored: [String] = []
        _ = try Scenario(json: document, ignoredFields: &ignored)
        #expect(ignored == [
            "colour: unknown field",
            "container.depth: unknown field",
            "stack.arrangedSubviews[0].intrinsicContentSise: unknown field",
            "stack.arrangedSubviews[0].contentHuggingPriority.z: unknown field",
            "stack.arrangedSubviews[1].firstBaseline: ignored, the leaf's text gives its size and baselines",
            "stack.arrangedSubviews[1].text.font: unknown field",
        ])
    }

    @Test(arguments: [
        (#"{"characters": -1}"#, "text.characters", "whole number"),
        (#"{"characters": 2.5}"#, "text.characters", "whole number"),
        (#"{"numberOfLines": 1}"#, "text.characters", "missing"),
        (#"{"characters": 3, "advance": 0}"#, "text.advance", "greater than 0"),
        (#"{"characters": 3, "lineHeight": -2}"#, "text.lineHeight", "negative"),
        (#"{"characters": 3, "preferredMaxLayoutWidth": -5}"#, "text.preferredMaxLayoutWidth", "negative"),
        (#"{"characters": 3, "numberOfLines": "many"}"#, "text.numberOfLines", "expected a number"),
    ])
    func invalidTextNamesPathAndReason(text: String, path: String, reason: String) {
        let document = #"{"format": "stackcheck.scenario/2", "stack": {"arrangedSubviews": [{"id": "a", "text": "# + text + "}]}}"
        do {
            _ = try Scenario(json: document)
            Issue.record("accepted \(text)")
        } catch {
            #expect(error.path == "stack.arrangedSubviews[0]." + path, "\(error)")
            #expect(error.reason.contains(reason), "\(error)")
        }
    }

    @Test func aTextAndANestedStackAreNotOneItem() {
        let document = #"{"format": "stackcheck.scenario/2", "stack": {"arrangedSubviews": [{"id": "a", "text": {"characters": 1}, "stack": {}}]}}"#
        #expect(throws: ScenarioError.self) { try Scenario(json: document) }
    }

    /// R-TX-1 by hand: 24 characters of 10 at 100 are 10 per line, 3 lines, 100 × 60, last baseline 2·20 + 15.
    @Test func theBoxFontsArithmetic() {
        let t = TextContent(characters: 24, numberOfLines: 0)
        #expect(t.charactersPerLine(width: 100) == 10)
        #expect(t.charactersPerLine(width: 99.99999999999999) == 10)   // the 1e-9 guard
        #expect(t.charactersPerLine(width: 99.99) == 9)
        #expect(t.charactersPerLine(width: 5) == 1)
        #expect(t.charactersPerLine(width: 0) == 24)
        #expect(t.charactersPerLine(width: -3) == 24)
        #expect(t.lines(width: 100) == 3)
        #expect(t.size(width: 100) == Size(width: 100, height: 60))
        #expect(t.size(width: 1000) == Size(width: 240, height: 20))
        #expect(t.singleLineSize == Size(width: 240, height: 20))
        #expect(t.baselines(lineCount: 3)! == (15, 55))
        var capped = t
        capped.numberOfLines = 2
        #expect(capped.lines(width: 100) == 2)
        #expect(TextContent(characters: 0, numberOfLines: 0).size(width: 100) == Size(width: 0, height: 0))
        #expect(TextContent(characters: 0).singleLineSize == Size(width: 0, height: 0))
        #expect(TextContent(characters: 0).baselines(lineCount: 0) == nil)
        // A single-line label ignores preferredMaxLayoutWidth (R-T-10); a wrapping one uses it in both passes.
        let p = TextContent(characters: 20, numberOfLines: 1, preferredMaxLayoutWidth: 75)
        #expect(p.intrinsicSize(solvedWidth: 30) == Size(width: 200, height: 20))
        var wrapping = p
        wrapping.numberOfLines = 0
        #expect(wrapping.intrinsicSize(solvedWidth: nil) == Size(width: 70, height: 60))
        #expect(wrapping.intrinsicSize(solvedWidth: 30) == Size(width: 70, height: 60))
    }
}
