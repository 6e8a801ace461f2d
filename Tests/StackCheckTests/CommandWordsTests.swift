import Foundation
import Testing
@testable import StackConformance
import StackLayout
import TestSupport

/// `CommandWords`: how an `--engine-command` is split into a program and its arguments, as a shell would but
/// without expanding anything.
@Suite struct CommandWordsTests {
    @Test func commandWordsSplitLikeAShellWithoutExpanding() async throws {
        let cases: [(String, [String])] = [
            ("python3 my_engine.py", ["python3", "my_engine.py"]),
            ("  a \t b\nc  ", ["a", "b", "c"]),
            ("'a b' c", ["a b", "c"]),
            (#"'a\b' '$HOME' 'say "hi"'"#, [#"a\b"#, "$HOME", #"say "hi""#]),
            (#""a b" "c\"d" "e\\f" "g\h" "\$x""#, ["a b", #"c"d"#, #"e\f"#, #"g\h"#, "$x"]),
            (#"a\ b \'q\' c\\"#, ["a b", "'q'", #"c\"#]),
            (#"ab'c d'"e"f"#, ["abc def"]),
            (#"a '' """#, ["a", "", ""]),
            ("~/engine $HOME/x *.py `date`", ["~/engine", "$HOME/x", "*.py", "`date`"]),
            ("a\\\nb c", ["ab", "c"]),
            ("trailing\\", [#"trailing\"#]),
            (#"'it'\''s'"#, ["it's"]),
        ]
        for (command, words) in cases {
            #expect(try CommandWords.split(command) == words, "\(command)")
        }
    }

    /// `quote` is the inverse of `split` (and of a POSIX shell, which ExternalLoopTests checks through /bin/sh).
    @Test func quotedWordsSplitBackIntoTheSameWords() async throws {
        let words = ["plain", "with space", "it's", #"a\b"#, "$HOME", "*.py", "", "'", #"say "hi""#, "tab\there", "a=b,c:d/e"]
        #expect(try CommandWords.split(CommandWords.join(["x"] + words)) == ["x"] + words)
        #expect(CommandWords.quote("/usr/bin/engine") == "/usr/bin/engine")
        #expect(CommandWords.quote("python3 my_engine.py") == "'python3 my_engine.py'")
        #expect(CommandWords.quote("it's") == #"'it'\''s'"#)
    }

    @Test func commandWordsRejectUnterminatedQuotesAndEmptyCommands() async {
        for (command, needle) in [("'abc", "unterminated single quote"), (#"a "bc"#, "unterminated double quote"),
                                  (#""a\""#, "unterminated double quote"), ("", "empty"), ("  \t\n", "empty"),
                                  ("'' x", "program name is empty")] {
            #expect(throws: CommandWordsError.self, "\(command)") { try CommandWords.split(command) }
            do {
                _ = try CommandWords.split(command)
            } catch {
                #expect(error.message.contains(needle), "\(command): \(error.message)")
            }
        }
    }
}
