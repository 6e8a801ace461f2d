/// Builds a `PackedSystem`: the rows of `ReferenceSystemBuilder`, phase by phase and term by term in the same order,
/// written to packed storage. Items get variables on first use, in a fixed order (root, arranged items in pre-order,
/// guides as the rows name them), which fixes the solver's variable order and so its pivots.
struct PackedSystemBuilder {
    typealias Term = PackedSystem.Term
    typealias VariableKey = PackedSystem.VariableKey
    typealias Expr = PackedSystem.Expr
    typealias Row = PackedSystem.Row

    let scenario: Scenario
    let index: ScenarioIndex
    let keys: ItemKeySpace
    let generator: UISVGenerator
    /// The owner number (`ItemKeySpace`) of every stack: the root (0) first, then nested stacks in pre-order.
    var stackOwners: [Int32] = [0]
    /// Each stack's canvas by owner number (the stack itself for an owner that is not a stack, never read).
    var canvasOfOwner: [ItemKey]
    /// Baseline views and R-BL-5's heights, each nested stack fitted once.
    var baselines: BaselineViews
    /// Each item's slot (its position in `itemKeys`) by `ItemKey.code`; −1 until it is registered.
    var slotOfKey: [Int32]
    /// Every registered item, in slot order.
    var itemKeys: [ItemKey] = []
    var rows: [Row] = []
    /// Every row's terms (`PackedSystem.terms`).
    var terms: [Term] = []
    /// Tie-break levels are numbered as they are made (ordinal o stored as the priority −(o + 1)) and mapped to
    /// priorities in (0, 1) at the end.
    var nextLevel = 0

    init(_ scenario: Scenario, fittingHeight: @escaping PackedSystem.FittingHeight) {
        self.scenario = scenario
        index = ScenarioIndex(scenario.stack)
        keys = ItemKeySpace(index)
        generator = UISVGenerator(scenario, index: index)
        baselines = BaselineViews(root: scenario.stack, index: index, fittingHeight: fittingHeight)
        let n = index.items.count
        slotOfKey = Array(repeating: -1, count: keys.count)
        // Room for the whole system, so that no array grows by copying: per arranged item about 13 rows and 21
        // terms in a fill stack, 20 and 35 in an equal-spacing one (a gap guide each); reserved room that is never
        // written costs a large system no memory.
        itemKeys.reserveCapacity(2 * n + 8)
        rows.reserveCapacity(20 * n + 32)
        terms.reserveCapacity(36 * n + 64)
        canvasOfOwner = (0...Int32(n)).map { ItemKey(code: $0) }
        for i in index.items.indices where index.items[i].view.stack != nil { stackOwners.append(Int32(i + 1)) }
        for owner in stackOwners {
            let stack = stack(owner)
            if stack.isLayoutMarginsRelativeArrangement && !stack.arrangedSubviews.isEmpty {
                canvasOfOwner[Int(owner)] = keys.marginsGuide(owner)
            }
        }
        register(ItemKeySpace.root)
        for i in index.items.indices { register(keys.view(i)) }
    }

    /// The stack of an owner number (0: the root).
    func stack(_ owner: Int32) -> Stack {
        owner == 0 ? scenario.stack : index.items[Int(owner) - 1].view.stack!
    }

    /// The pre-order indices of the items an owner's stack arranges.
    func children(_ owner: Int32) -> [Int] { index.arranged(by: owner == 0 ? nil : Int(owner) - 1) }

    /// A stack's canvas: its margins guide when margins-relative (and non-empty), else the stack itself.
    func canvas(_ owner: Int32) -> ItemKey { canvasOfOwner[Int(owner)] }

    /// Registers the item (on first use) and returns its slot.
    @discardableResult
    mutating func register(_ item: ItemKey) -> Int32 {
        let known = slotOfKey[Int(item.code)]
        if known >= 0 { return known }
        let slot = Int32(itemKeys.count)
        slotOfKey[Int(item.code)] = slot
        itemKeys.append(item)
        return slot
    }

    /// The variable of an item's component (registering the item on first use).
    mutating func key(_ item: ItemKey, _ c: VariableKey.Component) -> Int32 {
        PackedSystem.variable(slot: register(item), c)
    }

