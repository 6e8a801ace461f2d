#if canImport(Testing)
import Foundation
import StackLayout
import Testing

/// Checks one property of the catalogue on `engine` inside a Swift Testing test, and records an issue unless its
/// result is what `stackcheck run` expects of the engine: the same verdict (``RunVerdict``) from the same report.
/// A property whose every case the engine answered `unsupported` fails; a FAIL of a TENTATIVE property does not (it
/// is printed as a tentative difference).
///
/// One test case per property:
///
/// ```swift
/// @Test(arguments: Catalogue.all)
/// func conformance(_ property: ConformanceProperty) async {
///     await expectConforms(MyEngine(), property: property, options: RunOptions(cases: 20))
/// }
/// ```
///
/// The environment overrides `options` (``InProcessRun``): `STACKCHECK_CASES`, `STACKCHECK_SEED`, and
/// `STACKCHECK_REPLAY=pc2_…`, which replays that case first; with `STACKCHECK_SAVE_REGRESSION=1` as well, the case
/// is saved into `options.regressionsDirectory` (`Fixtures/regressions` under the package root by default), whose
/// regressions every later run replays first. A failure's issue prints both lines, ready to paste.
///
/// Returns the report (one result) for further assertions.
@discardableResult
public func expectConforms(_ engine: some LayoutEngine, property: ConformanceProperty, options: RunOptions = RunOptions(),
                           expectations: Expectations = Expectations(),
                           sourceLocation: SourceLocation = #_sourceLocation) async -> ConformanceReport {
    let run = InProcessRun(options: options, expectations: expectations, filter: currentTestFilter(sourceLocation),
                           testFile: sourceLocation.filePath)
    let outcome = await run.check(property, on: engine)
    record(outcome, sourceLocation: sourceLocation)
    return outcome.report
}

/// Checks the whole catalogue (or `options.properties`) on `engine`, after the golden fixtures the suite carries,
/// inside a Swift Testing test, and records one issue per result that is not as expected and one for the golden
/// fixtures that failed: the verdict of `stackcheck run` with the same options. `reports` writes the pictures and
/// the pages of the run (``ReportFiles``); their replay commands are the `swift test` lines of this test.
@discardableResult
public func expectConforms(_ engine: some LayoutEngine, options: RunOptions = RunOptions(),
                           expectations: Expectations = Expectations(), reports: ReportFiles = ReportFiles(),
                           sourceLocation: SourceLocation = #_sourceLocation) async -> ConformanceReport {
    let run = InProcessRun(options: options, expectations: expectations, filter: currentTestFilter(sourceLocation),
                           testFile: sourceLocation.filePath)
    var outcome = await run.checkCatalogue(on: engine)
    let root = InProcessRun.packageRoot(of: sourceLocation.filePath)
    for problem in reports.write(outcome.report, relativeTo: root) { outcome.issues.append(problem) }
    record(outcome, sourceLocation: sourceLocation)
    return outcome.report
}

func currentTestFilter(_ sourceLocation: SourceLocation) -> String {
    InProcessRun.currentTestFilter(sourceLocation: sourceLocation)
}

extension InProcessRun {
    /// The `swift test --filter` argument that selects the running Swift Testing test
    /// (`MyEngineTests.conformance`), or outside a test the calling file's module.
    public static func currentTestFilter(sourceLocation: SourceLocation = #_sourceLocation) -> String {
        if let id = Test.current?.id { return filter(module: id.moduleName, nameComponents: id.nameComponents) }
        return sourceLocation.moduleName
    }
}

func record(_ outcome: InProcessRun.Outcome, sourceLocation: SourceLocation) {
    for note in outcome.notes { print(note) }
    for issue in outcome.issues { Issue.record(Comment(rawValue: issue), sourceLocation: sourceLocation) }
}

extension ConformanceProperty: CustomTestStringConvertible {
    /// The property's id, as test names show it (`@Test(arguments: Catalogue.all)`).
    public var testDescription: String { id }
}
#endif
