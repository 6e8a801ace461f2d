import Foundation
import StackConformance
import StackLayout

/// `stackcheck render FILE.json -o out.svg [--engine …] [--against reference]`: a picture of any scenario.
enum RenderCommand {
    static let spec = CommandSpec(
        name: "render",
        abstract: "Draw a scenario's layout as SVG.",
        discussion: """
            Lays the scenario out with the engine and writes an SVG: the stack, its margins, every frame labelled \
            with its id, hidden views dashed; with --against reference, the reference frames in blue under the \
            engine's in orange. Exit status: 0 on success; 1 when the engine answers unsupported or fails; 2 for a \
            usage error or an invalid file; 3 when the engine cannot be started.
            """,
        options: EngineOptions.options + [
            .init(Options.Name.output, short: "o", valueName: "file", help: "Where to write the SVG (default: standard output)"),
            .init(Options.Name.against, valueName: "engine", help: "Draw this built-in engine's layout underneath (e.g. reference)"),
        ],
        positionals: [.init(name: "file", help: "A scenario JSON file.")])

    /// `render`'s options.
    struct Options: CommandOptions {
        enum Name: String, OptionName { case output, against }

        var engine: EngineOptions
        /// `--output` (`-o`): the SVG file; nil writes to standard output.
        var output: String?
        /// `--against`: a built-in engine whose layout is drawn underneath.
        var against: String?

        init(_ reader: inout OptionReader) {
            engine = EngineOptions(&reader)
            output = reader.value(Name.output)
            against = reader.value(Name.against)
        }
    }

    static func run(_ args: ParsedArguments, console: Console) -> Int32 {
        var reader = OptionReader(args)
        let given = Options(&reader)
        let engines: [any LayoutEngine]
        switch EngineSelection.make(given.engine) {
        case .success(let e): engines = e
        case .failure(let f): return EngineSelection.report(f, spec: spec, console: console)
        }
        defer { EngineSelection.stop(engines) }
        var against: (any LayoutEngine)? = nil
        if let name = given.against {
            switch EngineSelection.builtIn(name) {
            case .success(let e): against = e
            case .failure(let f): return usage(f.message, spec: spec, console: console)
            }
        }
        guard let scenario = ScenarioFile.read(args.positionals[0], console: console) else { return ExitStatus.usage }
        let layout: Layout
        do { layout = try engines[0].layout(scenario) } catch {
            console.err("\(engines[0].name): \(error)\n")
            return ExitStatus.failure
        }
        let base = against.flatMap { try? $0.layout(scenario) }
        let title = (scenario.name ?? args.positionals[0]) + ": " + engines[0].name + (against.map { " over \($0.name)" } ?? "")
        let svg = LayoutPicture.svg(scenario, actual: layout, reference: base, title: title)
        guard let path = given.output else { console.out(svg); return ExitStatus.success }
        do { try OutputFile.write(svg, to: path) } catch {
            console.err("error: cannot write \(path): \(error.localizedDescription)\n")
            return ExitStatus.usage
        }
        console.err("wrote \(path)\n")
        return ExitStatus.success
    }
}
