/// Conversions between the view tree and scenario values, so that a layout after any sequence of changes is the
/// layout of the scenario of the final tree (R-V-9). Both directions are iterative: any nesting depth.
extension StackView {
    /// This stack's properties and arranged subviews as a value.
    public func stackValue() throws(ViewTreeError) -> Stack {
        // Only arranged items have ids in a scenario (the root has none), so the root's own id is not checked.
        var ids = Set<String>()
        var failure: ViewTreeError?
        // Post-order: build each nested stack before the item that holds it.
        struct Level { var view: StackView; var next = 0; var items: [ArrangedView] = [] }
        var levels = [Level(view: self)]
        while true {
            let top = levels.count - 1
            let stack = levels[top].view
            if levels[top].next < stack.arrangedSubviews.count {
                let child = stack.arrangedSubviews[levels[top].next]
                levels[top].next += 1
                if failure == nil, !ids.insert(child.id).inserted { failure = .duplicateID(child.id) }
                if let nested = child as? StackView {
                    levels.append(Level(view: nested))
                } else {
                    levels[top].items.append(item(for: child, in: stack, content: .view(LeafView(
                        intrinsicContentSize: child.intrinsicContentSize, firstBaseline: child.firstBaseline,
                        lastBaseline: child.lastBaseline))))
                }
                continue
            }
            let done = levels.removeLast()
            let value = Stack(axis: done.view.axis, distribution: done.view.distribution, alignment: done.view.alignment,
                              spacing: done.view.spacing, isBaselineRelativeArrangement: done.view.isBaselineRelativeArrangement,
                              isLayoutMarginsRelativeArrangement: done.view.isLayoutMarginsRelativeArrangement,
                              layoutMargins: done.view.directionalLayoutMargins, arrangedSubviews: done.items)
            guard let parent = levels.last else {
                if let failure { throw failure }
                return value
            }
            levels[levels.count - 1].items.append(item(for: done.view, in: parent.view, content: .stack(value)))
        }
    }

    private func item(for view: View, in stack: StackView, content: ArrangedView.Content) -> ArrangedView {
        ArrangedView(id: view.id, content: content, isHidden: view.isHidden,
                     customSpacingAfter: stack.customSpacing(after: view),
                     contentHuggingPriority: view.hugging, compressionResistancePriority: view.compressionResistance,
                     constraints: view.constraints)
    }

    /// A scenario of this stack as it is now. The stack's own id is not part of the scenario (the root has none),
    /// so an arranged view may share it.
    public func scenario(container: Container = .free, scale: Double? = nil,
                         layoutDirection: LayoutDirection = .leftToRight, name: String? = nil) throws(ViewTreeError) -> Scenario {
        Scenario(name: name, container: container, scale: scale, layoutDirection: layoutDirection, stack: try stackValue())
    }

    /// Builds a tree from a stack value; `id` names the root stack view.
    public convenience init(id: String = "stack", stack: Stack) {
        self.init(id: id, axis: stack.axis)
        var pending: [(StackView, Stack)] = [(self, stack)]
        while let (view, value) = pending.popLast() {
            view.axis = value.axis
            view.distribution = value.distribution
            view.alignment = value.alignment
            view.spacing = value.spacing
            view.isBaselineRelativeArrangement = value.isBaselineRelativeArrangement
            view.isLayoutMarginsRelativeArrangement = value.isLayoutMarginsRelativeArrangement
            view.directionalLayoutMargins = value.layoutMargins
            for item in value.arrangedSubviews {
                let child: View
                switch item.content {
                case .view(let leaf):
                    child = View(id: item.id, intrinsicContentSize: leaf.intrinsicContentSize,
                                 firstBaseline: leaf.firstBaseline, lastBaseline: leaf.lastBaseline)
                case .stack(let nested):
                    let s = StackView(id: item.id, axis: nested.axis)
                    pending.append((s, nested))
                    child = s
                }
                child.isHidden = item.isHidden
                child.hugging = item.contentHuggingPriority
                child.compressionResistance = item.compressionResistancePriority
                child.constraints = item.constraints
                view.arrangedSubviews.append(child)
                view.subviews.append(child)
                child.superview = view
                if item.customSpacingAfter != .useDefault { view.setCustomSpacing(item.customSpacingAfter, after: child) }
            }
        }
    }
}
