import Testing
@testable import StackLayout

/// SCENARIO-FORMAT.md: defaults, aliases, canonical output, and every class of invalid input with its path.
@Suite struct JSONScenarioTests {
    static let minimal = #"{"format": "stackcheck.scenario/1", "stack": {}}"#

    @Test func defaultsOfAMinimalDocument() throws {
        let s = try Scenario(json: Self.minimal)
        #expect(s == Scenario(stack: Stack()))
        #expect(s.container == Container(width: nil, height: nil))
        #expect(s.stack.layoutMargins == DirectionalEdgeInsets(top: 8, leading: 8, bottom: 8, trailing: 8))
        #expect(s.stack.spacing == .points(0))
    }

    @Test func itemDefaultsAliasesAndSentinels() throws {
        let s = try Scenario(json: """
            {"format": "stackcheck.scenario/1", "stack": {"alignment": "bottom", "spacing": 3.5e38,
              "layoutMargins": {"top": 1},
              "arrangedSubviews": [
                {"id": "a", "intrinsicContentSize": {"width": -1, "height": 20}, "customSpacingAfter": 3.4e38},
                {"id": "b", "customSpacingAfter": "system", "contentHuggingPriority": {"vertical": 1}},
                {"id": "c", "stack": {"alignment": "top"}, "constraints": [{"attribute": "width", "relation": ">=", "constant": 4}]}
              ]}}
            """)
        #expect(s.stack.alignment == .trailing)
        #expect(s.stack.spacing == .points(0))                  // ≥ 3.4e38 means 0 (R-SP-4)
        #expect(s.stack.layoutMargins == DirectionalEdgeInsets(top: 1, leading: 8, bottom: 8, trailing: 8))
        let a = s.stack.arrangedSubviews[0], b = s.stack.arrangedSubviews[1], c = s.stack.arrangedSubviews[2]
        #expect(a.leaf?.intrinsicContentSize == IntrinsicContentSize(width: nil, height: 20))
        #expect(a.customSpacingAfter == .useDefault)
        #expect(b.customSpacingAfter == .system)
        #expect(b.contentHuggingPriority == AxisPriorities(horizontal: 250, vertical: 1))
        #expect(b.compressionResistancePriority == AxisPriorities(horizontal: 750, vertical: 750))
        #expect(b.leaf?.intrinsicContentSize == IntrinsicContentSize.none)
        #expect(c.stack?.alignment == .leading)
        #expect(c.constraints == [UserConstraint(.width, .greaterThanOrEqual, 4, priority: 1000)])
    }

    // Output form: canonical fields, spec key order, numbers without ".0", aliases written canonically.
    @Test func canonicalCompactOutputIsByteExact() throws {
        let s = Scenario(container: Container(width: 375), stack: Stack(alignment: .top, spacing: .system, arrangedSubviews: [
            ArrangedView.view("a", width: 12.5, height: nil).customSpacing(-2),
        ]))
        let expected = #"{"format":"stackcheck.scenario/1","container":{"width":375,"height":null},"layoutDirection":"leftToRight","stack":{"axis":"horizontal","distribution":"fill","alignment":"leading","spacing":"system","isBaselineRelativeArrangement":false,"isLayoutMarginsRelativeArrangement":false,"layoutMargins":{"top":8,"leading":8,"bottom":8,"trailing":8},"arrangedSubviews":[{"id":"a","intrinsicContentSize":{"width":12.5,"height":null},"contentHuggingPriority":{"horizontal":250,"vertical":250},"compressionResistancePriority":{"horizontal":750,"vertical":750},"customSpacingAfter":-2,"isHidden":false,"constraints":[]}]}}"#
        #expect(s.jsonString(pretty: false) == expected)
        #expect(try Scenario(json: s.jsonString(pretty: true)) == s)
    }

    @Test func roundTripOfANestedScenario() throws {
        let s = Scenario(name: "nested \"quoted\"\n", container: Container(width: 100, height: 50), scale: 3,
                         layoutDirection: .rightToLeft,
                         stack: Stack(axis: .vertical, distribution: .equalCentering, alignment: .center, spacing: -4,
                                      isBaselineRelativeArrangement: true, isLayoutMarginsRelativeArrangement: true,
                                      layoutMargins: DirectionalEdgeInsets(top: 1, leading: 2, bottom: 3, trailing: -4),
                                      arrangedSubviews: [
                                          ArrangedView.view("t", width: 80, height: 21, firstBaseline: 17, lastBaseline: 17.5)
                                              .hidden().hugging(251, for: .vertical).compressionResistance(999.5, for: .horizontal),
                                          .stack("inner", Stack(distribution: .fillProportionally, arrangedSubviews: [
                                              ArrangedView.view("x", width: nil, height: 0)
                                                  .constrained(UserConstraint(.aspectRatio, .lessThanOrEqual, 1.5, priority: 999)),
                                          ])),
                                      ]))
        #expect(try Scenario(json: s.jsonString(pretty: true)) == s)
        #expect(try Scenario(json: s.jsonString(pretty: false)) == s)
    }

