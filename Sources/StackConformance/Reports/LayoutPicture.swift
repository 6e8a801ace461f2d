import StackLayout

/// An SVG picture of a stack's layout: the stack's bounds and its margins, every arranged item at
/// every depth in root coordinates, the engine's frames drawn over the reference frames in two colours, ids
/// labelled, hidden views dashed. Negative and zero sizes are drawn as lines at their position.
public enum LayoutPicture {
    static let engineColour = "#d9480f"      // orange: the engine under test
    static let referenceColour = "#1c7ed6"   // blue: the reference

    /// Renders `actual` (and `reference`, when given) of `scenario`. `title` goes in the picture's caption.
    public static func svg(_ scenario: Scenario, actual: Layout?, reference: Layout?, title: String = "") -> String {
        let layouts = [reference, actual].compactMap { $0 }
        var minX = 0.0, minY = 0.0, maxX = 1.0, maxY = 1.0
        for l in layouts {
            maxX = max(maxX, l.size.width); maxY = max(maxY, l.size.height)
            for (_, r) in rootFrames(scenario, l) {
                minX = min(minX, r.x, r.x + r.width); minY = min(minY, r.y, r.y + r.height)
                maxX = max(maxX, r.x, r.x + r.width); maxY = max(maxY, r.y, r.y + r.height)
            }
        }
        let margin = 24.0, caption = 44.0
        let span = max(maxX - minX, maxY - minY, 1)
        let k = min(40, 720 / span)   // points to pixels: at most 40× for tiny (shrunk) layouts
        // At least wide enough for the caption.
        let width = max((maxX - minX) * k + 2 * margin, 560), height = (maxY - minY) * k + 2 * margin + caption
        func px(_ x: Double) -> String { number((x - minX) * k + margin) }
        func py(_ y: Double) -> String { number((y - minY) * k + margin + caption) }
        func len(_ v: Double) -> String { number(abs(v) * k) }
        var out: [String] = []
        out.append(##"<?xml version="1.0" encoding="UTF-8"?>"##)
        out.append(##"<svg xmlns="http://www.w3.org/2000/svg" width="\##(number(width))" height="\##(number(height))" viewBox="0 0 \##(number(width)) \##(number(height))" font-family="Helvetica, Arial, sans-serif" font-size="11">"##)
        out.append(##"<rect x="0" y="0" width="\##(number(width))" height="\##(number(height))" fill="#ffffff"/>"##)
        let heading = title.isEmpty ? "stack layout" : title
        out.append(##"<text x="\##(number(margin))" y="18" font-size="13" font-weight="bold">\##(escape(heading))</text>"##)
        var legend = "scale \(number(k)) px/pt"
        if actual != nil && reference != nil { legend = "orange: engine, blue: reference, dashed: hidden; " + legend }
        out.append(##"<text x="\##(number(margin))" y="34" fill="#495057">\##(escape(legend))</text>"##)
        // The stack and its canvas.
        if let l = reference ?? actual {
            if l.size.width == 0 || l.size.height == 0 {
                // A canvas without area: its outline as a line.
                out.append(##"<line x1="\##(px(0))" y1="\##(py(0))" x2="\##(px(l.size.width))" y2="\##(py(l.size.height))" stroke="#868e96" stroke-width="1"/>"##)
            } else {
                out.append(##"<rect x="\##(px(0))" y="\##(py(0))" width="\##(len(l.size.width))" height="\##(len(l.size.height))" fill="#f1f3f5" stroke="#868e96" stroke-width="1"/>"##)
            }
            if scenario.stack.isLayoutMarginsRelativeArrangement {
                let m = scenario.stack.layoutMargins
                let left = scenario.layoutDirection == .leftToRight ? m.leading : m.trailing
                let right = scenario.layoutDirection == .leftToRight ? m.trailing : m.leading
                out.append(##"<rect x="\##(px(left))" y="\##(py(m.top))" width="\##(len(max(0, l.size.width - left - right)))" height="\##(len(max(0, l.size.height - m.top - m.bottom)))" fill="none" stroke="#adb5bd" stroke-dasharray="2 2"/>"##)
            }
        }
        let hidden = hiddenIDs(scenario)
        for (layout, colour, opacity) in [(reference, referenceColour, "0.18"), (actual, engineColour, "0.10")] {
            guard let layout else { continue }
            for (id, r) in rootFrames(scenario, layout) {
                let x = min(r.x, r.x + r.width), y = min(r.y, r.y + r.height)
                let dash = hidden.contains(id) ? ##" stroke-dasharray="4 3""## : ""
                let tooltip = ##"<title>\##(escape(id)): \##(number(r.x)), \##(number(r.y)), \##(number(r.width)) × \##(number(r.height))</title>"##
                if r.width == 0 && r.height == 0 {
                    // A point: a small ring shows where the view is.
                    out.append(##"<circle cx="\##(px(x))" cy="\##(py(y))" r="4" fill="none" stroke="\##(colour)" stroke-width="2"\##(dash)>\##(tooltip)</circle>"##)
                    continue
                }
                if r.width == 0 || r.height == 0 {
                    // A rectangle without area draws nothing: a line shows where the view is.
                    out.append(##"<line x1="\##(px(x))" y1="\##(py(y))" x2="\##(px(x + abs(r.width)))" y2="\##(py(y + abs(r.height)))" stroke="\##(colour)" stroke-width="2"\##(dash)>\##(tooltip)</line>"##)
                    continue
                }
                out.append(##"<rect x="\##(px(x))" y="\##(py(y))" width="\##(len(r.width))" height="\##(len(r.height))" fill="\##(colour)" fill-opacity="\##(opacity)" stroke="\##(colour)" stroke-width="1.5"\##(dash)><title>\##(escape(id)): \##(number(r.x)), \##(number(r.y)), \##(number(r.width)) × \##(number(r.height))</title></rect>"##)
            }
        }
        if let l = actual ?? reference {
            for (id, r) in rootFrames(scenario, l) {
                if hidden.contains(id) {
                    // Under the canvas, in grey: a hidden view is usually thin and sits next to a visible one.
                    out.append(##"<text x="\##(px(min(r.x, r.x + r.width)))" y="\##(py(max(l.size.height, 0)))" dy="14" fill="#868e96" font-style="italic" text-anchor="middle">\##(escape(id)) (hidden)</text>"##)
                } else {
                    out.append(##"<text x="\##(px(min(r.x, r.x + r.width)))" y="\##(py(min(r.y, r.y + r.height)))" dx="2" dy="11" fill="#212529">\##(escape(id))</text>"##)
                }
            }
        }
        out.append("</svg>")
        return out.joined(separator: "\n") + "\n"
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

    static func hiddenIDs(_ scenario: Scenario) -> Set<String> {
        var ids: Set<String> = []
        scenario.stack.forEachItem { item, _ in if item.isHidden { ids.insert(item.id) } }
        return ids
    }

    static func number(_ v: Double) -> String { formatNumber((v * 100).rounded() / 100) }

    static func escape(_ s: String) -> String {
        var out = ""
        for c in s {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            default:
                if let a = c.asciiValue, a < 0x20, a != 0x09, a != 0x0A, a != 0x0D { out += "?" } else { out.append(c) }
            }
        }
        return out
    }
}
