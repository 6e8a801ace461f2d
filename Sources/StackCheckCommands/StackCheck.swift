#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import StackConformance
import StackLayout

/// The `stackcheck` tool: dispatches to a command; `run` is the default when no command is given.
public enum StackCheck {
    /// Each command: the spec its help prints and its words are parsed by, the typed options it reads (by the
    /// spec's option names), and what it runs.
    static var commands: [(spec: CommandSpec, options: any CommandOptions.Type, run: (ParsedArguments, Console) async -> Int32)] { [
        (RunCommand.spec, RunCommand.Options.self, RunCommand.run),
        (LayoutCommand.spec, LayoutCommand.Options.self, LayoutCommand.run),
        (ConstraintsCommand.spec, ConstraintsCommand.Options.self, ConstraintsCommand.run),
        (ListCommand.spec, ListCommand.Options.self, ListCommand.run),
        (ReplayCommand.spec, ReplayCommand.Options.self, ReplayCommand.run),
        (RenderCommand.spec, RenderCommand.Options.self, RenderCommand.run),
        (ConformanceCommand.spec, ConformanceCommand.Options.self, ConformanceCommand.run),
        (ReportCommand.spec, ReportCommand.Options.self, ReportCommand.run),
        (ExpectationsCommand.spec, ExpectationsCommand.Options.self, ExpectationsCommand.run),
    ] }

    static var overview: String {
        var lines = ["OVERVIEW: Check stack-layout engines against UIStackView's behaviour.", "",
                     "USAGE: stackcheck <subcommand>", "", "SUBCOMMANDS:"]
        for (spec, _, _) in commands {
            let left = spec.name + (spec.name == "run" ? " (default)" : "")
            lines.append("  " + TextReport.column(left, 22) + spec.abstract)
        }
        lines += ["", "  See 'stackcheck help <subcommand>' for detailed help."]
        return lines.joined(separator: "\n") + "\n"
    }

    /// Runs the tool with `arguments` (without the program name) and returns the exit status. Async, so that callers
    /// already on Swift's cooperative pool (tests) never block one of its threads waiting for the run.
    ///
    /// The command runs on a thread of its own (its task's executor preference), never on the cooperative pool:
    /// commands talk to external engines with blocking I/O. With `handlingSignals` (the `stackcheck` executable),
    /// SIGINT and SIGTERM stop any command (see `Interruption`) and the process exits with status 130.
    /// `invocation` starts the replay and regression lines it prints (`Invocation.words(programPath:)`).
    public static func main(_ arguments: [String], console: Console, handlingSignals: Bool = false,
                            invocation: [String] = Invocation.swiftRun) async -> Int32 {
        if handlingSignals { Interruption.shared.install(console: console) }
        var words = arguments
        if words.first == "help" {
            words.removeFirst()
            guard let name = words.first else { console.out(overview); return ExitStatus.success }
            guard let command = commands.first(where: { $0.spec.name == name }) else {
                console.err("Error: Unknown subcommand '\(name)'\n\n" + overview)
                return ExitStatus.usage
            }
            console.out(command.spec.helpText)
            return ExitStatus.success
        }
        if words == ["-h"] || words == ["--help"] { console.out(overview); return ExitStatus.success }
        var command = commands[0]
        if let first = words.first, !first.hasPrefix("-") {
            guard let match = commands.first(where: { $0.spec.name == first }) else {
                console.err("Error: Unknown subcommand '\(first)'\n\n" + overview)
                return ExitStatus.usage
            }
            command = match
            words.removeFirst()
        }
        let parsed: ParsedArguments
        do {
            var arguments = try ParsedArguments(words, spec: command.spec)
            arguments.invocation = invocation
            parsed = arguments
        } catch {
            return usage(error.message, spec: command.spec, console: console)
        }
        if parsed.wantsHelp { console.out(command.spec.helpText); return ExitStatus.success }
        let name = command.spec.name
        return await JobThread.run(name: "stackcheck \(name)") {
            let status = await commands.first { $0.spec.name == name }!.run(parsed, console)
            // Interrupted: the handler's thread writes what must be written and exits with 130.
            if Interruption.shared.isInterrupted { Interruption.shared.parkUntilExit() }
            return status
        }
    }
}

/// Prints a usage error in swift-argument-parser's layout and returns status 2.
func usage(_ message: String, spec: CommandSpec, console: Console) -> Int32 {
    console.err("Error: \(message)\nUsage: \(spec.usage)\n  See 'stackcheck \(spec.name) --help' for more information.\n")
    return ExitStatus.usage
}

/// Ends the process with a status (so `main.swift` needs no platform import).
public func exit(_ status: Int32) -> Never {
    #if canImport(Glibc)
    Glibc.exit(status)
    #else
    Darwin.exit(status)
    #endif
}
