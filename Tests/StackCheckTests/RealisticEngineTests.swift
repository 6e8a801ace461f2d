import Foundation
import Testing
import StackConformance
import StackLayout
import TestSupport

/// The suite against two imperfect engines written the way real UIStackView clones are (`Engines/`): they fail many
/// properties, never crash or err, and most of their failures come with a case a person can look at.
///
/// The presentable counterexample's criterion is read off the JSON report here, independently of
/// `PresentableSearch`: every visible view with an intrinsic size is at least 8 × 8 pt in the reference layout of
/// the presentable case, and the engine's layout of it differs from the reference's.
@Suite(.serialized) struct RealisticEngineTests {
    static let engines = RepositoryPaths.root + "/Tests/StackCheckTests/Engines"

    /// Whether `result` (a FAIL) carries a presentable case that meets the criterion.
    static func hasPresentableCase(_ result: JSONValue) throws -> Bool {
        guard let p = result["counterexample"]?["presentable"], let s = p["scenario"], let r = p["reference"],
              let a = p["actual"], a != .null else { return false }
        let scenario = try Scenario(jsonValue: s), reference = try Layout(jsonValue: r), actual = try Layout(jsonValue: a)
        var bigEnough = true
        func walk(_ stack: Stack) {
            for item in stack.arrangedSubviews where !item.isHidden {
                if let nested = item.stack { walk(nested); continue }
                let size = item.leaf?.intrinsicContentSize ?? .none
                guard size.width != nil || size.height != nil else { continue }
                let f = reference.frame(of: item.id) ?? .zero
                if f.width < 8 || f.height < 8 { bigEnough = false }
            }
        }
        walk(scenario.stack)
        return bigEnough && !LayoutComparison.differences(actual: actual, expected: reference, tolerance: 0.001).isEmpty
    }

    @Test func mostFailuresOfRealisticEnginesComeWithACaseToLookAt() async throws {
        guard let python3 = ProgramsOnPath.python3 else {
            Issue.record("python3 is not on PATH")
            return
        }
        var failures = 0, presentable = 0, fails = 0, diagnosed = 0
        for name in ["clone_engine", "handwritten_stack"] {
            let command = BuildProducts.shellQuoted(python3) + " " + BuildProducts.shellQuoted(Self.engines + "/\(name).py")
            let path = try temporaryFile("realistic-\(name).json", "")
            // 50 cases per property suffice: at 50 the two engines fail 42 properties, 34 with a presentable case (81 %)
            // and all diagnosed; at 100 they fail 46, 37 presentable (80 %), all diagnosed (seed 0, measured both ways).
            let r = await runTool(["run", "--engine-command", command, "--cases", "50", "--jobs", "2", "--json", path])
            #expect(r.status == 1, "\(name): \(r.out)")
            let report = try JSONParser.parse(try String(contentsOfFile: path, encoding: .utf8))
            guard case .array(let results)? = report["results"] else { Issue.record("no results"); continue }
            let statuses = results.compactMap { result -> String? in
                if case .string(let s)? = result["status"] { return s }
                return nil
            }
            #expect(!statuses.contains { ["ERROR", "TIMEOUT", "CRASH", "NOTRUN"].contains($0) }, "\(name): \(statuses)")
            let failed = results.filter { $0["status"] == .string("FAIL") }
            #expect(failed.count >= 15, "\(name): an imperfect engine fails many properties")
            failures += failed.count
            presentable += try failed.filter(Self.hasPresentableCase).count
            // Every distinct FAIL of every property, lead or not, and its diagnosis.
            for result in results {
                guard case .array(let list)? = result["failures"] else { continue }
                for f in list where f["status"] == .string("FAIL") {
                    fails += 1
                    if Self.namesACause(f["diagnosis"]) { diagnosed += 1 }
                }
            }
        }
        // Issue 24's target: at least 80 % of FAILs carry a presentable counterexample.
        print("realistic: \(presentable) of \(failures) FAILs presentable, \(diagnosed) of \(fails) diagnosed")
        #expect(failures > 0 && presentable * 5 >= failures * 4, "\(presentable) of \(failures) FAILs")
        // Issue 31's target: at least 90 % of FAILs carry a diagnosis naming a UIKit constraint or a rule.
        #expect(fails > 0 && diagnosed * 10 >= fails * 9, "\(diagnosed) of \(fails) FAILs diagnosed")
    }

    /// Whether a report's `diagnosis` names a UIKit constraint or one of the project's rules: a verdict other than
    /// `agrees` and `unusable`, and for broken constraints at least one constraint listed.
    static func namesACause(_ diagnosis: JSONValue?) -> Bool {
        guard case .string(let verdict)? = diagnosis?["verdict"], verdict != "agrees", verdict != "unusable" else { return false }
        if verdict == "breaksRequired" || verdict == "breaksPriority" {
            guard case .array(let constraints)? = diagnosis?["constraints"] else { return false }
            return !constraints.isEmpty
        }
        return true
    }
}
