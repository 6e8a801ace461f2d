import Foundation
import Testing
import TestSupport

/// What keeps `scripts/build-static-stackcheck`'s binary working. The static build itself takes minutes in release
/// (more than CI should spend on it in `swift test`), so this suite checks, in milliseconds, the assumptions the
/// script's choice rests on; `scripts/check-static-stackcheck` checks the binary itself with the toolchain hidden.
@Suite struct StaticBuildTests {
    static let root = RepositoryPaths.root

    /// The targets linked into `stackcheck`.
    static let linkedTargets = ["stackcheck", "StackCheckCommands", "Mutants", "StackConformance", "StackLayout",
                                "PropertyCheck", "Cassowary"]

    /// A statically linked glibc cannot load NSS modules or shared objects at run time: a user or host look-up
    /// (home directory, user name, host name, DNS) would fail or need the build machine's glibc. The tool's code
    /// makes none; this fails when one appears, naming the file.
    @Test func theToolCallsNothingThatAStaticGlibcCannotDo() throws {
        let forbidden = ["getpwnam", "getpwuid", "getgrnam", "getgrgid", "getaddrinfo", "gethostbyname", "dlopen",
                         "NSHomeDirectory", "homeDirectoryForCurrentUser", "NSUserName", "NSFullUserName",
                         "hostName", "FoundationNetworking", "URLSession"]
        var found: [String] = []
        for target in Self.linkedTargets {
            let directory = Self.root + "/Sources/" + target
            guard let walker = FileManager.default.enumerator(atPath: directory) else {
                Issue.record("no directory \(directory)")
                continue
            }
            let files = walker.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.sorted()
            for file in files {
                let text = try String(contentsOfFile: directory + "/" + file, encoding: .utf8)
                for name in forbidden where text.contains(name) { found.append("Sources/\(target)/\(file): \(name)") }
            }
        }
        #expect(found.isEmpty, "a static stackcheck could not do these: \(found)")
    }
}
