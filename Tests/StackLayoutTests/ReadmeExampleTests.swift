import Testing
import StackLayout

// The README's Swift snippets run here. Each snippet's lines stand in these test bodies exactly as in README.md
// (indentation aside); `ReadmeSnippetTests` checks that they do, so the README cannot drift from what is tested.

/// README, "A stack in Swift".
@Test func readmeTour() throws {
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

    let layout = try ReferenceEngine().layout(try row.scenario(container: Container(width: 375)))
    for (id, frame) in layout.frames { print(id, frame.x, frame.y, frame.width, frame.height) }
    // icon 0.0 0.0 24.0 24.0
    // title 32.0 1.5 327.0 21.0       ← lowest hugging (249) takes the slack (R-D-2)
    // badge 363.0 3.0 0.0 18.0        ← hidden: zero width, in the middle of its gap (R-H-2)
    // chevron 367.0 5.5 8.0 13.0

    // The printed lines, as the snippet's comments show them: title has the lowest hugging (249), so it takes the
    // slack: 375 − 24 − 8 − 8 − 8 = 327 (R-D-2); the hidden badge sits in the middle of the 8-point gap (R-H-2).
    #expect(layout.frames.map { "\($0.0) \($0.1.x) \($0.1.y) \($0.1.width) \($0.1.height)" } == [
        "icon 0.0 0.0 24.0 24.0", "title 32.0 1.5 327.0 21.0", "badge 363.0 3.0 0.0 18.0", "chevron 367.0 5.5 8.0 13.0",
    ])
    #expect(try DirectEngine().layout(try row.scenario(container: Container(width: 375))) == layout)
}

/// README, "Laying out many times": the same stack prepared once and laid out at two widths.
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
    let layout = plan.document(frames: frames, root: try plan.layout(into: &frames))  // the keyed document, when wanted

    // At 320 points the slack goes to the first view with the lowest hugging: all three hug at 250, so the tie
    // goes to the first one (R-T-1): icon = 320 − 120 − 8 − 8 − 8 = 176.
    #expect(frames == [Frame(x: 0, y: 0, width: 176, height: 24), Frame(x: 184, y: 1.5, width: 120, height: 21),
                       Frame(x: 312, y: 5.5, width: 8, height: 13)])
    #expect(layout == (try ReferenceEngine().layout({ var s = scenario; s.container.width = 320; return s }())))
}
