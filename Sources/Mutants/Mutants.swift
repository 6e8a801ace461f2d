@_spi(Mutants) import StackConformance
import StackLayout

/// The mutant catalogue: each a bug a real stack-layout implementation could have, and the property designated to
/// catch it. The tests assert that every mutant is caught at the default case count and seed, with a small shrunk
/// counterexample, and that every property but the agreement property catches at least one.
public enum Mutants {
    public static let all: [Mutant] = engines + text + trees

    /// The mutant table of CONFORMANCE.md.
    public static var documentRows: [ConformanceDocument.MutantRow] {
        all.map { .init(id: $0.id, bug: $0.bug, killedBy: $0.killedBy, isViewTree: $0.isViewTree) }
    }

    static let engines: [Mutant] = [
        Mutant("ignoresHidden", "Lays hidden views out as if they were visible.",
               killedBy: "hidden.collapsesAlongAxis",
               prepare: { $0.eachItem { $0.isHidden = false } }),
        Mutant("doubleSpacingAroundHidden", "Gives a hidden view zero length but keeps the full spacing on both sides of it.",
               killedBy: "hidden.removedEqualsHidden",
               prepare: { $0.eachStack { st in
                   let attribute: UserConstraint.Attribute = st.axis == .horizontal ? .width : .height
                   for i in st.arrangedSubviews.indices where st.arrangedSubviews[i].isHidden {
                       st.arrangedSubviews[i].isHidden = false
                       st.arrangedSubviews[i].constraints.append(UserConstraint(attribute, .equal, 0))
                   }
               } }),
        Mutant("hiddenAtCanvasOrigin", "Parks every hidden view at the canvas origin instead of in its gap.",
               killedBy: "hidden.placement",
               finish: { scenario, layout in
                   var hidden: [String: (Axis, Double)] = [:]
                   for s in LaidOutStack.all(scenario, layout) {
                       for item in s.items where item.isHidden {
                           hidden[item.view.id] = (s.axis, s.canvasAlong.start)
                       }
                   }
                   return layout.mapFrames(Set(hidden.keys)) { id, f in
                       guard let (axis, origin) = hidden[id] else { return }
                       if axis == .horizontal { f.x = origin } else { f.y = origin }
                   }
               }),
        Mutant("hiddenAfterPreviousUnderEqualDistributions",
               "Under equalSpacing and equalCentering, puts a hidden view on the trailing edge of the visible view before it instead of in the middle of the gap.",
               killedBy: "hidden.placementTentative",
               finish: { scenario, layout in
                   var moved: [String: (Axis, Double)] = [:]
                   for s in LaidOutStack.all(scenario, layout)
                   where s.stack.distribution == .equalSpacing || s.stack.distribution == .equalCentering {
                       guard s.axis == .vertical || scenario.layoutDirection == .leftToRight else { continue }
                       var previousEnd: Double? = nil
                       for item in s.items {
                           if !item.isHidden {
                               previousEnd = s.axis == .horizontal ? item.frame.x + item.frame.width : item.frame.y + item.frame.height
                           } else if let end = previousEnd {
                               moved[item.view.id] = (s.axis, end)
                           }
                       }
                   }
                   return layout.mapFrames(Set(moved.keys)) { id, f in
                       guard let (axis, position) = moved[id] else { return }
                       if axis == .horizontal { f.x = position } else { f.y = position }
                   }
               }),
        Mutant("allHiddenKeepsSize", "A stack whose views are all hidden keeps the size of its views.",
               killedBy: "hidden.allHiddenFitsZero",
               prepare: { s in s.stack.arrangedSubviews.allSatisfy(\.isHidden) ? s.eachItem { $0.isHidden = false } : s }),
        Mutant("ignoresCustomSpacing", "Ignores setCustomSpacing(_:after:): every gap is the stack's spacing.",
               killedBy: "spacing.exactForFillDistributions",
               prepare: { $0.eachItem { $0.customSpacingAfter = .useDefault } }),
        Mutant("spacingCappedAt20", "Caps spacing at 20 points (a constant meant for system spacing).",
               killedBy: "scaling.framesScaleWithLengths",
               prepare: { $0.eachStack { st in if case .points(let p) = st.spacing, p > 20 { st.spacing = 20 } } }),
        Mutant("systemSpacingIsSix", "Takes system spacing as 6 points.",
               killedBy: "spacing.systemIsEight",
               prepare: { s in
                   s.eachStack { st in
                       if st.spacing == .system { st.spacing = 6 }
                       for i in st.arrangedSubviews.indices where st.arrangedSubviews[i].customSpacingAfter == .system {
                           st.arrangedSubviews[i].customSpacingAfter = 6
                       }
                   }
               }),
        Mutant("equalDistributionsIgnoreSpacing", "equalSpacing and equalCentering ignore the minimum spacing.",
               killedBy: "spacing.minimumForEqualDistributions",
               prepare: { $0.eachStack { st in
                   if st.distribution == .equalSpacing || st.distribution == .equalCentering {
                       st.spacing = 0
                       for i in st.arrangedSubviews.indices { st.arrangedSubviews[i].customSpacingAfter = .useDefault }
                   }
               } }),
        Mutant("customSpacingAfterLastCounts", "Adds the custom spacing after the last view to the stack's length.",
               killedBy: "spacing.customAfterLastIgnored",
               finish: { scenario, layout in
                   guard let last = scenario.stack.arrangedSubviews.last, case .points(let p) = last.customSpacingAfter,
                         scenario.container[scenario.stack.axis] == nil else { return layout }
                   var l = layout
                   if scenario.stack.axis == .horizontal { l.size.width += p } else { l.size.height += p }
                   return l
               }),
        Mutant("baselineRelativeIgnored", "Measures a baseline-relative vertical stack's spacing between frames.",
               killedBy: "spacing.baselineRelative",
               prepare: { $0.eachStack { $0.isBaselineRelativeArrangement = false } }),
        Mutant("horizontalBaselineRelativeAligns", "Treats isBaselineRelativeArrangement on a horizontal stack as first-baseline alignment.",
               killedBy: "spacing.horizontalIgnoresBaselineRelative",
               prepare: { $0.eachStack { st in
                   if st.axis == .horizontal && st.isBaselineRelativeArrangement { st.alignment = .firstBaseline }
               } }),
        Mutant("lastViewNotPinned", "Adds 5 points after the last view of a free stack.",
               killedBy: "distribution.pinnedToCanvasEnds",
               finish: { scenario, layout in
                   guard scenario.container[scenario.stack.axis] == nil,
                         scenario.stack.arrangedSubviews.contains(where: { !$0.isHidden }) else { return layout }
                   var l = layout
                   if scenario.stack.axis == .horizontal { l.size.width += 5 } else { l.size.height += 5 }
                   return l
               }),
        Mutant("rightToLeftNotMirrored", "Ignores the layout direction: right-to-left lays out left to right.",
               killedBy: "direction.rightToLeftMirrors",
               prepare: { s in var c = s; c.layoutDirection = .leftToRight; return c }),
        Mutant("readingOrderReversed", "Lays a right-to-left stack out left to right but mirrors its margins.",
               killedBy: "distribution.readingOrder",
               prepare: { s in
                   guard s.layoutDirection == .rightToLeft else { return s }
                   var c = s.eachStack { st in
                       let m = st.layoutMargins
                       st.layoutMargins = DirectionalEdgeInsets(top: m.top, leading: m.trailing, bottom: m.bottom, trailing: m.leading)
                   }
                   c.layoutDirection = .leftToRight
                   return c
               }),
        Mutant("fillEquallyAsFill", "Treats fillEqually as fill.",
               killedBy: "distribution.fillEqually.equalLengths",
               prepare: { $0.eachStack { if $0.distribution == .fillEqually { $0.distribution = .fill } } }),
        Mutant("proportionalWithoutSpacingTerm", "fillProportionally multipliers c/Σc, without the spacing term.",
               killedBy: "distribution.fillProportionally.preservesRatios",
               prepare: { $0.eachStack { st in
                   // With the spacing folded into the margins, the generated multipliers lose their spacing term.
                   guard st.distribution == .fillProportionally, case .points(let p) = st.spacing, p > 0 else { return }
                   st.spacing = 0
                   for i in st.arrangedSubviews.indices { st.arrangedSubviews[i].customSpacingAfter = .points(p) }
               } }),
        Mutant("equalSpacingAsEqualCentering", "Treats equalSpacing as equalCentering.",
               killedBy: "distribution.equalSpacing.equalGaps",
               prepare: { $0.eachStack { if $0.distribution == .equalSpacing { $0.distribution = .equalCentering } } }),
        Mutant("equalCenteringAsEqualSpacing", "Treats equalCentering as equalSpacing.",
               killedBy: "distribution.equalCentering.centresEquidistant",
               prepare: { $0.eachStack { if $0.distribution == .equalCentering { $0.distribution = .equalSpacing } } }),
        Mutant("fillStretchesHighestHugging", "Stretches the view with the highest hugging priority instead of the lowest.",
               killedBy: "distribution.fill.stretchAndShrinkByPriority",
               prepare: { $0.eachItem { item in
                   let h = item.contentHuggingPriority
                   item.contentHuggingPriority = AxisPriorities(horizontal: LayoutPriority(1001 - h.horizontal.rawValue),
                                                                vertical: LayoutPriority(1001 - h.vertical.rawValue))
               } }),
        Mutant("tiesToLastView", "Gives the difference to the last of several tied views instead of the first.",
               killedBy: "distribution.fill.tiesToFirstView",
               finish: { scenario, layout in
                   // Lay out the arrangement reversed and mirror it back: identical but for who wins ties.
                   let st = scenario.stack
                   guard !Spec.hasCustomSpacing(st), !st.arrangedSubviews.contains(where: \.isHidden),
                         !(st.isLayoutMarginsRelativeArrangement) else { return layout }
                   var reversed = scenario
                   reversed.stack.arrangedSubviews.reverse()
                   guard let r = try? AcceleratedReferenceEngine().layout(reversed) else { return layout }
                   let ids = Set(st.arrangedSubviews.map(\.id))
                   var out = layout
                   let mirrored = r.mapFrames(ids) { _, f in
                       if st.axis == .horizontal { f.x = r.size.width - f.x - f.width } else { f.y = r.size.height - f.y - f.height }
                   }
                   var frames: [String: Frame] = [:]
                   for (id, f) in mirrored.frames { frames[id] = f }
                   out = out.mapFrames { id, f in if let m = frames[id] { f = m } }
                   return out
               }),
        Mutant("fillAlignmentAsLeading", "Treats alignment fill as leading.",
               killedBy: "alignment.fill",
               prepare: { $0.eachStack { if $0.alignment == .fill { $0.alignment = .leading } } }),
        Mutant("leadingAsCenter", "Treats alignment leading as center.",
               killedBy: "alignment.leading",
               prepare: { $0.eachStack { if $0.alignment == .leading { $0.alignment = .center } } }),
        Mutant("centerAsLeading", "Treats alignment center as leading.",
               killedBy: "alignment.center",
               prepare: { $0.eachStack { if $0.alignment == .center { $0.alignment = .leading } } }),
        Mutant("trailingAsLeading", "Treats alignment trailing as leading.",
               killedBy: "alignment.trailing",
               prepare: { $0.eachStack { if $0.alignment == .trailing { $0.alignment = .leading } } }),
        Mutant("baselineAtBottom", "Takes every baseline at the view's bottom edge.",
               killedBy: "alignment.firstBaseline",
               prepare: { $0.eachItem { item in
                   if case .view(var leaf) = item.content { leaf.firstBaseline = nil; leaf.lastBaseline = nil; item.content = .view(leaf) }
               } }),
        Mutant("lastBaselineAsFirst", "Aligns last baselines by the first baseline.",
               killedBy: "alignment.lastBaseline",
               prepare: { $0.eachStack { if $0.alignment == .lastBaseline { $0.alignment = .firstBaseline } } }),
        Mutant("noIntrinsicCrossSpans", "Stretches a view with no intrinsic cross size across the canvas under every alignment.",
               killedBy: "alignment.noIntrinsicCrossSize",
               finish: { scenario, layout in
                   var spans: [String: (Axis, Extent, Double)] = [:]
                   for s in LaidOutStack.all(scenario, layout) where s.stack.alignment != .fill {
                       for item in s.items where item.view.leaf != nil && Spec.intrinsic(item.view, s.axis.cross) == nil {
                           spans[item.view.id] = (s.axis, s.canvasAcross, s.bounds.width)
                       }
                   }
                   return layout.mapFrames(Set(spans.keys)) { id, f in
                       guard let (axis, canvas, width) = spans[id] else { return }
                       if axis == .horizontal { f.y = canvas.start; f.height = canvas.length }
                       else { f.x = scenario.layoutDirection == .leftToRight ? canvas.start : width - canvas.end; f.width = canvas.length }
                   }
               }),
        Mutant("firstBaselineFromLastView", "Reports the stack's last baseline as its first baseline.",
               killedBy: "alignment.stackBaselines",
               finish: { _, layout in var l = layout; l.firstBaseline = l.lastBaseline; return l }),
        Mutant("fittingWithoutMargins", "Leaves the margins out of the fitting size along the axis.",
               killedBy: "fitting.sumOfSizesPlusSpacing",
               finish: { scenario, layout in
                   let st = scenario.stack
                   guard st.isLayoutMarginsRelativeArrangement, scenario.container[st.axis] == nil else { return layout }
                   var l = layout
                   if st.axis == .horizontal { l.size.width -= st.layoutMargins.leading + st.layoutMargins.trailing }
                   else { l.size.height -= st.layoutMargins.top + st.layoutMargins.bottom }
                   return l
               }),
        Mutant("hiddenDoesNotPropCrossSize", "Under alignment fill, hidden views no longer prop open the cross size.",
               killedBy: "fitting.largestCrossSize",
               prepare: { $0.eachStack { st in
                   guard st.alignment == .fill else { return }
                   for i in st.arrangedSubviews.indices where st.arrangedSubviews[i].isHidden {
                       if case .view(var leaf) = st.arrangedSubviews[i].content {
                           leaf.intrinsicContentSize[st.axis.cross] = nil
                           st.arrangedSubviews[i].content = .view(leaf)
                       }
                   }
               } }),
        Mutant("fittingStretchesFirstView", "At the fitting size, the first view gets 1 point more than its intrinsic length.",
               killedBy: "fitting.viewsAtIntrinsicSize",
               prepare: { s in
                   guard s.container[s.stack.axis] == nil, !s.stack.arrangedSubviews.isEmpty else { return s }
                   var c = s
                   if case .view(var leaf) = c.stack.arrangedSubviews[0].content, let w = leaf.intrinsicContentSize[s.stack.axis] {
                       leaf.intrinsicContentSize[s.stack.axis] = w + 1
                       c.stack.arrangedSubviews[0].content = .view(leaf)
                   }
                   return c
               }),
        Mutant("marginsNotDirectional", "Applies the leading margin on the left in right-to-left.",
               killedBy: "margins.actAsInsets",
               prepare: { s in
                   guard s.layoutDirection == .rightToLeft else { return s }
                   return s.eachStack { st in
                       let m = st.layoutMargins
                       st.layoutMargins = DirectionalEdgeInsets(top: m.top, leading: m.trailing, bottom: m.bottom, trailing: m.leading)
                   }
               }),
        Mutant("verticalCenterAsLeading", "Vertical stacks treat alignment center as leading.",
               killedBy: "axis.swapTransposes",
               prepare: { $0.eachStack { if $0.axis == .vertical && $0.alignment == .center { $0.alignment = .leading } } }),
        Mutant("nestedSizedByFirstChild", "Sizes a nested stack along its parent's axis by its first arranged view.",
               killedBy: "nesting.behavesAsFittingSizeView",
               finish: { scenario, layout in
                   let axis = scenario.stack.axis
                   var firstChild: [String: String] = [:]
                   for item in scenario.stack.arrangedSubviews {
                       if let nested = item.stack, let first = nested.arrangedSubviews.first { firstChild[item.id] = first.id }
                   }
                   var frames: [String: Frame] = [:]
                   for (id, f) in layout.frames { frames[id] = f }
                   return layout.mapFrames(Set(firstChild.keys)) { id, f in
                       guard let child = firstChild[id].flatMap({ frames[$0] }) else { return }
                       if axis == .horizontal { f.width = child.width } else { f.height = child.height }
                   }
               }),
        Mutant("roundsUp", "Rounds edges up to the pixel grid instead of to the nearest pixel.",
               killedBy: "rounding.onPixelGrid",
               finish: { scenario, layout in roundingUp(scenario, layout) }),
        Mutant("roundsSizesNotEdges", "Rounds each frame's origin and size separately instead of each edge.",
               killedBy: "rounding.perEdge",
               finish: { scenario, layout in roundingSizesNotEdges(scenario, layout) }),
        Mutant("staleCustomSpacing", "Lays the root stack out with the spacing it had before any setCustomSpacing(_:after:) call.",
               killedBy: "tree.relayoutEqualsFreshLayout",
               prepare: { s in var c = s; for i in c.stack.arrangedSubviews.indices { c.stack.arrangedSubviews[i].customSpacingAfter = .useDefault }; return c }),
        Mutant("zeroLengthIsNaN", "Divides by a zero length: a view of length 0 gets NaN coordinates.",
               killedBy: "layout.finiteFrames",
               finish: { _, layout in layout.mapFrames { _, f in if f.width == 0 { f.x = .nan } } }),
    ]

    static let trees: [Mutant] = [
        Mutant(tree: RemoveFromSuperviewKeepsArranged.self, "removeFromSuperviewKeepsArranged",
               "removeFromSuperview leaves the view in arrangedSubviews.", killedBy: "tree.arrangedSubsetOfSubviews"),
        Mutant(tree: RemoveArrangedRemovesSubview.self, "removeArrangedSubviewRemovesSubview",
               "removeArrangedSubview also removes the view from subviews.", killedBy: "tree.operationsMatchModel"),
        Mutant(tree: InsertBeyondCountAppends.self, "insertBeyondCountAppends",
               "insertArrangedSubview beyond the count appends instead of raising.", killedBy: "tree.operationsMatchModel"),
        Mutant(tree: CustomSpacingKeptOnRemoval.self, "customSpacingKeptOnRemoval",
               "Custom spacing survives removeArrangedSubview and removeFromSuperview, and comes back when the view is re-added.",
               killedBy: "tree.operationsMatchModel"),
    ]
}
