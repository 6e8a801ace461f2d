import StackLayout

/// `stackcheck constraints FILE.json [--json]`: the UISV constraint set the reference engine generates (issue 4,
/// item 4), one per line in UIKit's console style, so people can compare it with a device's log.
enum ConstraintsCommand {
    static let spec = CommandSpec(
        name: "constraints",
        abstract: "Print the UISV constraints UIKit would install for a scenario.",
        discussion: """
            Prints the reference engine's constraint set in generation order (stack by stack in pre-order; within a \
            stack, the rows of UISTACKVIEW.md §2.2 in order; items in arranged order), in the style of UIKit's \
            console, e.g. 'UISV-spacing' H:[b]-(10)-[c]. With --json, one object per constraint.
            Exit status: 0 on success; 2 for a usage error or an invalid or missing file.
            """,
        flags: [.init(name: "json", help: "Print a JSON array for machines.")],
        positionals: [.init(name: "file", help: "A scenario JSON file.")])

    static func run(_ args: ParsedArguments, console: Console) -> Int32 {
        let scenario: Scenario
        switch readScenario(args.positionals[0]) {
        case .success(let s): scenario = s
        case .failure(let error):
            console.err("error: \(error.message)\n")
            return ExitStatus.usage
        }
        if args.flag("json") {
            console.out(ReferenceEngine.constraintsJSON(for: scenario) + "\n")
        } else {
            for line in ReferenceEngine.constraintLines(for: scenario) { console.out(line + "\n") }
        }
        return ExitStatus.success
    }
}