    // MARK: Baselines (R-BL-2, R-BL-3, R-BL-5)

    /// The expression of an item's first or last baseline (a leaf: top + offset, or bottom; a stack: its
    /// baseline view's, or its bottom when it has no visible view; `BaselineViews` walks down the nesting).
    mutating func baseline(of item: ItemKey, last: Bool) -> Expr {
        // A view's or the root's baseline view, down the nesting; any other item's own bottom.
        let start = keys.viewIndex(item)
        let source = start != nil || item == ItemKeySpace.root
            ? baselines.source(of: start, last: last) : BaselineViews.Source(item: nil, offset: nil)
        let current = source.item.map { keys.view($0) } ?? item
        let y = Term(variable: key(current, .y), coefficient: 1)
        if let offset = source.offset { return Expr(terms: [y], constant: offset) }
        return Expr(terms: [y, Term(variable: key(current, .height), coefficient: 1)], constant: 0)
    }

    // MARK: Expressions and rows

    /// An attribute of an item as a linear expression over its variables (x, y, width, height), times `scale`.
    mutating func expression(_ item: ItemKey, _ attribute: UISVAttribute, scale: Double) -> Expr {
        var e = Expr([])
        append(item, attribute, scale: scale, to: &e.terms, constant: &e.constant)
        return e
    }

    /// Appends `scale ×` an item's attribute to `list` and its constant (a baseline offset) to `constant`: one
    /// array for a whole row, not one per attribute.
    mutating func append(_ item: ItemKey, _ attribute: UISVAttribute, scale: Double, to list: inout [Term],
                         constant: inout Double) {
        let slot = register(item)
        func v(_ c: VariableKey.Component, _ k: Double = 1) {
            list.append(Term(variable: PackedSystem.variable(slot: slot, c), coefficient: k * scale))
        }
        switch attribute {
        case .leading: v(.x)
        case .trailing: v(.x); v(.width)
        case .centerX: v(.x); v(.width, 0.5)
        case .top: v(.y)
        case .bottom: v(.y); v(.height)
        case .centerY: v(.y); v(.height, 0.5)
        case .width: v(.width)
        case .height: v(.height)
        case .firstBaseline, .lastBaseline:
            let b = baseline(of: item, last: attribute == .lastBaseline).scaled(scale)
            list += b.terms
            constant += b.constant
        }
    }

    /// The row of `generator.constraints[source]`, its terms appended straight to `terms`. Reads the constraint's
    /// fields in place, its items by place (`generator.items`, packed as keys): a copy of the constraint retained and
    /// released its Strings.
    mutating func row(_ source: Int, priority: Double? = nil, role: UISVConstraintRole? = nil) -> Row {
        let first = keys.key(generator.items[source].first, index)
        let second = generator.items[source].second.map { keys.key($0, index) }
        // `terms` is moved out while `append` registers items (which mutates `self`), and back after.
        var flat: [Term] = []
        swap(&flat, &terms)
        let start = flat.count
        var constant = 0.0
        append(first, generator.constraints[source].firstAttribute, scale: 1, to: &flat, constant: &constant)
        if let second, let attribute = generator.constraints[source].secondAttribute {
            append(second, attribute, scale: -generator.constraints[source].multiplier, to: &flat,
                   constant: &constant)
        }
        let row = PackedSystem.makeRow(termsFrom: start, in: &flat,
                                          constant: constant - generator.constraints[source].constant,
                                          generator.constraints[source].relation,
                                          priority: priority ?? generator.constraints[source].priority,
                                          source: Int32(source), role: role ?? generator.constraints[source].role)
        swap(&flat, &terms)
        return row
    }

    /// A new tie-break level, below the ones made before it.
    mutating func level() -> Double {
        defer { nextLevel += 1 }
        return -Double(nextLevel + 1)
    }

    mutating func tie(_ list: [Term], _ constant: Double, _ priority: Double) {
        rows.append(PackedSystem.makeRow(list, into: &terms, constant: constant, .equal, priority: priority,
                                            source: -1, role: .tieBreak))
    }

