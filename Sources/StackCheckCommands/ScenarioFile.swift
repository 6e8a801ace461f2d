import Foundation
import StackLayout

/// The scenario file of the commands that take one (`layout`, `render`, `constraints`).
enum ScenarioFile {
    /// One warning line on standard error per member the reader ignored (an unknown field, perhaps a typo, or a
    /// field a text leaf's text replaces): `warning: <file>: <JSON path>: <reason>`.
    static func warnIgnored(_ ignored: [String], in path: String, console: Console) {
        for field in ignored { console.err("warning: \(path): \(field)\n") }
    }

    /// Reads and decodes the scenario at `path`, warning of ignored fields; on failure prints `error: <path>: <JSON path and reason>` (or why
    /// the file cannot be read) on standard error and returns nil, and the command exits with status 2.
    static func read(_ path: String, console: Console) -> Scenario? {
        guard let data = FileManager.default.contents(atPath: path) else {
            console.err("error: \(path): cannot read the file\n")
            return nil
        }
        guard let text = String(data: data, encoding: .utf8) else {
            console.err("error: \(path): the file is not UTF-8\n")
            return nil
        }
        do {
            var ignored: [String] = []
            let scenario = try Scenario(json: text, ignoredFields: &ignored)
            warnIgnored(ignored, in: path, console: console)
            return scenario
        } catch {
            console.err("error: \(path): \(error)\n")
            return nil
        }
    }
}
