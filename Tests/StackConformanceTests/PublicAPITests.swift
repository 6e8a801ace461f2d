import Foundation
import Testing
import TestSupport

/// README's "API" section lists every library's public top-level declarations, and nothing else is public: a new
/// public type must be listed (and so described), a listed one that is no longer public must go. Declarations under
/// `@_spi` (benchmark hooks, what the mutants need) are not API.
@Suite struct PublicAPITests {
    static let libraries: [(module: String, directory: String)] = [
        ("PropertyCheck", "Sources/PropertyCheck"), ("Cassowary", "Sources/Cassowary"),
        ("StackLayout", "Sources/StackLayout"), ("StackConformance", "Sources/StackConformance"),
    ]

    /// The names of the public or open declarations at the top level of a module's files.
    static func publicNames(in directory: String) throws -> Set<String> {
        var names = Set<String>()
        for file in RepositoryFiles.all(under: [directory], extensions: ["swift"]) {
            let text = try String(contentsOfFile: RepositoryPaths.root + "/" + file, encoding: .utf8)
            // The regex only where a line starts as it must (it is a prefix match): it is slow in a debug build.
            for line in text.split(separator: "\n") where line.hasPrefix("public ") || line.hasPrefix("open ") {
                guard let m = line.prefixMatch(of: #/(?:public|open) (?:final )?(?:struct|enum|class|protocol|func|typealias|let|var|actor) ([A-Za-z_][A-Za-z0-9_]*)/#)
                else { continue }
                names.insert(String(m.output.1))
            }
        }
        return names
    }

    /// Public members declared in extensions of the standard library's types (none: no public extensions on
    /// standard types).
    @Test func noPublicExtensionsOfStandardTypes() throws {
        let standard = ["String", "Substring", "Int", "Int64", "UInt64", "Double", "Bool", "Array", "Dictionary", "Set",
                        "Optional", "Duration", "Character", "Sequence", "Collection", "Range", "ClosedRange"]
        for (_, directory) in Self.libraries {
            for file in RepositoryFiles.all(under: [directory], extensions: ["swift"]) {
                let text = try String(contentsOfFile: RepositoryPaths.root + "/" + file, encoding: .utf8)
                var inStandardExtension = false
                for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                    if line.hasPrefix("extension ") || line.hasPrefix("public extension ") {
                        let name = line.split(separator: " ").drop { $0 != "extension" }.dropFirst().first ?? ""
                        let base = name.split(whereSeparator: { $0 == ":" || $0 == "{" || $0 == "<" }).first.map(String.init) ?? ""
                        inStandardExtension = standard.contains(base)
                        #expect(!(inStandardExtension && line.hasPrefix("public")), "\(file): \(line)")
                    } else if line.hasPrefix("}") {
                        inStandardExtension = false
                    } else if inStandardExtension {
                        #expect(!line.trimmingCharacters(in: .whitespaces).hasPrefix("public"),
                                "\(file): a public member of a standard type: \(line)")
                    }
                }
            }
        }
    }

    /// A public name equal to a module's would shadow the module: `StackConformance.expectConforms` or
    /// `StackLayout.Layout` would no longer qualify a name, and users whose own types clash need them to.
    @Test func noPublicNameIsAModulesName() throws {
        let modules = Set(Self.libraries.map(\.module))
        for (module, directory) in Self.libraries {
            let clashes = try Self.publicNames(in: directory).intersection(modules)
            #expect(clashes.isEmpty, "\(module) declares public \(clashes.sorted()), the name of a module")
        }
    }

    @Test func readmeListsExactlyThePublicAPI() throws {
        let readme = try String(contentsOfFile: RepositoryPaths.root + "/README.md", encoding: .utf8)
        guard let start = readme.range(of: "\n## API\n") else {
            Issue.record("README.md has no API section")
            return
        }
        let section = readme[start.upperBound...]
        let end = section.range(of: "\n## ")?.lowerBound ?? section.endIndex
        let paragraphs = section[..<end].components(separatedBy: "\n\n")
        for (module, directory) in Self.libraries {
            guard let paragraph = paragraphs.first(where: { $0.hasPrefix("**`\(module)`**") }) else {
                Issue.record("README's API section has no paragraph for \(module)")
                continue
            }
            let actual = try Self.publicNames(in: directory)
            var listed = Set(paragraph.matches(of: #/`([A-Za-z_][A-Za-z0-9_]*)`/#).map { String($0.output.1) })
            if !actual.contains(module) { listed.remove(module) }   // the paragraph's heading names the module
            #expect(actual.count > 3)
            #expect(actual.subtracting(listed).isEmpty,
                    "public in \(module) but not in README's API section: \(actual.subtracting(listed).sorted())")
            #expect(listed.subtracting(actual).isEmpty,
                    "in README's API section but not public in \(module): \(listed.subtracting(actual).sorted())")
        }
    }
}
