import Foundation
import StackConformance
import StackLayout

/// `stackcheck run` (the default command): checks an engine and prints a report.
///
/// Until the property catalogue lands (issue 5), the run checks the golden fixtures, every one through the chosen
/// engine, and, for the direct engine, agreement with the reference on every fixture scenario.
enum RunCommand {
    static let spec = CommandSpec(
        name: "run",
        abstract: "Check a layout engine against the golden fixtures.",
        discussion: """
            Lays out every Fixtures/golden/*.json scenario with the engine and compares the frames with the \
            hand-worked expected layouts (SCENARIO-FORMAT.md, "Fixtures and regressions"). A fixture that needs a \
            feature the engine lacks is skipped and counted.
            Exit status: 0 when every fixture passes or is skipped; 1 otherwise; 2 for a usage error or an \
            invalid fixture file.
            """,
        options: [
            .init(name: "engine", valueName: "engine", help: "reference or direct (default: reference)"),
            .init(name: "fixtures", valueName: "dir", help: "The fixture directory (default: Fixtures/golden)"),
        ],
        flags: [.init(name: "verbose", help: "List every fixture, not only the failures.")])

    static func run(_ args: ParsedArguments, console: Console) -> Int32 {
        let engine: any LayoutEngine
        switch BuiltInEngines.select(args.value("engine")) {
        case .success(let e): engine = e
        case .failure(let error): return usage(error.message, spec: spec, console: console)
        }
        let directory = args.value("fixtures") ?? "Fixtures/golden"
        let entries: [GoldenFixtureCheck.Entry]
        do {
            entries = try GoldenFixtureCheck.load(directory: directory)
        } catch {
            console.err("error: \(error)\n")
            return ExitStatus.usage
        }
        console.out("stackcheck \(StackConformance.suiteVersion): engine \(engine.name) \(engine.version), "
                    + "\(entries.count) golden fixtures from \(directory)\n\n")
        var counts: [String: Int] = [:]
        var failed = false
        for entry in entries {
            let outcome = GoldenFixtureCheck.check(entry.fixture, on: engine)
            counts[outcome.label, default: 0] += 1
            switch outcome {
            case .pass, .skip:
                if args.flag("verbose") { console.out("\(pad(outcome.label, 6)) \(entry.name)\n") }
            case .fail(let differences):
                failed = true
                console.out("FAIL   \(entry.name)  (\(entry.fixture.rules.joined(separator: ", ")))\n")
                for d in differences.prefix(8) { console.out("         \(d)\n") }
                if differences.count > 8 { console.out("         … and \(differences.count - 8) more\n") }
            case .error(let message):
                failed = true
                console.out("ERROR  \(entry.name): \(message)\n")
            }
        }
        let summary = ["PASS", "FAIL", "SKIP", "ERROR"].map { "\($0) \(counts[$0, default: 0])" }.joined(separator: ", ")
        console.out("\n[\(counts["PASS", default: 0])/\(entries.count)] golden fixtures: \(summary)\n")
        return failed ? ExitStatus.failure : ExitStatus.success
    }
}

func pad(_ s: String, _ width: Int) -> String { s.count >= width ? s : s + String(repeating: " ", count: width - s.count) }
