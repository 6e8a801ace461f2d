import PropertyCheck
import StackLayout

// The text group (§2.7): labels in the box font. Each property generates text leaves (the other groups never do) in
// flat stacks, and reads a label's size from its text (R-TX-1), never from the engine.

extension ConformanceProperty {
    /// The shape of the text properties: text common, flat stacks, no user constraints.
    static func textShape(_ shape: inout ScenarioGenerator.Shape) {
        shape.textProbability = 0.5
        shape.nestedProbability = 0
        shape.allowsUserConstraints = false
    }

    /// A visible wrapping label without an explicit preferredMaxLayoutWidth, with at least one character.
    static func automaticLabel(_ item: LaidOutStack.Item) -> TextContent? {
        guard !item.isHidden, let text = item.view.leaf?.text, text.wraps, text.preferredMaxLayoutWidth == nil,
              text.characters > 0 else { return nil }
        return text
    }

    /// Whether every arranged view of the stack has the default hugging and compression resistance (250, 750):
    /// then only the stack's own rows compete with a label's size.
    static func defaultPriorities(_ s: LaidOutStack) -> Bool {
        s.items.allSatisfy {
            $0.view.contentHuggingPriority == .defaultHugging
                && $0.view.compressionResistancePriority == .defaultCompressionResistance
        }
    }

    static let textHeightForWidth = ConformanceProperty(
        "text.heightForWidth", rules: ["R-TX-5", "R-TX-1", "R-TX-2"], features: [.text],
        statement: "In a vertical stack with distribution fill or equalSpacing and a free height, at the default "
            + "content priorities, every visible label that wraps (numberOfLines ≠ 1, automatic preferredMaxLayoutWidth, some text) is as tall as its text at "
            + "its frame's width: lines(w)·lineHeight, with lines(w) = ⌈N / max(1, ⌊w/advance⌋)⌉ capped at "
            + "numberOfLines (one line at a width ≤ 0).",
        .layout(LayoutCheck(shape: { s in
            textShape(&s)
            s.verticalProbability = 1
            s.distributions = [.fill, .equalSpacing]
            s.allowsFixedLength = false
            s.priorityProbability = 0
        }) { ctx in
            for s in ctx.stacks where s.axis == .vertical && [.fill, .equalSpacing].contains(s.stack.distribution)
                && defaultPriorities(s) {
                for item in s.items {
                    guard let text = automaticLabel(item) else { continue }
                    try ctx.expectClose(item.frame.height, text.size(width: item.frame.width).height,
                                        "\(name(s)): the height of \(name(item)) (\(text.characters) characters of \(formatNumber(text.advance))) at its width \(formatNumber(item.frame.width))", measuring: .frame(item, .height))
                }
            }
        }))

    static let textVerticalWrapsAtCanvas = ConformanceProperty(
        "text.verticalWrapsAtCanvasWidth", rules: ["R-TX-6", "R-TW-3", "R-TX-1"], features: [.text, .alignFill],
        statement: "In a vertical stack with alignment fill, distribution fill, a fixed width and the default content "
            + "priorities, every visible label that wraps (automatic preferredMaxLayoutWidth) spans the canvas's width and wraps at it: its height is "
            + "its text's height at the canvas width.",
        .layout(LayoutCheck(shape: { s in
            textShape(&s)
            s.verticalProbability = 1
            s.distributions = [.fill]
            s.alignments = [.fill]
            s.allowsFixedLength = false
            s.freeContainerWeight = 0
            s.priorityProbability = 0
        }) { ctx in
            for s in ctx.stacks where s.axis == .vertical && s.stack.alignment == .fill && s.stack.distribution == .fill
                && ctx.scenario.container.width != nil && defaultPriorities(s) {
                let canvas = s.canvasAcross.length
                for item in s.items {
                    guard let text = automaticLabel(item) else { continue }
                    try ctx.expectClose(item.across.length, canvas, "\(name(s)): the width of \(name(item)) against the canvas's", measuring: .of(s, .acrossLength, item))
                    try ctx.expectClose(item.frame.height, text.size(width: canvas).height,
                                        "\(name(s)): the height of \(name(item)) (\(text.characters) characters of \(formatNumber(text.advance))) wrapped at the canvas width \(formatNumber(canvas))", measuring: .frame(item, .height))
                }
            }
        }))

    static let textFittingSingleLine = ConformanceProperty(
        "text.fittingUsesSingleLine", rules: ["R-TX-7", "R-TW-3"], features: [.text],
        statement: "In a vertical stack with distribution fill or equalSpacing, alignment leading, center or "
            + "trailing, a free width and height and the default content priorities, every visible label that wraps "
            + "(automatic preferredMaxLayoutWidth, some text) is one line tall and its single-line width wide: the "
            + "stack's fitting width counts the single-line size.",
        .layout(LayoutCheck(shape: { s in
            textShape(&s)
            s.verticalProbability = 1
            s.distributions = [.fill, .equalSpacing]
            s.alignments = [.leading, .center, .trailing]
            s.allowsFixedLength = false
            s.allowsFixedCrossSize = false
            s.priorityProbability = 0
        }) { ctx in
            guard ctx.scenario.container == .free else { return }
            for s in ctx.stacks where s.axis == .vertical && s.stack.alignment != .fill && defaultPriorities(s) {
                for item in s.items {
                    guard let text = automaticLabel(item) else { continue }
                    try ctx.expectClose(item.frame.height, text.lineHeight, "\(name(s)): the height of \(name(item)), one line", measuring: .frame(item, .height))
                    try ctx.expectClose(item.frame.width, text.singleLineSize.width, "\(name(s)): the width of \(name(item)), its single line", measuring: .frame(item, .width))
                }
            }
        }))

    static let textBaselines = ConformanceProperty(
        "text.baselines", rules: ["R-TX-4", "R-AL-5", "R-AL-6"], features: [.text],
        statement: "In a horizontal stack with first- or last-baseline alignment, a free height and the default "
            + "content priorities, the baselines of its visible leaves lie on one line, a label's measured at its height: the first at the ascent, the "
            + "last at (lines − 1)·lineHeight + ascent with lines = height / lineHeight; an empty label and a view "
            + "without text have theirs at the bottom edge.",
        .layout(LayoutCheck(shape: { s in
            textShape(&s)
            s.verticalProbability = 0
            s.alignments = [.firstBaseline, .lastBaseline]
            s.allowsFixedCrossSize = false
            s.priorityProbability = 0
        }) { ctx in
            guard ctx.scenario.container.height == nil else { return }
            for s in ctx.stacks where s.axis == .horizontal && [.firstBaseline, .lastBaseline].contains(s.stack.alignment)
                && defaultPriorities(s) {
                let first = s.stack.alignment == .firstBaseline
                func baseline(_ item: LaidOutStack.Item) -> Double {
                    let leaf = item.view.leaf!
                    guard let text = leaf.text else {
                        return item.frame.minY + ((first ? leaf.firstBaseline : leaf.lastBaseline) ?? item.frame.height)
                    }
                    guard text.characters > 0, text.lineHeight > 0 else { return item.frame.maxY }
                    return item.frame.minY + (first ? text.ascent : item.frame.height - text.lineHeight + text.ascent)
                }
                let leaves = s.items.filter { $0.view.leaf != nil && !$0.isHidden }
                guard let reference = leaves.first else { continue }
                for item in leaves.dropFirst() {
                    try ctx.expectClose(baseline(item), baseline(reference),
                                        "\(name(s)): the \(first ? "first" : "last") baseline of \(name(item)) against that of \(name(reference))")
                }
            }
        }))
}