    @Test func numberFormatting() throws {
        #expect(JSONWriter.number(0) == "0")
        #expect(JSONWriter.number(-0.0) == "0")
        #expect(JSONWriter.number(1) == "1")
        #expect(JSONWriter.number(-2777777) == "-2777777")
        #expect(JSONWriter.number(0.5) == "0.5")
        #expect(JSONWriter.number(0.1 + 0.2) == "0.30000000000000004")
        #expect(JSONWriter.number(1e-7) == "1e-07")
        #expect(JSONWriter.number(1e21) == "1e+21")
        #expect(JSONWriter.number(.nan) == "null")
        for v in [1.0 / 3.0, 1e-7, 1e21, 123.456, -0.001] {
            #expect(try JSONParser.parse(JSONWriter.number(v)) == .number(v))
        }
    }

    @Test func stringEscaping() throws {
        #expect(JSONWriter.string("a\"b\\c/\u{1}\n") == #""a\"b\\c/\u0001\n""#)
        #expect(try JSONParser.parse(#""\u00e9\ud83d\ude00""#) == .string("é😀"))
    }

    /// One case per class of invalid input of SCENARIO-FORMAT.md, with the path it must name.
    @Test(arguments: [
        (#"{"format": "stackcheck.scenario/1", "stack": {"#, "$", "malformed JSON"),
        (#"{"format": "stackcheck.scenario/3", "stack": {}}"#, "format", "stackcheck.scenario/1\" or \"stackcheck.scenario/2"),
        (#"{"stack": {}}"#, "format", "missing"),
        (#"{"format": "stackcheck.scenario/1"}"#, "stack", "required"),
        (#"{"format": "stackcheck.scenario/1", "stack": {"axis": "diagonal"}}"#, "stack.axis", "unknown value"),
        (#"{"format": "stackcheck.scenario/1", "stack": {"alignment": "middle"}}"#, "stack.alignment", "unknown value"),
        (#"{"format": "stackcheck.scenario/1", "stack": {"spacing": "wide"}}"#, "stack.spacing", "unknown value"),
        (#"{"format": "stackcheck.scenario/1", "stack": {"spacing": true}}"#, "stack.spacing", "found a boolean"),
        (#"{"format": "stackcheck.scenario/1", "stack": {"arrangedSubviews": {}}}"#, "stack.arrangedSubviews", "expected an array"),
        (#"{"format": "stackcheck.scenario/1", "stack": {"arrangedSubviews": [{"id": "a"}, {"id": "b", "intrinsicContentSize": {"width": -2}}]}}"#,
         "stack.arrangedSubviews[1].intrinsicContentSize.width", "negative"),
        (#"{"format": "stackcheck.scenario/1", "stack": {"arrangedSubviews": [{"id": "a", "contentHuggingPriority": {"horizontal": 1001}}]}}"#,
         "stack.arrangedSubviews[0].contentHuggingPriority.horizontal", "[1, 1000]"),
        (#"{"format": "stackcheck.scenario/1", "stack": {"arrangedSubviews": [{"id": "a", "compressionResistancePriority": {"vertical": 0.5}}]}}"#,
         "stack.arrangedSubviews[0].compressionResistancePriority.vertical", "[1, 1000]"),
        (#"{"format": "stackcheck.scenario/1", "scale": 0, "stack": {}}"#, "scale", "positive"),
        (#"{"format": "stackcheck.scenario/1", "container": {"width": -1}, "stack": {}}"#, "container.width", "negative"),
        (#"{"format": "stackcheck.scenario/1", "stack": {"arrangedSubviews": [{"id": "a"}, {"id": "n", "stack": {"arrangedSubviews": [{"id": "a"}]}}]}}"#,
         "stack.arrangedSubviews[1].stack.arrangedSubviews[0].id", "duplicate id"),
        (#"{"format": "stackcheck.scenario/1", "stack": {"arrangedSubviews": [{"id": ""}]}}"#, "stack.arrangedSubviews[0].id", "empty"),
        (#"{"format": "stackcheck.scenario/1", "stack": {"arrangedSubviews": [{"isHidden": true}]}}"#, "stack.arrangedSubviews[0].id", "missing"),
        (#"{"format": "stackcheck.scenario/1", "stack": {"arrangedSubviews": [{"id": "a", "intrinsicContentSize": {"width": 1}, "stack": {}}]}}"#,
         "stack.arrangedSubviews[0].intrinsicContentSize", "not both"),
        (#"{"format": "stackcheck.scenario/1", "stack": {"arrangedSubviews": [{"id": "a", "firstBaseline": 3, "stack": {}}]}}"#,
         "stack.arrangedSubviews[0].firstBaseline", "not both"),
        (#"{"format": "stackcheck.scenario/1", "stack": {"arrangedSubviews": [{"id": "a", "isHidden": "yes"}]}}"#,
         "stack.arrangedSubviews[0].isHidden", "expected a boolean"),
        (#"{"format": "stackcheck.scenario/1", "stack": {"arrangedSubviews": [{"id": "a", "constraints": [{"attribute": "depth", "relation": "==", "constant": 1}]}]}}"#,
         "stack.arrangedSubviews[0].constraints[0].attribute", "unknown value"),
        (#"{"format": "stackcheck.scenario/1", "stack": {"axis": "vertical", "axis": "horizontal"}}"#, "$", "duplicate key"),
        (#"{"format": "stackcheck.scenario/1", "stack": {"spacing": 1e999}}"#, "$", "out of range"),
    ])
    func invalidInputNamesPathAndReason(document: String, path: String, reason: String) {
        do {
            _ = try Scenario(json: document)
            Issue.record("accepted an invalid document: \(document)")
        } catch {
            #expect(error.path == path, "\(error)")
            #expect(error.reason.contains(reason), "\(error)")
        }
    }

    // A Swift caller can build what JSON cannot carry: NaN and infinities are rejected with a path.
    @Test func swiftBuiltNonFiniteValuesAreRejected() {
        let nan = Scenario(stack: Stack(spacing: .points(.nan)))
        #expect(throws: ScenarioError(path: "stack.spacing", reason: "must be a finite number (found nan)")) { try nan.validate() }
        let inf = Scenario(stack: Stack(arrangedSubviews: [.view("a", width: .infinity, height: 1)]))
        #expect(throws: ScenarioError.self) { try inf.validate() }
        #expect(throws: ScenarioError.self) {
            try Scenario(stack: Stack(arrangedSubviews: [ArrangedView.view("a", width: 1, height: 1).hugging(LayoutPriority(.nan), for: .vertical)])).validate()
        }
    }

    @Test func readerLimits() throws {
        // Depth: 64 nested stacks are accepted, 65 are not (the root stack is level 1).
        func nested(_ levels: Int) -> String {
            var s = #"{"arrangedSubviews": []}"#
            for i in 1..<levels { s = #"{"arrangedSubviews": [{"id": "s\#(i)", "stack": \#(s)}]}"# }
            return #"{"format": "stackcheck.scenario/1", "stack": \#(s)}"#
        }
        _ = try Scenario(json: nested(64))
        #expect(throws: ScenarioError.self) { try Scenario(json: nested(65)) }
        // Items: 10,000 accepted, 10,001 rejected.
        func flat(_ n: Int) -> String {
            let items = (0..<n).map { #"{"id": "v\#($0)"}"# }.joined(separator: ",")
            return #"{"format": "stackcheck.scenario/1", "stack": {"arrangedSubviews": [\#(items)]}}"#
        }
        #expect(try Scenario(json: flat(10_000)).stack.arrangedSubviews.count == 10_000)
        do {
            _ = try Scenario(json: flat(10_001))
            Issue.record("accepted 10,001 items")
        } catch {
            #expect(error.path == "stack.arrangedSubviews[10000]")
        }
    }

    @Test func unknownFieldsAreIgnored() throws {
        let s = try Scenario(json: #"{"format": "stackcheck.scenario/1", "future": [1, {"x": null}], "stack": {"wobble": 3}}"#)
        #expect(s == Scenario(stack: Stack()))
    }

    @Test func encodingAThousandDeepScenario() throws {
        let s = Scenario(stack: DeepNestingTests.deepStack(depth: 1000))
        let text = s.jsonString(pretty: false)
        #expect(text.hasPrefix(#"{"format":"stackcheck.scenario/1","#))
        #expect(text.split(separator: #""stack":"#).count == 1001)
    }
}
