import StackConformance

/// A hand-written command-line parser in the conventions of swift-argument-parser (no dependency):
/// `--name value` and `--name=value`, `-n value` for an option with a short name, flags (`--name`, `-n`),
/// positionals, `-h`/`--help`, and the same error and help layout.

/// The names of a command's options and flags: one case per declared option, its raw value the long name. A command
/// declares its options (`CommandSpec.Option`) and reads them (`OptionReader`) by these cases, never by a string, so
/// the help it prints and the options it reads are the same; `CommandOptionsTests` holds each command to reading
/// every option it declares.
protocol OptionName: RawRepresentable<String>, CaseIterable, Sendable {}

/// What one command accepts.
struct CommandSpec {
    struct Option {
        var name: String
        /// A one-letter name (`-o`); never `h`, which is help, and unique within the command.
        var short: Character?
        var valueName: String
        var help: String
        var repeatable: Bool

        init(_ name: some OptionName, short: Character? = nil, valueName: String, help: String, repeatable: Bool = false) {
            self.name = name.rawValue
            self.short = short
            self.valueName = valueName
            self.help = help
            self.repeatable = repeatable
        }
    }
    struct Flag {
        var name: String
        /// A one-letter name (`-v`), as for an option.
        var short: Character?
        var help: String

        init(_ name: some OptionName, short: Character? = nil, help: String) {
            self.name = name.rawValue
            self.short = short
            self.help = help
        }
    }
    struct Positional {
        var name: String
        var help: String
        var optional = false
        /// The last positional only: takes every remaining word (`stackcheck report A.json B.json …`).
        var variadic = false
    }

    var name: String
    var abstract: String
    var discussion: String? = nil
    var options: [Option] = []
    var flags: [Flag] = []
    var positionals: [Positional] = []

    /// The long names of the options and flags, in help order.
    var declaredNames: [String] { options.map(\.name) + flags.map(\.name) }

    /// The usage line names options by their long names (a short name is in the help's row).
    var usage: String {
        var parts = ["stackcheck", name]
        for p in positionals { parts.append((p.optional ? "[<\(p.name)>]" : "<\(p.name)>") + (p.variadic ? " ..." : "")) }
        for o in options { parts.append("[--\(o.name) <\(o.valueName)>]" + (o.repeatable ? " ..." : "")) }
        for f in flags { parts.append("[--\(f.name)]") }
        return parts.joined(separator: " ")
    }

    var helpText: String {
        func row(_ left: String, _ right: String) -> String {
            let pad = left.count < 24 ? String(repeating: " ", count: 24 - left.count) : "\n" + String(repeating: " ", count: 26)
            return "  \(left)\(pad)\(right)"
        }
        func names(_ long: String, _ short: Character?) -> String { (short.map { "-\($0), " } ?? "") + "--" + long }
        var lines = ["OVERVIEW: \(abstract)", ""]
        if let discussion { lines += [discussion, ""] }
        lines += ["USAGE: \(usage)", ""]
        if !positionals.isEmpty {
            lines.append("ARGUMENTS:")
            for p in positionals { lines.append(row("<\(p.name)>", p.help)) }
            lines.append("")
        }
        lines.append("OPTIONS:")
        for o in options { lines.append(row(names(o.name, o.short) + " <\(o.valueName)>", o.help)) }
        for f in flags { lines.append(row(names(f.name, f.short), f.help)) }
        lines.append(row("-h, --help", "Show help information."))
        return lines.joined(separator: "\n") + "\n"
    }
}

/// A usage error: printed with the command's usage line; exit status 2 (ENGINE-PROTOCOL.md, "Exit status").
struct UsageError: Error {
    var message: String
}

/// The parsed words of one command line: option values by long name, flags, positionals. A command reads them
/// through an `OptionReader`.
struct ParsedArguments {
    /// Option values in the order given (look-ups only; never iterated into output).
    fileprivate var values: [String: [String]] = [:]
    fileprivate var flags: Set<String> = []
    var positionals: [String] = []
    var wantsHelp = false
    /// How the tool was invoked (`Invocation`): the first words of the replay lines a command prints.
    var invocation = Invocation.swiftRun

    init(_ words: [String], spec: CommandSpec) throws(UsageError) {
        var i = 0
        var onlyPositionals = false
        while i < words.count {
            let word = words[i]
            i += 1
            if onlyPositionals || !word.hasPrefix("-") || word == "-" {
                positionals.append(word)
                continue
            }
            if word == "--" { onlyPositionals = true; continue }
            if word == "-h" || word == "--help" { wantsHelp = true; continue }
            var name: String
            var inlineValue: String? = nil
            if word.hasPrefix("--") {
                name = String(word.dropFirst(2))
                if let eq = name.firstIndex(of: "=") {
                    inlineValue = String(name[name.index(after: eq)...])
                    name = String(name[..<eq])
                }
            } else if word.count == 2, let short = word.last,
                      let long = spec.options.first(where: { $0.short == short })?.name
                        ?? spec.flags.first(where: { $0.short == short })?.name {
                name = long
            } else {
                throw UsageError(message: "Unknown option '\(word)'")
            }
            if let option = spec.options.first(where: { $0.name == name }) {
                let value: String
                if let inlineValue {
                    value = inlineValue
                } else {
                    guard i < words.count else { throw UsageError(message: "Missing value for '--\(name) <\(option.valueName)>'") }
                    value = words[i]
                    i += 1
                }
                if values[name] != nil && !option.repeatable {
                    throw UsageError(message: "The option '--\(name)' was given more than once")
                }
                values[name, default: []].append(value)
            } else if spec.flags.contains(where: { $0.name == name }) {
                if inlineValue != nil { throw UsageError(message: "The flag '--\(name)' does not take a value") }
                flags.insert(name)
            } else {
                throw UsageError(message: "Unknown option '--\(name)'")
            }
        }
        guard !wantsHelp else { return }
        let required = spec.positionals.filter { !$0.optional }.count
        if positionals.count < required {
            let missing = spec.positionals[positionals.count]
            throw UsageError(message: "Missing expected argument '<\(missing.name)>'")
        }
        if positionals.count > spec.positionals.count, spec.positionals.last?.variadic != true {
            throw UsageError(message: "Unexpected argument '\(positionals[spec.positionals.count])'")
        }
    }
}

/// Reads a parsed command line by option name (`OptionName`), and remembers the names it read: a command's typed
/// options are read through one, and `CommandOptionsTests` compares what it read with what the spec declares.
struct OptionReader {
    let arguments: ParsedArguments
    /// The long names read so far, in the order read.
    private(set) var read: [String] = []

    init(_ arguments: ParsedArguments) { self.arguments = arguments }

    /// The option's value (the last given, for a repeatable one), or nil when it was not given.
    mutating func value(_ option: some OptionName) -> String? { values(option).last }

    /// Every value of a repeatable option, in the order given.
    mutating func values(_ option: some OptionName) -> [String] {
        read.append(option.rawValue)
        return arguments.values[option.rawValue] ?? []
    }

    /// Whether the flag was given.
    mutating func flag(_ flag: some OptionName) -> Bool {
        read.append(flag.rawValue)
        return arguments.flags.contains(flag.rawValue)
    }
}

/// A command's options, read and checked from its parsed command line (usage errors thrown in the order the
/// command has always reported them).
protocol CommandOptions {
    init(_ reader: inout OptionReader) throws(UsageError)
}

extension CommandOptions {
    /// The options of `arguments`.
    init(parsing arguments: ParsedArguments) throws(UsageError) {
        var reader = OptionReader(arguments)
        try self.init(&reader)
    }
}
