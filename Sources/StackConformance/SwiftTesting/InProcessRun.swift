import Foundation
import PropertyCheck
import StackLayout

/// A conformance run inside `swift test`, for an engine that lives in a test target: the environment's
/// `STACKCHECK_SEED`, `STACKCHECK_CASES` and `STACKCHECK_REPLAY` (`EnvironmentOverrides.stackCheck`), the
/// saved regressions of the test's package replayed first, replay lines that are `swift test` commands, and the
/// verdict of `stackcheck run` (``RunVerdict``, from the same report). The Swift Testing entry points
/// (``expectConforms(_:property:options:expectations:sourceLocation:)`` and
/// ``expectConforms(_:options:expectations:reports:sourceLocation:)``) record its issues; it is public so that
/// another test framework can do the same.
public struct InProcessRun: Sendable {
    /// The options the run uses: the caller's, overridden by the environment, with the saved regressions loaded and
    /// `swift test` replay lines.
    public private(set) var options: RunOptions
    /// The expected statuses (an empty value: the default expectation, as `stackcheck run` without `--expectations`).
    public var expectations: Expectations
    /// The absolute directory of the saved regressions (`options.regressionsDirectory` under the package root).
    public let regressionsDirectory: String
    /// What could not be read (an environment variable, a regression file): each is an issue of every check, never
    /// ignored.
    public private(set) var problems: [String] = []
    /// The token of `STACKCHECK_REPLAY`, when set.
    let replay: ReplayToken?
    /// `STACKCHECK_SAVE_REGRESSION=1`: save the replayed case before the run.
    let savesRegression: Bool

    /// A run with `options` as the caller gave them. `filter` is the `swift test --filter` argument that selects the
    /// calling test (the printed lines use it); `testFile` is the calling file's path (`#filePath`): the package
    /// root is the nearest directory above it that holds `Package.swift`, and a relative
    /// `options.regressionsDirectory` is read from there.
    public init(options: RunOptions, expectations: Expectations = Expectations(), filter: String, testFile: String,
                environment: [String: String] = ProcessInfo.processInfo.environment) {
        var options = options
        var problems: [String] = []
        let variable = { (name: String) -> String? in environment[name].flatMap { $0.isEmpty ? nil : $0 } }
        let names = EnvironmentOverrides.stackCheck
        if let s = variable(names.seed) {
            if let seed = Seed.parse(s) { options.seed = seed } else { problems.append("\(names.seed)=\(s) is not a hexadecimal seed") }
        }
        if let n = variable(names.cases) {
            if let cases = Int(n), cases > 0 { options.cases = cases } else { problems.append("\(names.cases)=\(n) is not a positive count") }
        }
        var token: ReplayToken?
        if let r = variable(SwiftTestReplayLines.replayVariable) {
            do { token = try ReplayToken(parsing: r) } catch { problems.append("\(SwiftTestReplayLines.replayVariable)=\(r): \(error)") }
        }
        options.replay = token ?? options.replay
        let save = variable(SwiftTestReplayLines.saveRegressionVariable)
        if let save, save != "1" {
            problems.append("\(SwiftTestReplayLines.saveRegressionVariable)=\(save): set it to 1 to save the replayed case")
        } else if save != nil && variable(SwiftTestReplayLines.replayVariable) == nil {
            problems.append("\(SwiftTestReplayLines.saveRegressionVariable)=1 needs \(SwiftTestReplayLines.replayVariable)=pc2_… (the case to save)")
        }
        savesRegression = save == "1" && token != nil
        replay = token
        options.replayLines = SwiftTestReplayLines(filter: filter)
        let directory = options.regressionsDirectory
        regressionsDirectory = directory.hasPrefix("/") ? directory : Self.packageRoot(of: testFile) + "/" + directory
        self.options = options
        self.expectations = expectations
        self.problems = problems
        loadRegressions()
    }

    /// The nearest directory above `file` that holds `Package.swift`, else the working directory.
    public static func packageRoot(of file: String) -> String {
        var directory = URL(fileURLWithPath: file).deletingLastPathComponent()
        while directory.path != "/" && !directory.path.isEmpty {
            if FileManager.default.fileExists(atPath: directory.appendingPathComponent("Package.swift").path) {
                return directory.path
            }
            directory.deleteLastPathComponent()
        }
        return FileManager.default.currentDirectoryPath
    }

    /// The `swift test --filter` argument that selects a test: its module and its name without the parameter list
    /// (`MyEngineTests.conformance`), as Swift Testing names tests.
    public static func filter(module: String, nameComponents: [String]) -> String {
        let names = nameComponents.map { name in name.firstIndex(of: "(").map { String(name[..<$0]) } ?? name }
        return ([module] + [names.joined(separator: "/")]).filter { !$0.isEmpty }.joined(separator: ".")
    }

    mutating func loadRegressions() {
        guard options.regressions.isEmpty else { return }
        do { options.regressions = try RegressionStore.load(directory: regressionsDirectory) } catch {
            problems.append("cannot read the saved regressions: \(error)")
        }
    }

