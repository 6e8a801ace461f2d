import StackConformance
import StackConformanceMutants
import StackLayout

/// The engines a command lays out with, from its `EngineOptions`: a built-in engine or a mutant by name, or an
/// external engine started from its command (one process per job).
enum EngineSelection {
    enum Failure: Error {
        /// A usage error (exit 2).
        case usage(String)
        /// The engine could not be started or greeted (exit 3).
        case unavailable(String)
    }

    /// `count` engines (one per job). External engines are started here; the caller stops them (`stop`).
    static func make(_ options: EngineOptions, count: Int = 1) -> Result<[any LayoutEngine], Failure> {
        if options.engine != nil && options.engineCommand != nil {
            return .failure(.usage("--engine and --engine-command cannot be used together"))
        }
        var seconds: [String: Double] = ["timeout": ExternalEngine.defaultTimeout, "start-timeout": ExternalEngine.defaultStartTimeout]
        for (name, given) in [("timeout", options.timeout), ("start-timeout", options.startTimeout)] {
            guard let t = given else { continue }
            guard let v = Double(t), v > 0, v.isFinite else {
                return .failure(.usage("--\(name) expects a positive number of seconds, got '\(t)'"))
            }
            seconds[name] = v
        }
        let (timeout, startTimeout) = (seconds["timeout"] ?? ExternalEngine.defaultTimeout, seconds["start-timeout"] ?? ExternalEngine.defaultStartTimeout)
        if let command = options.engineCommand {
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
        switch builtIn(options.engine) {
        case .success(let e): return .success(Array(repeating: e, count: max(1, count)))
        case .failure(let f): return .failure(.usage(f.message))
        }
    }

    /// A built-in engine or a mutant (`mutant:<id>`) by name; nil selects the default.
    static func builtIn(_ name: String?) -> Result<any LayoutEngine, UsageError> {
        if let name, name.hasPrefix("mutant:") {
            let id = String(name.dropFirst(7))
            guard let engine = Mutants.all.first(where: { $0.id == id })?.engine else {
                return .failure(UsageError(message: "Unknown mutant '\(id)' (expected one of: \(Mutants.all.compactMap { $0.engine?.id }.joined(separator: ", ")))"))
            }
            return .success(engine)
        }
        switch BuiltInEngines.select(name) {
        case .success(let e): return .success(e)
        case .failure(let error): return .failure(UsageError(message: error.message + " or mutant:<id>"))
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
