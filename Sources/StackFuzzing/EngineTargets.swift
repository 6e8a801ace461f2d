import PropertyCheck
import StackConformance
import StackLayout

/// The engines, driven by PropertyCheck's scenario generator with the input as its choice sequence
/// (`PropertyRunner.fuzzSynchronously`): every input is a valid scenario, and libFuzzer's coverage steers the
/// generator. The checks are the suite's own: the accelerated reference's comparison with the oracle
/// (`OracleAgreement`) and the catalogue's `layout.finiteFrames` and `agreement.matchesReference`.
public enum EngineTargets {
    /// Scenarios of every feature (conflicts, priority collisions, user constraints, text), some with a scale.
    static let scenarios: Gen<Scenario> = {
        var shape = ScenarioGenerator.Shape()
        shape.scaleProbability = 0.2
        shape.textProbability = 0.3
        return ScenarioGenerator(features: .all, shape: shape).scenario
    }()

    /// The catalogue's checks every engine's layout must pass on every scenario inside its features.
    static let checks = [finiteFrames, Catalogue.property("agreement.matchesReference")!]
    static let finiteFrames = Catalogue.property("layout.finiteFrames")!

    /// The built-in engines: the oracle and the accelerated reference (the engine and the runner's per-case cache)
    /// agree to the bit, the reference's layout is finite, and the direct engine's layout passes `checks` wherever
    /// it does not decline (the reference's agreement with itself is not checked: the catalogue skips it too).
    public static let builtInProperty = Property("fuzz.engines", scenarios, describe: { $0.jsonString(pretty: false) }) {
        scenario, tc in
        try tc.assume(OracleAgreement.oracleAffords(scenario))
        try OracleAgreement.check(scenario, [{ try? AcceleratedReferenceEngine().layout($0) },
                                             { ReferenceLayoutCache().layout($0) }])
        _ = try finiteFrames.checkCase(scenario, on: ReferenceEngine())
        for property in checks { _ = try property.checkCase(scenario, on: DirectEngine()) }
    }

    static let builtIn = FuzzTarget(
        name: "engines",
        summary: "bytes as the scenario generator's choices; the reference, the accelerated reference and the direct "
            + "engine lay the scenario out: no trap, finite frames, accelerated == oracle to the bit, direct == "
            + "reference wherever it answers") { bytes throws(FuzzFinding) in
        try fuzz(builtInProperty, bytes)
    }

    /// The environment variable that names the external engine's command (`scripts/fuzz --engine-command`).
    public static let engineCommandVariable = "STACKCHECK_FUZZ_ENGINE_COMMAND"

    /// The external engine, started once per process on the first input (nil without a command), and the catalogue's
    /// `checks` as a run checks them on it: their tokens are the ones `stackcheck replay` reads.
    static let external: Result<(properties: [Property<Scenario>], context: String), ExternalEngineStartError>? = {
        guard let command = Configuration.environment(engineCommandVariable) else { return nil }
        return Result { () throws(ExternalEngineStartError) in
            let engine = try ExternalEngine.start(command: command, suiteVersion: ConformanceSuite.version)
            return (checks.compactMap { $0.caseProperty(on: engine) }, engine.features.code)
        }
    }()

    /// An external engine's layouts pass `checks` on every scenario inside its features; a fault (an invalid
    /// answer, a crash, a timeout) fails the case. The bytes drive each check's own generator, so a failure's
    /// token replays with `stackcheck replay TOKEN --engine-command CMD`. Without a command it checks nothing.
    static let externalEngine = FuzzTarget(
        name: "external-engine",
        summary: "as `engines`, for the engine \(engineCommandVariable) starts: its layouts are finite and agree "
            + "with the reference within the tolerance; a fault is a finding") { bytes throws(FuzzFinding) in
        guard let started = external else { return }
        switch started {
        case .success(let external):
            for property in external.properties { try fuzz(property, bytes, context: external.context) }
        case .failure(let error):
            throw FuzzFinding("\(error)")
        }
    }

    /// Runs `property` on `bytes` through PropertyCheck's fuzz entry point; a failure is a finding with its token.
    static func fuzz<Value>(_ property: Property<Value>, _ bytes: [UInt8], context: String = "") throws(FuzzFinding) {
        switch PropertyRunner.fuzzSynchronously(property, input: bytes, context: context) {
        case .passed, .rejected: return
        case .aborted(let abort): throw FuzzFinding("the property stopped: \(abort)")
        case .failed(var failure):
            // Replayed by the suite's own runner, which reads STACKCHECK_REPLAY.
            failure.replayVariable = EnvironmentOverrides.stackCheck.replay
            throw FuzzFinding(failure.description)
        }
    }
}
