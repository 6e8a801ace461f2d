import PropertyCheck

/// A second, independent encoding of the shrinking challenge (github.com/jlink/shrinking-challenge), written from
/// the challenge's published definitions only, without reading the first encoding or the shrinker. It exists to
/// measure the shrinker on generators it was not tuned on: each problem deliberately uses other combinators than the
/// most obvious ones (composite draws in `Gen { tc in … }`, per-node branch choices instead of `Gen.recursive`,
/// lengths drawn first, `tc.assume` inside a generator as well as `.filter`, full-width integers), so the choice
/// sequences the shrinker sees have other shapes than those it was tuned on.
///
/// Each problem lives in its own namespace under `SecondEncoding` (its generator, property, size and recogniser of
/// the known minimum), so the tests can check the property and the recogniser on hand-built values; the namespace
/// keeps these names apart from the first encoding's, which share the module.
enum SecondEncoding {}

extension ShrinkingProblem {
    /// The 13 problems of the second encoding, in the challenge's order, under the challenge's names.
    public static let secondEncoding: [ShrinkingProblem] = [
        SecondEncoding.Bound5.problem,
        SecondEncoding.LargeUnionList.problem,
        SecondEncoding.Reverse.problem,
        SecondEncoding.Calculator.problem,
        SecondEncoding.LengthList.problem,
        SecondEncoding.DifferenceMustNotBeZero.problem,
        SecondEncoding.DifferenceMustNotBeSmall.problem,
        SecondEncoding.DifferenceMustNotBeOne.problem,
        SecondEncoding.BinHeap.problem,
        SecondEncoding.Coupling.problem,
        SecondEncoding.Deletion.problem,
        SecondEncoding.Distinct.problem,
        SecondEncoding.NestedLists.problem,
    ]

    /// A problem of the second encoding by name (`bound5`, `reverse`, …); `nil` for an unknown name.
    public static func secondEncodingNamed(_ name: String) -> ShrinkingProblem? {
        secondEncoding.first { $0.name == name }
    }
}
