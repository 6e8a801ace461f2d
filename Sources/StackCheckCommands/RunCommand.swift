import Foundation
import PropertyCheck
import StackConformance
import StackConformanceMutants
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
            .init(name: "cases", valueName: "n", help: "Cases per property (default: 200)"),
            .init(name: "seed", valueName: "hex", help: "The run's seed, or 'random' (default: 0)"),
            .init(name: "property", valueName: "id", help: "A property id or group prefix (repeatable)", repeatable: true),
            .init(name: "shard", valueName: "k/n", help: "Run the properties at catalogue positions i with i mod n = k - 1"),
            .init(name: "jobs", valueName: "n", help: "Properties checked at once, one engine each (default: the cores for a built-in engine, 1 for an external one; same results)"),
            .init(name: "tolerance", valueName: "pt", help: "Absolute comparison tolerance in points (default: 0.001)"),
            .init(name: "json", valueName: "file", help: "Write the JSON report (stackcheck.report/3)"),
            .init(name: "markdown", valueName: "file", help: "Write the Markdown report"),
            .init(name: "html", valueName: "file", help: "Write a self-contained HTML page of the report"),
            .init(name: "expectations", valueName: "file", help: "The engine's expectations (stackcheck.expectations/1)"),
            .init(name: "svg-dir", valueName: "dir", help: "Write an SVG of each counterexample into this directory"),
            .init(name: "regressions", valueName: "dir", help: "Regression directory (default: Fixtures/regressions)"),
            .init(name: "fixtures", valueName: "dir", help: "Check these golden fixtures first (default without --property: Fixtures/golden, else the built-in copy)"),
        ],
        flags: [.init(name: "verbose", help: "Also explain each SKIP, and list every golden fixture that did not pass."),
                .init(name: "no-presentable", help: "Skip the search for a presentable counterexample after a FAIL (at most 300 more requests each)")])

    /// Reads `run`'s arguments and the files they name (expectations, golden fixtures, regressions).
    static func request(_ args: ParsedArguments, console: Console) throws(ExitEarly) -> Request {
        let usageError = { (message: String) in ExitEarly(status: usage(message, spec: spec, console: console)) }
        let inputError = { (message: String) -> ExitEarly in
            console.err("error: \(message)\n")
            return ExitEarly(status: ExitStatus.usage)
        }
        var request = Request()
        (request.options, request.jobs) = try options(args, usageError)
        if let path = args.value("expectations") {
            guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { throw inputError("\(path): cannot read the file") }
            do { request.expectations = try Expectations(json: text) } catch { throw inputError("\(path): \(error)") }
        }
        do {
            request.fixtures = try fixtures(args, request.options)
            request.options.regressionsDirectory = args.value("regressions") ?? request.options.regressionsDirectory
            request.options.regressions = try RegressionStore.load(directory: request.options.regressionsDirectory)
            for r in request.options.regressions {
                ScenarioFile.warnIgnored(r.ignoredFields, in: "regression \(r.property) on \(r.engine)", console: console)
            }
        } catch {
            throw inputError("\(error)")
        }
        return request
    }

    /// The run options and the job count the arguments give (files aside).
    static func options(_ args: ParsedArguments,
                        _ usageError: (String) -> ExitEarly) throws(ExitEarly) -> (RunOptions, jobs: Int) {
        var options = RunOptions()
        options.replayLines = CommandLineReplayLines(invocation: args.invocation)
        if let n = args.value("cases") {
            guard let cases = Int(n), cases > 0 else { throw usageError("--cases expects a positive integer, got '\(n)'") }
            options.cases = cases
        }
        if let s = args.value("seed") {
            if s == "random" { options.seed = Configuration.randomSeed() }
            else if let seed = Seed.parse(s) { options.seed = seed }
            else { throw usageError("--seed expects a hexadecimal seed or 'random', got '\(s)'") }
        }
        options.properties = args.allValues("property")
        for selector in options.properties where Catalogue.select([selector]).isEmpty {
            throw usageError("--property \(selector) selects no property (see 'stackcheck list')")
        }
        if let shard = args.value("shard") {
            let parts = shard.split(separator: "/", omittingEmptySubsequences: false).map { Int($0) }
            guard parts.count == 2, let k = parts[0], let n = parts[1], n >= 1, k >= 1, k <= n else {
                throw usageError("--shard expects K/N with 1 <= K <= N, got '\(shard)'")
            }
            options.shard = (k, n)
        }
        // Results do not depend on the job count, so a built-in engine uses every core; an external engine gets one
        // process unless asked for more.
        var jobs = args.value("engine-command") == nil ? max(1, ProcessInfo.processInfo.activeProcessorCount) : 1
        if let j = args.value("jobs") {
            guard let n = Int(j), n >= 1 else { throw usageError("--jobs expects a positive integer, got '\(j)'") }
            jobs = n
        }
        if let t = args.value("tolerance") {
            guard let tolerance = Double(t), tolerance >= 0, tolerance.isFinite else {
                throw usageError("--tolerance expects a number of points >= 0, got '\(t)'")
            }
            options.tolerance.absolute = tolerance
        }
        options.searchesPresentable = !args.flag("no-presentable")
        return (options, jobs)
    }

    /// The golden fixtures to check first: a given directory must exist; the default one is used when present and
    /// the whole catalogue is run (--property narrows the run to those properties), and the built-in copy when it
    /// is absent. Only shard 1 checks them (another shard still reads them: a bad directory is an error on every shard).
    static func fixtures(_ args: ParsedArguments, _ options: RunOptions) throws -> [GoldenFixtureCheck.Entry] {
        var fixtures: [GoldenFixtureCheck.Entry] = []
        let fixtureDirectory = args.value("fixtures") ?? "Fixtures/golden"
        if args.value("fixtures") != nil
            || (options.properties.isEmpty && FileManager.default.fileExists(atPath: fixtureDirectory)) {
            fixtures = try GoldenFixtureCheck.load(directory: fixtureDirectory)
        } else if options.properties.isEmpty {
            fixtures = try BuiltInGoldenFixtures.entries()
        }
        return options.shard.index == 1 ? fixtures : []
    }

    /// What `run` was asked for: the options, the job count, the expectations and the golden fixtures to check.
    struct Request {
        var options = RunOptions()
        var jobs = 1
        var expectations = Expectations()
        var fixtures: [GoldenFixtureCheck.Entry] = []
    }

    /// A usage or input error found while reading the arguments: the exit status, its message already printed.
    struct ExitEarly: Error { let status: Int32 }

    static func run(_ args: ParsedArguments, console: Console) async -> Int32 {
        let request: Request
        do { request = try Self.request(args, console: console) } catch { return error.status }
        let (options, jobs, expectations, fixtures) = (request.options, request.jobs, request.expectations, request.fixtures)
        let jobCount = min(jobs, max(1, options.selectedProperties.count))
        let engines: [any LayoutEngine]
        switch EngineOptions.make(args, count: jobCount) {
        case .success(let e): engines = e
        case .failure(let f): return EngineOptions.report(f, spec: spec, console: console)
        }
        if options.seed != 0 || args.value("seed") == "random" { console.err("seed \(Seed.format(options.seed))\n") }

        let board = CatalogueRun.Board(count: options.selectedProperties.count)
        let started = isoNow()
        let stopwatch = Stopwatch()
        let finalOptions = options
        let outputs = Outputs(args: args, expectations: expectations, console: console)
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
            printFixtures(tally, console: console, verbose: args.flag("verbose"))
        }

        let progress = ProgressLine(console: console)
        var report = await CatalogueRun.run(engines: engines, options: finalOptions, started: started, board: board) { result, done, total in
            progress.update(result, done, total)
        }
        report.fixtures = fixtureTally.value
        Interruption.shared.finish(interruptKey)
        progress.finish()
        // The reports before the engines' end (which can take seconds for an engine that ignores bye): nothing
        // computed is lost if a signal comes meanwhile.
        let status = Interruption.shared.writingFinalOutput { outputs.write(report) }
        EngineOptions.stop(engines)
        return status
    }

    /// The fixtures that do not pass that a run lists without `--verbose`: enough to start from, not a wall.
    static let fixtureProblemsShown = 5

    /// Prints the golden fixtures' line, plus one per fixture that does not pass (the first
    /// `fixtureProblemsShown`, or all with `verbose`).
    static func printFixtures(_ tally: FixtureTally, console: Console, verbose: Bool = false) {
        // Each count says what it is: a skip is never read as a failure, nor a failure as a skip.
        var counts = ["\(tally.passed) passed"]
        if !tally.problems.isEmpty { counts.append("\(tally.problems.count) failed") }
        if tally.skipped > 0 { counts.append("\(tally.skipped) skipped (features the engine lacks)") }
        console.out("golden fixtures: " + counts.joined(separator: ", ") + " of \(tally.total)\n")
        let shown = verbose ? tally.problems : Array(tally.problems.prefix(fixtureProblemsShown))
        for line in shown { console.out("  " + line + "\n") }
        if shown.count < tally.problems.count {
            console.out("  … and \(tally.problems.count - shown.count) more (--verbose lists every one)\n")
        }
    }
}

