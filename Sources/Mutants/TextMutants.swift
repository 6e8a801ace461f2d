@_spi(Mutants) import StackConformance
import StackLayout

// Bugs of text layout (§2.7). Most are planted through the labels' preferredMaxLayoutWidth, which fixes a wrapping
// label's size in both passes and keeps its UISV-text-width-disambiguation (R-TX-3); the others lay the labels out
// by hand, as plain leaves, in two passes of their own.
extension Mutants {
    static let text: [Mutant] = [
        Mutant("textOnePass", "Lays out once: a wrapping label keeps its single-line size and never wraps.",
               killedBy: "text.heightForWidth",
               prepare: { TextMutation.preferredWidth($0) { Double($0.characters) * $0.advance } }),
        Mutant("textOffByOneCharacter", "Wraps each line one character short of the width it was given.",
               killedBy: "text.verticalWrapsAtCanvasWidth",
               finish: { scenario, _ in
                   TextMutation.twoPasses(scenario) { text, width in max(width - text.advance, text.advance / 2) }
               }),
        Mutant("textNarrowFirstPass", "Measures a wrapping label one character wide in its first pass.",
               killedBy: "text.fittingUsesSingleLine",
               prepare: { TextMutation.preferredWidth($0) { $0.advance } }),
        Mutant("textLastBaselineOnFirstLine", "Takes a label's last baseline on its first line (the single-line measure).",
               killedBy: "text.baselines",
               finish: { scenario, layout in
                   var moved: [String: Double] = [:]
                   for s in LaidOutStack.all(scenario, layout) where s.axis == .horizontal && s.stack.alignment == .lastBaseline {
                       for item in s.visible {
                           guard let text = item.view.leaf?.text, text.characters > 0,
                                 item.frame.height > text.lineHeight else { continue }
                           moved[item.view.id] = item.frame.height - text.lineHeight
                       }
                   }
                   return layout.mapFrames(Set(moved.keys)) { id, f in f.y += moved[id] ?? 0 }
               }),
        Mutant("textNoWidthDisambiguation", "Adds no UISV-text-width-disambiguation: labels share a row by their content priorities.",
               killedBy: "text.pinnedLabelsShareTheWidth",
               finish: { scenario, _ in TextMutation.plainPasses(scenario) { _ in true } }),
        Mutant("textYieldsToFixedViews", "Lets a wrapping label yield to a view of fixed width (the iOS 15 behaviour, not the modelled iOS 9–14 one).",
               killedBy: "text.halfBesideFixedView",
               finish: { scenario, _ in
                   TextMutation.plainPasses(scenario) { stack in
                       stack.arrangedSubviews.contains { !$0.isHidden && $0.leaf != nil && $0.leaf?.text == nil }
                   }
               }),
        Mutant("textProportionalByWidth", "Counts a wrapping label by its single-line width in fillProportionally.",
               killedBy: "text.fillProportionallyCountsZero",
               finish: { scenario, _ in TextMutation.plainPasses(scenario) { $0.distribution == .fillProportionally } }),
    ]
}

/// Rewrites of text leaves for the mutants.
enum TextMutation {
    /// A wrapping label with automatic width and some text.
    static func automatic(_ text: TextContent?) -> Bool {
        guard let text else { return false }
        return text.wraps && text.preferredMaxLayoutWidth == nil && text.characters > 0
    }

    /// Every such label given the preferredMaxLayoutWidth `width(text)`.
    static func preferredWidth(_ scenario: Scenario, _ width: (TextContent) -> Double) -> Scenario {
        scenario.eachItem { item in
            guard case .view(var leaf) = item.content, automatic(leaf.text), var text = leaf.text else { return }
            text.preferredMaxLayoutWidth = width(text)
            leaf.text = text
            item.content = .view(leaf)
        }
    }

    /// Two passes by hand: the reference's layout with single-line labels, then with each label measured at
    /// `width(text, its pass-1 width)` (through preferredMaxLayoutWidth, so the disambiguation stays).
    static func twoPasses(_ scenario: Scenario, _ width: @escaping (TextContent, Double) -> Double) -> Layout {
        let first = preferredWidth(scenario) { Double($0.characters) * $0.advance }
        guard let pass1 = try? AcceleratedReferenceEngine().layout(first) else { return Layout(size: .zero, frames: []) }
        var widths: [String: Double] = [:]
        for (id, frame) in zip(pass1.frameIDs, pass1.frameValues) { widths[id] = frame.width }
        let second = scenario.eachItem { item in
            guard case .view(var leaf) = item.content, automatic(leaf.text), var text = leaf.text else { return }
            let w = widths[item.id] ?? 0
            text.preferredMaxLayoutWidth = w > 0 ? width(text, w) : Double(text.characters) * text.advance
            leaf.text = text
            item.content = .view(leaf)
        }
        return (try? AcceleratedReferenceEngine().layout(second)) ?? pass1
    }

    /// Two passes by hand in which the wrapping labels of the stacks `inScope` are plain leaves (no text, so no
    /// R-TW-1 or R-TW-2): their single-line size first, then their size at their pass-1 width.
    static func plainPasses(_ scenario: Scenario, inScope: @escaping (Stack) -> Bool) -> Layout {
        let first = plain(scenario, inScope) { _ in nil }
        guard let pass1 = try? AcceleratedReferenceEngine().layout(first) else { return Layout(size: .zero, frames: []) }
        var widths: [String: Double] = [:]
        for (id, frame) in zip(pass1.frameIDs, pass1.frameValues) { widths[id] = frame.width }
        return (try? AcceleratedReferenceEngine().layout(plain(scenario, inScope) { widths[$0] })) ?? pass1
    }

    static func plain(_ scenario: Scenario, _ inScope: (Stack) -> Bool, _ width: (String) -> Double?) -> Scenario {
        scenario.eachStack { stack in
            guard inScope(stack) else { return }
            for i in stack.arrangedSubviews.indices {
                guard let text = stack.arrangedSubviews[i].leaf?.text, text.wraps else { continue }
                let w = width(stack.arrangedSubviews[i].id)
                let size = text.intrinsicSize(solvedWidth: w)
                let baselines = text.baselines(lineCount: text.lineCount(solvedWidth: w))
                stack.arrangedSubviews[i].content = .view(LeafView(
                    intrinsicContentSize: IntrinsicContentSize(width: size.width, height: size.height),
                    firstBaseline: baselines?.first, lastBaseline: baselines?.last))
            }
        }
    }
}
