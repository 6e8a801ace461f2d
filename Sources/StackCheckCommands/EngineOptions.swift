import StackConformance
import StackLayout

/// `--engine NAME`, `--engine-command CMD`, `--timeout S` and `--start-timeout S`, shared by every command that lays out: a built-in
/// engine (or a mutant) in-process, or an external engine over ENGINE-PROTOCOL.md (one process per job).
enum EngineOptions {
    static let options: [CommandSpec.Option] = [
        .init(name: "engine", valueName: "engine", help: "reference, direct or mutant:<id> (default: reference)"),
        .init(name: "engine-command", valueName: "cmd", help: "Start an external engine speaking ENGINE-PROTOCOL.md"),
        .init(name: "timeout", valueName: "s", help: "Per-request timeout for an external engine, in seconds (default: 10)"),
        .init(name: "start-timeout", valueName: "s", help: "Time an external engine has to start and answer the hello, at the start and after each restart, in seconds (default: 30)"),
    ]

    enum Failure: Error {
        /// A usage error (exit 2).
        case usage(String)
        /// The engine could not be started or greeted (exit 3).
        case unavailable(String)
    }

    /// `count` engines (one per job). External engines are started here; the caller stops them.
    static func make(_ args: ParsedArguments, count: Int = 1) -> Result<[any LayoutEngine], Failure> {
        if args.has("engine") && args.has("engine-command") {
            return .failure(.usage("--engine and --engine-command cannot be used together"))
        }
        var seconds: [String: Double] = ["timeout": 10, "start-timeout": ExternalEngine.defaultStartTimeout]
        for name in ["timeout", "start-timeout"] {
            guard let t = args.value(name) else { continue }
            guard let v = Double(t), v > 0, v.isFinite else {
                return .failure(.usage("--\(name) expects a positive number of seconds, got '\(t)'"))
            }
            seconds[name] = v
        }
        let (timeout, startTimeout) = (seconds["timeout"] ?? 10, seconds["start-timeout"] ?? ExternalEngine.defaultStartTimeout)
        if let command = args.value("engine-command") {
            do { _ = try CommandWords.split(command) } catch { return .failure(.usage("--engine-command: \(error)")) }
            var engines: [any LayoutEngine] = []
            for _ in 0..<max(1, count) {
                do {
                    let engine = try ExternalEngine.start(command: command, timeout: timeout,
                                                          startTimeout: startTimeout, suiteVersion: ConformanceSuite.version,
                                                          interrupt: Interruption.shared.engineInterrupt)
                    Interruption.shared.register(engine)
                    engines.append(engine)
                } catch {
                    stop(engines)
                    return .failure(.unavailable(error.message))
                }
            }
            return .success(engines)
        }
        switch EngineSelection.builtIn(args.value("engine")) {
        case .success(let e): return .success(Array(repeating: e, count: max(1, count)))
        case .failure(let f): return .failure(.usage(f.message))
        }
    }

    /// Says bye to external engines.
    static func stop(_ engines: [any LayoutEngine]) {
        for case let e as ExternalEngine in engines {
            e.stop()
            Interruption.shared.unregister(e)
        }
    }

    /// Prints the failure and returns its exit status.
    static func report(_ failure: Failure, spec: CommandSpec, console: Console) -> Int32 {
        switch failure {
        case .usage(let message): return usage(message, spec: spec, console: console)
        case .unavailable(let message):
            console.err("error: \(message)\n")
            return ExitStatus.engineUnavailable
        }
    }
}

extension ExternalEngine: EngineWithStandardError {}
