import Foundation
import PropertyCheck
import StackConformance
import StackLayout

/// `stackcheck run` (the default command): checks an engine against the property catalogue and reports.
enum RunCommand {
    static let spec = CommandSpec(
        name: "run",
        abstract: "Check a layout engine against the property catalogue.",
        discussion: """
            Generates scenarios inside the engine's features, checks every property of the catalogue on them, \
            shrinks each failure to a minimal scenario, and prints a table (CONFORMANCE.md states each property). \
            The golden fixtures (Fixtures/golden, or the copy built into the tool) are checked first, on shard 1 \
            (or unsharded) of a run of the whole catalogue or with --fixtures, and saved \
            regressions (Fixtures/regressions) are replayed before each property's cases. Progress goes to \
            standard error.
            Exit status: 0 when every result matches its expectation; 1 when one does not; 2 for a usage error \
            (an invalid expectations file included); 3 when the engine cannot be started; 130 when interrupted \
            (the reports asked for are still written).
            """,
        options: EngineOptions.options + [
            .init(Options.Name.cases, short: "n", valueName: "n", help: "Cases per property (default: 200)"),
            .init(Options.Name.seed, short: "s", valueName: "hex", help: "The run's seed, or 'random' (default: 0)"),
            .init(Options.Name.property, short: "p", valueName: "id", help: "A property id or group prefix (repeatable)", repeatable: true),
            .init(Options.Name.shard, valueName: "k/n", help: "Run the properties at catalogue positions i with i mod n = k - 1"),
            .init(Options.Name.jobs, short: "j", valueName: "n", help: "Properties checked at once, one engine each (default: the cores for a built-in engine, 1 for an external one; same results)"),
            .init(Options.Name.tolerance, valueName: "pt", help: "Absolute comparison tolerance in points (default: 0.001)"),
            .init(Options.Name.json, valueName: "file", help: "Write the JSON report (stackcheck.report/4)"),
            .init(Options.Name.markdown, valueName: "file", help: "Write the Markdown report"),
            .init(Options.Name.html, valueName: "file", help: "Write a self-contained HTML page of the report"),
            .init(Options.Name.junit, valueName: "file", help: "Write the report as JUnit XML, one testcase per property and cause, for CI"),
            .init(Options.Name.expectations, valueName: "file", help: "The engine's expectations: known causes and statuses (stackcheck.expectations/2 or /1; 'stackcheck expectations' writes one)"),
            .init(Options.Name.svgDir, valueName: "dir", help: "Write an SVG of each counterexample into this directory"),
            .init(Options.Name.regressions, valueName: "dir", help: "Regression directory (default: Fixtures/regressions)"),
            .init(Options.Name.fixtures, valueName: "dir", help: "Check these golden fixtures first (default without --property: Fixtures/golden, else the built-in copy)"),
            .init(Options.Name.restartBudget, valueName: "n", help: "Engine restarts one property may cause; then it sends no more requests (default: \(RunOptions().restartBudget))"),
            .init(Options.Name.shrinkBudget, valueName: "n", help: "Requests spent shrinking one CRASH or TIMEOUT (default: \(RunOptions().shrinkBudget))"),
        ],
        flags: [.init(Options.Name.verbose, short: "v", help: "Also explain each SKIP, and list every golden fixture that did not pass."),
                .init(Options.Name.strict, help: "With --expectations: a known cause that no longer shows fails the run (exit status 1), as an unexpected PASS does"),
                .init(Options.Name.noPresentable, help: "Skip the search for a presentable counterexample after a FAIL (at most 300 more requests each)")])

    /// What `run` was asked for: the run options, the job count, the expectations and the golden fixtures to check.
    struct Request {
        var options = RunOptions()
        var jobs = 1
        var expectations = Expectations()
        var fixtures: [GoldenFixtureCheck.Entry] = []
    }

    /// A usage or input error found while reading the arguments: the exit status, its message already printed.
    struct ExitEarly: Error { let status: Int32 }

