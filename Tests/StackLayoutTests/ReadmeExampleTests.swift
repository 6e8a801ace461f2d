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
