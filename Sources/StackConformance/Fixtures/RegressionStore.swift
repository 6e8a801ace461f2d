import Foundation
import PropertyCheck
import StackLayout

/// `Fixtures/regressions/`: every minimal counterexample ever found (scenario, property, engine, expected outcome),
/// replayed before any new case of its property on its engine.
public enum RegressionStore {
    /// Reads every `*.json` file of `directory`, sorted by file name; a missing directory is empty.
    public static func load(directory: String) throws(GoldenFixtureCheck.LoadError) -> [RegressionCase] {
        guard FileManager.default.fileExists(atPath: directory) else { return [] }
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".json") }.sorted()
        } catch {
            throw GoldenFixtureCheck.LoadError(file: directory, message: "cannot list the directory: \(error.localizedDescription)")
        }
        var cases: [RegressionCase] = []
        for name in names {
            let path = directory + "/" + name
            guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
                throw GoldenFixtureCheck.LoadError(file: path, message: "cannot read the file as UTF-8")
            }
            do { cases.append(try RegressionCase(json: text)) } catch {
                throw GoldenFixtureCheck.LoadError(file: path, message: "\(error)")
            }
        }
        return cases
    }

    /// Writes `regression` into `directory` as `<property>--<engine>--<fnv1a of the scenario>.json` (created if
    /// needed) and returns the path. Saving the same case twice writes the same file.
    public static func save(_ regression: RegressionCase, directory: String) throws -> String {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let text = regression.jsonValue.prettyText + "\n"
        let digest = Seed.fnv1a(regression.scenario.jsonString(pretty: false))
        // The engine's name is its hello name, anything an external engine says: only [A-Za-z0-9._-] reach the path.
        let engine = String(regression.engine.unicodeScalars.map { c -> Character in
            c.isASCII && (c.properties.isAlphabetic || c.properties.numericType != nil || "._-".unicodeScalars.contains(c))
                ? Character(c) : "_"
        })
        let name = "\(regression.property)--\(engine)--\(String(digest, radix: 16)).json"
        let path = directory + "/" + name
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }
}
