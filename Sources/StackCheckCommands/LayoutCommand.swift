import Foundation
import StackLayout

/// `stackcheck layout FILE.json [--engine reference|direct]`: prints the layout document.
enum LayoutCommand {
    static let spec = CommandSpec(
        name: "layout",
        abstract: "Lay out a scenario and print its layout document.",
        discussion: """
            Reads a scenario (format stackcheck.scenario/1) and prints the engine's layout in the project's \
            byte-stable JSON form, so outputs can be diffed.
            Exit status: 0 on success; 1 when the engine answers unsupported or fails; 2 for a usage error or an \
            invalid or missing file (the JSON path and the reason go to standard error); 3 when the engine cannot be started.
            """,
        options: EngineOptions.options,
        positionals: [.init(name: "file", help: "A scenario JSON file.")])

    /// `layout`'s options: the engine options alone.
    typealias Options = EngineOptions

    static func run(_ args: ParsedArguments, console: Console) -> Int32 {
        var reader = OptionReader(args)
        let engine: any LayoutEngine
        switch EngineSelection.make(Options(&reader)) {
        case .success(let e): engine = e[0]
        case .failure(let f): return EngineSelection.report(f, spec: spec, console: console)
        }
        defer { EngineSelection.stop([engine]) }
        guard let scenario = ScenarioFile.read(args.positionals[0], console: console) else { return ExitStatus.usage }
        do {
            let layout = try engine.layout(scenario)
            console.out(layout.jsonString(pretty: true) + "\n")
            return ExitStatus.success
        } catch {
            console.err("\(engine.name): \(error)\n")
            return ExitStatus.failure
        }
    }
}