    /// What a check found: the report, its verdict, and the texts of the issues a test records.
    public struct Outcome: Sendable {
        /// The report, annotated with the expectations (as `stackcheck run` writes it).
        public var report: ConformanceReport
        /// The verdict of `stackcheck run` on the same report.
        public var verdict: RunVerdict { report.verdict }
        /// One text per issue to record: each result that does not match its expectation (``InProcessRun/issue(for:)``),
        /// the golden fixtures that failed, what could not be read, and an interrupted or stopped run.
        public var issues: [String]
        /// What a person may want to know that is not a failure: tentative differences, a saved regression.
        public var notes: [String]
    }
}

extension InProcessRun {
    /// Checks one property on `engine`: its verdict is that of `stackcheck run --property ID` on the same engine.
    public func check(_ property: ConformanceProperty, on engine: some LayoutEngine) async -> Outcome {
        var options = self.options
        options.properties = [property.id]
        options.shard = (1, 1)  // the property runs whatever shard the options name
        return await run(engine, options: options, fixtures: nil, only: property.id)
    }

    /// Checks the catalogue (`options.properties`, or all of it) on `engine` after golden fixtures, as
    /// `stackcheck run` does: its verdict is that of `stackcheck run` with the same options. Without `fixtures`, the
    /// copy the suite carries (`BuiltInGoldenFixtures`) is checked when the run is the whole catalogue on shard 1
    /// (as the command line's default); given `fixtures` are checked on shard 1 (as `--fixtures DIR`).
    public func checkCatalogue(on engine: some LayoutEngine,
                               fixtures: [GoldenFixtureCheck.Entry]? = nil) async -> Outcome {
        var checked: [GoldenFixtureCheck.Entry]? = nil
        var problems: [String] = []
        if options.shard.index == 1 {
            if let fixtures {
                checked = fixtures
            } else if options.properties.isEmpty {
                do { checked = try BuiltInGoldenFixtures.entries() } catch { problems.append("\(error)") }
            }
        }
        var outcome = await run(engine, options: options, fixtures: checked)
        outcome.issues += problems
        return outcome
    }

    /// The run of `options.properties` after `fixtures`; with `only`, the report keeps that property's result alone
    /// (a selector also selects the ids under it: "a.b" selects "a.b.c").
    func run(_ engine: some LayoutEngine, options: RunOptions, fixtures: [GoldenFixtureCheck.Entry]?,
             only: String? = nil) async -> Outcome {
        var options = options
        var notes: [String] = []
        var issues = problems
        if let replay, options.selectedProperties.contains(where: { $0.id == replay.property }) {
            switch replayFirst(replay, engine: engine) {
            case .success(let note): notes.append(note)
            case .failure(let problem): issues.append(problem.description)
            }
            options.regressions = (try? RegressionStore.load(directory: regressionsDirectory)) ?? options.regressions
        }
        let tally = fixtures.map { GoldenFixtureCheck.tally($0, on: engine) }
        var report = await CatalogueRun.run(engines: [engine], options: options)
        if let only { report.results = report.results.filter { $0.property == only } }
        report.fixtures = tally
        expectations.annotate(&report)
        let verdict = report.verdict
        for result in report.results where result.status != .notRun && !verdict.matches(result) {
            issues.append(Self.issue(for: result))
        }
        if let tally, !tally.problems.isEmpty {
            issues.append("\(tally.problems.count) of \(tally.total) golden fixtures failed:\n" + tally.problems.joined(separator: "\n"))
        }
        if let stop = report.stop { issues.append("\(verdict.headline): \(stop.message)") }
        if !verdict.tentativeDifferences.isEmpty {
            notes.append("Tentative differences (accepted for this engine): " + verdict.tentativeDifferences.joined(separator: ", "))
        }
        return Outcome(report: report, issues: issues, notes: notes)
    }

    /// Replays the case of `token` on `engine` (the run replays it again first, and shrinks it when it fails), and
    /// with `STACKCHECK_SAVE_REGRESSION=1` saves it into the regression directory, as `stackcheck replay
    /// --save-regression` does: the note to print, or the problem.
    func replayFirst(_ token: ReplayToken, engine: some LayoutEngine) -> Result<String, SaveProblem> {
        let outcome: Replay.Outcome
        do { outcome = try Replay.run(token, on: engine, options: options) } catch {
            return .failure(SaveProblem(description: "\(SwiftTestReplayLines.replayVariable): \(error)"))
        }
        let replayed = "\(SwiftTestReplayLines.replayVariable): the case of \(token.property) on \(engine.name): "
            + "\(outcome.status.rawValue) (\(outcome.message))"
        guard savesRegression else { return .success(replayed) }
        guard let scenario = outcome.counterexample?.scenario else {
            return .failure(SaveProblem(description: "the replayed case of \(token.property) has no scenario to save"))
        }
        let regression = RegressionCase(property: token.property, engine: engine.name, suiteVersion: ConformanceSuite.version,
                                        token: token.encoded, scenario: scenario, expect: "PASS")
        do {
            let path = try RegressionStore.save(regression, directory: regressionsDirectory)
            return .success(replayed + "\nSaved the case as \(path); it is replayed before any new case of \(token.property) on \(engine.name).")
        } catch {
            return .failure(SaveProblem(description: "cannot save the regression into \(regressionsDirectory): \(error)"))
        }
    }

    /// A regression that could not be saved.
    struct SaveProblem: Error, CustomStringConvertible {
        let description: String
    }
}