/// Writes the reports a run asked for and decides the exit status from the expectations.
struct Outputs: Sendable {
    let json: String?, markdown: String?, html: String?, svgDirectory: String?
    let expectations: Expectations
    let verbose: Bool
    let console: Console

    init(args: ParsedArguments, expectations: Expectations, console: Console) {
        json = args.value("json")
        markdown = args.value("markdown")
        html = args.value("html")
        svgDirectory = args.value("svg-dir")
        verbose = args.flag("verbose")
        self.expectations = expectations
        self.console = console
    }

    func write(_ original: ConformanceReport) -> Int32 {
        var report = original
        expectations.annotate(&report)
        console.out(TextReport.render(report, verbose: verbose))
        let verdict = report.verdict
        if !verdict.tentativeDifferences.isEmpty {
            console.out("Tentative differences (accepted for this engine): " + verdict.tentativeDifferences.joined(separator: ", ") + "\n")
        }
        if !verdict.unexpected.isEmpty {
            console.out("Unexpected results: " + verdict.unexpected.map { "\($0.property) \($0.status.rawValue)" }.joined(separator: ", ") + "\n")
        }
        if verdict.fixtureProblems > 0 {
            console.out("Golden fixtures that failed: \(verdict.fixtureProblems)\n")
        }
        var ok = true
        if let path = json { ok = save(JSONReport.value(report).prettyText + "\n", path) && ok }
        if let path = markdown { ok = save(MarkdownReport.render(report), path) && ok }
        if let path = html { ok = save(HTMLReport.render(report), path) && ok }
        if let dir = svgDirectory {
            try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
            for (name, svg) in ReportFiles.pictures(report) { ok = save(svg, dir + "/" + name) && ok }
        }
        // A report that could not be written fails a run that would otherwise have passed.
        return verdict.conforms && !ok ? ExitStatus.failure : verdict.exitStatus
    }

