import StackLayout

/// `stackcheck constraints FILE.json [--json]`: the UISV constraint set the reference engine generates,
/// one per line in UIKit's console style, so people can compare it with a device's log.
enum ConstraintsCommand {
    static let spec = CommandSpec(
        name: "constraints",
        abstract: "Print the UISV constraints UIKit would install for a scenario.",
        discussion: """
            Prints the reference engine's constraint set in generation order (stack by stack in pre-order; within a \
            stack, the rows of UISTACKVIEW.md §2.2 in order; items in arranged order), in the style of UIKit's \
            console, e.g. 'UISV-spacing' H:[b]-(10)-[c]. With --json, one object per constraint.
            --engine accepts only reference. Exit status: 0 on success; 2 for a usage error or an invalid or missing file.
            """,
        options: EngineOptions.options,
        flags: [.init(Options.Name.json, help: "Print a JSON array for machines.")],
        positionals: [.init(name: "file", help: "A scenario JSON file.")])

    /// `constraints`' options: the engine options, which may name the reference engine only, and `--json`.
    struct Options: CommandOptions {
        enum Name: String, OptionName { case json }

        var engine: EngineOptions
        /// `--json`.
        var json: Bool

        init(_ reader: inout OptionReader) {
            engine = EngineOptions(&reader)
            json = reader.flag(Name.json)
        }
    }

    static func run(_ args: ParsedArguments, console: Console) -> Int32 {
        var reader = OptionReader(args)
        let given = Options(&reader)
        // Only the reference engine builds UISV constraints; the engine protocol (version 1) has no request for them.
        if given.engine.engineCommand != nil {
            return usage("constraints are the reference engine's (UISTACKVIEW.md §2); an external engine cannot "
                         + "answer them over stackcheck.engine/1", spec: spec, console: console)
        }
        if let name = given.engine.engine, name != "reference" {
            return usage("constraints are the reference engine's (UISTACKVIEW.md §2); --engine \(name) has none",
                         spec: spec, console: console)
        }
        guard let scenario = ScenarioFile.read(args.positionals[0], console: console) else { return ExitStatus.usage }
        if given.json {
            console.out(ReferenceEngine.constraintsJSON(for: scenario) + "\n")
        } else {
            for line in ReferenceEngine.constraintLines(for: scenario) { console.out(line + "\n") }
        }
        return ExitStatus.success
    }
}
