import Foundation
import StackConformance

/// Reading a JSON report named on the command line: the error says which file and, for an invalid report, the
/// JSON path (printed; the caller returns the usage status).
enum ReportFile {
    static func read(_ path: String, console: Console) -> ConformanceReport? {
        guard let data = FileManager.default.contents(atPath: path) else {
            console.err("error: \(path): cannot read the file\n")
            return nil
        }
        guard let text = String(data: data, encoding: .utf8) else {
            console.err("error: \(path): not UTF-8 text\n")
            return nil
        }
        do { return try ConformanceReport(json: text) } catch {
            console.err("error: \(path): \(error)\n")
            return nil
        }
    }
}
