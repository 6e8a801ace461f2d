import Foundation
import PropertyCheck
import StackConformance
import StackFuzzing
import StackLayout
import TestSupport
import Testing

/// The fuzz targets without libFuzzer, through the check libFuzzer runs (`FuzzTarget.check`): every crash file of
/// Fixtures/fuzz-regressions replays, and each target's seed corpus and a few thousand inputs made from it pass (the
/// smoke). The checks run on a thread of their own, as under libFuzzer: the engines' and the solver's block on
/// PropertyCheck's synchronous entry point, which must not hold a thread of the cooperative pool.
@Suite struct FuzzTargetTests {
    static let fixtures = RepositoryPaths.root + "/Fixtures"

    /// The files of a directory, sorted by name (none when it does not exist).
    static func files(_ directory: String) -> [(name: String, bytes: [UInt8])] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.sorted().compactMap { name in
            FileManager.default.contents(atPath: directory + "/" + name).map { (name, Array($0)) }
        }
    }

    /// A JSON member of each fixture file of a directory, written back as a document.
    static func members(_ directory: String, _ key: String) -> [[UInt8]] {
        files(directory).compactMap { file in
            (try? JSONParser.parse(String(decoding: file.bytes, as: UTF8.self)))?[key].map { Array($0.prettyText.utf8) }
        }
    }

    /// A target's seeds, as `scripts/fuzz` seeds its corpus: Fixtures/fuzz-seeds/<target>, and for the readers the
    /// golden fixtures and regressions (whole, and the scenario or layout they hold); for the choice-sequence
    /// targets, the empty sequence and a few byte strings of a fixed generator.
    static func seeds(_ target: String) -> [[UInt8]] {
        var out = files(fixtures + "/fuzz-seeds/" + target).map(\.bytes)
        let golden = fixtures + "/golden", regressions = fixtures + "/regressions"
        switch target {
        case "scenario-reader":
            out += files(golden).map(\.bytes) + members(golden, "scenario") + members(regressions, "scenario")
        case "layout-reader":
            out += members(golden, "expected")
        case "engine-answers":
            out += members(golden, "expected").prefix(20).map { [1] + Array(#"{"id":1,"result":"#.utf8) + $0 + [UInt8(ascii: "}")] }
        case "engines", "solver", "external-engine":
            var random = Xoshiro256StarStar(seed: 33)
            out += [[]] + [8, 32, 128, 512].map { n in (0..<n).map { _ in UInt8(truncatingIfNeeded: random.next()) } }
        default:
            break
        }
        return out
    }

    /// Inputs made from the seeds: a seed, truncated, with bytes overwritten, inserted and deleted (as a fuzzer
    /// mutates), or for a choice-sequence target any byte string.
    static func inputs(_ seeds: [[UInt8]], choices: Bool) -> Gen<[UInt8]> {
        let byte = Gens.int(0...255).map(UInt8.init)
        if choices { return Gens.array(byte, count: 0...600, averageLength: 120) }
        let edit = Gens.zip(Gens.int(0...3), Gens.int(0...1 << 16), byte)
        return Gens.zip(Gens.int(0...(seeds.count - 1)), Gens.array(edit, count: 0...8, averageLength: 2))
            .map { pick, edits in
                var bytes = seeds[pick]
                for (kind, at, value) in edits {
                    let i = bytes.isEmpty ? 0 : at % bytes.count
                    switch kind {
                    case 0 where !bytes.isEmpty: bytes[i] = value
                    case 1: bytes.insert(value, at: i)
                    case 2 where !bytes.isEmpty: bytes.remove(at: i)
                    default: bytes = Array(bytes.prefix(i))
                    }
                }
                return bytes
            }
    }

    /// Runs `body` on a new thread of its own (not the cooperative pool's) and returns its result.
    static func onPlainThread<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            let thread = Thread { continuation.resume(returning: body()) }
            thread.stackSize = 8 << 20
            thread.start()
        }
    }

    /// Checks one input with `target` on a thread of its own.
    static func check(_ target: FuzzTarget, _ bytes: [UInt8]) async -> FuzzFinding? {
        await onPlainThread { () -> FuzzFinding? in
            do throws(FuzzFinding) { try target.check(bytes) } catch { return error }
            return nil
        }
    }

    /// Every target has a seed and reads its name back; the regression directories name only targets.
    @Test func targetsAndRegressionDirectories() {
        #expect(FuzzTargets.all.map(\.name) == ["scenario-reader", "layout-reader", "engine-answers", "replay-token",
                                                 "expectations", "engines", "solver", "external-engine"])
        for target in FuzzTargets.all {
            #expect(FuzzTargets.named(target.name)?.name == target.name)
            #expect(!Self.seeds(target.name).isEmpty, "\(target.name) has no seed")
        }
        let directories = (try? FileManager.default.contentsOfDirectory(atPath: Self.fixtures + "/fuzz-regressions")) ?? []
        for directory in directories { #expect(FuzzTargets.named(directory) != nil, "fuzz-regressions/\(directory)") }
    }

    /// Every crash file libFuzzer found (`scripts/fuzz` keeps them) now passes its target's check.
    @Test(arguments: FuzzTargets.all.map(\.name))
    func regressionsReplay(_ name: String) async throws {
        let target = try #require(FuzzTargets.named(name))
        for file in Self.files(Self.fixtures + "/fuzz-regressions/" + name) {
            let finding = await Self.check(target, file.bytes)
            #expect(finding == nil, "\(name)/\(file.name): \(finding?.message ?? "")")
        }
    }

    /// Crash files of findings not fixed yet (Fixtures/fuzz-findings/<target>): each still fails its target's check,
    /// a known issue. Once one passes, the known issue is missing and this test fails: move the file to
    /// Fixtures/fuzz-regressions, where it is replayed as a regression.
    @Test(arguments: FuzzTargets.all.map(\.name))
    func openFindingsStillFail(_ name: String) async throws {
        let target = try #require(FuzzTargets.named(name))
        for file in Self.files(Self.fixtures + "/fuzz-findings/" + name) {
            let finding = await Self.check(target, file.bytes)
            withKnownIssue("\(name)/\(file.name) is an open finding") {
                #expect(finding == nil, "\(name)/\(file.name): \(finding?.message ?? "")")
            }
        }
    }

    /// The engines and solver targets' properties, run as any property is, so that a token the fuzzer printed
    /// (`STACKCHECK_REPLAY=pc2_ZnV6ei5lbmdpbmVz…` or `…ZnV6ei5zb2x2ZXI…`) replays here first and shrinks; a few fresh
    /// cases otherwise (STACKCHECK_CASES raises it). `scripts/fuzz` prints these commands for its findings.
    @Test func enginesPropertyReplaysAFuzzersToken() async {
        await Self.replayingAToken(EngineTargets.builtInProperty)
    }

    @Test func solverPropertyReplaysAFuzzersToken() async {
        await Self.replayingAToken(SolverTarget.property)
    }

    static func replayingAToken<Value>(_ property: Property<Value>) async {
        var configuration = (try? Configuration.fromEnvironment(.stackCheck).get()) ?? Configuration()
        if Configuration.environment("STACKCHECK_CASES") == nil { configuration.cases = 10 }
        configuration.maxShrinkCalls = 300
        _ = await checkProperty(property, configuration: configuration)
    }

    /// How many generated inputs the smoke runs per target, so that the whole smoke stays within a minute of a
    /// loaded machine's debug build: the readers take well under a millisecond per input, the solver a few, the
    /// engines (the oracle twice, the accelerated reference, the direct engine and the catalogue's checks, rounded
    /// and unrounded) a few hundred.
    static let smokeCases: [String: Int] = ["scenario-reader": 2000, "layout-reader": 2000, "engine-answers": 2000,
                                            "replay-token": 2000, "expectations": 2000, "engines": 40, "solver": 300,
                                            "external-engine": 50]

    /// Each target's seeds and generated inputs pass its check. The external-engine target checks nothing without
    /// an engine command, so it runs on the seeds only.
    @Test(arguments: FuzzTargets.all.map(\.name))
    func smoke(_ name: String) async throws {
        let target = try #require(FuzzTargets.named(name))
        let seeds = Self.seeds(name)
        for (i, seed) in seeds.enumerated() {
            let finding = await Self.check(target, seed)
            #expect(finding == nil, "\(name) seed \(i): \(finding?.message ?? "")")
        }
        let choices = ["engines", "solver", "external-engine"].contains(name)
        let property = Property("fuzz.smoke.\(name)", Self.inputs(seeds, choices: choices),
                                describe: { "\($0.count) bytes: \($0.map { String($0, radix: 16) }.joined(separator: " "))" }) {
            bytes, _ in
            if let finding = await Self.check(target, bytes) { throw PropertyFailure(finding.message) }
        }
        // Without the example database: the smoke's cases depend on the seed alone.
        _ = await checkProperty(property, configuration: Configuration(seed: 0, cases: Self.smokeCases[name] ?? 100),
                                useDatabase: false)
    }
}
