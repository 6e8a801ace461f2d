import Foundation
import StackConformance
import StackLayout

/// `stackcheck report A.json B.json … [--html FILE]`: reads JSON reports back and shows them side by side; given one
/// report, `--junit FILE` writes it as JUnit XML; `--against EARLIER CURRENT` says what changed between two runs of
/// an engine (`RunComparison`).
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
            With --against EARLIER and one report (the current run), prints what changed between the two runs of \
            the engine: causes new, fixed and unchanged (matched by their keys, which do not depend on the seed), \
            and properties whose status changed; --html then writes the current run's page with that comparison at \
            the top. It exits 1 when something fails that did not fail in the earlier run.
            Exit status: 0 on success (with --against: nothing new fails); 1 with --against, when a cause is new or \
            a property fails that did not; 2 for a usage error, or a report that cannot be read or is not a report \
            (the message names the file and the JSON path), or an output file that cannot be written.
            """,
        options: [.init(Options.Name.html, valueName: "file", help: "Write the grid (or the one report) as an HTML page"),
                  .init(Options.Name.against, valueName: "earlier.json", help: "Compare the one report with an earlier run's report: causes fixed, new and unchanged"),
                  .init(Options.Name.junit, valueName: "file", help: "Write the one report as JUnit XML (as 'run --junit')")],
        positionals: [.init(name: "report", help: "JSON reports, one per engine (the columns, in this order).", variadic: true)])

    /// `report`'s options.
    struct Options: CommandOptions {
        enum Name: String, OptionName { case html, junit, against }

        /// `--html`: the page to write; nil (and no `--junit`) prints the text grid.
        var html: String?
        /// `--junit`: the JUnit XML file to write, of the one report given.
        var junit: String?
        /// `--against`: the earlier run's JSON report to compare the one report with.
        var against: String?

        init(_ reader: inout OptionReader) {
            html = reader.value(Name.html)
            junit = reader.value(Name.junit)
            against = reader.value(Name.against)
        }
    }

    static func run(_ args: ParsedArguments, console: Console) -> Int32 {
        var reader = OptionReader(args)
        let given = Options(&reader)
        if given.junit != nil && args.positionals.count != 1 {
            return usage("--junit writes one report: give exactly one JSON report, not \(args.positionals.count)",
                         spec: spec, console: console)
        }
        if given.against != nil && args.positionals.count != 1 {
            return usage("--against compares two runs: give the earlier report to --against and exactly one current report, not \(args.positionals.count)",
                         spec: spec, console: console)
        }
        var reports: [ConformanceReport] = []
        for path in args.positionals {
            guard let report = InputFiles.report(path, console: console) else { return ExitStatus.usage }
            reports.append(report)
        }
        var comparison: RunComparison? = nil
        if let path = given.against {
            guard let earlier = InputFiles.report(path, console: console) else { return ExitStatus.usage }
            comparison = RunComparison(earlier: earlier, current: reports[0])
        }
        var files: [(path: String, text: String)] = []
        if let path = given.html {
            let page = comparison.map { HTMLReport.render($0, earlierName: given.against ?? "") }
                ?? (reports.count == 1 ? HTMLReport.render(reports[0]) : HTMLReport.grid(reports))
            files.append((path, page))
        }
        if let path = given.junit { files.append((path, JUnitReport.render(reports[0]))) }
        if let comparison {
            console.out(ComparisonReport.text(comparison, earlierName: given.against ?? "", currentName: args.positionals[0]))
        } else if files.isEmpty {
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
        return comparison?.hasNewFailures == true ? ExitStatus.failure : ExitStatus.success
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
