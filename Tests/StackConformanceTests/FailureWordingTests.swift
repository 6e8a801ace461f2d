import Foundation
import StackConformance
import StackConformanceMutants
import StackLayout
import Testing
import TestSupport

/// Failure messages read as sentences: no possessive on a quoted id ("view 'v0''s length"), no doubled noun ("its
/// last visible view view 'v0'"), and no got/expected between two layouts of which neither is known to be right.
@Suite struct FailureWordingTests {
    static func message(_ mutant: String, _ property: String) async -> String {
        let engine = Mutants.all.first { $0.id == mutant }!.engine!
        var options = RunOptions(cases: 50)
        options.searchesPresentable = false
        return await ConformanceRunner.check(Catalogue.property(property)!, on: engine, options: options).message
    }

    @Test func removingHiddenViewsNamesBothLayouts() async {
        let message = await Self.message("doubleSpacingAroundHidden", "hidden.removedEqualsHidden")
        let first = message.split(separator: "\n").first.map(String.init) ?? ""
        #expect(first.hasPrefix("removing the hidden views changes the layout: "), "\(first)")
        #expect(first.contains(" with the hidden views removed, ") && first.contains(" with them hidden"), "\(first)")
        #expect(!first.contains("got ") && !first.contains("expected "), "\(first)")
    }

    @Test func anEndViewIsNamedOnce() async {
        let message = await Self.message("lastViewNotPinned", "distribution.pinnedToCanvasEnds")
        #expect(message.contains(", its last visible view: got"), "\(message)")
        #expect(!message.contains("view view") && !message.contains("''s"), "\(message)")
    }

    /// The properties' sources never put `'s` after an interpolated name (`name(item)` quotes the id).
    @Test func noPossessiveAfterAQuotedName() throws {
        let directory = RepositoryPaths.root + "/Sources/StackConformance/Catalogue/Properties"
        for file in try FileManager.default.contentsOfDirectory(atPath: directory).sorted() {
            let text = try String(contentsOfFile: directory + "/" + file, encoding: .utf8)
            for (i, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                #expect(!line.contains("))'s"), "\(file):\(i + 1): a possessive after a quoted name: \(line)")
                #expect(!line.contains("view \\(name("), "\(file):\(i + 1): 'view' before a name that says it: \(line)")
            }
        }
    }
}
