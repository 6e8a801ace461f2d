import StackConformance

/// A hand-written command-line parser in the conventions of swift-argument-parser (no dependency):
/// `--name value` and `--name=value`, flags, positionals, `-h`/`--help`, and the same error and help layout.

/// What one command accepts.
struct CommandSpec {
    struct Option {
        var name: String
        var valueName: String
        var help: String
        var repeatable = false
    }
    struct Flag {
        var name: String
        var help: String
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
        var lines = ["OVERVIEW: \(abstract)", ""]
        if let discussion { lines += [discussion, ""] }
        lines += ["USAGE: \(usage)", ""]
        if !positionals.isEmpty {
            lines.append("ARGUMENTS:")
            for p in positionals { lines.append(row("<\(p.name)>", p.help)) }
            lines.append("")
        }
        lines.append("OPTIONS:")
        for o in options { lines.append(row("--\(o.name) <\(o.valueName)>", o.help)) }
        for f in flags { lines.append(row("--\(f.name)", f.help)) }
        lines.append(row("-h, --help", "Show help information."))
        return lines.joined(separator: "\n") + "\n"
    }
}

/// A usage error: printed with the command's usage line; exit status 2 (ENGINE-PROTOCOL.md, "Exit status").
struct UsageError: Error {
    var message: String
}

/// The parsed words of one command line.
struct ParsedArguments {
    /// Option values in the order given (look-ups only; never iterated into output).
    private var values: [String: [String]] = [:]
    private var flags: Set<String> = []
    var positionals: [String] = []
    var wantsHelp = false
    /// How the tool was invoked (`Invocation`): the first words of the replay lines a command prints.
    var invocation = Invocation.swiftRun

    func value(_ name: String) -> String? { values[name]?.last }
    func allValues(_ name: String) -> [String] { values[name] ?? [] }
    func flag(_ name: String) -> Bool { flags.contains(name) }
    func has(_ name: String) -> Bool { values[name] != nil }

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
            guard word.hasPrefix("--") else { throw UsageError(message: "Unknown option '\(word)'") }
            var name = String(word.dropFirst(2))
            var inlineValue: String? = nil
            if let eq = name.firstIndex(of: "=") {
                inlineValue = String(name[name.index(after: eq)...])
                name = String(name[..<eq])
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
