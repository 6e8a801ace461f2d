import PropertyCheck
import StackLayout

// The text properties that rest on the iOS 9–14 text-width disambiguation (R-TW-1, R-TW-2): TENTATIVE, as iOS 15
// changed it (R-T-11).

extension ConformanceProperty {
    /// A pinned horizontal stack: the root, with a fixed width.
    static func pinnedHorizontal(_ ctx: CaseContext, _ s: LaidOutStack) -> Bool {
        s.depth == 1 && s.axis == .horizontal && ctx.scenario.container.width != nil
    }

    /// No custom spacing after a visible view but the last (it would change the sum R-TW-1 splits).
    static func spacedEvenly(_ s: LaidOutStack) -> Bool {
        s.items.dropLast().allSatisfy { $0.isHidden || $0.view.customSpacingAfter == .useDefault }
    }

    static let textEqualWidths = ConformanceProperty(
        "text.pinnedLabelsShareTheWidth", rules: ["R-TW-1", "R-T-11"], features: [.text, .fill],
        statement: "In a horizontal fill stack with a fixed width and no custom spacing, whose visible arranged views "
            + "are all labels that wrap (automatic preferredMaxLayoutWidth), every visible label gets the same width, "
            + "canvas.width/n − spacing·(n − 1)/n (UISV-text-width-disambiguation, iOS 9–14).",
        .layout(LayoutCheck(shape: { s in
            textShape(&s)
            s.textProbability = 0.9
            s.wrappingProbability = 0.95
            s.verticalProbability = 0
            s.distributions = [.fill]
            s.freeContainerWeight = 0
        }) { ctx in
            for s in ctx.stacks where pinnedHorizontal(ctx, s) && s.stack.distribution == .fill && spacedEvenly(s) {
                let visible = s.visible
                guard visible.count >= 2, visible.allSatisfy({ automaticLabel($0) != nil }) else { continue }
                let n = Double(visible.count), spacing = Spec.spacing(s.stack)
                let share = s.canvasAlong.length / n - spacing * (n - 1) / n
                for item in visible {
                    try ctx.expectClose(item.along.length, share, "\(name(s)): the width of \(name(item)), one of \(visible.count) labels sharing the canvas", measuring: .of(s, .alongLength, item))
                }
            }
        }))

    static let textHalfBesideFixedView = ConformanceProperty(
        "text.halfBesideFixedView", rules: ["R-TW-1", "R-T-11"], features: [.text, .fill],
        statement: "In a horizontal fill stack with a fixed width holding two visible views, a label that wraps "
            + "(automatic preferredMaxLayoutWidth) and a view with an intrinsic width, the label gets half of what "
            + "the spacing leaves when its horizontal compression resistance + 10 beats both the view's hugging and "
            + "its compression resistance (iOS 9–14; on iOS 15 the view keeps its width).",
        .layout(LayoutCheck(shape: { s in
            textShape(&s)
            s.verticalProbability = 0
            s.distributions = [.fill]
            s.hiddenProbability = 0
            s.freeContainerWeight = 0
        }) { ctx in
            for s in ctx.stacks where pinnedHorizontal(ctx, s) && s.stack.distribution == .fill && s.items.count == 2 {
                let labels = s.items.filter { automaticLabel($0) != nil }
                let others = s.items.filter { $0.view.leaf?.text == nil && $0.view.leaf?.intrinsicContentSize.width != nil }
                guard labels.count == 1, others.count == 1, s.visible.count == 2, let label = labels.first,
                      let other = others.first else { continue }
                let strength = min(1000, label.view.compressionResistancePriority.horizontal.rawValue + 10)
                guard strength > other.view.contentHuggingPriority.horizontal.rawValue,
                      strength > other.view.compressionResistancePriority.horizontal.rawValue else { continue }
                let half = (s.canvasAlong.length - Spec.spacing(s.stack)) / 2
                try ctx.expectClose(label.along.length, half, "\(name(s)): the width of \(name(label)) beside \(name(other))", measuring: .of(s, .alongLength, label))
            }
        }))

    static let textProportionalZero = ConformanceProperty(
        "text.fillProportionallyCountsZero", rules: ["R-TW-2", "R-D-4", "R-T-11"], features: [.text, .fillProportionally],
        statement: "In a horizontal fillProportionally stack that does not fall back to fillEqually, a visible label "
            + "that wraps counts as intrinsic width 0 (§2.6 case 3): its width is 0.",
        .layout(LayoutCheck(shape: { s in
            textShape(&s)
            s.verticalProbability = 0
            s.distributions = [.fillProportionally]
        }) { ctx in
            for s in ctx.stacks where s.axis == .horizontal && s.stack.distribution == .fillProportionally {
                guard !Spec.proportionalFallback(s.stack) else { continue }
                for item in s.visible where item.view.leaf?.text?.wraps == true {
                    try ctx.expectClose(item.along.length, 0, "\(name(s)): the width of \(name(item)), a wrapping label", measuring: .of(s, .alongLength, item))
                }
            }
        }))
}