    func save(_ text: String, _ path: String) -> Bool {
        do { try text.write(toFile: path, atomically: true, encoding: .utf8); return true } catch {
            console.err("error: cannot write \(path): \(error.localizedDescription)\n")
            return false
        }
    }
}

/// Selects a built-in engine or a mutant by name.
enum EngineSelection {
    struct Failure: Error { let message: String }
    static func builtIn(_ name: String?) -> Result<any LayoutEngine, Failure> {
        if let name, name.hasPrefix("mutant:") {
            let id = String(name.dropFirst(7))
            guard let engine = Mutants.all.first(where: { $0.id == id })?.engine else {
                return .failure(Failure(message: "Unknown mutant '\(id)' (expected one of: \(Mutants.all.compactMap { $0.engine?.id }.joined(separator: ", ")))"))
            }
            return .success(engine)
        }
        switch BuiltInEngines.select(name) {
        case .success(let e): return .success(e)
        case .failure(let error): return .failure(Failure(message: error.message + " or mutant:<id>"))
        }
    }
}

func isoNow() -> String { ISO8601DateFormatter().string(from: Date()) }

/// Progress on standard error: a live line on a terminal, plain lines otherwise (CI).
final class ProgressLine: @unchecked Sendable {
    let console: Console
    let live: Bool
    private let lock = NSLock()

    init(console: Console) {
        self.console = console
        live = isatty(2) == 1
    }

    func update(_ result: PropertyResult, _ done: Int, _ total: Int) {
        lock.lock()
        defer { lock.unlock() }
        let line = "[\(done)/\(total)] \(result.property): \(result.status.rawValue) (\(result.cases) cases)"
        console.err(live ? "\r\u{1B}[2K" + line : line + "\n")
    }

    func finish() {
        if live { console.err("\r\u{1B}[2K") }
    }
}


/// A value shared between the run and the interrupt handler's thread.
final class Locked<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value
    init(_ value: Value) { stored = value }
    var value: Value {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}
