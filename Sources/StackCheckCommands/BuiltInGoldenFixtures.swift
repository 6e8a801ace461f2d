import StackConformance

/// The golden fixtures the tool carries, so that `stackcheck run` checks them wherever it runs: a copy of
/// `Fixtures/golden` made by `scripts/embed-golden-fixtures` (`files`). The directory stays the source of truth:
/// a run that finds `Fixtures/golden` (the package's checkout) reads it instead, and a test fails when the copy
/// differs from it, so a binary built from a checked-in tree carries the fixtures that tree's tests passed.
enum BuiltInGoldenFixtures {
    /// The fixtures, parsed, in file-name order (as `GoldenFixtureCheck.load` reads a directory).
    static func entries() throws(GoldenFixtureCheck.LoadError) -> [GoldenFixtureCheck.Entry] {
        try GoldenFixtureCheck.parse(files, source: "(built in)")
    }
}
