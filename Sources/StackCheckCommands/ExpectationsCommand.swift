import Foundation
import StackConformance

/// `stackcheck expectations --from run.json [--update FILE]`: writes an engine's expectations file from a run.
enum ExpectationsCommand {
    static let spec = CommandSpec(
        name: "expectations",
        abstract: "Write or update an engine's expectations file from a run's JSON report.",
        discussion: """
            Reads a report written by 'stackcheck run --json' and writes the expectations (stackcheck.expectations/2) \
            that accept exactly what it shows: every cause of a failing property by its key, and a status per \
            property only for a result without failures that the default does not accept (a SKIP). With --update \
            FILE, reads FILE first (stackcheck.expectations/2 or /1; a missing FILE is an empty one) and writes it \
            back: reasons already written are kept, a known cause the run no longer shows is dropped when a \
            property it broke ran, and a new cause gets the reason '\(Expectations.placeholderReason)' for you to \
            edit (or the reason of the /1 entry of its property it replaces). Without --update or --output, the \
            file goes to standard output; what changed goes to standard error.
            Exit status: 0 when written; 2 for a usage error, or a report or expectations file that cannot be read \
            (the message names the file and the JSON path), or an output file that cannot be written.
            """,
        options: [
            .init(Options.Name.from, valueName: "report", help: "The run's JSON report (stackcheck.report/4)"),
            .init(Options.Name.update, valueName: "file", help: "The expectations file to update in place (created when missing)"),
            .init(Options.Name.output, short: "o", valueName: "file", help: "Where to write the file (default: --update's file, else standard output)"),
        ])

    /// `expectations`' options.
    struct Options: CommandOptions {
        enum Name: String, OptionName { case from, update, output }

        /// `--from`: the report to read.
        var from: String?
        /// `--update`: the file read first and, without `--output`, written back.
        var update: String?
        /// `--output`: where to write.
        var output: String?

        init(_ reader: inout OptionReader) {
            from = reader.value(Name.from)
            update = reader.value(Name.update)
            output = reader.value(Name.output)
        }
    }

    static func run(_ args: ParsedArguments, console: Console) -> Int32 {
        var reader = OptionReader(args)
        let given = Options(&reader)
        guard let from = given.from else { return usage("--from REPORT is required", spec: spec, console: console) }
        guard let report = InputFiles.report(from, console: console) else { return ExitStatus.usage }
        var old = Expectations()
        if let path = given.update, FileManager.default.fileExists(atPath: path) {
            do { old = try InputFiles.expectations(path) } catch {
                console.err("error: \(error.message)\n")
                return ExitStatus.usage
            }
        }
        let (written, update) = old.updated(from: report)
        let text = written.document.prettyText + "\n"
        if let path = given.output ?? given.update {
            do { try OutputFile.write(text, to: path) } catch {
                console.err("error: cannot write \(path): \(error.localizedDescription)\n")
                return ExitStatus.usage
            }
            console.err("wrote \(path)\n")
        } else {
            console.out(text)
        }
        console.err(describe(update, written))
        return ExitStatus.success
    }

    /// What changed, a line per kind of change, each key on a line of its own.
    static func describe(_ u: Expectations.Update, _ written: Expectations) -> String {
        var lines = ["\(written.causes.count) known cause\(written.causes.count == 1 ? "" : "s"), "
                     + "\(written.entries.count) propert\(written.entries.count == 1 ? "y" : "ies") with a status of its own"]
        func list(_ title: String, _ keys: [String]) {
            guard !keys.isEmpty else { return }
            lines.append("\(title) (\(keys.count)):")
            lines += keys.map { "  " + $0 }
        }
        list("Kept", u.kept)
        list("Added, with a reason to write", u.added)
        list("Dropped, no longer shown", u.dropped)
        list("Properties given a status", u.addedProperties)
        list("Properties no longer listed", u.droppedProperties)
        let todo = written.causes.filter { $0.reason == Expectations.placeholderReason }.count
            + written.entries.values.filter { $0.reason == Expectations.placeholderReason }.count
        if todo > 0 { lines.append("\(todo) reason\(todo == 1 ? "" : "s") still to write ('\(Expectations.placeholderReason)').") }
        return lines.joined(separator: "\n") + "\n"
    }
}
