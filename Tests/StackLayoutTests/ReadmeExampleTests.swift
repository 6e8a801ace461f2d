import Testing
import StackLayout

/// The README's Swift tour, compiled and checked, so the README stays true.
@Test func readmeTour() throws {
    // A stack described like UIKit set-up code…
    let row = StackView(id: "row")
    row.alignment = .center
    row.spacing = 8
    let icon = View(id: "icon", intrinsicContentSize: IntrinsicContentSize(width: 24, height: 24))
    let title = View(id: "title", intrinsicContentSize: IntrinsicContentSize(width: 120, height: 21))
    title.setContentHuggingPriority(249, for: .horizontal)
    let badge = View(id: "badge", intrinsicContentSize: IntrinsicContentSize(width: 30, height: 18))
    let chevron = View(id: "chevron", intrinsicContentSize: IntrinsicContentSize(width: 8, height: 13))
    for view in [icon, title, badge, chevron] { try row.addArrangedSubview(view) }
    badge.isHidden = true

    // …becomes a scenario, which any engine lays out.
    let scenario = try row.scenario(container: Container(width: 375))
    let layout = try ReferenceEngine().layout(scenario)
    for (id, frame) in layout.frames { print(id, frame.x, frame.y, frame.width, frame.height) }

    // title has the lowest hugging (249), so it takes the slack: 375 − 24 − 8 − 8 − 8 = 327 (R-D-2); the hidden
    // badge sits in the middle of the 8-point gap it leaves (R-H-2).
    #expect(layout.frame(of: "title") == Frame(x: 32, y: 1.5, width: 327, height: 21))
    #expect(layout.frame(of: "badge") == Frame(x: 363, y: 3, width: 0, height: 18))
    #expect(try DirectEngine().layout(scenario) == layout)
}

/// The README's "Laying out many times" snippet: the same stack prepared once and laid out at two widths.
@Test func readmePreparedLayout() throws {
    let scenario = Scenario(container: Container(width: 375), stack: Stack(alignment: .center, spacing: 8, arrangedSubviews: [
        .view("icon", width: 24, height: 24), .view("title", width: 120, height: 21), .view("chevron", width: 8, height: 13),
    ]))
    var plan = try DirectLayoutPlan(scenario)      // validation, features, fitting: once
    var frames: [Frame] = []
    for width in [375.0, 320] {
        plan.container.width = width
        let root = try plan.layout(into: &frames)  // no allocation once `frames` has grown
        print(root.size.width, zip(plan.ids, frames).map { "\($0) \($1.width)" })
    }
    // At 320 points the slack goes to the first view with the lowest hugging: all three hug at 250, so the tie
    // goes to the first one (R-T-1): icon = 320 − 120 − 8 − 8 − 8 = 176.
    #expect(frames == [Frame(x: 0, y: 0, width: 176, height: 24), Frame(x: 184, y: 1.5, width: 120, height: 21),
                       Frame(x: 312, y: 5.5, width: 8, height: 13)])
    #expect(plan.document(frames: frames, root: try plan.layout(into: &frames)) == (try ReferenceEngine().layout({
        var s = scenario; s.container.width = 320; return s }())))
}
