import Foundation

/// Programs the tests start by name (python3, node), looked up on `PATH` as a shell would. A test that needs one
/// and does not find it is skipped with the reason shown, never passed.
public enum ProgramsOnPath {
    /// The absolute path of the executable `program` on `PATH`, or nil.
    public static func find(_ program: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") where !directory.isEmpty {
            let candidate = "\(directory)/\(program)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// python3, which the source-size checker and the Python engines need.
    public static let python3 = find("python3")
}
