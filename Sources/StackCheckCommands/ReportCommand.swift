import Foundation
import StackConformance
import StackLayout

/// `stackcheck report A.json B.json … [--html FILE]`: reads JSON reports back and shows them side by side; given one
/// report, `--junit FILE` writes it as JUnit XML.
enum ReportCommand {
    static let spec = CommandSpec(
        name: "report",
        abstract: "Compare the JSON reports of several engines (a grid, as text or HTML).",
        discussion: """
            Reads reports written by 'stackcheck run --json' (stackcheck.report/4, /3, /2 or /1) and prints a grid: \
            properties in rows, one column per report, each cell the status, '!' where it does not match the \
            expectation the report recorded. With --html, writes that grid as one self-contained page instead, each \
            cell that did not pass linking to the engine's message, picture and replay commands. Given one report, \
            --html writes the same page as 'stackcheck run --html' (up to what JSON does not hold), and --junit the \
            same JUnit XML as 'stackcheck run --junit'.
            Exit status: 0 on success; 2 for a usage error, or a report that cannot be read or is not a report \
            (the message names the file and the JSON path), or an output file that cannot be written.
            """,
        options: [.init(Options.Name.html, valueName: "file", help: "Write the grid (or the one report) as an HTML page"),
                  .init(Options.Name.junit, valueName: "file", help: "Write the one report as JUnit XML (as 'run --junit')")],
        positionals: [.init(name: "report", help: "JSON reports, one per engine (the columns, in this order).", variadic: true)])

    /// `report`'s options.
    struct Options: CommandOptions {
        enum Name: String, OptionName { case html, junit }

        /// `--html`: the page to write; nil (and no `--junit`) prints the text grid.
        var html: String?
        /// `--junit`: the JUnit XML file to write, of the one report given.
        var junit: String?

        init(_ reader: inout OptionReader) {
            html = reader.value(Name.html)
            junit = reader.value(Name.junit)
        }
    }

    static func run(_ args: ParsedArguments, console: Console) -> Int32 {
        var reader = OptionReader(args)
        let given = Options(&reader)
        if given.junit != nil && args.positionals.count != 1 {
            return usage("--junit writes one report: give exactly one JSON report, not \(args.positionals.count)",
                         spec: spec, console: console)
        }
        var reports: [ConformanceReport] = []
        for path in args.positionals {
            guard let report = InputFiles.report(path, console: console) else { return ExitStatus.usage }
            reports.append(report)
        }
        var files: [(path: String, text: String)] = []
        if let path = given.html { files.append((path, reports.count == 1 ? HTMLReport.render(reports[0]) : HTMLReport.grid(reports))) }
        if let path = given.junit { files.append((path, JUnitReport.render(reports[0]))) }
        guard !files.isEmpty else {
            console.out(textGrid(reports))
            return ExitStatus.success
        }
        for (path, text) in files {
            do { try OutputFile.write(text, to: path) } catch {
                console.err("error: cannot write \(path): \(error.localizedDescription)\n")
                return ExitStatus.usage
            }
            console.err("wrote \(path)\n")
        }
        return ExitStatus.success
    }

    /// The grid as a terminal table: one column per report (headed by its engine), `-` where a report holds no
    /// result for the property, `!` after a status that does not match its expectation.
    static func textGrid(_ reports: [ConformanceReport]) -> String {
        let rows = HTMLReport.propertyRows(reports)
        let width = max(40, (rows.map(\.count).max() ?? 0) + 2)
        let labels = HTMLReport.columnLabels(reports)
        let columnWidths = labels.map { max(9, $0.count + 2) }
        var out = [TextReport.column("PROPERTY", width) + zip(labels, columnWidths).map { TextReport.column($0, $1) }.joined()]
        for id in rows {
            var line = TextReport.column(id, width)
            for (report, w) in zip(reports, columnWidths) {
                guard let r = report.results.first(where: { $0.property == id }) else { line += TextReport.column("-", w); continue }
                let mark = r.status != .notRun && !HTMLReport.matchesExpectation(r, in: report) ? "!" : ""
                line += TextReport.column(r.status.rawValue + mark, w)
            }
            out.append(line)
        }
        return out.map { String($0.reversed().drop(while: { $0 == " " }).reversed()) }.joined(separator: "\n") + "\n"
    }
}
