/// How the running `stackcheck` was invoked, as the first words of the replay and regression lines it prints: a
/// line must run when pasted on the same machine, including one with no Swift toolchain (the static binary).
public enum Invocation {
    /// `swift run stackcheck`: the invocation in the package's own directory (and of `StackCheck.main`'s callers
    /// that give none).
    public static let swiftRun = ["swift", "run", "stackcheck"]

    /// The words for a process whose `argv[0]` is `programPath`.
    ///
    /// - A program inside a SwiftPM build directory (a `.build` path component) was started by `swift run` or by
    ///   the package's tests: `swift run stackcheck` (`swift run -c release stackcheck` from a `release` directory),
    ///   which rebuilds when needed. A binary started there by hand gets the same words; they work from the
    ///   package's directory.
    /// - Otherwise the path as given: a bare name was found on `PATH` and is found again; a relative path holds
    ///   from the same working directory, where the printed line is pasted.
    public static func words(programPath: String) -> [String] {
        if programPath.isEmpty { return ["stackcheck"] }
        let directories = programPath.split(separator: "/").dropLast()
        guard directories.contains(".build") else { return [programPath] }
        return directories.last == "release" ? ["swift", "run", "-c", "release", "stackcheck"] : swiftRun
    }
}
