import Foundation
import Testing
@testable import StackConformance
import StackLayout
import TestSupport

/// Starting an external engine: the hello, the features it declares, and every way a start fails (a start error,
/// never a crash).
@Suite struct EngineHelloTests {
    @Test func buildProductsAreFound() async {
        #expect(BuildProducts.path(of: "fake-engine") != nil)
        #expect(BuildProducts.path(of: "example-engine") != nil)
    }

    @Test func goodEngineGreetsAndAnswersLikeTheReference() async throws { try await offThePool {
        let engine = try EngineHarness.fake("good")
        defer { engine.stop() }
        #expect(engine.name == "fake-engine")
        #expect(engine.version == "good")
        #expect(engine.features == .all)
        #expect(engine.unknownFeatures.isEmpty)
        #expect(try engine.layout(EngineHarness.scenario) == EngineHarness.reference)
        #expect(try engine.layout(EngineHarness.scenario) == EngineHarness.reference)
        #expect(engine.restartCount == 0)
    } }

    @Test func aFeatureListIsTheExactSetAndUnknownNamesAreReported() async throws { try await offThePool {
        let engine = try EngineHarness.fake("features")
        defer { engine.stop() }
        #expect(engine.features == [.fill, .leading])
        #expect(engine.unknownFeatures == ["bogusFeature"])
    } }

    @Test func noFeaturesKeyMeansAllFeatures() async throws { try await offThePool {
        let engine = try EngineHarness.fake("no-features")
        defer { engine.stop() }
        #expect(engine.features == .all)
        #expect(engine.unknownFeatures.isEmpty)
    } }

    @Test func helloAnsweredWithAnErrorIsAStartError() async throws { try await offThePool {
        let error = try #require(EngineHarness.startError(BuildProducts.command("fake-engine", "hello-error")))
        #expect(error.message.contains("refused the hello: fake-engine speaks stackcheck.engine/0 only"), "\(error)")
        #expect(error.message.contains("exited with status 1"), "\(error)")
    } }

    @Test(arguments: ["hang-hello", "never-greet"])
    func noAnswerToTheHelloIsAStartErrorWithinTheStartTimeout(mode: String) async throws { try await offThePool {
        let e = try #require(EngineHarness.startError(BuildProducts.command("fake-engine", mode), startTimeout: 0.5))
        #expect(e.message.contains("did not answer the hello within 0.5 s"), "\(e)")
    } }

    @Test func aProgramNotInPathIsAStartError() async throws { try await offThePool {
        let error = try #require(EngineHarness.startError("no-such-engine-for-stackcheck --flag"))
        #expect(error.message.contains("no-such-engine-for-stackcheck"), "\(error)")
        #expect(error.message.contains("PATH"), "\(error)")
    } }

    @Test func aMalformedCommandIsAStartError() async throws { try await offThePool {
        let empty = try #require(EngineHarness.startError(""))
        #expect(empty.message.contains("empty"))
        let unterminated = try #require(EngineHarness.startError("engine 'unterminated"))
        #expect(unterminated.message.contains("unterminated single quote"))
        let noTimeout = try #require(EngineHarness.startError(BuildProducts.command("fake-engine", "good"), startTimeout: 0))
        #expect(noTimeout.message.contains("timeout"))
    } }

    @Test func anExitBeforeTheHelloIsAStartErrorWithStatusAndStandardError() async throws { try await offThePool {
        let error = try #require(EngineHarness.startError(BuildProducts.command("fake-engine", "no-such-mode")))
        #expect(error.message.contains("exited with status 2"), "\(error)")
        #expect(error.message.contains("unknown mode 'no-such-mode'"), "\(error)")
    } }
}
