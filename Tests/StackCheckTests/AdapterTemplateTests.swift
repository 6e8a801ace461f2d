import Foundation
import Testing
@testable import StackConformance
import StackLayout
import TestSupport

/// The adapter templates of `Examples/adapters` (Python and JavaScript) conform over the protocol: the real
/// `stackcheck` executable runs each one and the run is clean (exit 0, nothing failed, crashed or timed out), and
/// the properties of the features a template declares really ran (PASS, not SKIP). A template that drifts from the
/// protocol or from the layout model it claims breaks this test, not only the reader who copies it.
///
/// Each test needs its interpreter (`python3`, `node`) on PATH and is skipped, with the reason shown, without it.
/// No timed assertions: the wait is bounded only so that a hang fails instead of blocking the tests.
@Suite(.serialized) struct AdapterTemplateTests {
    /// The package's root directory: the run reads the golden fixtures and saved regressions there, as in CI.
    static let root = RepositoryPaths.root

    static let python3 = ProgramsOnPath.python3
    static let node = ProgramsOnPath.find("node")

    /// Runs `stackcheck run` on the engine command with a JSON report; returns the exit status, the text output and
    /// the report. 20 cases per property keep a debug run of a template well under 20 s.
    static func run(_ engineCommand: String,
                    name: String) async throws -> (status: Int32, output: String, report: JSONValue) {
        let stackcheck = try #require(BuildProducts.path(of: "stackcheck"), "the stackcheck executable was not built")
        let directory = try ExternalLoopTests.directory("adapter-\(name)")
        let report = directory + "/report.json"
        let child = try ExternalLoopTests.Child(stackcheck, ["run", "--engine-command", engineCommand, "--cases", "20",
                                                             "--timeout", "30", "--json", report,
                                                             "--fixtures", root + "/Fixtures/golden",
                                                             "--regressions", root + "/Fixtures/regressions"],
                                                directory: directory)
        let status = await child.exitStatus(bound: 300)
        let text = try String(contentsOfFile: report, encoding: .utf8)
        return (status, child.out + child.err, try JSONParser.parse(text))
    }

    /// The checks shared by both templates.
    static func checkCleanRun(_ engineCommand: String, name: String, engineName: String) async throws {
        let (status, output, report) = try await run(engineCommand, name: name)
        #expect(status == 0, "stackcheck exited \(status):\n\(output)")
        #expect(report["engine"]?["name"] == .string(engineName))
        guard case .array(let results)? = report["results"],
              case .array(let declared)? = report["engine"]?["features"] else {
            Issue.record("the report has no results or no engine features:\n\(output)")
            return
        }
        let features = FeatureSet(declared.compactMap { value -> Feature? in
            guard case .string(let name) = value else { return nil }
            return Feature(rawValue: name)
        })
        #expect(features.count == declared.count, "the template declares a feature name protocol version 1 does not know")
        #expect(!features.isEmpty, "the template declares no feature")
        var statuses: [String: String] = [:]
        for result in results {
            guard case .string(let property)? = result["property"],
                  case .string(let status)? = result["status"] else { continue }
            statuses[property] = status
            #expect(!["FAIL", "ERROR", "TIMEOUT", "CRASH", "NOTRUN"].contains(status),
                    "\(property): \(status): \(result["message"]?.compactText ?? "")")
        }
        // Every property that needs only declared features, and needs at least one, ran and passed.
        let covered = Catalogue.all.filter { !$0.features.isEmpty && features.isSuperset(of: $0.features) }
        #expect(covered.count >= 10, "only \(covered.map(\.id)) are covered by the declared features")
        for property in covered {
            #expect(statuses[property.id] == "PASS",
                    "\(property.id) needs \(property.features) and was \(statuses[property.id] ?? "absent")")
        }
    }

    @Test(.enabled(if: python3 != nil, "python3 is not on PATH: the Python template cannot run"))
    func thePythonTemplatePassesEveryPropertyOfItsFeatures() async throws { try await onOwnThread {
        let script = BuildProducts.shellQuoted(Self.root + "/Examples/adapters/python/engine.py")
        try await Self.checkCleanRun("python3 \(script)", name: "python", engineName: "python-template")
    } }

    @Test(.enabled(if: node != nil, "node is not on PATH: the JavaScript template cannot run"))
    func theJavaScriptTemplatePassesEveryPropertyOfItsFeatures() async throws { try await onOwnThread {
        let script = BuildProducts.shellQuoted(Self.root + "/Examples/adapters/javascript/engine.mjs")
        try await Self.checkCleanRun("node \(script)", name: "javascript", engineName: "javascript-template")
    } }
}
