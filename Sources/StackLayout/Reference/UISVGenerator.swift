/// Generates UIKit's constraint set for a scenario (§2), in the order `stackcheck constraints` prints it:
/// stack by stack in pre-order (each stack's margins guide first, then the rows of the §2.2 table in order, items in
/// arranged order within a row), then the leaves' content-size constraints (pre-order, width before height, hugging
/// before compression), the user constraints (pre-order, listing order), and the container (width, height).
struct UISVGenerator {
    var constraints: [UISVConstraint] = []
    /// Each constraint's items by place, parallel to `constraints`: the systems' builders read them (an item by
    /// place names one item whatever the ids, and reading it neither copies a constraint's Strings nor hashes them).
    var items: [(first: IndexedItem, second: IndexedItem?)] = []
    var diagnostics: [String] = []

    init(_ scenario: Scenario) { self.init(scenario, index: ScenarioIndex(scenario.stack)) }

    /// With the scenario's index already built (the reference system's builder has one).
    init(_ scenario: Scenario, index: ScenarioIndex) {
        // About 8 per item at most for a flat stack (content size, the stack's families, user constraints): sized
        // once rather than grown by doubling.
        constraints.reserveCapacity(10 * index.items.count + 16)
        items.reserveCapacity(10 * index.items.count + 16)
        generateStack(scenario.stack, owner: nil, at: nil, children: index.rootChildren)
        for (i, item) in index.items.enumerated() {
            if case .stack(let nested) = item.view.content {
                generateStack(nested, owner: item.id, at: i, children: index.children[i])
                if item.view.contentHuggingPriority != .defaultHugging
                    || item.view.compressionResistancePriority != .defaultCompressionResistance {
                    diagnostics.append("ignored: hugging and compression resistance of nested stack '\(item.id)' (R-N-1)")
                }
            }
        }
        for i in index.items.indices { generateContentSize(index.items[i].view, Item(index.items[i].id, .view(i))) }
        for i in index.items.indices where !index.items[i].view.constraints.isEmpty {
            generateUser(index.items[i].view, Item(index.items[i].id, .view(i)))
        }
        if let w = scenario.container.width {
            add("stackcheck-container-width", Item.root, .width, .equal, nil, nil, constant: w, role: .container)
        }
        if let h = scenario.container.height {
            add("stackcheck-container-height", Item.root, .height, .equal, nil, nil, constant: h, role: .container)
        }
    }

    /// The attributes of one axis: min edge, max edge, length, centre.
    struct AxisAttributes {
        let min: UISVAttribute, max: UISVAttribute, length: UISVAttribute, center: UISVAttribute
        init(_ axis: Axis) {
            if axis == .horizontal { (min, max, length, center) = (.leading, .trailing, .width, .centerX) }
            else { (min, max, length, center) = (.top, .bottom, .height, .centerY) }
        }
    }

    /// The alignment a stack is laid out with: first/last baseline on a vertical stack is invalid and laid out as
    /// leading (R-AL-9).
    static func effectiveAlignment(_ stack: Stack) -> Alignment {
        if stack.axis == .vertical, stack.alignment == .firstBaseline || stack.alignment == .lastBaseline {
            return .leading
        }
        return stack.alignment
    }

    /// An item as the constraints name it (`UISVItem`) and by place (`IndexedItem`).
    struct Item {
        let item: UISVItem
        let place: IndexedItem
        init(_ item: UISVItem, _ place: IndexedItem) { self.item = item; self.place = place }
        init(_ id: String, _ place: IndexedItem) { self.init(.view(id), place) }
        static let root = Item(.root, .root)
    }

    mutating func add(_ id: String, _ a: Item, _ aa: UISVAttribute, _ rel: UserConstraint.Relation,
                              _ b: Item?, _ ba: UISVAttribute?, multiplier: Double = 1, constant: Double = 0,
                              priority: Double = 1000, role: UISVConstraintRole = .stackInternal) {
        constraints.append(UISVConstraint(id, a.item, aa, rel, b?.item, ba, multiplier: multiplier,
                                          constant: constant, priority: priority, role: role))
        items.append((a.place, b?.place))
    }

    /// What every constraint family of one stack needs: its items, canvas, axes and effective alignment.
    struct StackContext {
        let stack: Stack
        let views: [ArrangedView]
        let owner: String?
        /// The pre-order indices of `views` (`ScenarioIndex.arranged(by:)`).
        let children: [Int]
        /// The pre-order index of the stack's item (nil: the root).
        let at: Int?
        /// The stack itself (`.root` or the nested item), and its canvas: the margins guide when margins-relative.
        let stackItem: Item, canvas: Item
        let ax: AxisAttributes, cr: AxisAttributes
        /// R-AL-9: first/last baseline on a vertical stack is laid out as leading.
        let alignment: Alignment
        /// Positions of the visible arranged views.
        let visible: [Int]
        let spanner: Item
        let equalDistribution: Bool
        let baselineRelative: Bool

