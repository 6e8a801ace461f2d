/// A scenario's arranged items flattened in pre-order, the order of layout documents' `frames` and of the
/// engines' per-item work (R-T-1 tie levels and R-T-8 are defined over pre-order). Built iteratively.
public struct ScenarioIndex: Sendable {
    /// One arranged item with its place in the tree.
    public struct Item: Sendable {
        /// The item itself (its nested stack, if any, included).
        public let view: ArrangedView
        /// The pre-order index of the nested stack that arranges this item; `nil` for the root stack's items.
        public let parent: Int?
        /// The item's index in its stack's `arrangedSubviews`.
        public let position: Int
        /// 1 for the root stack's items, 2 for theirs, and so on.
        public let depth: Int
        /// The item's id.
        public var id: String { view.id }
    }

    /// Every arranged item at every depth, in pre-order.
    public let items: [Item]
    /// For each item that is a nested stack, the pre-order indices of its arranged items; `rootChildren` for the root.
    public let children: [[Int]]
    /// The pre-order indices of the root stack's arranged items.
    public let rootChildren: [Int]

    /// The index of `stack`'s items at every depth.
    public init(_ stack: Stack) {
        var items: [Item] = []
        items.reserveCapacity(stack.arrangedSubviews.count)
        var children: [[Int]] = []
        var rootChildren: [Int] = []
        rootChildren.reserveCapacity(stack.arrangedSubviews.count)
        children.reserveCapacity(stack.arrangedSubviews.count)
        // Pre-order with an explicit stack of the stacks being walked: each frame is a stack's arranged views, the
        // index of the item that holds it, and the position of its next view. Children are recorded as they are
        // reached (in position order); a leaf's list stays empty and allocates nothing.
        var frames: [(views: [ArrangedView], parent: Int?, next: Int)] = [(stack.arrangedSubviews, nil, 0)]
        while let top = frames.last {
            guard top.next < top.views.count else {
                frames.removeLast()
                continue
            }
            frames[frames.count - 1].next += 1
            let view = top.views[top.next], index = items.count
            items.append(Item(view: view, parent: top.parent, position: top.next, depth: frames.count))
            children.append([])
            if let p = top.parent { children[p].append(index) } else { rootChildren.append(index) }
            if case .stack(let nested) = view.content { frames.append((nested.arrangedSubviews, index, 0)) }
        }
        self.items = items
        self.children = children
        self.rootChildren = rootChildren
    }

    /// The index of the scenario's root stack.
    public init(_ scenario: Scenario) { self.init(scenario.stack) }

    /// The items arranged by the stack at `parent` (`nil`: the root).
    public func arranged(by parent: Int?) -> [Int] {
        parent.map { children[$0] } ?? rootChildren
    }
}
