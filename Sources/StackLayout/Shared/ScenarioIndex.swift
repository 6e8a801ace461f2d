/// A scenario's arranged items flattened in pre-order, the order of layout documents' `frames` and of the
/// engines' per-item work (R-T-1 tie levels and R-T-8 are defined over pre-order). Built iteratively.
public struct ScenarioIndex: Sendable {
    public struct Item: Sendable {
        /// The item itself (its nested stack, if any, included).
        public let view: ArrangedView
        /// The pre-order index of the nested stack that arranges this item; `nil` for the root stack's items.
        public let parent: Int?
        /// The item's index in its stack's `arrangedSubviews`.
        public let position: Int
        /// 1 for the root stack's items, 2 for theirs, and so on.
        public let depth: Int
        public var id: String { view.id }
    }

    /// Every arranged item at every depth, in pre-order.
    public let items: [Item]
    /// For each item that is a nested stack, the pre-order indices of its arranged items; `rootChildren` for the root.
    public let children: [[Int]]
    public let rootChildren: [Int]

    public init(_ stack: Stack) {
        var items: [Item] = []
        var pending: [(ArrangedView, Int?, Int, Int)] =
            stack.arrangedSubviews.enumerated().reversed().map { ($0.element, nil, $0.offset, 1) }
        while let (view, parent, position, depth) = pending.popLast() {
            let index = items.count
            items.append(Item(view: view, parent: parent, position: position, depth: depth))
            if case .stack(let nested) = view.content {
                for (i, child) in nested.arrangedSubviews.enumerated().reversed() {
                    pending.append((child, index, i, depth + 1))
                }
            }
        }
        var children = Array(repeating: [Int](), count: items.count)
        var rootChildren: [Int] = []
        for (i, item) in items.enumerated() {
            if let p = item.parent { children[p].append(i) } else { rootChildren.append(i) }
        }
        self.items = items
        self.children = children
        self.rootChildren = rootChildren
    }

    public init(_ scenario: Scenario) { self.init(scenario.stack) }

    /// The items arranged by the stack at `parent` (`nil`: the root).
    public func arranged(by parent: Int?) -> [Int] {
        parent.map { children[$0] } ?? rootChildren
    }
}
