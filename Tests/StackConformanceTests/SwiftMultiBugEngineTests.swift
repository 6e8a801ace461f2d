import Foundation
import PropertyCheck
import Testing
@testable import StackConformance
import StackLayout

/// The cause list against the bug list of a Swift engine with four planted bugs at once, each documented below and
/// each switched off on its own. Which bugs a cause is about is read off the engine, never off the suite: every
/// failure's minimal case is replayed on the engine with one bug fixed, and a failure is about the bugs whose fix
/// makes it pass.
///
/// The engine is the direct engine with its answers edited, the way a hand-written frame engine goes wrong:
/// - `verticalTrailingAsLeading`: a vertical stack's trailing alignment does nothing; its views stay on the leading
///   edge. UIKit's model with `.trailing` read as `.leading` reproduces it.
/// - `fillEquallyFloors`: fillEqually floors each view's length to whole points and closes up the views after it,
///   leaving the remainder at the end: errors below a point per view, along the axis only.
/// - `firstViewInset`: with two or more visible views and a positive spacing, every view starts one `spacing` in
///   from the canvas's leading (top) edge: the leading canvas connection is off by −spacing.
/// - `fillLeavesSlack`: a fill stack with room to spare keeps every view at its intrinsic length and leaves the
///   room after the last one, instead of stretching the first (R-T-1): a constraint engine whose trailing canvas
///   connection along the axis is `<=`, which is the edit that names it.
@Suite struct SwiftMultiBugEngineTests {
    enum Bug: String, CaseIterable, Sendable {
        case verticalTrailingAsLeading, fillEquallyFloors, firstViewInset, fillLeavesSlack
    }

    struct ThreeBugEngine: LayoutEngine {
        let bugs: Set<Bug>
        var engineDescription: EngineDescription {
            EngineDescription(name: "three-bugs", version: "1",
                              features: [.fill, .fillEqually, .equalSpacing, .alignFill, .leading, .center, .trailing,
                                         .hidden, .customSpacing, .margins])
        }

        func layout(_ scenario: Scenario) throws(LayoutError) -> Layout {
            var s = scenario
            if bugs.contains(.verticalTrailingAsLeading), s.stack.axis == .vertical, s.stack.alignment == .trailing {
                s.stack.alignment = .leading
            }
            var layout = try DirectEngine().layout(s)
            let st = s.stack
            let horizontal = st.axis == .horizontal
            let ids = st.arrangedSubviews.map(\.id)
            let visible = st.arrangedSubviews.filter { !$0.isHidden }.count
            var frames = layout.frames
            func along(_ f: inout Frame, shift: Double, length: Double? = nil) {
                if horizontal { f.x -= shift; if let length { f.width = length } }
                else { f.y -= shift; if let length { f.height = length } }
            }
            if bugs.contains(.fillEquallyFloors), st.distribution == .fillEqually {
                var lost = 0.0
                for i in frames.indices where ids.contains(frames[i].id) {
                    let hidden = st.arrangedSubviews.first { $0.id == frames[i].id }?.isHidden ?? false
                    let length = horizontal ? frames[i].frame.width : frames[i].frame.height
                    along(&frames[i].frame, shift: lost, length: hidden ? nil : length.rounded(.down))
                    if !hidden { lost += length - length.rounded(.down) }
                }
            }
            if bugs.contains(.fillLeavesSlack), st.distribution == .fill,
               let first = st.arrangedSubviews.first(where: { !$0.isHidden }),
               let intrinsic = first.leaf?.intrinsicContentSize[st.axis],
               let i = frames.firstIndex(where: { $0.id == first.id }) {
                let slack = (horizontal ? frames[i].frame.width : frames[i].frame.height) - intrinsic
                if slack > 1e-9 {
                    along(&frames[i].frame, shift: 0, length: intrinsic)
                    let firstIndex = ids.firstIndex(of: first.id) ?? 0
                    for j in frames.indices {
                        if let k = ids.firstIndex(of: frames[j].id), k > firstIndex { along(&frames[j].frame, shift: slack) }
                    }
                }
            }
            if bugs.contains(.firstViewInset), visible >= 2, case .points(let p) = st.spacing, p > 0 {
                for i in frames.indices where ids.contains(frames[i].id) { along(&frames[i].frame, shift: -p) }
            }
            layout.frames = frames
            return layout
        }
    }

    @Test func theCausesOfASwiftMultiBugEngineAreItsBugs() async throws {
        var options = RunOptions(cases: 100)
        options.regressionsDirectory = FileManager.default.temporaryDirectory.path + "/no-regressions-" + UUID().uuidString
        let report = await CatalogueRun.run(engines: [ThreeBugEngine(bugs: Set(Bug.allCases))], options: options)

        func about(_ token: String) throws -> Set<Bug> {
            let parsed = try ReplayToken(parsing: token)
            return Set(try Bug.allCases.filter { bug in
                try Replay.run(parsed, on: ThreeBugEngine(bugs: Set(Bug.allCases).subtracting([bug]))).status == .pass
            })
        }
        // A cause is about the bugs that every one of its failures is about: a failure that either of two fixes
        // makes pass (a check comparing a fill stack with a fillEqually one) is about both, and belongs with either.
        var bugsOfCause: [Set<Bug>] = []
        var membersAbout: [[String]] = []
        for cause in report.causes {
            var common = Set(Bug.allCases)
            var lines: [String] = []
            for member in cause.members where member.replay.hasPrefix(ReplayToken.prefix) {
                let bugs = try about(member.replay)
                common.formIntersection(bugs)
                lines.append("    \(member.property) \(bugs.map(\.rawValue).sorted())\(member.alsoShows.map { " also " + $0 } ?? "")")
            }
            bugsOfCause.append(common)
            membersAbout.append(lines)
        }
        let described = zip(report.causes, zip(bugsOfCause, membersAbout)).map {
            "\($0.1.0.map(\.rawValue).sorted()) [\($0.0.key)]: \($0.0.summary) (\($0.0.smallestCase), in \($0.0.properties))\n"
                + $0.1.1.joined(separator: "\n")
        }.joined(separator: "\n")
        // One cause per bug, each about that bug alone.
        #expect(bugsOfCause.allSatisfy { $0.count == 1 }, "\(described)")
        #expect(report.causes.count == Bug.allCases.count, "\(described)")
        #expect(Set(bugsOfCause.flatMap { $0 }) == Set(Bug.allCases), "\(described)")
        // Each explained as its documentation says: an edit, rounding, a residual of −spacing, and an edit of a
        // UIKit constraint.
        func cause(_ bug: Bug) -> FailureCause? { zip(report.causes, bugsOfCause).first { $0.1 == [bug] }?.0 }
        #expect(cause(.verticalTrailingAsLeading)?.editKey == "alignment trailing as leading", "\(described)")
        #expect(cause(.fillEquallyFloors)?.key == "FAIL " + ResidualExplanation.roundingKey, "\(described)")
        #expect(cause(.firstViewInset)?.key.hasSuffix("| −spacing") == true, "\(described)")
        #expect(cause(.fillLeavesSlack)?.editKey == "UISV-canvas-connection view.along.end == canvas.along.end as <=",
                "\(described)")
    }
}
