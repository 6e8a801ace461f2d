import Foundation
import PropertyCheck
@testable import StackConformance
import StackLayout
import Testing

/// What an engine's author receives from a run (five defects, each checked on a real external engine):
/// an exit status that lets no INF failure through, no false alarm for baselines the engine does not compute, the
/// standard error of the request a result is about, and a counterexample a person can look at.
@Suite(.serialized) struct ActionableFailureTests {
    func json(_ path: String) throws -> JSONValue { try JSONParser.parse(try String(contentsOfFile: path, encoding: .utf8)) }

    func results(_ report: JSONValue) -> [JSONValue] {
        if case .array(let list)? = report["results"] { return list }
        return []
    }

    func string(_ v: JSONValue?) -> String? {
        if case .string(let s)? = v { return s }
        return nil
    }

    func number(_ v: JSONValue?) -> Double? {
        if case .number(let n)? = v { return n }
        return nil
    }

    @Test func anINFFailureOfAnExternalEngineIsUnexpected() async throws {
        // `shifted` draws every frame 1 pt to the right: in a vertical stack with alignment fill, views no longer
        // span the canvas. alignment.fill is INF; its failure must turn the run red.
        let r = await runTool(["run", "--engine-command", BuildProducts.command("fake-engine", "shifted"),
                               "--property", "alignment.fill", "--cases", "50"])
        #expect(r.status == 1, "\(r.out)")
        #expect(r.out.contains("Unexpected results: alignment.fill FAIL"), "\(r.out)")
        #expect(!r.out.contains("differences (accepted"), "\(r.out)")
    }

    @Test func onlyATentativeFailureMatchesTheDefaultExpectation() {
        func result(_ level: EvidenceLevel) -> PropertyResult {
            PropertyResult(property: "p", rules: [], level: level, status: .fail, reason: nil, cases: 1, unsupported: 0,
                           message: "", counterexample: nil, standardError: nil, seconds: 0, expected: nil)
        }
        let none = Expectations()
        for level in EvidenceLevel.allCases {
            #expect(none.matches(result(level), builtIn: false) == (level == .tentative), "\(level)")
            #expect(!none.matches(result(level), builtIn: true), "\(level)")
        }
    }

    @Test(arguments: ["no-baselines", "null-baselines"])
    func baselinesNotComputedAreNoFalseAlarm(_ mode: String) async throws {
        // The reference's layouts with the root baselines omitted (or null): a correct engine that does not compute
        // baselines. The whole-layout comparisons pass, and the baseline property SKIPs as the engine's choice.
        let path = try temporaryFile("baselines-\(mode).json", "")
        let r = await runTool(["run", "--engine-command", BuildProducts.command("fake-engine", mode), "--cases", "30",
                               "--property", "alignment.stackBaselines", "--property", "tree.relayoutEqualsFreshLayout",
                               "--property", "agreement.matchesReference", "--json", path])
        #expect(r.status == 0, "\(r.out)")
        let byID = Dictionary(uniqueKeysWithValues: results(try json(path)).map { (string($0["property"]) ?? "", $0) })
        #expect(string(byID["alignment.stackBaselines"]?["status"]) == "SKIP")
        #expect(string(byID["alignment.stackBaselines"]?["reason"]) == "baselinesNotComputed")
        #expect(string(byID["tree.relayoutEqualsFreshLayout"]?["status"]) == "PASS", "\(r.out)")
        #expect(string(byID["agreement.matchesReference"]?["status"]) == "PASS", "\(r.out)")
    }

