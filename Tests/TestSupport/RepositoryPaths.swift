import Foundation

/// The repository's folders, found from this file's path, so a clean checkout needs no install step and every test
/// target reads the same `Fixtures/`.
///
/// Why `#filePath`: the tests run from the build directory, whose place differs between platforms, SwiftPM versions
/// and `--scratch-path`; the source file's own path is the one fixed point.
public enum RepositoryPaths {
    /// The package's root directory (this file is `Tests/TestSupport/RepositoryPaths.swift`).
    public static let root: String = {
        var parts = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)
        return parts.joined(separator: "/")
    }()

    /// `Fixtures/golden`: the hand-checked scenarios and their UIKit layouts.
    public static let golden = root + "/Fixtures/golden"

    /// `Fixtures/regressions`: the shrunk counterexamples every run replays.
    public static let regressionsDirectory = root + "/Fixtures/regressions"

    /// `root` as a file URL, for the tests that build paths with `URL`.
    public static var rootURL: URL { URL(fileURLWithPath: root, isDirectory: true) }
}
