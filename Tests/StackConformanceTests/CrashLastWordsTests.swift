import Testing
@testable import StackConformance

/// A crash is told apart by what the engine said last (`ExternalEngine.lastWords`): the exception, not the stack
/// frames under it or the runtime's footer. The standard errors are what each runtime prints for an uncaught error.
@Suite struct CrashLastWordsTests {
    @Test(arguments: [
        // Node 20: the source line, a caret, the error, its frames, then the version.
        ("""
         file:///engine.mjs:42
             const w = views[0].width;
                                ^

         TypeError: Cannot read properties of undefined (reading 'width')
             at layout (file:///engine.mjs:42:24)
             at Interface.<anonymous> (file:///engine.mjs:80:5)

         Node.js v20.20.2
         """, "TypeError: Cannot read properties of undefined (reading 'width')"),
        // CPython: the exception is the last line.
        ("""
         Traceback (most recent call last):
           File "engine.py", line 12, in <module>
             main()
         IndexError: list index out of range
         """, "IndexError: list index out of range"),
        // Java: the exception, then its frames.
        ("""
         Exception in thread "main" java.lang.ArithmeticException: / by zero
         \tat Engine.layout(Engine.java:10)
         \tat Engine.main(Engine.java:3)
         """, #"Exception in thread "main" java.lang.ArithmeticException: / by zero"#),
        // Rust: the panic's message, then the backtrace hint.
        ("""
         thread 'main' panicked at src/main.rs:5:5:
         attempt to divide by zero
         note: run with `RUST_BACKTRACE=1` environment variable to display a backtrace
         """, "attempt to divide by zero"),
        // Only indented lines: the last of them.
        ("  only frames\n    at nowhere\n", "at nowhere"),
    ])
    func theLastWordsAreTheError(stderr: String, words: String) {
        #expect(ExternalEngine.lastWords(stderr) == words)
    }

    @Test func nothingWrittenHasNoLastWords() {
        #expect(ExternalEngine.lastWords("") == nil)
        #expect(ExternalEngine.lastWords("\n  \n") == nil)
    }
}
