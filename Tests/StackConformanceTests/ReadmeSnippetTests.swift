import Foundation
import Testing
import TestSupport

/// The Swift snippets of the README and of the DocC articles (`Sources/*/*.docc/*.md`) are the code the tests run.
/// A snippet is marked by the line `<!-- snippet: Tests/…/File.swift -->` just before its code fence; its lines
/// (blank lines and indentation aside) must stand together, in order, in that file, and its imports must be the
/// file's.
@Suite struct ReadmeSnippetTests {
    struct Snippet {
        /// The document, relative to the repository (`README.md`, `Sources/…/….docc/….md`).
        var document = "README.md"
        let file: String
        let lines: [String]
        let line: Int
    }

    /// README.md and every DocC article and landing page, in a fixed order.
    static func documents() throws -> [String] {
        let sources = RepositoryPaths.root + "/Sources"
        var out = ["README.md"]
        for target in try FileManager.default.contentsOfDirectory(atPath: sources).sorted() {
            let targetPath = sources + "/" + target
            for catalog in ((try? FileManager.default.contentsOfDirectory(atPath: targetPath)) ?? []).sorted()
            where catalog.hasSuffix(".docc") {
                let files = try FileManager.default.contentsOfDirectory(atPath: targetPath + "/" + catalog)
                out += files.filter { $0.hasSuffix(".md") }.sorted().map { "Sources/\(target)/\(catalog)/\($0)" }
            }
        }
        return out
    }

    static func snippets() throws -> [Snippet] {
        try documents().flatMap { try snippets(in: $0) }
    }

    static func snippets(in document: String) throws -> [Snippet] {
        let readme = try String(contentsOfFile: RepositoryPaths.root + "/" + document, encoding: .utf8)
        let lines = readme.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var out: [Snippet] = []
        var i = 0
        while i < lines.count {
            if lines[i].hasPrefix("<!-- snippet: "), i + 1 < lines.count, lines[i + 1] == "```swift" {
                let file = lines[i].dropFirst("<!-- snippet: ".count).dropLast(" -->".count)
                var body: [String] = []
                var j = i + 2
                while j < lines.count && lines[j] != "```" { body.append(lines[j]); j += 1 }
                out.append(Snippet(document: document, file: String(file), lines: body, line: i + 1))
                i = j
            }
            i += 1
        }
        return out
    }

    static func normalized(_ lines: [String]) -> [String] {
        lines.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    @Test func snippetsAreFound() throws {
        #expect(try Self.snippets(in: "README.md").count >= 4)
        #expect(try Self.documents().count > 1, "no DocC catalog found under Sources/")
    }

    /// Every Swift snippet is checked: an unmarked one could drift.
    @Test func everySwiftSnippetIsMarked() throws {
        for document in try Self.documents() {
            let text = try String(contentsOfFile: RepositoryPaths.root + "/" + document, encoding: .utf8)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            for (i, line) in lines.enumerated() where line == "```swift" {
                #expect(i > 0 && lines[i - 1].hasPrefix("<!-- snippet: "),
                        "\(document):\(i + 1): a Swift snippet without a `<!-- snippet: Tests/… -->` line before it")
            }
        }
    }

    @Test func everySnippetStandsInItsTestFile() throws {
        for snippet in try Self.snippets() {
            guard let source = try? String(contentsOfFile: RepositoryPaths.root + "/" + snippet.file, encoding: .utf8) else {
                Issue.record("\(snippet.document):\(snippet.line): no file \(snippet.file)")
                continue
            }
            let file = Self.normalized(source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
            let all = Self.normalized(snippet.lines)
            let imports = all.filter { $0.hasPrefix("import ") }
            let code = all.filter { !$0.hasPrefix("import ") }
            for line in imports {
                #expect(file.contains(line) || file.contains("@testable " + line),
                        "\(snippet.document):\(snippet.line): \(snippet.file) lacks '\(line)'")
            }
            // Imports are checked above; the code stands together in the file's other lines (a Package.swift's
            // `// swift-tools-version` line comes before its import).
            let fileCode = file.filter { !$0.hasPrefix("import ") && !$0.hasPrefix("@testable import ") }
            let found = code.isEmpty || (0...max(0, fileCode.count - code.count)).contains { start in
                start + code.count <= fileCode.count && Array(fileCode[start..<(start + code.count)]) == code
            }
            #expect(found, "\(snippet.document):\(snippet.line): the snippet's lines do not stand together in \(snippet.file); copy it there exactly")
        }
    }
}
