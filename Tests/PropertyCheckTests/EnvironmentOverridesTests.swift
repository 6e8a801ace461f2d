import Testing
@testable import PropertyCheck

/// `Configuration.fromEnvironment`: the caller names the variables, an unset or empty one keeps the base's setting,
/// one that cannot be read is reported by its name; a failure message names the variables of its configuration and
/// no others.
@Suite struct EnvironmentOverridesTests {
    static let names = EnvironmentOverrides(seed: "MYTOOL_SEED", cases: "MYTOOL_CASES", replay: "MYTOOL_REPLAY")

    @Test func aPrefixNamesTheThreeVariables() {
        #expect(EnvironmentOverrides(prefix: "MYTOOL") == Self.names)
        #expect(EnvironmentOverrides.propertyCheck
                == EnvironmentOverrides(seed: "PROPERTYCHECK_SEED", cases: "PROPERTYCHECK_CASES", replay: "PROPERTYCHECK_REPLAY"))
    }

    @Test func theCallersVariablesOverrideTheBase() throws {
        let token = ReplayToken(property: "p", context: "", choices: [3, 1])
        let environment = ["MYTOOL_SEED": "2a", "MYTOOL_CASES": "7", "MYTOOL_REPLAY": token.encoded,
                           "PROPERTYCHECK_SEED": "ff", "PROPERTYCHECK_CASES": "9"]
        let c = try Configuration.fromEnvironment(Self.names, base: Configuration(seed: 5, cases: 50),
                                                  environment: environment).get()
        #expect(c.seed == 0x2a && c.cases == 7 && c.replay == token && c.overrides == Self.names)
    }

    @Test func unsetOrEmptyVariablesKeepTheBase() throws {
        var base = Configuration(seed: 5, cases: 50)
        base.maxShrinkCalls = 12
        let c = try Configuration.fromEnvironment(Self.names, base: base, environment: ["MYTOOL_SEED": ""]).get()
        #expect(c.seed == 5 && c.cases == 50 && c.replay == nil && c.maxShrinkCalls == 12)
    }

    @Test(arguments: [(["MYTOOL_SEED": "xyz"], "MYTOOL_SEED=xyz is not a hex seed"),
                      (["MYTOOL_CASES": "0"], "MYTOOL_CASES=0 is not a positive count"),
                      (["MYTOOL_CASES": "many"], "MYTOOL_CASES=many is not a positive count")])
    func anUnreadableValueIsReportedByItsName(environment: [String: String], reason: String) {
        guard case .failure(let error) = Configuration.fromEnvironment(Self.names, environment: environment) else {
            Issue.record("\(environment) was accepted")
            return
        }
        #expect(error.reason == reason)
    }

    static let failing = Property("example.sumBelow100", Gens.array(Gens.int(0...100))) { xs, _ in
        try require(xs.reduce(0, +) < 100, "sum \(xs.reduce(0, +)) is not below 100")
    }

    @Test func aFailureNamesTheVariablesOfItsConfiguration() async throws {
        let config = try Configuration.fromEnvironment(Self.names, base: Configuration(seed: 3, cases: 200), environment: [:]).get()
        let report = await PropertyRunner.run(Self.failing, configuration: config)
        let token = try #require(report.counterexample?.token)
        let lines = report.message.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(lines.contains("Seed: 0000000000000003 (rerun with MYTOOL_SEED=0000000000000003)"))
        #expect(lines.contains("Replay: MYTOOL_REPLAY=" + token.encoded))
        var replay = config
        replay.replay = token
        let again = await PropertyRunner.run(Self.failing, configuration: replay)
        #expect(again.replays == ["Replayed the MYTOOL_REPLAY case first: it still fails."])
    }

    @Test func aConfigurationNotReadFromTheEnvironmentNamesNoVariable() async throws {
        let report = await PropertyRunner.run(Self.failing, configuration: Configuration(seed: 3, cases: 200))
        let token = try #require(report.counterexample?.token)
        let lines = report.message.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(lines.contains("Seed: 0000000000000003"))
        #expect(lines.contains("Replay: " + token.encoded))
        #expect(!report.message.contains("_REPLAY") && !report.message.contains("_SEED"))
        var replay = Configuration(seed: 99, cases: 1)
        replay.replay = token
        let again = await PropertyRunner.run(Self.failing, configuration: replay)
        #expect(again.replays == ["Replayed the Configuration.replay case first: it still fails."])
    }
}
