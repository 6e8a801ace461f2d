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
    static let checks = ["layout.finiteFrames", "agreement.matchesReference"].map { Catalogue.property($0)! }

    /// The built-in engines: the oracle and the accelerated reference (the engine and the runner's per-case cache)
    /// agree to the bit, and the reference's and the direct engine's layouts pass `checks` (the direct engine's
    /// wherever it does not decline).
    public static let builtInProperty = Property("fuzz.engines", scenarios, describe: { $0.jsonString(pretty: false) }) {
        scenario, tc in
        try tc.assume(OracleAgreement.oracleAffords(scenario))
        try OracleAgreement.check(scenario) { try? AcceleratedReferenceEngine().layout($0) }
        try OracleAgreement.check(scenario) { ReferenceLayoutCache().layout($0) }
        for engine in [ReferenceEngine() as any LayoutEngine, DirectEngine()] {
            for property in checks { _ = try property.checkCase(scenario, on: engine) }
        }
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

    /// The external engine, started once per process on the first input (nil without a command).
    static let externalEngine: Result<ExternalEngine, ExternalEngineStartError>? = {
        guard let command = Configuration.environment(engineCommandVariable) else { return nil }
        return Result { () throws(ExternalEngineStartError) in
            try ExternalEngine.start(command: command, suiteVersion: "fuzz")
        }
    }()

    /// An external engine's layouts pass `checks` on every scenario inside its features; a fault (an invalid
    /// answer, a crash, a timeout) fails the case. Without a command the target checks nothing.
    static let external = FuzzTarget(
        name: "external-engine",
        summary: "as `engines`, for the engine \(engineCommandVariable) starts: its layouts are finite and agree "
            + "with the reference within the tolerance; a fault is a finding") { bytes throws(FuzzFinding) in
        guard let started = externalEngine else { return }
        let engine: ExternalEngine
        switch started {
        case .success(let e): engine = e
        case .failure(let error): throw FuzzFinding("\(error)")
        }
        let property = Property("fuzz.externalEngine", ScenarioGenerator(features: engine.features).scenario,
                                describe: { $0.jsonString(pretty: false) }) { scenario, _ in
            for check in checks { _ = try check.checkCase(scenario, on: engine) }
        }
        try fuzz(property, bytes, context: engine.features.code)
    }

    /// Runs `property` on `bytes` through PropertyCheck's fuzz entry point; a failure is a finding with its token.
    static func fuzz<Value>(_ property: Property<Value>, _ bytes: [UInt8], context: String = "") throws(FuzzFinding) {
        switch PropertyRunner.fuzzSynchronously(property, input: bytes, context: context) {
        case .passed, .rejected: return
        case .aborted(let abort): throw FuzzFinding("the property stopped: \(abort)")
        case .failed(let failure): throw FuzzFinding(failure.description)
        }
    }
}
