import Foundation
import StackLayout

/// Runs golden fixtures (`Fixtures/golden/*.json`, SCENARIO-FORMAT.md "Fixtures and regressions") through an engine.
public enum GoldenFixtureCheck {
    /// A fixture file with its name (the file name without `.json`).
    public struct Entry: Sendable {
        /// The file name without `.json`.
        public let name: String
        /// The parsed fixture.
        public let fixture: GoldenFixture
    }

    /// The outcome of one fixture on one engine.
    public enum Outcome: Sendable, Equatable {
        /// The engine's layout matches the expected one.
        case pass
        /// The engine's layout differs; each string names a field and both values.
        case fail([String])
        /// The engine lacks a feature the scenario needs, or answered `unsupported` (the skip is counted).
        case skip(String)
        /// The engine failed.
        case error(String)

        /// `PASS`, `FAIL`, `SKIP` or `ERROR`, as reports print it.
        public var label: String {
            switch self {
            case .pass: return "PASS"
            case .fail: return "FAIL"
            case .skip: return "SKIP"
            case .error: return "ERROR"
            }
        }
    }

    /// A fixture file that could not be read; the message names the file, the JSON path and the reason.
    public struct LoadError: Error, CustomStringConvertible, Sendable {
        /// The file (or directory) that could not be read.
        public let file: String
        /// What was wrong, with the JSON path when the document is invalid.
        public let message: String
        public var description: String { "\(file): \(message)" }
    }

    /// Reads every `*.json` file of `directory`, sorted by file name (never directory order).
    public static func load(directory: String) throws(LoadError) -> [Entry] {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory)
                .filter { $0.hasSuffix(".json") }.sorted()
        } catch {
            throw LoadError(file: directory, message: "cannot list the directory: \(error.localizedDescription)")
        }
        var entries: [Entry] = []
        for name in names {
            let path = directory + "/" + name
            guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
                throw LoadError(file: path, message: "cannot read the file as UTF-8")
            }
            do {
                entries.append(Entry(name: String(name.dropLast(5)), fixture: try GoldenFixture(json: text)))
            } catch {
                throw LoadError(file: path, message: "\(error)")
            }
        }
        return entries
    }

    /// Parses fixture texts held in memory (the copy of `Fixtures/golden` built into the `stackcheck` tool), each
    /// named as its file without `.json`; `source` names them in errors.
    public static func parse(_ files: [(name: String, json: String)], source: String) throws(LoadError) -> [Entry] {
        var entries: [Entry] = []
        for (name, json) in files {
            do {
                entries.append(Entry(name: name, fixture: try GoldenFixture(json: json)))
            } catch {
                throw LoadError(file: "\(source) \(name).json", message: "\(error)")
            }
        }
        return entries
    }

    /// Lays out the fixture's scenario with `engine` and compares it with the expected layout: |Δ| ≤ the fixture's
    /// tolerance (default 0.001 pt without a scale, 0 with one).
    public static func check(_ fixture: GoldenFixture, on engine: some LayoutEngine) -> Outcome {
        let needed = requiredFeatures(of: fixture.scenario)
        let missing = needed.subtracting(engine.features)
        if !missing.isEmpty { return .skip("needs \(missing)") }
        let layout: Layout
        do {
            layout = try engine.layout(fixture.scenario)
        } catch {
            switch error {
            case .unsupported(let message): return .skip("unsupported: \(message)")
            case .failed, .invalidAnswer, .timedOut, .crashed, .cannotStart: return .error(error.description)
            }
        }
        let tolerance = fixture.tolerance ?? (fixture.scenario.scale == nil ? 0.001 : 0)
        let differences = LayoutComparison.differences(actual: layout, expected: fixture.expected, tolerance: tolerance)
        return differences.isEmpty ? .pass : .fail(differences)
    }

    /// Checks every fixture on `engine`, in order, and counts the outcomes; each failure or error is kept as one line
    /// (`FAIL name: differences` with at most three differences, or `ERROR name: message`).
    public static func tally(_ entries: [Entry], on engine: some LayoutEngine) -> FixtureTally {
        var tally = FixtureTally()
        for entry in entries {
            switch check(entry.fixture, on: engine) {
            case .pass: tally.passed += 1
            case .skip: tally.skipped += 1
            case .fail(let differences):
                tally.problems.append("FAIL \(entry.name): " + differences.prefix(3).joined(separator: "; ")
                                      + (differences.count > 3 ? "; …" : ""))
            case .error(let message): tally.problems.append("ERROR \(entry.name): \(message)")
            }
        }
        return tally
    }
}
