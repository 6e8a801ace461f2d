import StackLayout

/// Splits an `--engine-command` string into the words of a command, with the POSIX shell's quoting rules and
/// nothing else (ENGINE-PROTOCOL.md, "External engine").
///
/// Why not `sh -c`: the suite must signal, time out and reap the engine itself, and a shell in between would be
/// the process it holds; a shell would also expand `$VAR`, `~` and globs differently on every platform. So the
/// suite quotes like a shell (users paste what they would type) but expands nothing:
/// - outside quotes, blanks (space, tab, newline) separate words, and `\` keeps the next character literally
///   (`\` followed by a newline joins lines; a `\` at the very end is kept, as `sh` does);
/// - `'…'` keeps everything literally up to the next `'`;
/// - `"…"` keeps everything literally except `\` before `$`, a backquote, `"`, `\` or a newline, which it escapes;
/// - `$`, the backquote, `~`, `*`, `?` and `[` are ordinary characters; `''` and `""` make an empty word.
public enum CommandWords {
    /// Splits `command` into words; throws for an unterminated quote or a command with no program name.
    public static func split(_ command: String) throws(CommandWordsError) -> [String] {
        var words: [String] = []
        var word = ""
        // A word exists once any character or quote of it is seen: `''` is an empty word, not nothing.
        var inWord = false
        var chars = Array(command)[...]
        while let c = chars.popFirst() {
            switch c {
            case " ", "\t", "\n", "\r\n":
                if inWord { words.append(word); word = ""; inWord = false }
            case "\\":
                inWord = true
                guard let next = chars.popFirst() else { word.append("\\"); break }
                if next == "\n" {
                    // A line continuation joins the lines; the word continues only if it had started.
                    inWord = !word.isEmpty
                } else {
                    word.append(next)
                }
            case "'":
                inWord = true
                guard let end = chars.firstIndex(of: "'") else {
                    throw CommandWordsError(message: "unterminated single quote in the engine command: \(command)")
                }
                word.append(contentsOf: chars[..<end])
                chars = chars[(end + 1)...]
            case "\"":
                inWord = true
                var closed = false
                while let d = chars.popFirst() {
                    if d == "\"" { closed = true; break }
                    if d == "\\", let next = chars.first, ["$", "`", "\"", "\\", "\n"].contains(next) {
                        chars.removeFirst()
                        if next != "\n" { word.append(next) }
                    } else {
                        word.append(d)
                    }
                }
                guard closed else {
                    throw CommandWordsError(message: "unterminated double quote in the engine command: \(command)")
                }
            default:
                inWord = true
                word.append(c)
            }
        }
        if inWord { words.append(word) }
        guard let program = words.first else {
            throw CommandWordsError(message: "the engine command is empty")
        }
        guard !program.isEmpty else {
            throw CommandWordsError(message: "the engine command's program name is empty: \(command)")
        }
        return words
    }
}

/// An engine command that cannot be split into words; `message` is for people.
public struct CommandWordsError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong with the command.
    public let message: String
    /// An error with `message`.
    public init(message: String) { self.message = message }
    public var description: String { message }
}

extension CommandWords {
    /// `word` as one word of a POSIX shell command line: bare when it holds only characters no shell treats
    /// specially, otherwise in single quotes, each `'` written `'\''`. `split` reads it back as the same word, and so
    /// does `sh`, so a printed command runs when pasted.
    public static func quote(_ word: String) -> String {
        let safe = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-./:=@%+,"
        if !word.isEmpty && word.allSatisfy({ safe.contains($0) }) { return word }
        var quoted = "'"
        for c in word { quoted += c == "'" ? #"'\''"# : String(c) }
        return quoted + "'"
    }

    /// Words joined into a shell command line, each quoted as needed.
    public static func join(_ words: [String]) -> String { words.map(quote).joined(separator: " ") }
}

/// An engine that the command line names otherwise than `--engine <name>` (an external engine: its command and
/// timeout), so that the lines a failure prints select the same engine when pasted into a shell.
public protocol EngineWithCommandLine: LayoutEngine {
    /// The `stackcheck` arguments that select this engine, unquoted (e.g. `["--engine-command", "python3 e.py"]`).
    var engineArguments: [String] { get }
}
