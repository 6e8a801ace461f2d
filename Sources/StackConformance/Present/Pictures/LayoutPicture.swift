import StackLayout

/// An SVG picture of a stack's layout, for people: with two layouts, the engine's panel above the reference's, at one
/// scale, so that a difference shows as a shift between the panels and as the reference's outline (dashed blue)
/// drawn over the engine's frames.
///
/// Each panel shows the stack's bounds (grey) and its margins (dotted) when it arranges relative to them, every
/// visible leaf as a filled box with its id inside (`labelBox`), nested stacks as thin outlines, and hidden views
/// listed under the panel (they usually have no area). Zero and negative sizes are drawn as lines or rings at their
/// position, so that nothing the engine placed is invisible.
public enum LayoutPicture {
    static let engineColour = "#d9480f"      // orange: the engine under test
    static let referenceColour = "#1c7ed6"   // blue: the reference
    /// Pixels per character and per line of the 11 px labels: an upper bound for Helvetica/Arial digits and letters.
    static let labelCharacterWidth = 6.6, labelHeight = 13.0
    static let padding = 24.0, panelHeading = 22.0, panelFooter = 18.0

    /// Renders `actual` (and `reference`, when given) of `scenario`. `title` goes in the picture's heading.
    /// `diagnosis` (`ReferenceEngine.diagnose` of `actual`), when given, is drawn on the engine's panel: each of its
    /// marks as a red bracket between the two edges the broken constraint ties (`diagnosisElements`).
    public static func svg(_ scenario: Scenario, actual: Layout?, reference: Layout?, title: String = "",
                           diagnosis: LayoutDiagnosis? = nil) -> String {
        let panels: [(layout: Layout, heading: String, colour: String)] = [
            actual.map { ($0, reference == nil ? "layout" : "engine under test", engineColour) },
            reference.map { ($0, "reference (UIKit's constraints)", referenceColour) },
        ].compactMap { $0 }
        let frame = Canvas(scenario, panels.map(\.layout))
        let hidden = hiddenIDs(scenario)
        let panelPixels = frame.pixelHeight + panelHeading + (hidden.isEmpty ? 0 : panelFooter)
        let heading = title.isEmpty ? "stack layout" : title
        var legend = "1 pt = \(number(frame.scale)) px"
        if panels.count == 2 { legend = "orange: the engine's frames; blue: the reference's; dashed blue: the reference's frame over the engine's; " + legend }
        // Wide enough for the drawing, the heading (13 px bold: at most 8 px a character) and the legend (11 px).
        let width = max(frame.pixelWidth + 2 * padding, 480, Double(heading.count) * 8 + 2 * padding,
                        Double(legend.count) * 6.2 + 2 * padding)
        let height = 52 + Double(panels.count) * (panelPixels + 12) + 8
        var out: [String] = []
        out.append(##"<?xml version="1.0" encoding="UTF-8"?>"##)
        out.append(##"<svg xmlns="http://www.w3.org/2000/svg" width="\##(number(width))" height="\##(number(height))" viewBox="0 0 \##(number(width)) \##(number(height))" font-family="Helvetica, Arial, sans-serif" font-size="11">"##)
        out.append(##"<rect x="0" y="0" width="\##(number(width))" height="\##(number(height))" fill="#ffffff"/>"##)
        out.append(##"<text x="\##(number(padding))" y="20" font-size="13" font-weight="bold">\##(escape(heading))</text>"##)
        out.append(##"<text x="\##(number(padding))" y="38" fill="#495057">\##(escape(legend))</text>"##)
        var top = 52.0
        for (index, panel) in panels.enumerated() {
            let ghost = panels.count == 2 && index == 0 ? reference : nil
            out += panelElements(scenario, panel.layout, heading: panel.heading, colour: panel.colour, ghost: ghost,
                                 canvas: frame, top: top, hidden: hidden)
            if index == 0, actual != nil, let diagnosis {
                // Beside the panel's heading (11 px bold: at most 7 px a character) when it has no room above.
                let besideHeading = padding + Double(panel.heading.count) * 7 + 12
                out += diagnosisElements(diagnosis, canvas: frame, drawingTop: top + panelHeading, pictureWidth: width,
                                         besideHeading: besideHeading)
            }
            top += panelPixels + 12
        }
        out.append("</svg>")
        return out.joined(separator: "\n") + "\n"
    }

    /// Whether two ids drawn inside views would overlap in `layout`'s panel (the presentable search avoids it).
    public static func labelsOverlap(_ scenario: Scenario, _ layout: Layout) -> Bool {
        let canvas = Canvas(scenario, [layout])
        let hidden = hiddenIDs(scenario), leaves = leafIDs(scenario)
        let boxes = rootFrames(scenario, layout).filter { !hidden.contains($0.0) }.map { id, r in
            labelBox(id, canvas.pixels(r, top: 0), isStack: !leaves.contains(id))
        }
        for i in boxes.indices {
            for j in boxes.indices where j > i && boxes[i].intersects(boxes[j]) { return true }
        }
        return false
    }

    /// The scale and origin shared by the panels: every frame of every layout fits, at most 40 px per point (tiny
    /// shrunk layouts) and at most 640 × 320 px for the drawing.
    struct Canvas {
        var minX = 0.0, minY = 0.0, maxX = 1.0, maxY = 1.0
        var scale: Double

        init(_ scenario: Scenario, _ layouts: [Layout]) {
            for l in layouts {
                maxX = max(maxX, l.size.width); maxY = max(maxY, l.size.height)
                for (_, r) in LayoutPicture.rootFrames(scenario, l) {
                    minX = min(minX, r.x, r.x + r.width); minY = min(minY, r.y, r.y + r.height)
                    maxX = max(maxX, r.x, r.x + r.width); maxY = max(maxY, r.y, r.y + r.height)
                }
            }
            scale = min(40, 640 / max(maxX - minX, 1), 320 / max(maxY - minY, 1))
        }

        var pixelWidth: Double { (maxX - minX) * scale }
        var pixelHeight: Double { (maxY - minY) * scale }

        /// A frame in points (root coordinates) as a box in pixels, in a panel whose drawing starts at `top`.
        func pixels(_ r: Frame, top: Double) -> Box {
            Box(x: (min(r.x, r.x + r.width) - minX) * scale + LayoutPicture.padding,
                y: (min(r.y, r.y + r.height) - minY) * scale + top,
                width: abs(r.width) * scale, height: abs(r.height) * scale)
        }
    }

    struct Box {
        var x, y, width, height: Double
        func intersects(_ o: Box) -> Bool {
            x < o.x + o.width && o.x < x + width && y < o.y + o.height && o.y < y + height
        }
    }

    /// Where an id is drawn: inside a leaf's top-left corner (or at its position, for a view without area); inside a
    /// nested stack's bottom-left corner, so that it does not sit on its first view's id.
    static func labelBox(_ id: String, _ view: Box, isStack: Bool) -> Box {
        Box(x: view.x + 3, y: isStack ? view.y + view.height - labelHeight - 2 : view.y + 2,
            width: Double(id.count) * labelCharacterWidth, height: labelHeight)
    }

    static func panelElements(_ scenario: Scenario, _ layout: Layout, heading: String, colour: String, ghost: Layout?,
                              canvas: Canvas, top: Double, hidden: Set<String>) -> [String] {
        var out: [String] = []
        out.append(##"<text x="\##(number(padding))" y="\##(number(top + 14))" font-weight="bold" fill="\##(colour)">\##(escape(heading))</text>"##)
        let drawingTop = top + panelHeading
        let bounds = canvas.pixels(Frame(x: 0, y: 0, width: layout.size.width, height: layout.size.height), top: drawingTop)
        out.append(shape(bounds, fill: "#f1f3f5", stroke: "#868e96",
                         tooltip: "stack: \(number(layout.size.width)) × \(number(layout.size.height))"))
        if scenario.stack.isLayoutMarginsRelativeArrangement {
            let m = scenario.stack.layoutMargins
            let left = scenario.layoutDirection == .leftToRight ? m.leading : m.trailing
            let right = scenario.layoutDirection == .leftToRight ? m.trailing : m.leading
            let inner = canvas.pixels(Frame(x: left, y: m.top, width: max(0, layout.size.width - left - right),
                                            height: max(0, layout.size.height - m.top - m.bottom)), top: drawingTop)
            out.append(shape(inner, fill: "none", stroke: "#adb5bd", dash: "2 2", tooltip: "margins"))
        }
        let leaves = leafIDs(scenario)
        let frames = rootFrames(scenario, layout)
        for (id, r) in frames where !hidden.contains(id) {
            let box = canvas.pixels(r, top: drawingTop)
            let tip = "\(id): x \(number(r.x)), y \(number(r.y)), \(number(r.width)) × \(number(r.height))"
            if leaves.contains(id) {
                out.append(shape(box, fill: colour, stroke: colour, width: 1.5, opacity: 0.22, tooltip: tip))
            } else {
                out.append(shape(box, fill: "none", stroke: colour, dash: "6 3", tooltip: tip))
            }
        }
        out += textBars(scenario, frames, hidden: hidden) { canvas.pixels($0, top: drawingTop) }
        if let ghost {
            for (id, r) in rootFrames(scenario, ghost) where !hidden.contains(id) && leaves.contains(id) {
                out.append(shape(canvas.pixels(r, top: drawingTop), fill: "none", stroke: referenceColour, width: 1.5,
                                 dash: "4 3", tooltip: "\(id) in the reference"))
            }
        }
        var placed: [Box] = []
        for (id, r) in frames where !hidden.contains(id) {
            var label = labelBox(id, canvas.pixels(r, top: drawingTop), isStack: !leaves.contains(id))
            // Views of no size (a shrunk case's) share a point: their ids go side by side rather than on one another.
            while let other = placed.first(where: { $0.intersects(label) }) { label.x = other.x + other.width + 4 }
            placed.append(label)
            out.append(##"<text x="\##(number(label.x))" y="\##(number(label.y + 10))" fill="#212529">\##(escape(id))</text>"##)
        }
        let hiddenFrames = frames.filter { hidden.contains($0.0) }
        // Hidden views where the engine put them, in grey, dashed: their placement is what hidden.placement checks.
        for (id, r) in hiddenFrames {
            out.append(shape(canvas.pixels(r, top: drawingTop), fill: "none", stroke: "#868e96", dash: "3 2",
                             tooltip: "\(id) (hidden): x \(number(r.x)), y \(number(r.y)), \(number(r.width)) × \(number(r.height))"))
        }
        if !hiddenFrames.isEmpty {
            let list = hiddenFrames.map { id, r in "\(id) at (\(number(r.x)), \(number(r.y))), \(number(r.width)) × \(number(r.height))" }
            out.append(##"<text x="\##(number(padding))" y="\##(number(drawingTop + canvas.pixelHeight + 14))" fill="#868e96" font-style="italic">\##(escape("hidden: " + list.joined(separator: "; ")))</text>"##)
        }
        return out
    }

    static let diagnosisColour = "#e03131"   // red: a constraint the engine's frames break

    /// A diagnosis's marks on the engine's panel, over its frames: for each, a solid red bracket with end ticks from
    /// the edge the constraint measures from to where the other edge should be, a dashed red line beside it from
    /// the same edge to where the other edge is (with a tick there), and the mark's label ("UISV-spacing: 8 ≠ 0") on a white ground beside the bracket. The bracket runs
    /// across the middle of the items the constraint names, so it stays inside the panel; the diagnosis's lines
    /// are its tooltip. The label is kept inside the picture's width, and out of the panel's heading: a label with
    /// no room above the bracket goes on the heading's row, at `besideHeading`.
    static func diagnosisElements(_ diagnosis: LayoutDiagnosis, canvas: Canvas, drawingTop: Double,
                                  pictureWidth: Double, besideHeading: Double = 0) -> [String] {
        var out: [String] = []
        let tip = "<title>\(escape(diagnosis.lines.joined(separator: "\n")))</title>"
        for mark in diagnosis.marks {
            let horizontal = mark.axis == .horizontal
            // Points along the mark's axis and across it, in pixels.
            func along(_ v: Double) -> Double {
                horizontal ? (v - canvas.minX) * canvas.scale + padding : (v - canvas.minY) * canvas.scale + drawingTop
            }
            let middle = (mark.acrossStart + mark.acrossEnd) / 2
            let across = horizontal ? (middle - canvas.minY) * canvas.scale + drawingTop
                                    : (middle - canvas.minX) * canvas.scale + padding
            func line(_ a0: Double, _ c0: Double, _ a1: Double, _ c1: Double, dash: String = "") -> String {
                let (x1, y1, x2, y2) = horizontal ? (a0, c0, a1, c1) : (c0, a0, c1, a1)
                let dashing = dash.isEmpty ? "" : ##" stroke-dasharray="\##(dash)""##
                return ##"<line x1="\##(number(x1))" y1="\##(number(y1))" x2="\##(number(x2))" y2="\##(number(y2))" stroke="\##(diagnosisColour)" stroke-width="2"\##(dashing)>\##(tip)</line>"##
            }
            let from = along(mark.from), expected = along(mark.expected), actual = along(mark.actual)
            out.append(line(from, across, expected, across))
            out.append(line(from, across - 6, from, across + 6))
            out.append(line(expected, across - 6, expected, across + 6))
            // What is: dashed, beside the bracket, from the same edge to the edge's actual place.
            out.append(line(from, across + 8, actual, across + 8, dash: "3 2"))
            out.append(line(actual, across - 11, actual, across + 11, dash: "3 2"))
            let labelWidth = Double(mark.label.count) * labelCharacterWidth + 6
            let low = min(from, expected, actual), high = max(from, expected, actual)
            var x = horizontal ? low : across + 16
            var y = horizontal ? across - 14 - labelHeight : (low + high) / 2 - labelHeight / 2
            if y < drawingTop - 2 {
                (x, y) = (max(x, besideHeading), drawingTop - panelHeading + 2)
            }
            x = max(2, min(x, pictureWidth - labelWidth - 2))
            y = max(2, y)
            out.append(##"<rect x="\##(number(x))" y="\##(number(y))" width="\##(number(labelWidth))" height="\##(number(labelHeight + 2))" fill="#ffffff" fill-opacity="0.85" stroke="\##(diagnosisColour)" stroke-width="0.5"/>"##)
            out.append(##"<text x="\##(number(x + 3))" y="\##(number(y + 11))" fill="\##(diagnosisColour)" font-weight="bold">\##(escape(mark.label))\##(tip)</text>"##)
        }
        return out
    }

    /// A box as a rectangle, or as a line (no area) or a ring (a point), so that it is always visible. `dash` is
    /// an SVG dash pattern or empty; lines and rings are drawn 2 px wide whatever `width`.
    static func shape(_ b: Box, fill: String, stroke: String, width: Double = 1, opacity: Double = 1, dash: String = "",
                      tooltip: String) -> String {
        let title = "<title>\(escape(tooltip))</title>"
        let dashing = dash.isEmpty ? "" : ##" stroke-dasharray="\##(dash)""##
        if b.width < 0.5 && b.height < 0.5 {
            return ##"<circle cx="\##(number(b.x))" cy="\##(number(b.y))" r="4" fill="none" stroke="\##(stroke)" stroke-width="2"\##(dashing)>\##(title)</circle>"##
        }
        if b.width < 0.5 || b.height < 0.5 {
            return ##"<line x1="\##(number(b.x))" y1="\##(number(b.y))" x2="\##(number(b.x + b.width))" y2="\##(number(b.y + b.height))" stroke="\##(stroke)" stroke-width="2"\##(dashing)>\##(title)</line>"##
        }
        let filling = opacity < 1 ? ##" fill-opacity="\##(number(opacity))""## : ""
        return ##"<rect x="\##(number(b.x))" y="\##(number(b.y))" width="\##(number(b.width))" height="\##(number(b.height))" fill="\##(fill)"\##(filling) stroke="\##(stroke)" stroke-width="\##(number(width))"\##(dashing)>\##(title)</rect>"##
    }

    /// Every frame in root coordinates (the sum of the origins of its arranging stacks), in pre-order.
    static func rootFrames(_ scenario: Scenario, _ layout: Layout) -> [(String, Frame)] {
        var origin: [String: (Double, Double)] = [:]
        var out: [(String, Frame)] = []
        for s in LaidOutStack.all(scenario, layout) {
            let base = s.id.flatMap { origin[$0] } ?? (0, 0)
            for item in s.items {
                let f = Frame(x: base.0 + item.frame.x, y: base.1 + item.frame.y, width: item.frame.width, height: item.frame.height)
                origin[item.view.id] = (f.x, f.y)
                out.append((item.view.id, f))
            }
        }
        return out
    }

    /// Hidden items, and every item inside a hidden nested stack (UIKit does not draw them either).
    static func hiddenIDs(_ scenario: Scenario) -> Set<String> {
        var ids: Set<String> = []
        func walk(_ stack: Stack, hiddenAbove: Bool) {
            for item in stack.arrangedSubviews {
                let isHidden = hiddenAbove || item.isHidden
                if isHidden { ids.insert(item.id) }
                if let nested = item.stack { walk(nested, hiddenAbove: isHidden) }
            }
        }
        walk(scenario.stack, hiddenAbove: false)
        return ids
    }

    /// A text leaf's lines at its frame's width (R-TX-1), one bar per line as long as its characters, from the
    /// frame's top leading corner: a label that should wrap and did not shows bars running past its frame (below or
    /// beside it), a wrapped one a block of bars inside it.
    static func textBars(_ scenario: Scenario, _ frames: [(String, Frame)], hidden: Set<String>,
                         pixels: (Frame) -> Box) -> [String] {
        var texts: [String: TextContent] = [:]
        scenario.stack.forEachItem { item, _ in if let t = item.leaf?.text { texts[item.id] = t } }
        var out: [String] = []
        for (id, r) in frames where !hidden.contains(id) {
            guard let text = texts[id], text.characters > 0 else { continue }
            let perLine = text.charactersPerLine(width: r.width), lines = text.lines(width: r.width)
            for line in 0..<lines {
                let count = min(perLine, text.characters - line * perLine)
                let width = Double(count) * text.advance
                // Lines start at the leading edge: the right one in right-to-left.
                let x = scenario.layoutDirection == .rightToLeft ? r.x + r.width - width : r.x
                let bar = Frame(x: x, y: r.y + (Double(line) + 0.3) * text.lineHeight, width: width,
                                height: 0.4 * text.lineHeight)
                out.append(shape(pixels(bar), fill: "#495057", stroke: "none", opacity: 0.55,
                                 tooltip: "\(id): line \(line + 1) of \(lines), \(count) characters"))
            }
        }
        return out
    }

    static func leafIDs(_ scenario: Scenario) -> Set<String> {
        var ids: Set<String> = []
        scenario.stack.forEachItem { item, _ in if item.leaf != nil { ids.insert(item.id) } }
        return ids
    }

    static func number(_ v: Double) -> String { formatNumber((v * 100).rounded() / 100) }

    /// Text for the SVG's text and attribute values (XML needs the same escaping as HTML).
    static func escape(_ s: String) -> String { HTMLPage.escape(s) }
}