        /// `at`: the pre-order index of the stack's item (nil: the root).
        init(_ stack: Stack, owner: String?, at: Int?, children: [Int]) {
            self.stack = stack
            let views = stack.arrangedSubviews
            self.views = views
            self.owner = owner
            self.children = children
            self.at = at
            stackItem = Item(owner.map { .view($0) } ?? .root, .stack(at))
            canvas = stack.isLayoutMarginsRelativeArrangement
                ? Item(.marginsGuide(owner: owner), .marginsGuide(stack: at)) : stackItem
            ax = AxisAttributes(stack.axis)
            cr = AxisAttributes(stack.axis.cross)
            alignment = UISVGenerator.effectiveAlignment(stack)
            visible = views.indices.filter { !views[$0].isHidden }
            spanner = Item(.alignmentSpanner(owner: owner), .alignmentSpanner(stack: at))
            equalDistribution = stack.distribution == .equalSpacing || stack.distribution == .equalCentering
            baselineRelative = stack.axis == .vertical && stack.isBaselineRelativeArrangement
        }

        var allHidden: Bool { visible.isEmpty }
        var first: Item { item(0) }
        var ordering: Item { Item(.orderingSpanner(owner: owner), .orderingSpanner(stack: at)) }
        /// §2.1: the alignment spanner exists for alignment ≠ fill with more than one view, and when all are hidden.
        var hasSpanner: Bool { allHidden || (alignment != .fill && views.count > 1) }
        func item(_ i: Int) -> Item { Item(views[i].id, .view(children[i])) }
        func gap(_ k: Int) -> Item { Item(.gap(owner: owner, index: k), .gap(stack: at, index: k)) }
    }

    /// One stack's UISV constraints, family by family in the order of the §2.2 table.
    private mutating func generateStack(_ stack: Stack, owner: String?, at: Int?, children: [Int]) {
        guard !stack.arrangedSubviews.isEmpty else { return }   // An empty stack installs no constraints (RT).
        let c = StackContext(stack, owner: owner, at: at, children: children)
        if c.alignment != stack.alignment {
            diagnostics.append("invalid: \(stack.alignment.rawValue) alignment on vertical stack '\(c.stackItem.item.name)' laid out as leading (R-AL-9)")
        }
        if stack.isLayoutMarginsRelativeArrangement { marginsGuide(c) }
        canvasConnectionsAlong(c)
        let singleViewCanvasFit = canvasConnectionsAcross(c)
        spacingChain(c)
        let proportional = stack.distribution == .fillProportionally ? Self.proportionalPlan(stack, visible: c.visible) : nil
        fillEqually(c, fallback: proportional?.fallback == true)
        distributingEdges(c)
        if let plan = proportional, !plan.fallback { fillProportionally(c, plan) }
        hiding(c)
        alignmentStar(c)
        spanningBoundaries(c)
        canvasFit(c, singleView: singleViewCanvasFit)
        ambiguitySuppression(c)
        textWidthDisambiguation(c)
    }

    /// A leaf's content-size constraints (§1): `length <= c @h`, `length >= c @r` per dimension with a size.
    private mutating func generateContentSize(_ view: ArrangedView, _ item: Item) {
        guard case .view(let leaf) = view.content else { return }
        for axis in Axis.widthThenHeight {
            guard let c = leaf.intrinsicContentSize[axis] else { continue }
            let attribute: UISVAttribute = axis == .horizontal ? .width : .height
            add("NSContentSizeLayoutConstraint-hugging", item, attribute, .lessThanOrEqual, nil, nil,
                constant: c, priority: view.contentHuggingPriority[axis].rawValue, role: .contentSize)
            add("NSContentSizeLayoutConstraint-compression", item, attribute, .greaterThanOrEqual, nil, nil,
                constant: c, priority: view.compressionResistancePriority[axis].rawValue, role: .contentSize)
        }
    }

    /// The item's own constraints (§7): width, height, or aspect ratio (`width == constant × height`).
    private mutating func generateUser(_ view: ArrangedView, _ item: Item) {
        for u in view.constraints {
            switch u.attribute {
            case .width:
                add("user", item, .width, u.relation, nil, nil, constant: u.constant,
                    priority: u.priority.rawValue, role: .user)
            case .height:
                add("user", item, .height, u.relation, nil, nil, constant: u.constant,
                    priority: u.priority.rawValue, role: .user)
            case .aspectRatio:
                add("user", item, .width, u.relation, item, .height, multiplier: u.constant,
                    priority: u.priority.rawValue, role: .user)
            }
        }
    }
}

extension Axis {
    /// Width before height (a static array: an array literal in a loop is allocated at each call).
    static let widthThenHeight: [Axis] = [.horizontal, .vertical]
}
