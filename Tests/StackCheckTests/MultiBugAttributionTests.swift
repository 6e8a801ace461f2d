import Foundation
import Testing
import TestSupport

/// The cause list against the bug list of the two other multi-bug engines, each held to it by
/// `scripts/attribute-causes` as a user would run it: `Engines/multibug/constraint_py.py` (a constraint engine in
/// Python, four bugs in UIKit's constraints, each one a model edit) and `Engines/multibug/frame_js.mjs` (a frame
/// engine in Node.js, four bugs: an alignment read as another, an overflow with the wrong sign, floored lengths and a
/// crash). `MultiBugEngineTests` holds the third, `frame_py.py`, within plain `swift test`.
///
/// The script replays every failure on the engine with one bug fixed (`MULTIBUG_FIXED`), so which bugs a cause is
/// about is read off the engine. What each cause should say comes from the engines' `BUG` lines (their `edit:`
/// field, in the suite's words below), never from a run.
///
/// Slow: constraint_py solves its constraints in Python, about 125 s of CPU for the run at 100 cases in debug, and
/// frame_js's run with its replays about 40 s. `scripts/slow-tests` runs it.
@Suite(.serialized, .enabled(if: SlowTests.enabled, "a slow test: run scripts/slow-tests (STACKCHECK_SLOW_TESTS=1)"))
struct MultiBugAttributionTests {
    /// The figures and causes of `scripts/attribute-causes --json` for one engine at seed 0, 100 cases.
    struct Attribution {
        var causes: [[String: Any]]
        var figures: [String: Any]
        var described: String {
            causes.map { "\($0["bugs"] ?? "?") [\($0["key"] ?? "")]: \($0["summary"] ?? "")" }.joined(separator: "\n")
        }
        func causes(about bug: String) -> [[String: Any]] {
            causes.filter { ($0["bugs"] as? [String]) == [bug] }
        }
    }

    static func attribute(_ file: String, interpreter: String) async throws -> Attribution {
        let engine = RepositoryPaths.root + "/Tests/StackCheckTests/Engines/multibug/" + file
        let out = try temporaryFile("attribution-\(file).json", "")
        let stackcheck = BuildProducts.path(of: "stackcheck").map(BuildProducts.shellQuoted) ?? "swift run stackcheck"
        let arguments = [RepositoryPaths.root + "/scripts/attribute-causes",
                         "--engine-command", BuildProducts.shellQuoted(interpreter) + " " + BuildProducts.shellQuoted(engine),
                         "--engine-file", engine, "--stackcheck", stackcheck, "--cases", "100", "--seed", "0",
                         "--json", out, "--jobs", "2", "--quiet"]
        let python3 = try #require(ProgramsOnPath.python3)
        let status = try await offThePool { () throws -> Int32 in
            let p = Process()
            p.executableURL = URL(fileURLWithPath: python3)
            p.arguments = arguments
            p.currentDirectoryURL = RepositoryPaths.rootURL
            p.standardOutput = FileHandle.nullDevice
            try p.run()
            p.waitUntilExit()
            return p.terminationStatus
        }
        #expect(status == 0)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: out)))
                                as? [String: Any])
        return Attribution(causes: json["causes"] as? [[String: Any]] ?? [],
                           figures: json["figures"] as? [String: Any] ?? [:])
    }

    /// One cause per bug, each about that bug alone, every bug found.
    static func expectTheBugList(_ a: Attribution, bugs: [String]) {
        #expect(a.causes.count == bugs.count, "\(a.described)")
        #expect((a.figures["bugsFound"] as? Int) == bugs.count, "\(a.described)")
        #expect((a.figures["mixingCauses"] as? Int) == 0, "\(a.described)")
        for bug in bugs { #expect(a.causes(about: bug).count == 1, "\(bug):\n\(a.described)") }
    }

    /// Every bug of constraint_py is an edit of UIKit's constraints, and each cause names its edit: the BUG lines'
    /// "customSpacingAfter read as unset", "the axis's second UISV-canvas-connection emitted with relation <=",
    /// "every arranged view counted as visible in §2.5's constant table", "UISV-fill-equally generated for V[1] only".
    @Test func constraintPyCausesAreItsBugs() async throws {
        let python3 = try #require(ProgramsOnPath.python3)
        let a = try await Self.attribute("constraint_py.py", interpreter: python3)
        let edits = ["custom-spacing-ignored": "FAIL edit: custom spacing ignored",
                     "trailing-canvas-leq": "FAIL edit: UISV-canvas-connection view.along.end == canvas.along.end as <=",
                     "hidden-full-spacing": "FAIL edit: hidden spaced as visible",
                     "fill-equally-first-only": "FAIL edit: UISV-fill-equally view.along.length == view.along.length first only"]
        Self.expectTheBugList(a, bugs: edits.keys.sorted())
        for (bug, key) in edits.sorted(by: { $0.key < $1.key }) {
            #expect(a.causes(about: bug).first?["key"] as? String == key, "\(bug):\n\(a.described)")
        }
    }

    /// frame_js: its alignment bug is the edit its BUG line names ("alignment trailing read as leading"), its
    /// floored lengths are rounding, its crash a CRASH.
    @Test func frameJsCausesAreItsBugs() async throws {
        let node = try #require(ProgramsOnPath.find("node"))
        let a = try await Self.attribute("frame_js.mjs", interpreter: node)
        Self.expectTheBugList(a, bugs: ["vertical-trailing-as-leading", "overflow-grows-last", "fill-equally-remainder",
                                        "empty-crash"])
        #expect(a.causes(about: "vertical-trailing-as-leading").first?["key"] as? String
                == "FAIL edit: alignment trailing as leading", "\(a.described)")
        #expect(a.causes(about: "fill-equally-remainder").first?["key"] as? String
                == "FAIL whole-point rounding", "\(a.described)")
        #expect(a.causes(about: "empty-crash").first?["status"] as? String == "CRASH", "\(a.described)")
    }
}
