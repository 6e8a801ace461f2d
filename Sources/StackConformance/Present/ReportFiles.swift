import Foundation
import StackLayout

/// The files a run writes besides its issues or its table, as `stackcheck run`'s `--html`, `--svg-dir`, `--json`,
/// `--markdown` and `--junit` write them: for ``expectConforms(_:options:expectations:reports:sourceLocation:)`` inside
/// `swift test`. A relative path is taken from the package root of the calling test.
public struct ReportFiles: Sendable, Equatable {
    /// The self-contained HTML page (`HTMLReport`), or nil.
    public var html: String?
    /// The directory of the counterexample pictures (`LayoutPicture`, one `<property>.svg` each), or nil.
    public var svgDirectory: String?
    /// The JSON report (`JSONReport`), or nil.
    public var json: String?
    /// The Markdown report (`MarkdownReport`), or nil.
    public var markdown: String?
    /// The JUnit XML report (`JUnitReport`), or nil: for a CI that shows test results from JUnit files.
    public var junit: String?

    /// The files to write; none by default.
    public init(html: String? = nil, svgDirectory: String? = nil, json: String? = nil, markdown: String? = nil,
                junit: String? = nil) {
        self.html = html
        self.svgDirectory = svgDirectory
        self.json = json
        self.markdown = markdown
        self.junit = junit
    }

    /// Writes the files of `report` (its results annotated already) and returns what could not be written, one
    /// line each; `root` is where relative paths start.
    public func write(_ report: ConformanceReport, relativeTo root: String) -> [String] {
        let path = { (p: String) in p.hasPrefix("/") ? p : root + "/" + p }
        var problems: [String] = []
        func save(_ text: String, _ file: String) {
            do {
                try FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent,
                                                        withIntermediateDirectories: true)
                try text.write(toFile: file, atomically: true, encoding: .utf8)
            } catch {
                problems.append("cannot write \(file): \(error.localizedDescription)")
            }
        }
        if let html { save(HTMLReport.render(report), path(html)) }
        if let json { save(JSONReport.value(report).prettyText + "\n", path(json)) }
        if let markdown { save(MarkdownReport.render(report), path(markdown)) }
        if let junit { save(JUnitReport.render(report), path(junit)) }
        if let svgDirectory {
            for (name, svg) in Self.pictures(report) { save(svg, path(svgDirectory) + "/" + name) }
        }
        return problems
    }

    /// Each failure's picture of `report` as (`<property>.svg` for a result's lead failure, `<property>-2.svg`, … for
    /// its others, its SVG), in catalogue order, as `--svg-dir` writes them (`LayoutPicture.pictures(of:engineName:)`).
    public static func pictures(_ report: ConformanceReport) -> [(name: String, svg: String)] {
        report.results.flatMap { r in
            LayoutPicture.pictures(of: r, engineName: report.engineName).map { (name: $0.fileName, svg: $0.svg) }
        }
    }
}
