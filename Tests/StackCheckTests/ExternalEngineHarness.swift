import Foundation
import Testing
@testable import StackConformance
import StackLayout
import TestSupport

/// What the external-engine suites share: ENGINE-PROTOCOL.md is tested end to end, the suite's side
/// (`ExternalEngine`) against real processes, the misbehaving `fake-engine` (one mode per row of the fault table) and
/// the `example-engine` template. The suites are split by what they cover and name these helpers `EngineHarness.…`.
enum EngineHarness {
    /// A scenario with a hidden item and a nested stack, so that "every arranged item at every depth, hidden ones
    /// included" is exercised; pre-order: a, b (hidden), inner, c.
    static let scenario: Scenario = try! Scenario(json: """
        {"format":"stackcheck.scenario/1","container":{"width":300,"height":null},
         "stack":{"axis":"horizontal","distribution":"fill","alignment":"center","arrangedSubviews":[
           {"id":"a","intrinsicContentSize":{"width":40,"height":20}},
           {"id":"b","isHidden":true,"intrinsicContentSize":{"width":30,"height":10}},
           {"id":"inner","stack":{"axis":"vertical","arrangedSubviews":[
             {"id":"c","intrinsicContentSize":{"width":10,"height":10}}]}}]}}
        """)

    static var reference: Layout { try! ReferenceEngine().layout(scenario) }

    static func fake(_ mode: String, timeout: Double = 10) throws -> ExternalEngine {
        try ExternalEngine.start(command: BuildProducts.command("fake-engine", mode), timeout: timeout,
                                 suiteVersion: ConformanceSuite.version)
    }

    /// `fake-engine <mode>` with a fresh `FAKE_ENGINE_MARKER`, set through `env` so that tests running in
    /// parallel do not share the test process's environment.
    static func fakeWithMarker(_ mode: String) throws -> ExternalEngine {
        let marker = FileManager.default.temporaryDirectory.appendingPathComponent("fake-engine-marker-\(UUID().uuidString)").path
        let command = "env FAKE_ENGINE_MARKER=\(BuildProducts.shellQuoted(marker)) " + BuildProducts.command("fake-engine", mode)
        return try ExternalEngine.start(command: command, suiteVersion: ConformanceSuite.version)
    }

    /// The error of starting `command`, which has `startTimeout` seconds to answer the hello.
    static func startError(_ command: String, startTimeout: Double = 10) -> ExternalEngineStartError? {
        do {
            let engine = try ExternalEngine.start(command: command, startTimeout: startTimeout,
                                                  suiteVersion: ConformanceSuite.version)
            engine.stop()
            return nil
        } catch {
            return error
        }
    }

    static func outcome(_ engine: ExternalEngine, _ scenario: Scenario = scenario) -> Result<Layout, LayoutError> {
        do { return .success(try engine.layout(scenario)) } catch { return .failure(error) }
    }

    /// The error's case name and message, for `#expect`.
    static func failure(_ result: Result<Layout, LayoutError>) -> (kind: String, message: String)? {
        guard case .failure(let error) = result else { return nil }
        switch error {
        case .unsupported(let m): return ("unsupported", m)
        case .failed(let m): return ("failed", m)
        case .invalidAnswer(let m): return ("invalidAnswer", m)
        case .timedOut(let m): return ("timedOut", m)
        case .crashed(let m): return ("crashed", m)
        case .cannotStart(let m): return ("cannotStart", m)
        }
    }

    static func isGone(_ pid: Int32) -> Bool { kill(pid, 0) == -1 && errno == ESRCH }
}
