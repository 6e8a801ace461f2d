/// Which arranged view gives a stack its first or last baseline (R-BL-2, R-BL-3, R-BL-5), for the rows that align
/// baselines (`ReferenceSystemBuilder.baseline`) and for the root stack's own baselines, which are read off the
/// solved frames (`ExactLayout.completeRootBaselines`): one walk for both.
struct BaselineViews {
    /// Where a baseline lies: an item's top plus a leaf's baseline offset, or, without an offset, the item's bottom
    /// (`item` nil: the root stack's own bottom).
    struct Source {
        var item: Int?
        var offset: Double?
    }

    let root: Stack
    let index: ScenarioIndex
    let fittingHeight: ReferenceSystem.FittingHeight
    private var fittingCache: [String: Double] = [:]

    init(root: Stack, index: ScenarioIndex, fittingHeight: @escaping ReferenceSystem.FittingHeight) {
        self.root = root
        self.index = index
        self.fittingHeight = fittingHeight
    }

    /// The stack of an owner number (0: the root, i + 1: the nested stack of item i).
    func stack(_ owner: Int32) -> Stack {
        owner == 0 ? root : index.items[Int(owner) - 1].view.stack!
    }

    /// The pre-order indices of the items an owner's stack arranges.
    func children(_ owner: Int32) -> [Int] { index.arranged(by: owner == 0 ? nil : Int(owner) - 1) }

    /// A view's height for R-BL-5: a leaf's intrinsic height (0 if none), a nested stack's fitting height.
    mutating func height(of view: ArrangedView) -> Double {
        if let leaf = view.leaf { return leaf.intrinsicContentSize.height ?? 0 }
        if let cached = fittingCache[view.id] { return cached }
        let h = view.stack.map { fittingHeight(view.id, $0) } ?? 0
        fittingCache[view.id] = h
        return h
    }

    /// A stack's baseline view (its pre-order index): first or last visible for a vertical stack, the tallest
    /// (lowest index on a tie) for a horizontal one; nil when no view is visible.
    mutating func baselineView(of owner: Int32, last: Bool) -> Int? {
        let children = children(owner)
        func visible(_ c: Int) -> Bool { !index.items[c].view.isHidden }
        if stack(owner).axis == .vertical { return last ? children.last(where: visible) : children.first(where: visible) }
        // A lone visible view is the tallest without its height: a nested stack's is a solve of its own (R-BL-5).
        if let first = children.firstIndex(where: visible),
           !children[(first + 1)...].contains(where: visible) { return children[first] }
        var best: Int?, bestHeight = 0.0
        for c in children where visible(c) {
            let h = height(of: index.items[c].view)
            if best == nil || h > bestHeight { best = c; bestHeight = h }
        }
        return best
    }

    /// The baseline of the item `start` (pre-order index; nil: the root stack): down through nested stacks' baseline
    /// views to a leaf with that baseline, else to the bottom of the last item reached (a stack with no visible
    /// view, or a leaf without the baseline). Iterative down the nesting.
    mutating func source(of start: Int?, last: Bool) -> Source {
        var current: Int
        if let start {
            current = start
        } else {
            guard let next = baselineView(of: 0, last: last) else { return Source(item: nil, offset: nil) }
            current = next
        }
        while index.items[current].view.stack != nil {
            guard let next = baselineView(of: Int32(current + 1), last: last) else { break }
            current = next
        }
        if let leaf = index.items[current].view.leaf, let offset = last ? leaf.lastBaseline : leaf.firstBaseline {
            return Source(item: current, offset: offset)
        }
        return Source(item: current, offset: nil)
    }
}
