#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import StackConformance
import StackLayout

/// The `stackcheck` tool: dispatches to a command; `run` is the default when no command is given.
public enum StackCheck {
    static var commands: [(spec: CommandSpec, run: (ParsedArguments, Console) async -> Int32)] { [
        (RunCommand.spec, RunCommand.run),
        (LayoutCommand.spec, LayoutCommand.run),
        (ConstraintsCommand.spec, ConstraintsCommand.run),
        (ListCommand.spec, ListCommand.run),
        (ReplayCommand.spec, ReplayCommand.run),
        (RenderCommand.spec, RenderCommand.run),
        (ConformanceCommand.spec, ConformanceCommand.run),
    ] }

    static var overview: String {
        var lines = ["OVERVIEW: Check stack-layout engines against UIStackView's behaviour.", "",
                     "USAGE: stackcheck <subcommand>", "", "SUBCOMMANDS:"]
        for (spec, _) in commands {
            let left = spec.name + (spec.name == "run" ? " (default)" : "")
            lines.append("  " + pad(left, 22) + spec.abstract)
        }
        lines += ["", "  See 'stackcheck help <subcommand>' for detailed help."]
        return lines.joined(separator: "\n") + "\n"
    }

    /// Runs the tool with `arguments` (without the program name) and returns the exit status. Async, so that callers
    /// already on Swift's cooperative pool (tests) never block one of its threads waiting for the run.
    public static func main(_ arguments: [String], console: Console) async -> Int32 {
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
        if command.spec.name == "render" { words = words.map { $0 == "-o" ? "--output" : $0 } }
        let parsed: ParsedArguments
        do {
            parsed = try ParsedArguments(words, spec: command.spec)
        } catch {
            return usage(error.message, spec: command.spec, console: console)
        }
        if parsed.wantsHelp { console.out(command.spec.helpText); return ExitStatus.success }
        return await command.run(parsed, console)
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