    /// Reads `run`'s options and the files they name (expectations, golden fixtures, regressions).
    static func request(_ given: Options, invocation: [String], console: Console) throws(ExitEarly) -> Request {
        let inputError = { (message: String) -> ExitEarly in
            console.err("error: \(message)\n")
            return ExitEarly(status: ExitStatus.usage)
        }
        var request = Request()
        request.options = given.runOptions
        request.options.replayLines = CommandLineReplayLines(invocation: invocation)
        // Results do not depend on the job count, so a built-in engine uses every core; an external engine gets one
        // process unless asked for more.
        request.jobs = given.jobs ?? (given.engine.engineCommand == nil ? max(1, ProcessInfo.processInfo.activeProcessorCount) : 1)
        if let path = given.expectations {
            do { request.expectations = try InputFiles.expectations(path) } catch { throw inputError(error.message) }
        }
        request.expectations.strict = given.strict
        do {
            request.fixtures = try fixtures(given.fixtures, request.options)
            request.options.regressionsDirectory = given.regressions ?? request.options.regressionsDirectory
            request.options.regressions = try RegressionStore.load(directory: request.options.regressionsDirectory)
            for r in request.options.regressions {
                ScenarioFile.warnIgnored(r.ignoredFields, in: "regression \(r.property) on \(r.engine)", console: console)
            }
        } catch {
            throw inputError("\(error)")
        }
        return request
    }

    /// The golden fixtures to check first: a given directory must exist; the default one is used when present and
    /// the whole catalogue is run (--property narrows the run to those properties), and the built-in copy when it
    /// is absent. Only shard 1 checks them (another shard still reads them: a bad directory is an error on every shard).
    static func fixtures(_ directory: String?, _ options: RunOptions) throws -> [GoldenFixtureCheck.Entry] {
        var fixtures: [GoldenFixtureCheck.Entry] = []
        let fixtureDirectory = directory ?? "Fixtures/golden"
        if directory != nil || (options.properties.isEmpty && FileManager.default.fileExists(atPath: fixtureDirectory)) {
            fixtures = try GoldenFixtureCheck.load(directory: fixtureDirectory)
        } else if options.properties.isEmpty {
            fixtures = try BuiltInGoldenFixtures.entries()
        }
        return options.shard.index == 1 ? fixtures : []
    }

    static func run(_ args: ParsedArguments, console: Console) async -> Int32 {
        let given: Options
        do { given = try Options(parsing: args) } catch { return usage(error.message, spec: spec, console: console) }
        let request: Request
        do { request = try Self.request(given, invocation: args.invocation, console: console) } catch { return error.status }
        let (options, jobs, expectations, fixtures) = (request.options, request.jobs, request.expectations, request.fixtures)
        let jobCount = min(jobs, max(1, options.selectedProperties.count))
        let engines: [any LayoutEngine]
        switch EngineSelection.make(given.engine, count: jobCount) {
        case .success(let e): engines = e
        case .failure(let f): return EngineSelection.report(f, spec: spec, console: console)
        }
        if options.seed != 0 || given.seedIsRandom { console.err("seed \(Seed.format(options.seed))\n") }

        let board = CatalogueRun.Board(count: options.selectedProperties.count)
        let started = isoNow()
        let stopwatch = Stopwatch()
        let finalOptions = options
        let outputs = ReportOutputs(given, expectations: expectations, invocation: args.invocation, console: console)
        // SIGINT/SIGTERM (from here to the end, fixtures included): the reports with the finished properties'
        // results and every other property NOTRUN, then exit 130 (`Interruption`).
        let fixtureTally = Locked<FixtureTally?>(nil)
        let interruptKey = Interruption.shared.onInterrupt(stop: { board.stop(.interrupted) }) {
            var report = board.report(engine: engines[0], options: finalOptions, started: started,
                                      seconds: stopwatch.seconds)
            report.fixtures = fixtureTally.value
            _ = outputs.write(report)
        }

        if !fixtures.isEmpty {
            let tally = GoldenFixtureCheck.tally(fixtures, on: engines[0])
            fixtureTally.value = tally
            FixtureSummary.print(tally, console: console, verbose: given.verbose)
        }

        let progress = ProgressLine(console: console)
        var runOptions = finalOptions
        runOptions.onRestart = { progress.restarting($0, count: $1, status: $2, budgetReached: $3) }
        var report = await CatalogueRun.run(engines: engines, options: runOptions, started: started, board: board) { result, done, total in
            progress.update(result, done, total)
        }
        report.fixtures = fixtureTally.value
        Interruption.shared.finish(interruptKey)
        progress.finish()
        // The reports before the engines' end (which can take seconds for an engine that ignores bye): nothing
        // computed is lost if a signal comes meanwhile.
        let status = Interruption.shared.writingFinalOutput { outputs.write(report) }
        EngineSelection.stop(engines)
        return status
    }
}
