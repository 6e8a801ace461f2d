import Foundation
import StackConformance

/// Finds the package's executables (`example-engine`, `fake-engine`) among the build products, so tests can start
/// them as external engines.
///
/// Why walk up: the test bundle lives in the build directory next to the executables (`.build/<triple>/debug/`),
/// but its exact place differs between platforms, SwiftPM versions and `--build-path`; walking up from the test
/// runner (and from the bundle) until a directory holds the file finds them in every layout without configuration.
enum BuildProducts {
    /// The absolute path of the executable `name`, or nil when it was not built.
    static func path(of name: String) -> String? {
        let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
        let starts = [URL(fileURLWithPath: CommandLine.arguments[0], relativeTo: cwd), Bundle.main.bundleURL]
        for start in starts {
            var directory = start.standardizedFileURL.deletingLastPathComponent()
            while true {
                let candidate = directory.appendingPathComponent(name).path
                var isDirectory: ObjCBool = false
                if FileManager.default.fileExists(atPath: candidate, isDirectory: &isDirectory), !isDirectory.boolValue,
                   FileManager.default.isExecutableFile(atPath: candidate) {
                    return candidate
                }
                let parent = directory.deletingLastPathComponent()
                if parent.path == directory.path { break }
                directory = parent
            }
        }
        return nil
    }

    /// An engine command that runs the executable `name` with `arguments`, its path quoted as one word.
    static func command(_ name: String, _ arguments: String...) -> String {
        guard let path = path(of: name) else { return "missing-build-product-\(name)" }
        return ([path] + arguments).map(shellQuoted).joined(separator: " ")
    }

    /// `'…'` with each `'` written `'\''`: one word for `CommandWords`, whatever the path holds.
    static func shellQuoted(_ word: String) -> String {
        "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}

/// Runs `body` on a thread of its own, as the test task's executor (so its expectations are recorded as usual):
/// tests that talk to engine processes block on pipes and `waitpid`, which must never hold a thread of the
/// cooperative pool (two threads on a 2-core machine, shared by every test running at the same time).
func offThePool<T: Sendable>(_ body: @Sendable () throws -> T) async throws -> T {
    try await JobThread.run(name: "test engine I/O") { Result { try body() } }.get()
}

/// Runs an async test body with a thread of its own as its task executor: its waits and polls resume there, never
/// waiting for a thread of the cooperative pool.
func onOwnThread<T: Sendable>(_ body: @Sendable () async throws -> T) async throws -> T {
    try await JobThread.run(name: "test") { () async -> Result<T, any Error> in
        do { return .success(try await body()) } catch { return .failure(error) }
    }.get()
}
