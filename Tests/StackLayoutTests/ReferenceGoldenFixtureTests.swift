import Foundation
import Testing
@testable import StackLayout
import TestSupport

// Ad-hoc reading of Fixtures/golden/*.json (the project's JSON layer is written elsewhere): enough of
// SCENARIO-FORMAT.md to build the scenario and compare frames, size and baselines within the fixture's tolerance.

private enum FixtureReader {
    static func number(_ any: Any?) -> Double? {
        if let n = any as? NSNumber { return n.doubleValue }
        return nil
    }

    static func spacing(_ any: Any?) -> Spacing {
        if let s = any as? String, s == "system" { return .system }
        if let n = number(any) { return n >= Spacing.useDefaultThreshold ? .useDefault : .points(n) }
        return .useDefault
    }

    static func priorities(_ any: Any?, default d: AxisPriorities) -> AxisPriorities {
        guard let o = any as? [String: Any] else { return d }
        return AxisPriorities(horizontal: LayoutPriority(number(o["horizontal"]) ?? d.horizontal.rawValue),
                              vertical: LayoutPriority(number(o["vertical"]) ?? d.vertical.rawValue))
    }

    static func item(_ o: [String: Any]) -> ArrangedView {
        let id = o["id"] as? String ?? ""
        let content: ArrangedView.Content
        if let s = o["stack"] as? [String: Any] {
            content = .stack(stack(s))
        } else if let t = o["text"] as? [String: Any] {
            let p = number(t["preferredMaxLayoutWidth"]) ?? 0
            content = .view(LeafView(text: TextContent(
                characters: Int(number(t["characters"]) ?? 0), advance: number(t["advance"]) ?? 10,
                lineHeight: number(t["lineHeight"]) ?? 20, ascent: number(t["ascent"]) ?? 15,
                numberOfLines: Int(number(t["numberOfLines"]) ?? 1), preferredMaxLayoutWidth: p == 0 ? nil : p)))
        } else {
            let size = o["intrinsicContentSize"] as? [String: Any] ?? [:]
            let w = number(size["width"]), h = number(size["height"])
            content = .view(LeafView(intrinsicContentSize: IntrinsicContentSize(width: w, height: h),
                                     firstBaseline: number(o["firstBaseline"]), lastBaseline: number(o["lastBaseline"])))
        }
        var v = ArrangedView(id: id, content: content)
        v.isHidden = o["isHidden"] as? Bool ?? false
        if o["customSpacingAfter"] != nil { v.customSpacingAfter = spacing(o["customSpacingAfter"]) }
        v.contentHuggingPriority = priorities(o["contentHuggingPriority"], default: .defaultHugging)
        v.compressionResistancePriority = priorities(o["compressionResistancePriority"],
                                                     default: .defaultCompressionResistance)
        for c in o["constraints"] as? [[String: Any]] ?? [] {
            let attribute = UserConstraint.Attribute(rawValue: c["attribute"] as? String ?? "") ?? .width
            let relation = UserConstraint.Relation(rawValue: c["relation"] as? String ?? "==") ?? .equal
            v.constraints.append(UserConstraint(attribute, relation, number(c["constant"]) ?? 0,
                                                priority: LayoutPriority(number(c["priority"]) ?? 1000)))
        }
        return v
    }

    static func stack(_ o: [String: Any]) -> Stack {
        var s = Stack()
        s.axis = Axis(rawValue: o["axis"] as? String ?? "") ?? .horizontal
        s.distribution = Distribution(rawValue: o["distribution"] as? String ?? "") ?? .fill
        s.alignment = Alignment(name: o["alignment"] as? String ?? "") ?? .fill
        s.spacing = o["spacing"] == nil ? .points(0) : spacing(o["spacing"])
        if case .useDefault = s.spacing { s.spacing = .points(0) }
        s.isBaselineRelativeArrangement = o["isBaselineRelativeArrangement"] as? Bool ?? false
        s.isLayoutMarginsRelativeArrangement = o["isLayoutMarginsRelativeArrangement"] as? Bool ?? false
        if let m = o["layoutMargins"] as? [String: Any] {
            s.layoutMargins = DirectionalEdgeInsets(top: number(m["top"]) ?? 8, leading: number(m["leading"]) ?? 8,
                                                    bottom: number(m["bottom"]) ?? 8, trailing: number(m["trailing"]) ?? 8)
        }
        s.arrangedSubviews = (o["arrangedSubviews"] as? [[String: Any]] ?? []).map(item)
        return s
    }

    static func scenario(_ o: [String: Any]) -> Scenario {
        let c = o["container"] as? [String: Any] ?? [:]
        return Scenario(name: o["name"] as? String,
                        container: Container(width: number(c["width"]), height: number(c["height"])),
                        scale: number(o["scale"]),
                        layoutDirection: LayoutDirection(rawValue: o["layoutDirection"] as? String ?? "") ?? .leftToRight,
                        stack: stack(o["stack"] as? [String: Any] ?? [:]))
    }
}

@Suite struct ReferenceGoldenFixtureTests {
    static var goldenDirectory: URL { URL(fileURLWithPath: RepositoryPaths.golden, isDirectory: true) }

    @Test func goldenFixtures() throws {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: Self.goldenDirectory.path)) ?? []
        var failures: [String] = []
        for file in files.sorted() where file.hasSuffix(".json") {
            let data = try Data(contentsOf: Self.goldenDirectory.appendingPathComponent(file))
            guard let doc = try JSONSerialization.jsonObject(with: data) as? [String: Any],
                  let scenarioObject = doc["scenario"] as? [String: Any],
                  let expected = doc["expected"] as? [String: Any] else { failures.append("\(file): unreadable"); continue }
            let scenario = FixtureReader.scenario(scenarioObject)
            let tolerance = FixtureReader.number(doc["tolerance"]) ?? (scenario.scale == nil ? 0.001 : 0)
            let layout = try ReferenceEngine().layout(scenario)
            var problems: [String] = []
            if let size = expected["size"] as? [String: Any] {
                let w = FixtureReader.number(size["width"]) ?? .nan, h = FixtureReader.number(size["height"]) ?? .nan
                if !(abs(layout.size.width - w) <= tolerance && abs(layout.size.height - h) <= tolerance) {
                    problems.append("size \(layout.size.width)x\(layout.size.height), expected \(w)x\(h)")
                }
            }
            for (id, value) in (expected["frames"] as? [String: Any] ?? [:]).sorted(by: { $0.key < $1.key }) {
                guard let e = value as? [String: Any] else { continue }
                let want = Frame(x: FixtureReader.number(e["x"]) ?? .nan, y: FixtureReader.number(e["y"]) ?? .nan,
                                 width: FixtureReader.number(e["width"]) ?? .nan,
                                 height: FixtureReader.number(e["height"]) ?? .nan)
                guard let got = layout.frame(of: id) else { problems.append("no frame for \(id)"); continue }
                if !(abs(got.x - want.x) <= tolerance && abs(got.y - want.y) <= tolerance
                     && abs(got.width - want.width) <= tolerance && abs(got.height - want.height) <= tolerance) {
                    problems.append("\(id): \(got), expected \(want)")
                }
            }
            if !problems.isEmpty { failures.append("\(file): " + problems.joined(separator: "; ")) }
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }
}
