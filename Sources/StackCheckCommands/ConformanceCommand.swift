import Foundation
import StackConformance
import StackConformanceMutants
import StackLayout

/// `stackcheck conformance [--write FILE]`: generates CONFORMANCE.md from the code (rules, fixtures, engines).
enum ConformanceCommand {
    static let spec = CommandSpec(
        name: "conformance",
        abstract: "Generate CONFORMANCE.md from the catalogue, the golden fixtures and a run of both built-in engines.",
        discussion: "Runs the property catalogue (default seed and case count) and every golden fixture on every built-in engine, and prints the catalogue, or writes it with --write.",
        options: [
            .init(Options.Name.write, valueName: "file", help: "Write the document to this file instead of printing it."),
            .init(Options.Name.fixtures, valueName: "dir", help: "The fixture directory (default: Fixtures/golden)"),
        ])

    /// `conformance`'s options.
    struct Options: CommandOptions {
        enum Name: String, OptionName { case write, fixtures }

        /// `--write`: the file to write; nil prints the document.
        var write: String?
        /// `--fixtures`: the golden fixture directory.
        var fixtures: String?

        init(_ reader: inout OptionReader) {
            write = reader.value(Name.write)
            fixtures = reader.value(Name.fixtures)
        }
    }

    static func run(_ args: ParsedArguments, console: Console) async -> Int32 {
        var reader = OptionReader(args)
        let given = Options(&reader)
        let entries: [GoldenFixtureCheck.Entry]
        do {
            entries = try GoldenFixtureCheck.load(directory: given.fixtures ?? "Fixtures/golden")
        } catch {
            console.err("error: \(error)\n")
            return ExitStatus.usage
        }
        var statuses: [[String: ResultStatus]] = []
        for engine in BuiltInEngines.all {
            let report = await CatalogueRun.run(engines: [engine, engine], options: RunOptions())
            var out: [String: ResultStatus] = [:]
            for r in report.results { out[r.property] = r.status }
            statuses.append(out)
        }
        let text = ConformanceDocument.generate(fixtures: entries, engines: BuiltInEngines.all, statuses: statuses,
                                                mutants: Mutants.documentRows)
        guard let path = given.write else { console.out(text); return ExitStatus.success }
        do {
            try OutputFile.write(text, to: path)
        } catch {
            console.err("error: cannot write \(path): \(error.localizedDescription)\n")
            return ExitStatus.failure
        }
        console.err("wrote \(path)\n")
        return ExitStatus.success
    }
}
