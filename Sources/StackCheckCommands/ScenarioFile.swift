import Foundation
import StackLayout

/// The scenario file of the commands that take one (`layout`, `render`, `constraints`).
enum ScenarioFile {
    /// Reads and decodes the scenario at `path`; on failure prints `error: <path>: <JSON path and reason>` (or why
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
            return try Scenario(json: text)
        } catch {
            console.err("error: \(path): \(error)\n")
            return nil
        }
    }
}
