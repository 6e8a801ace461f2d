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
            .init(Options.Name.tolerance, valueName: "pt", help: "Absolute comparison tolerance in points (default: 0.001)"),
            .init(Options.Name.saveRegression, valueName: "dir", help: "Save the case as a regression in this directory"),
        ],
        positionals: [.init(name: "token", help: "The replay token (pc2_…)")])

    /// `replay`'s options, checked.
    struct Options: CommandOptions {
        enum Name: String, OptionName {
            case tolerance
            case saveRegression = "save-regression"
        }

        var engine: EngineOptions
        /// `--tolerance`: finite, ≥ 0.
        var tolerance: Double?
        /// `--save-regression`: the directory to save the case into.
        var saveRegression: String?

        init(_ reader: inout OptionReader) throws(UsageError) {
            engine = EngineOptions(&reader)
            if let t = reader.value(Name.tolerance) {
                guard let tolerance = Double(t), tolerance >= 0, tolerance.isFinite else {
                    throw UsageError(message: "--tolerance expects a number of points >= 0, got '\(t)'")
                }
                self.tolerance = tolerance
            }
            saveRegression = reader.value(Name.saveRegression)
        }
    }

    static func run(_ args: ParsedArguments, console: Console) -> Int32 {
        let given: Options
        do { given = try Options(parsing: args) } catch { return usage(error.message, spec: spec, console: console) }
        var options = RunOptions()
        if let tolerance = given.tolerance { options.tolerance.absolute = tolerance }
        let token: ReplayToken
        do { token = try ReplayToken(parsing: args.positionals[0]) } catch {
            console.err("error: invalid replay token: \(error)\n")
            return ExitStatus.usage
        }
        let engine: any LayoutEngine
        switch EngineSelection.make(given.engine) {
        case .success(let e): engine = e[0]
        case .failure(let f): return EngineSelection.report(f, spec: spec, console: console)
        }
        defer { EngineSelection.stop([engine]) }
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
            if let directory = given.saveRegression, let scenario = c.scenario {
                let regression = RegressionCase(property: p.id, engine: engine.name, suiteVersion: ConformanceSuite.version,
                                                token: token.encoded, scenario: scenario, expect: "PASS")
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
