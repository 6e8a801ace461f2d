import Foundation
import StackConformance

/// Reading the files `run`, `report` and `expectations` are given: the error says which file and, for an invalid
/// document, the JSON path.
enum InputFiles {
    /// An expectations file; the thrown message is the one to print after `error: `.
    static func expectations(_ path: String) throws(InputFileError) -> Expectations {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw InputFileError(message: "\(path): cannot read the file")
        }
        do { return try Expectations(json: text) } catch { throw InputFileError(message: "\(path): \(error)") }
    }

    /// A JSON report, or nil with the error printed (the caller returns the usage status).
    static func report(_ path: String, console: Console) -> ConformanceReport? {
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

/// A file named on the command line that cannot be read or is not what it should be.
struct InputFileError: Error {
    let message: String
}
