import Foundation

/// Writes a file the user named on the command line (`--json`, `--markdown`, `--html`, `--svg-dir`, `render -o`).
///
/// Why its own type: a user names `.build/reports/run.json` expecting the folder to appear, as `--svg-dir` always
/// made its folder; writing failed with "the file doesn't exist" instead. Every command writes through here, so the
/// rule is the same for all of them: missing parent folders are created, and any other failure is the caller's error.
enum OutputFile {
    static func write(_ text: String, to path: String) throws {
        let parent = URL(fileURLWithPath: path).deletingLastPathComponent().path
        try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }
}
