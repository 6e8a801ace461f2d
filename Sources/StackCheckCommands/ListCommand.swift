import StackConformance
import StackLayout

/// `stackcheck list [--json]`: the catalogue (id, rules, level, features), in catalogue order.
enum ListCommand {
    static let spec = CommandSpec(
        name: "list",
        abstract: "List the property catalogue.",
        discussion: "One line per property: id, rules, evidence level, and the features it needs. CONFORMANCE.md has the statements.",
        flags: [.init(Options.Name.json, help: "Print the catalogue as JSON (with the statements).")])

    /// `list`'s options.
    struct Options: CommandOptions {
        enum Name: String, OptionName { case json }

        /// `--json`.
        var json: Bool

        init(_ reader: inout OptionReader) { json = reader.flag(Name.json) }
    }

    static func run(_ args: ParsedArguments, console: Console) -> Int32 {
        var reader = OptionReader(args)
        if Options(&reader).json {
            let list = JSONValue.array(Catalogue.all.map { p in
                .object([("id", .string(p.id)), ("rules", .array(p.rules.map { .string($0) })), ("level", .string(p.level.rawValue)),
                         ("features", .array(p.features.sorted.map { .string($0.rawValue) })), ("statement", .string(p.statement))])
            })
            console.out(list.prettyText + "\n")
            return ExitStatus.success
        }
        let width = (Catalogue.all.map(\.id.count).max() ?? 0) + 2
        console.out(TextReport.column("PROPERTY", width) + TextReport.column("LEVEL", 11) + TextReport.column("RULES", 34) + "NEEDS\n")
        for p in Catalogue.all {
            console.out(TextReport.column(p.id, width) + TextReport.column(p.level.rawValue, 11) + TextReport.column(p.rules.joined(separator: ","), 34)
                        + (p.features.isEmpty ? "-" : p.features.description) + "\n")
        }
        console.out("\n\(Catalogue.all.count) properties.\n")
        return ExitStatus.success
    }
}
