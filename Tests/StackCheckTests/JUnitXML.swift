import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// An XML document as a strict parser reads it: Foundation's `XMLParser` (libxml2 underneath), with any error it
/// reports, fatal or recovered from, a rejection. The JUnit tests read what the writer wrote through it, never
/// through string matching, so that what they check is what a CI's reader sees.
struct XMLTree: Sendable {
    struct Element: Sendable {
        var name: String
        var attributes: [String: String]
        var children: [Element] = []
        var text = ""

        func attribute(_ name: String) -> String? { attributes[name] }
        func elements(_ name: String) -> [Element] { children.filter { $0.name == name } }
    }

    struct ParseError: Error, CustomStringConvertible {
        var description: String
    }

    var root: Element

    init(_ data: Data) throws(ParseError) {
        let parser = XMLParser(data: data)
        let builder = Builder()
        parser.delegate = builder
        let ok = parser.parse()
        if !ok || parser.parserError != nil || builder.root == nil {
            let code = (parser.parserError as NSError?)?.code ?? -1
            throw ParseError(description: "not well-formed XML (XMLParser error \(code), line \(parser.lineNumber), column \(parser.columnNumber))")
        }
        root = builder.root!
    }

    init(_ text: String) throws(ParseError) { try self.init(Data(text.utf8)) }

    /// Collects the elements as the parser reports them.
    private final class Builder: NSObject, XMLParserDelegate {
        var stack: [Element] = []
        var root: Element?

        func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                    qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]) {
            stack.append(Element(name: elementName, attributes: attributeDict))
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            if !stack.isEmpty { stack[stack.count - 1].text += string }
        }

        func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?) {
            guard let done = stack.popLast() else { return }
            if stack.isEmpty { root = done } else { stack[stack.count - 1].children.append(done) }
        }
    }
}

/// What CI reporters rely on in a JUnit file, checked on its parsed tree: a `<testsuites>` root of `<testsuite>`
/// elements whose `tests`, `failures`, `errors` and `skipped` count their `<testcase>` children (and the root's
/// add them up), every testcase with a `classname`, a `name` and a numeric `time`, at most one result element, a
/// failing one with exactly one `<failure>` or `<error>` carrying a `message` and a `type`, and no two testcases
/// with the same classname and name. Returns the problems found, one line each.
enum JUnitStructure {
    static func problems(_ root: XMLTree.Element) -> [String] {
        var out: [String] = []
        guard root.name == "testsuites" else { return ["the root is <\(root.name)>, not <testsuites>"] }
        let suites = root.elements("testsuite")
        if suites.isEmpty { out.append("no <testsuite>") }
        var totals = [0, 0, 0, 0]
        var names = Set<String>()
        for suite in suites {
            let cases = suite.elements("testcase")
            let counts = ["failure", "error", "skipped"].map { kind in cases.filter { !$0.elements(kind).isEmpty }.count }
            let actual = [cases.count] + counts
            for (i, key) in ["tests", "failures", "errors", "skipped"].enumerated() {
                totals[i] += actual[i]
                if suite.attribute(key) != "\(actual[i])" {
                    out.append("testsuite \(suite.attribute("name") ?? "?"): \(key)=\(suite.attribute(key) ?? "none"), children say \(actual[i])")
                }
            }
            if suite.attribute("time").flatMap(Double.init) == nil { out.append("testsuite without a numeric time") }
            for c in cases {
                let id = "\(c.attribute("classname") ?? "?") / \(c.attribute("name") ?? "?")"
                if c.attribute("classname") == nil || c.attribute("name") == nil { out.append("testcase without classname or name: \(id)") }
                if c.attribute("time").flatMap(Double.init) == nil { out.append("\(id): no numeric time") }
                if !names.insert(id).inserted { out.append("two testcases named \(id)") }
                let results = c.children.filter { ["failure", "error", "skipped"].contains($0.name) }
                if results.count > 1 { out.append("\(id): \(results.count) result elements") }
                for r in results where r.name != "skipped" && (r.attribute("message") == nil || r.attribute("type") == nil) {
                    out.append("\(id): <\(r.name)> without message or type")
                }
            }
        }
        for (i, key) in ["tests", "failures", "errors", "skipped"].enumerated() where root.attribute(key) != "\(totals[i])" {
            out.append("testsuites: \(key)=\(root.attribute(key) ?? "none"), the suites add up to \(totals[i])")
        }
        return out
    }

    /// Every testcase of every suite.
    static func testcases(_ root: XMLTree.Element) -> [XMLTree.Element] {
        root.elements("testsuite").flatMap { $0.elements("testcase") }
    }

    /// The testcase's result element (failure, error or skipped), if any.
    static func result(_ testcase: XMLTree.Element) -> XMLTree.Element? {
        testcase.children.first { ["failure", "error", "skipped"].contains($0.name) }
    }
}
