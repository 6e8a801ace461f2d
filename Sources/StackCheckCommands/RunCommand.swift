import Foundation
import PropertyCheck
import StackConformance
import StackLayout

/// `stackcheck run` (the default command): checks an engine against the property catalogue and prints a report.
enum RunCommand {
    static let spec = CommandSpec(
        name: "run",
        abstract: "Check a layout engine against the property catalogue.",
        discussion: """
            Generates scenarios inside the engine's features, checks every property of the catalogue on them, \
            shrinks each failure to a minimal scenario, and prints a table (CONFORMANCE.md describes each property). \
            Saved regressions (Fixtures/regressions) are replayed first.
            Exit status: 0 when every result matches its expectation; 1 when one does not; 2 for a usage error; \
            3 when the engine cannot be started; 130 when interrupted.
            """,
        options: [
            .init(name: "engine", valueName: "engine", help: "reference, direct or mutant:<id> (default: reference)"),
            .init(name: "cases", valueName: "n", help: "Cases per property (default: 200)"),
            .init(name: "seed", valueName: "hex", help: "The run's seed, or 'random' (default: 0)"),
            .init(name: "property", valueName: "id", help: "A property id or group prefix (repeatable)", repeatable: true),
            .init(name: "shard", valueName: "k/n", help: "Run the properties at positions i with i mod n = k - 1"),
            .init(name: "jobs", valueName: "n", help: "Properties checked at once (default: 1; results are identical)"),
            .init(name: "tolerance", valueName: "pt", help: "Absolute comparison tolerance in points (default: 0.001)"),
            .init(name: "regressions", valueName: "dir", help: "Regression directory (default: Fixtures/regressions)"),
        ],
        flags: [.init(name: "verbose", help: "Also explain each SKIP.")])

    static func run(_ args: ParsedArguments, console: Console) -> Int32 {
        let engines: [any LayoutEngine]
        switch EngineSelection.builtIn(args.value("engine")) {
        case .success(let e): engines = [e]
        case .failure(let failure): return usage(failure.message, spec: spec, console: console)
        }
        var options = RunOptions()
        if let n = args.value("cases") {
            guard let cases = Int(n), cases > 0 else { return usage("--cases expects a positive integer, got '\(n)'", spec: spec, console: console) }
            options.cases = cases
        }
        if let s = args.value("seed") {
            if s == "random" { options.seed = Configuration.randomSeed() }
            else if let seed = Seed.parse(s) { options.seed = seed }
            else { return usage("--seed expects a hexadecimal seed or 'random', got '\(s)'", spec: spec, console: console) }
        }
        options.properties = args.allValues("property")
        for selector in options.properties where Catalogue.select([selector]).isEmpty {
            return usage("--property \(selector) selects no property (see 'stackcheck list')", spec: spec, console: console)
        }
        if let shard = args.value("shard") {
            let parts = shard.split(separator: "/").map { Int($0) }
            guard parts.count == 2, let k = parts[0], let n = parts[1], n >= 1, k >= 1, k <= n else {
                return usage("--shard expects K/N with 1 <= K <= N, got '\(shard)'", spec: spec, console: console)
            }
            options.shard = (k, n)
        }
        var jobs = 1
        if let j = args.value("jobs") {
            guard let n = Int(j), n >= 1 else { return usage("--jobs expects a positive integer, got '\(j)'", spec: spec, console: console) }
            jobs = n
        }
        if let t = args.value("tolerance") {
            guard let tolerance = Double(t), tolerance >= 0, tolerance.isFinite else {
                return usage("--tolerance expects a number of points >= 0, got '\(t)'", spec: spec, console: console)
            }
            options.tolerance.absolute = tolerance
        }
        do {
            options.regressions = try RegressionStore.load(directory: args.value("regressions") ?? "Fixtures/regressions")
        } catch {
            console.err("error: \(error)\n")
            return ExitStatus.usage
        }
        let pool = Array(repeating: engines[0], count: jobs)
        let progress = ProgressLine(console: console)
        let finalOptions = options
        let report = blockingAwait {
            await CatalogueRun.run(engines: pool, options: finalOptions, started: isoNow()) { result, done, total in
                progress.update(result, done, total)
            }
        }
        progress.finish()
        console.out(TextReport.render(report, verbose: args.flag("verbose")))
        return report.results.allSatisfy({ $0.status == .pass || $0.status == .skip }) ? ExitStatus.success : ExitStatus.failure
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

/// Runs async work from the synchronous command-line entry point.
func blockingAwait<T: Sendable>(_ body: @escaping @Sendable () async -> T) -> T {
    let box = ResultBox<T>()
    let done = DispatchSemaphore(value: 0)
    Task.detached {
        box.value = await body()
        done.signal()
    }
    done.wait()
    return box.value!
}

final class ResultBox<T>: @unchecked Sendable {
    var value: T?
}

func isoNow() -> String {
    let f = ISO8601DateFormatter()
    return f.string(from: Date())
}

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
        if live {
            console.err("\r\u{1B}[2K" + line)
        } else {
            console.err(line + "\n")
        }
    }

    func finish() {
        if live { console.err("\r\u{1B}[2K") }
    }
}

func pad(_ s: String, _ width: Int) -> String { s.count >= width ? s : s + String(repeating: " ", count: width - s.count) }
