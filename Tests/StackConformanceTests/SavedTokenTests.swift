import Testing
import PropertyCheck
import StackConformance
import StackLayout

/// Replay tokens saved before the feature vocabulary became one type (`Feature`, `FeatureSet`) still rebuild their
/// cases: the token and its minimal scenario are copied from a seed-0 report of that time.
@Suite struct SavedTokenTests {
    static let token = "pc2_ZGlzdHJpYnV0aW9uLmZpbGwuc3RyZXRjaEFuZFNocmlua0J5UHJpb3JpdHkAZjdmZmZmZmYAAQAAAAAAAgAAAAAAAAAAAAAAAAAAAAAAAQADAQAAAgAAAA"
    static let scenario = #"{"format":"stackcheck.scenario/1","container":{"width":0,"height":1},"layoutDirection":"leftToRight","stack":{"axis":"vertical","distribution":"fill","alignment":"fill","spacing":0,"isBaselineRelativeArrangement":false,"isLayoutMarginsRelativeArrangement":false,"layoutMargins":{"top":8,"leading":8,"bottom":8,"trailing":8},"arrangedSubviews":[{"id":"v0","intrinsicContentSize":{"width":0,"height":0},"contentHuggingPriority":{"horizontal":250,"vertical":250},"compressionResistancePriority":{"horizontal":750,"vertical":750},"isHidden":false,"constraints":[]},{"id":"v1","intrinsicContentSize":{"width":0,"height":0},"contentHuggingPriority":{"horizontal":250,"vertical":750},"compressionResistancePriority":{"horizontal":750,"vertical":750},"isHidden":false,"constraints":[]}]}}"#

    @Test func aTokenMadeBeforeRebuildsItsCase() throws {
        let token = try ReplayToken(parsing: Self.token)
        // `.all` when the token was saved; the text feature came later, with the next bit.
        #expect(Replay.features(of: token) == FeatureSet.all.subtracting([.text]))
        let outcome = try Replay.run(token, on: ReferenceEngine())
        #expect(outcome.property.id == "distribution.fill.stretchAndShrinkByPriority")
        #expect(outcome.status == .pass, "\(outcome.message)")
        #expect(outcome.counterexample?.scenario == (try Scenario(json: Self.scenario)))
    }
}
