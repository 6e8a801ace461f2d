import Foundation
import Testing
import StackConformance
import StackConformanceMutants
import StackLayout
import TestSupport

/// CONFORMANCE.md is generated from the code; this test fails when the committed file is stale.
@Suite struct ConformanceDocumentTests {
    @Test func conformanceFileIsCurrent() throws {
        let fixtures = try GoldenFixtureCheck.load(directory: RepositoryPaths.golden)
        // The statuses CatalogueTests asserts; the command writes those of a real run, so a failing run makes the
        // file differ from this expectation and this test fail.
        let expected = ConformanceDocument.generate(fixtures: fixtures, engines: BuiltInEngines.all,
                                                    statuses: BuiltInEngines.all.map(ConformanceDocument.expectedStatuses),
                                                    mutants: Mutants.documentRows)
        let path = RepositoryPaths.root + "/CONFORMANCE.md"
        let actual = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        #expect(actual == expected, "CONFORMANCE.md is stale; rewrite it with: \(ConformanceDocument.rewriteCommand)")
    }
}

/// The specification lives in the repository (`Spec/`); these tests keep every rule id the project cites, and the
/// catalogue's table of rules, in step with it.
@Suite struct SpecificationTests {
    static func spec() throws -> String {
        try String(contentsOfFile: RepositoryPaths.root + "/Spec/UISTACKVIEW.md", encoding: .utf8)
    }

    static func ids(in text: String) -> Set<String> {
        Set(text.matches(of: #/R-[A-Z]+-[0-9]+/#).map { String($0.output) })
    }

    @Test func everySpecRuleIsCatalogued() throws {
        let ids = Self.ids(in: try Self.spec())
        let ours = Set(Rules.all.map(\.id))
        #expect(ids.count > 60, "the spec's rule ids were not found")
        #expect(ids == ours, "missing: \(ids.subtracting(ours).sorted()), extra: \(ours.subtracting(ids).sorted())")
    }

    /// A rule id cited anywhere in the project (code, tests, fixtures, README, CONFORMANCE.md) names a rule of the spec.
    @Test func everyCitedRuleIsInTheSpec() throws {
        let known = Self.ids(in: try Self.spec())
        var files = RepositoryFiles.all(under: ["Sources", "Tests", "Fixtures"], extensions: ["swift", "json", "md"])
        files += ["README.md", "CONFORMANCE.md"]
        #expect(files.count > 50)
        for file in files {
            let text = try String(contentsOfFile: RepositoryPaths.root + "/" + file, encoding: .utf8)
            let unknown = Self.ids(in: text).subtracting(known)
            #expect(unknown.isEmpty, "\(file) cites rules that are not in Spec/UISTACKVIEW.md: \(unknown.sorted())")
        }
    }

    /// Each rule's link in CONFORMANCE.md leads to the section of the spec that defines it.
    @Test func everyRuleLinksToTheSectionThatDefinesIt() throws {
        let sections = MarkdownSections(try Self.spec())
        for rule in Rules.all {
            let anchor = String(rule.specLink.split(separator: "#").last ?? "")
            guard let body = sections.body(ofAnchor: anchor) else {
                Issue.record("\(rule.id): no heading of Spec/UISTACKVIEW.md has the anchor #\(anchor)")
                continue
            }
            #expect(body.contains("**\(rule.id)") || body.contains("/ \(rule.id) "),
                    "\(rule.id) is not defined in the section '\(rule.specSection)'")
        }
    }

    /// The rules no property checks are exactly those listed with a reason in CONFORMANCE.md.
    @Test func uncheckedRulesAreExactlyThoseWithAReason() {
        let checked = Set(Catalogue.all.flatMap(\.rules))
        for rule in Rules.all {
            if checked.contains(rule.id) {
                #expect(rule.uncheckedBecause == nil, "\(rule.id) is checked by a property but listed as unchecked")
            } else {
                #expect(rule.uncheckedBecause != nil, "no property checks \(rule.id): add the reason to Rules.swift")
            }
        }
    }

    @Test func anchorsFollowGitHub() {
        #expect(Rules.anchor("3. Solving semantics (Auto Layout)") == "3-solving-semantics-auto-layout")
        #expect(Rules.anchor("Fitting size (the stack's size when nothing outside fixes it)")
                == "fitting-size-the-stacks-size-when-nothing-outside-fixes-it")
    }
}

/// The headings of a Markdown document, with the text under each.
struct MarkdownSections {
    var sections: [(anchor: String, body: String)] = []

    init(_ text: String) {
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("#") {
                let heading = line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces)
                sections.append((Rules.anchor(heading), ""))
            } else if !sections.isEmpty {
                sections[sections.count - 1].body += line + "\n"
            }
        }
    }

    var anchors: Set<String> { Set(sections.map(\.anchor)) }

    func body(ofAnchor anchor: String) -> String? { sections.first { $0.anchor == anchor }?.body }
}

/// Files of the repository, as paths relative to its top level, in sorted order.
enum RepositoryFiles {
    static func all(under directories: [String], extensions: Set<String>) -> [String] {
        var out: [String] = []
        for directory in directories {
            let base = RepositoryPaths.root + "/" + directory
            guard let walker = FileManager.default.enumerator(atPath: base) else { continue }
            while let relative = walker.nextObject() as? String {
                if extensions.contains((relative as NSString).pathExtension) { out.append(directory + "/" + relative) }
            }
        }
        return out.sorted()
    }
}

/// Every relative link of the documents a user reads resolves inside the repository (a clone has nothing beside it).
@Suite struct RepositoryLinkTests {
    static let documents = ["README.md", "CONFORMANCE.md", "Fixtures/golden/README.md", "Spec/UISTACKVIEW.md",
                            "Spec/SCENARIO-FORMAT.md", "Spec/ENGINE-PROTOCOL.md"]

    @Test(arguments: documents)
    func relativeLinksResolve(_ document: String) throws {
        let text = try String(contentsOfFile: RepositoryPaths.root + "/" + document, encoding: .utf8)
        let directory = (document as NSString).deletingLastPathComponent
        for match in text.matches(of: #/\]\(([^)\s]+)\)/#) {
            let target = String(match.output.1)
            if target.hasPrefix("http://") || target.hasPrefix("https://") || target.hasPrefix("mailto:") { continue }
            let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
            let file = parts[0].isEmpty ? document
                : ((directory as NSString).appendingPathComponent(String(parts[0])) as NSString).standardizingPath
            #expect(!file.hasPrefix(".."), "\(document): \(target) points outside the repository")
            let path = RepositoryPaths.root + "/" + file
            #expect(FileManager.default.fileExists(atPath: path), "\(document): \(target) does not exist")
            if parts.count == 2, file.hasSuffix(".md"), let linked = try? String(contentsOfFile: path, encoding: .utf8) {
                #expect(MarkdownSections(linked).anchors.contains(String(parts[1])),
                        "\(document): \(target) names no heading of \(file)")
            }
        }
    }

    /// No document or source points at the shared folder beside the checkout, which a clone does not have.
    @Test func nothingPointsOutsideTheRepository() throws {
        var files = RepositoryFiles.all(under: ["Sources", "Tests", "Fixtures", "Spec"], extensions: ["swift", "json", "md"])
        files += ["README.md", "CONFORMANCE.md", "Package.swift"]
        let outside = ".." + "/shared"   // spelled in two parts so that this file does not match itself
        for file in files {
            let text = try String(contentsOfFile: RepositoryPaths.root + "/" + file, encoding: .utf8)
            #expect(!text.contains(outside), "\(file) points at \(outside), outside the repository")
        }
    }
}
