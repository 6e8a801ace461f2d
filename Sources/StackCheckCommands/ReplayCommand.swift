import PropertyCheck
import StackConformance
import StackLayout

/// `stackcheck replay TOKEN`: reruns exactly one case and prints the scenario, both layouts and the violated
/// statement; exit 1 if it still fails. `--save-regression DIR` keeps the case in the regression folder.
enum ReplayCommand {
    static let spec = CommandSpec(
        name: "replay",
        abstract: "Rerun one case from its replay token.",
        discussion: """
            Rebuilds the case a failure printed (pc2_…) and checks its property on the engine again. \
            The token carries the property and the feature set; give the same engine (--engine or \
            --engine-command with --timeout) and --tolerance as the run that printed it. \
            Exit status: 0 when it passes now; 1 when it still fails (or the engine answers error, times out or \
            crashes); 2 for a usage error or an invalid token; 3 when the engine cannot be started.
            """,
        options: EngineOptions.options + [
            .init(name: "tolerance", valueName: "pt", help: "Absolute comparison tolerance in points (default: 0.001)"),
            .init(name: "save-regression", valueName: "dir", help: "Save the case as a regression in this directory"),
        ],
        positionals: [.init(name: "token", help: "The replay token (pc2_…)")])

    static func run(_ args: ParsedArguments, console: Console) -> Int32 {
        var options = RunOptions()
        if let t = args.value("tolerance") {
            guard let tolerance = Double(t), tolerance >= 0, tolerance.isFinite else {
                return usage("--tolerance expects a number of points >= 0, got '\(t)'", spec: spec, console: console)
            }
            options.tolerance.absolute = tolerance
        }
        let token: ReplayToken
        do { token = try ReplayToken(parsing: args.positionals[0]) } catch {
            console.err("error: invalid replay token: \(error)\n")
            return ExitStatus.usage
        }
        let engine: any LayoutEngine
        switch EngineOptions.make(args) {
        case .success(let e): engine = e[0]
        case .failure(let f): return EngineOptions.report(f, spec: spec, console: console)
        }
        defer { EngineOptions.stop([engine]) }
        let outcome: Replay.Outcome
        do { outcome = try Replay.run(token, on: engine, options: options) } catch {
            console.err("error: \(error)\n")
            return ExitStatus.usage
        }
        let p = outcome.property
        console.out("Property: \(p.id) (\(p.rules.joined(separator: ", ")), \(p.level.rawValue)) on engine \(engine.name)\n")
        console.out("Statement: \(p.statement)\n")
        console.out("Status: \(outcome.status.rawValue): \(outcome.message)\n")
        if let c = outcome.counterexample {
            if let program = c.program { console.out("Program:\n" + program.map { "  " + $0 }.joined(separator: "\n") + "\n") }
            if let s = c.scenario { console.out("Scenario:\n\(s.jsonString(pretty: true))\n") }
            if let a = c.actual { console.out("Engine layout:\n\(a.jsonString(pretty: true))\n") }
            if let r = c.reference { console.out("Reference layout:\n\(r.jsonString(pretty: true))\n") }
            if let directory = args.value("save-regression"), let scenario = c.scenario {
                let regression = RegressionCase(property: p.id, engine: engine.name, suiteVersion: ConformanceSuite.version,
                                                seed: token.encoded, scenario: scenario, expect: "PASS")
                do {
                    let path = try RegressionStore.save(regression, directory: directory)
                    console.out("Saved the case as \(path); it is replayed before any new case of \(p.id) on \(engine.name).\n")
                } catch {
                    console.err("error: cannot save the regression: \(error)\n")
                    return ExitStatus.usage
                }
            }
        }
        return outcome.status == .pass || outcome.status == .skip ? ExitStatus.success : ExitStatus.failure
    }
}
