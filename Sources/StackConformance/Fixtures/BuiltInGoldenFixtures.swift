/// The golden fixtures the suite carries, so that `stackcheck run` and ``expectConforms(_:options:expectations:reports:sourceLocation:)``
/// check them wherever they run: a copy of `Fixtures/golden` made by `scripts/embed-golden-fixtures` (`files`). The
/// directory stays the source of truth: a run that finds `Fixtures/golden` (the package's checkout) reads it
/// instead, and a test fails when the copy differs from it, so a build from a checked-in tree carries the fixtures
/// that tree's tests passed.
public enum BuiltInGoldenFixtures {
    /// The fixtures, parsed, in file-name order (as `GoldenFixtureCheck.load` reads a directory).
    public static func entries() throws(GoldenFixtureCheck.LoadError) -> [GoldenFixtureCheck.Entry] {
        try GoldenFixtureCheck.parse(files, source: "(built in)")
    }
}
