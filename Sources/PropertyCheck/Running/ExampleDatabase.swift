import Foundation

/// A local folder of the last failure of each property, used by `swift test` only: the next run retries it first and
/// reports that replay apart from its N cases. By default `.build/propertycheck/examples/`, relative to the working
/// directory (the package root under `swift test`): inside the build folder, which the `.gitignore` of
/// `swift package init` already covers, so a user's package gains no untracked folder.
public struct ExampleDatabase: Sendable {
    /// The folder holding one token file per property and context.
    public let directory: String
    /// A database in `directory` (created on the first save).
    public init(directory: String = ".build/propertycheck/examples") { self.directory = directory }

    func path(_ property: String, _ context: String) -> String {
        directory + "/" + Seed.format(Seed.fnv1a(property + "\u{0}" + context)) + ".token"
    }

    /// The last failure saved for `property` in `context`, or `nil` when there is none or it cannot be read.
    public func load(property: String, context: String) -> ReplayToken? {
        guard let text = try? String(contentsOfFile: path(property, context), encoding: .utf8) else { return nil }
        return try? ReplayToken(parsing: text)
    }

    /// Keeps `token` as its property's last failure, replacing the previous one; a write that fails is ignored.
    public func save(_ token: ReplayToken) {
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try? (token.encoded + "\n").write(toFile: path(token.property, token.context), atomically: true, encoding: .utf8)
    }

    /// Forgets the failure of `property` in `context` (once it passes).
    public func delete(property: String, context: String) {
        try? FileManager.default.removeItem(atPath: path(property, context))
    }
}
