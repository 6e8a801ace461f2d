import Foundation
import Testing
import StackConformance
import TestSupport

/// README's "In CI" recipe runs: its set-up commands and its workflow's `run` steps, as written, against a Python
/// engine with planted bugs (`Engines/multibug/frame_py.py`). The run without a file fails, the file written from
/// it makes the workflow's run pass, and the workflow's step fails again once the engine has a bug the file does not
/// list, and comparing that run with the green one (`report --against`) names what came back. Two substitutions only: the built `stackcheck` for `swift run stackcheck` and the checkout's release path
/// (the test's build is already there), and `--cases 20 --property alignment` appended to each run, for time; the
/// engine stands for `my_engine.py`.
@Suite(.serialized) struct CIRecipeTests {
    static let engine = RepositoryPaths.root + "/Tests/StackCheckTests/Engines/multibug/frame_py.py"

    /// The section's fenced blocks of `language`, each as its lines.
    static func blocks(_ language: String) throws -> [[String]] {
        let readme = try String(contentsOfFile: RepositoryPaths.root + "/README.md", encoding: .utf8)
        guard let start = readme.range(of: "### In CI\n") else { return [] }
        let section = readme[start.upperBound...].prefix { _ in true }
        let text = section.components(separatedBy: "\n### ")[0]
        var out: [[String]] = [], current: [String]? = nil
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if current == nil, line == "```" + language { current = []; continue }
            if current != nil, line == "```" { out.append(current!); current = nil; continue }
            current?.append(line)
        }
        return out
    }

    /// The workflow's `run:` steps, a folded (`>`) step joined into one line.
    static func workflowSteps(_ yaml: [String]) -> [String] {
        var steps: [String] = [], folded: String? = nil
        for line in yaml {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if let f = folded {
                if line.hasPrefix("          ") && !trimmed.isEmpty { folded = f + " " + trimmed; continue }
                steps.append(f); folded = nil
            }
            guard trimmed.hasPrefix("- run:") else { continue }
            let command = trimmed.dropFirst("- run:".count).trimmingCharacters(in: .whitespaces)
            if command == ">" { folded = "" } else { steps.append(command) }
        }
        if let f = folded { steps.append(f) }
        return steps.map { $0.trimmingCharacters(in: .whitespaces) }
    }

    /// `line` run by `/bin/sh` in `directory`, with `environment` added.
    static func shell(_ line: String, in directory: String, environment: [String: String] = [:]) throws -> (status: Int32, out: String) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/sh")
        p.arguments = ["-c", line]
        p.currentDirectoryURL = URL(fileURLWithPath: directory)
        p.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    @Test func theRecipeRunsAsWritten() async throws {
        guard let stackcheck = BuildProducts.path(of: "stackcheck") else {
            Issue.record("the stackcheck executable was not built")
            return
        }
        guard ProgramsOnPath.python3 != nil else {
            Issue.record("python3 is not on PATH")
            return
        }
        let shellBlocks = try Self.blocks("sh")
        let setUp = shellBlocks.first ?? []
        let compare = shellBlocks.dropFirst().first ?? []
        #expect(compare.count == 1 && compare[0].contains("--against"), "\(shellBlocks)")
        let steps = Self.workflowSteps(try Self.blocks("yaml").first ?? [])
        #expect(setUp.count == 2, "\(setUp)")
        #expect(steps.count == 2 && steps[0].contains("--product stackcheck"), "\(steps)")
        let program = BuildProducts.shellQuoted(stackcheck)
        @Sendable func adapted(_ line: String) -> String {
            var l = line.replacingOccurrences(of: "swift run stackcheck", with: program)
                .replacingOccurrences(of: "stackconformance/.build/release/stackcheck", with: program)
                .replacingOccurrences(of: "my_engine.py", with: BuildProducts.shellQuoted(Self.engine))
            if l.contains(" run ") { l += " --cases 20 --property alignment" }
            return l
        }
        let directory = FileManager.default.temporaryDirectory.path + "/ci-recipe-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // The engine with one bug (cross-axis margins) fixed; the other bugs are the ones the file will list.
        let known = ["MULTIBUG_FIXED": "cross-margins"]
        try await offThePool {
            let first = try Self.shell(adapted(setUp[0]), in: directory, environment: known)
            #expect(first.status == 1, "the engine has bugs: \(first.out.suffix(400))")
            #expect(try Self.shell(adapted(setUp[1]), in: directory).status == 0)
            let file = try Expectations(json: String(contentsOfFile: directory + "/stackcheck-expectations.json", encoding: .utf8))
            #expect(!file.causes.isEmpty)
            let green = try Self.shell(adapted(steps[1]), in: directory, environment: known)
            #expect(green.status == 0, "\(green.out.suffix(800))")
            #expect(FileManager.default.fileExists(atPath: directory + "/run.html"))
            try FileManager.default.copyItem(atPath: directory + "/run.json", toPath: directory + "/main-run.json")
            // Every bug back: the cross-axis margins are a cause the file does not list.
            let red = try Self.shell(adapted(steps[1]), in: directory)
            #expect(red.status == 1, "\(red.out.suffix(800))")
            #expect(red.out.contains("New causes"))
            // The comparison with the green run names the one cause that came back, and fails.
            let changes = try Self.shell(adapted(compare[0]), in: directory)
            #expect(changes.status == 1, "\(changes.out.suffix(800))")
            #expect(changes.out.contains("New: 1 cause (") && changes.out.contains("Fixed: 0 causes."), "\(changes.out)")
            #expect(FileManager.default.fileExists(atPath: directory + "/changes.html"))
        }
    }
}