    @Test func aNullBaselineReadsAsNotComputed() throws {
        let layout = try Layout(json: #"{"format": "stackcheck.layout/1", "size": {"width": 1, "height": 2}, "frames": {}, "firstBaseline": null}"#)
        #expect(layout.firstBaseline == .notComputed && layout.lastBaseline == .notComputed)
    }

    @Test func aFailureShowsTheStandardErrorOfItsOwnReplayedRequest() async throws {
        // `chatty` logs a line at start-up and one per request, and fails (shifted) two properties in a row on one
        // engine process: each result must show the line of its own request, and no other request's.
        // 5 cases suffice: the engine fails every case, so each property fails on its first and the replayed
        // request is the shrunk lead's; more cases only look for further failures, whose requests the engine
        // process answers too (and still must not show).
        let path = try temporaryFile("chatty.json", "")
        let r = await runTool(["run", "--engine-command", BuildProducts.command("fake-engine", "chatty"), "--jobs", "1",
                               "--property", "alignment.leading", "--property", "alignment.trailing", "--cases", "5",
                               "--json", path])
        #expect(r.status == 1)
        let failed = results(try json(path)).filter { string($0["status"]) == "FAIL" }
        #expect(failed.count == 2)
        for result in failed {
            let excerpt = result["standardError"]
            let request = Int(number(excerpt?["request"]) ?? -1)
            let text = string(excerpt?["text"]) ?? ""
            #expect(text == "fake-engine: answering request \(request)\n", "\(text)")
            #expect(string(excerpt?["during"]) == "the shrunk counterexample, replayed")
        }
        #expect(r.out.contains("Engine stderr, request "), "\(r.out)")
    }

    @Test func anErrorShowsTheStandardErrorOfTheRequestThatCausedIt() async throws {
        let path = try temporaryFile("chatty-error.json", "")
        _ = await runTool(["run", "--engine-command", BuildProducts.command("fake-engine", "chatty-error"), "--jobs", "1",
                           "--property", "hidden.collapsesAlongAxis", "--cases", "30", "--json", path])
        let result = try #require(results(try json(path)).first)
        #expect(string(result["status"]) == "ERROR")
        let request = Int(number(result["standardError"]?["request"]) ?? -1)
        #expect(string(result["standardError"]?["text"]) == "fake-engine: failing request \(request)\n")
        // The error is shrunk like a FAIL; what is shown is what the engine wrote while failing the shrunk case.
        #expect(string(result["standardError"]?["during"]) == "the shrunk counterexample, replayed")
    }

    @Test func aFailureComesWithACaseAPersonCanLookAt() async throws {
        // 5 cases suffice: `shifted` fails every case, so the lead failure is the first case's, shrunk, and its
        // presentable case is searched for from it; the further cases of a longer run only look for further
        // distinct failures, which this test does not read. At 5, 10, 20 and 50 cases the lead's counterexample
        // (minimal case, presentable case, replay token) is the same.
        let path = try temporaryFile("presentable.json", "")
        let r = await runTool(["run", "--engine-command", BuildProducts.command("fake-engine", "shifted"),
                               "--property", "alignment.leading", "--cases", "5", "--json", path])
        #expect(r.status == 1)
        let result = try #require(results(try json(path)).first)
        let minimal = try Scenario(jsonValue: try #require(result["counterexample"]?["scenario"]))
        let presentable = try #require(result["counterexample"]?["presentable"])
        let scenario = try Scenario(jsonValue: try #require(presentable["scenario"]))
        let reference = try Layout(jsonValue: try #require(presentable["reference"]))
        let actual = try Layout(jsonValue: try #require(presentable["actual"]))
        // As many views as the minimal case, each visible view with an intrinsic size at least 8 × 8 in the
        // reference layout, and still failing: the engine's frames differ from the reference's.
        var count = (minimal: 0, presentable: 0)
        minimal.stack.forEachItem { _, _ in count.minimal += 1 }
        scenario.stack.forEachItem { item, _ in
            count.presentable += 1
            guard let leaf = item.leaf, !item.isHidden,
                  leaf.intrinsicContentSize.width != nil || leaf.intrinsicContentSize.height != nil else { return }
            let frame = reference.frame(of: item.id)
            #expect((frame?.width ?? 0) >= 8 && (frame?.height ?? 0) >= 8, "\(item.id): \(String(describing: frame))")
        }
        #expect(count.presentable <= count.minimal)
        #expect(!LayoutComparison.differences(actual: actual, expected: reference, tolerance: 0.001).isEmpty)
        // The replay token is still the minimal case's.
        #expect(string(result["counterexample"]?["replay"])?.hasPrefix("pc2_") == true)
        // --no-presentable spares the engine the search: the same minimal case, and no other case (the minimal one
        // is its own presentable case when it already meets the criterion, at no cost).
        let bare = try temporaryFile("presentable-off.json", "")
        _ = await runTool(["run", "--engine-command", BuildProducts.command("fake-engine", "shifted"), "--no-presentable",
                           "--property", "alignment.leading", "--cases", "5", "--json", bare])
        let off = try #require(results(try json(bare)).first)
        let offPresentable = off["counterexample"]?["presentable"]
        #expect(offPresentable == nil || offPresentable?["scenario"] == off["counterexample"]?["scenario"])
        #expect(off["counterexample"]?["scenario"] == result["counterexample"]?["scenario"])
    }
}
