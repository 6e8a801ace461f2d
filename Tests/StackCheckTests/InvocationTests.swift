import Foundation
import Testing
import StackCheckCommands
import StackConformance

/// The replay and regression lines start with the tool as it was invoked (`Invocation`), so that they run as pasted
/// where there is no Swift toolchain.
@Suite struct InvocationTests {
    @Test func aProgramInABuildDirectoryIsSwiftRun() {
        #expect(Invocation.words(programPath: "/w/pkg/.build/x86_64-unknown-linux-gnu/debug/stackcheck")
                == ["swift", "run", "stackcheck"])
        #expect(Invocation.words(programPath: ".build/release/stackcheck")
                == ["swift", "run", "-c", "release", "stackcheck"])
    }

    @Test func anyOtherProgramIsItsPathAsGiven() {
        #expect(Invocation.words(programPath: "stackcheck") == ["stackcheck"])
        #expect(Invocation.words(programPath: "./stackcheck") == ["./stackcheck"])
        #expect(Invocation.words(programPath: "/opt/tools/stackcheck") == ["/opt/tools/stackcheck"])
        // scripts/build-static-stackcheck's scratch directory is not SwiftPM's default one.
        #expect(Invocation.words(programPath: "/w/pkg/.build-static/release/stackcheck")
                == ["/w/pkg/.build-static/release/stackcheck"])
        // A name that merely contains ".build" is not a build directory.
        #expect(Invocation.words(programPath: "/w/my.build/stackcheck") == ["/w/my.build/stackcheck"])
        #expect(Invocation.words(programPath: "") == ["stackcheck"])
    }

    /// The tool started through a link outside the build directory prints lines that start with that link, and the
    /// "Keep it as a regression" line, pasted into a shell whose PATH has no `swift`, replays the failure and saves it.
    @Test func thePrintedLinesRunAsPastedWithoutSwift() async throws { try await onOwnThread {
        let dir = try ExternalLoopTests.directory("invocation")
        try FileManager.default.createDirectory(atPath: dir + "/bin", withIntermediateDirectories: true)
        let tool = dir + "/bin/stackcheck"
        try FileManager.default.createSymbolicLink(atPath: tool, withDestinationPath: ExternalLoopTests.stackcheck)
        let run = try ExternalLoopTests.Child(tool, ["run", "--engine-command", BuildProducts.command("fake-engine", "shifted"),
                                                     "--property", "alignment.leading", "--cases", "20"], directory: dir)
        #expect(await run.exitStatus() == 1, "\(run.out)\(run.err)")
        let lines = run.out.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        let replay = try #require(lines.first { $0.hasPrefix("Replay: ") }).dropFirst("Replay: ".count)
        #expect(replay.hasPrefix(CommandWords.quote(tool) + " replay pc2_"), "\(replay)")
        let keep = try #require(lines.first { $0.hasPrefix("Keep it as a regression: ") })
            .dropFirst("Keep it as a regression: ".count)

        let shell = try ExternalLoopTests.Child("/bin/sh", ["-c", String(keep)], directory: dir,
                                                environment: ["PATH": "/usr/bin:/bin"])
        #expect(await shell.exitStatus() == 1, "\(shell.out)\(shell.err)")
        #expect(shell.out.contains("Status: FAIL: ") && shell.out.contains("Saved the case as "), "\(shell.out)\(shell.err)")
        #expect(try RegressionStore.load(directory: dir + "/Fixtures/regressions").count == 1)
    } }
}
