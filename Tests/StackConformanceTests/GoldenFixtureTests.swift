import Testing
import StackConformance
import StackLayout
import TestSupport

/// The saved regressions, read through the store every run uses.
extension RepositoryPaths {
    static func regressions() -> [RegressionCase] { (try? RegressionStore.load(directory: regressionsDirectory)) ?? [] }
}

/// Every golden fixture through every built-in engine : each passes, or is skipped because the
/// engine lacks a feature it needs (the skip is counted and shown).
@Suite struct GoldenFixtureTests {
    static let fixtures: [GoldenFixtureCheck.Entry] = (try? GoldenFixtureCheck.load(directory: RepositoryPaths.golden)) ?? []

    @Test func thereAreAtLeastSixtyFixturesAndTheyAllLoad() throws {
        let loaded = try GoldenFixtureCheck.load(directory: RepositoryPaths.golden)
        #expect(loaded.count >= 60)
        for entry in loaded {
            #expect(!entry.fixture.note.isEmpty, "\(entry.name) has no note")
            #expect(!entry.fixture.rules.isEmpty, "\(entry.name) cites no rule")
        }
    }

    @Test(arguments: BuiltInEngines.all.map(\.name))
    func everyFixturePassesOrIsSkipped(engineName: String) throws {
        let engine = try #require(BuiltInEngines.all.first { $0.name == engineName })
        var skipped: [String] = []
        for entry in Self.fixtures {
            switch GoldenFixtureCheck.check(entry.fixture, on: engine) {
            case .pass: break
            case .skip(let why): skipped.append("\(entry.name): \(why)")
            case .fail(let differences):
                let detail = differences.joined(separator: "\n  ")
                Issue.record("\(engine.name) fails \(entry.name) (\(entry.fixture.rules.joined(separator: ", "))):\n  \(detail)")
            case .error(let message):
                Issue.record("\(engine.name) errors on \(entry.name): \(message)")
            }
        }
        print("\(engine.name): \(Self.fixtures.count - skipped.count) golden fixtures passed, \(skipped.count) skipped" +
              skipped.map { "\n  skip \($0)" }.joined())
    }

    /// The comparison itself can fail: a fixture's expected layout, nudged, is reported field by field.
    @Test func aWrongLayoutIsReported() throws {
        let entry = try #require(Self.fixtures.first { $0.name == "seed-qiita-fill-600" })
        var wrong = entry.fixture
        wrong.expected.frameValues[0].width += 0.01
        guard case .fail(let differences) = GoldenFixtureCheck.check(wrong, on: DirectEngine()) else {
            Issue.record("a nudged expectation passed")
            return
        }
        #expect(differences == ["frames.red.width: got 200, expected 200.01"])
    }
}