    mutating func tie(_ e: Expr, _ priority: Double) { tie(e.terms, e.constant, priority) }

    mutating func tie(_ a: Term, _ constant: Double, _ priority: Double) { tie(a, nil, constant, priority) }
    mutating func tie(_ a: Term, _ b: Term, _ constant: Double, _ priority: Double) {
        tie(a, Optional(b), constant, priority)
    }

    /// `tie` of `a` (and `b`), appended straight to `terms` rather than through an array per row.
    private mutating func tie(_ a: Term, _ b: Term?, _ constant: Double, _ priority: Double) {
        let start = terms.count
        terms.append(a)
        if let b { terms.append(b) }
        rows.append(PackedSystem.makeRow(termsFrom: start, in: &terms, constant: constant, .equal,
                                            priority: priority, source: -1, role: .tieBreak))
    }

    // MARK: Phases, in objective order

    /// The root sits at the origin of root coordinates.
    mutating func addRootPin() {
        for component in [VariableKey.Component.x, .y] {
            let x = Term(variable: key(ItemKeySpace.root, component), coefficient: 1)
            rows.append(PackedSystem.makeRow([x], into: &terms, constant: 0, .equal,
                                                priority: UISVPriority.required, source: -1, role: .guideDefinition))
        }
    }

    /// UIKit's own constraints (§2.2), in generation order.
    mutating func addUISVRows() {
        for i in generator.constraints.indices { rows.append(row(i)) }
    }

    /// R-T-1: one level per arranged item, reverse pre-order (the last item first): |length − c| per dimension
    /// with an intrinsic size, a nested stack's canvas size, and the item's optional user constraints (found
    /// through an index, so that the levels cost linear time in the constraints).
    mutating func addItemTieLevels() {
        var optionalUserConstraints: [ItemKey: [Int]] = [:]
        for i in generator.constraints.indices
        where generator.constraints[i].role == .user && !generator.constraints[i].isRequired {
            optionalUserConstraints[keys.key(generator.items[i].first, index), default: []].append(i)
        }
        for position in index.items.indices.reversed() {
            let p = level()
            let it = keys.view(position)
            switch index.items[position].view.content {
            case .view(let leaf):
                tie(Term(variable: key(it, .width), coefficient: 1), -(leaf.intrinsicContentSize.width ?? 0), p)
                tie(Term(variable: key(it, .height), coefficient: 1), -(leaf.intrinsicContentSize.height ?? 0), p)
            case .stack:
                let c = canvas(Int32(position + 1))
                register(c)
                tie(Term(variable: key(c, .width), coefficient: 1), 0, p)
                tie(Term(variable: key(c, .height), coefficient: 1), 0, p)
            }
            for i in optionalUserConstraints[it] ?? [] {
                rows.append(row(i, priority: p, role: .tieBreak))
            }
        }
    }

    /// R-H-2: hidden views of the equal-* distributions (the == chain places them for the fill* ones): end runs
    /// where the == chain would put them, middle runs at the midpoint of their visible neighbours' facing edges.
    mutating func addHiddenPlacement() {
        let hiddenLevel = level()
        for owner in stackOwners {
            let stack = stack(owner)
            guard stack.distribution == .equalSpacing || stack.distribution == .equalCentering else { continue }
            let views = stack.arrangedSubviews, children = children(owner)
            let visible = views.indices.filter { !views[$0].isHidden }
            guard let firstVisible = visible.first, let lastVisible = visible.last else { continue }
            let ax = UISVGenerator.AxisAttributes(stack.axis)
            let baselineRelative = stack.axis == .vertical && stack.isBaselineRelativeArrangement
            let constants = SpacingRules.chainConstants(stack)
            for i in 0..<max(0, views.count - 1) where i < firstVisible || i >= lastVisible {
                let next = keys.view(children[i + 1]), prev = keys.view(children[i])
                let terms = baselineRelative
                    ? expression(next, .firstBaseline, scale: 1) + expression(prev, .lastBaseline, scale: -1)
                    : expression(next, ax.min, scale: 1) + expression(prev, ax.max, scale: -1)
                tie(terms.terms, terms.constant - constants[i], hiddenLevel)
            }
            for k in 0..<max(0, visible.count - 1) where visible[k + 1] > visible[k] + 1 {
                let before = keys.view(children[visible[k]]), after = keys.view(children[visible[k + 1]])
                for h in (visible[k] + 1)..<visible[k + 1] {
                    let terms = expression(keys.view(children[h]), ax.min, scale: 2)
                        + expression(before, ax.max, scale: -1) + expression(after, ax.min, scale: -1)
                    tie(terms, hiddenLevel)
                }
            }
        }
    }

    /// R-T-2, R-F-3: an all-hidden stack has a zero canvas; its views sit at the canvas origin along the axis,
    /// and A.first on the min edge across it (max edge for trailing; centre for center is required), R-T-9.
    mutating func addAllHiddenPlacement() {
        let allHiddenLevel = level()
        for owner in stackOwners {
            let stack = stack(owner)
            guard !stack.arrangedSubviews.isEmpty && stack.arrangedSubviews.allSatisfy(\.isHidden) else { continue }
            let c = canvas(owner), children = children(owner)
            let ax = UISVGenerator.AxisAttributes(stack.axis), cr = UISVGenerator.AxisAttributes(stack.axis.cross)
            tie(expression(c, .width, scale: 1), allHiddenLevel)
            tie(expression(c, .height, scale: 1), allHiddenLevel)
            for v in children {
                tie(expression(keys.view(v), ax.min, scale: 1) + expression(c, ax.min, scale: -1), allHiddenLevel)
            }
            let first = keys.view(children[0])
            switch UISVGenerator.effectiveAlignment(stack) {
            case .center: break
            case .trailing: tie(expression(first, cr.max, scale: 1) + expression(c, cr.max, scale: -1), allHiddenLevel)
            default: tie(expression(first, cr.min, scale: 1) + expression(c, cr.min, scale: -1), allHiddenLevel)
            }
        }
    }

    /// R-T-8: item by item in pre-order (root, arranged items, then guides): |size|, then the min corner's
    /// distance from its canvas origin. Only the items registered before this phase (an origin registered here
    /// gets no levels of its own).
    mutating func addFinalLevels() {
        for slot in 0..<Int32(itemKeys.count) {
            let sizeLevel = level(), cornerLevel = level()
            let x = PackedSystem.variable(slot: slot, .x), y = PackedSystem.variable(slot: slot, .y)
            tie(Term(variable: PackedSystem.variable(slot: slot, .width), coefficient: 1), 0, sizeLevel)
            tie(Term(variable: PackedSystem.variable(slot: slot, .height), coefficient: 1), 0, sizeLevel)
            guard let origin = origin(of: itemKeys[Int(slot)]) else { continue }
            let originX = key(origin, .x), originY = key(origin, .y)
            tie(Term(variable: x, coefficient: 1), Term(variable: originX, coefficient: -1), 0, cornerLevel)
            tie(Term(variable: y, coefficient: 1), Term(variable: originY, coefficient: -1), 0, cornerLevel)
        }
    }

    /// R-T-8's origin of an item: an arranged item's, a guide's (but the margins guide) is the canvas of the stack
    /// that arranges or owns it; the margins guide's is its stack; the root has none.
    func origin(of item: ItemKey) -> ItemKey? {
        let (kind, number) = keys.decode(item)
        switch kind {
        case .item: return number == 0 ? nil : canvas(ItemKeySpace.parentOwner(of: Int(number) - 1, index))
        case .marginsGuide: return keys.stack(number)
        case .alignmentSpanner, .orderingSpanner: return canvas(number)
        case .gap: return canvas(ItemKeySpace.parentOwner(of: Int(number), index))
        }
    }

    /// Maps the tie-break ordinals to distinct priorities in (0, 1), the first level highest.
    mutating func numberLevels() {
        let levelCount = Double(nextLevel)
        for i in rows.indices where rows[i].role == .tieBreak {
            let ordinal = -rows[i].priority - 1
            rows[i].priority = 0.9 * (levelCount - ordinal) / (levelCount + 1)
        }
    }
}
