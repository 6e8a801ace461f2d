/// Builds a `ReferenceSystem`: UIKit's constraints as rows, then the project's levels below every UIKit priority,
/// phase by phase. Items get variables on first use, in a fixed order (root, arranged items in pre-order, guides
/// as the rows name them), which fixes the solver's variable order and so its pivots.
struct ReferenceSystemBuilder {
    typealias Term = ReferenceSystem.Term
    typealias VariableKey = ReferenceSystem.VariableKey
    typealias Expr = ReferenceSystem.Expr
    typealias Row = ReferenceSystem.Row

    let scenario: Scenario
    let index: ScenarioIndex
    let generator: UISVGenerator
    let fittingHeight: ReferenceSystem.FittingHeight
    /// Every stack: (owner id, stack, item), the root first, then nested stacks in pre-order.
    var stacks: [(owner: String?, stack: Stack, item: UISVItem)]
    var stackByID: [String: Stack] = [:]
    /// Each arranged item's origin for R-T-8: the canvas of the stack that arranges it.
    var parentCanvas: [UISVItem: UISVItem] = [:]
    var leafByID: [String: LeafView] = [:]
    var fittingCache: [String: Double] = [:]
    /// Each registered item's position in `items` (its variables' slot).
    var slotOfItem: [UISVItem: Int32] = [:]
    var items: [UISVItem] = []
    /// The items `register` found last, and where the next one goes (round robin).
    var recentSlots: [(item: UISVItem, slot: Int32)] = []
    var nextRecent = 0
    var rows: [Row] = []
    /// Every row's terms (`ReferenceSystem.terms`), and a buffer reused for the terms of the row being built.
    var terms: [Term] = []
    var scratchTerms: [Term] = []
    /// Tie-break levels are numbered as they are made (ordinal o stored as the priority −(o + 1)) and mapped to
    /// priorities in (0, 1) at the end.
    var nextLevel = 0

    init(_ scenario: Scenario, fittingHeight: @escaping ReferenceSystem.FittingHeight) {
        self.scenario = scenario
        index = ScenarioIndex(scenario.stack)
        generator = UISVGenerator(scenario, index: index)
        self.fittingHeight = fittingHeight
        stacks = [(nil, scenario.stack, .root)]
        // Sized once: growing them item by item rehashed every key's Strings at each doubling.
        let n = index.items.count
        leafByID.reserveCapacity(n)
        parentCanvas.reserveCapacity(n)
        slotOfItem.reserveCapacity(n + 8)
        items.reserveCapacity(n + 8)
        rows.reserveCapacity(8 * n + 16)
        for item in index.items {
            if case .stack(let s) = item.view.content {
                stacks.append((item.id, s, .view(item.id)))
                stackByID[item.id] = s
            } else if let leaf = item.view.leaf {
                leafByID[item.id] = leaf
            }
        }
        for (owner, stack, _) in stacks {
            let c = Self.canvas(of: owner, stack)
            for v in stack.arrangedSubviews { parentCanvas[.view(v.id)] = c }
        }
        register(.root)
        for item in index.items { register(.view(item.id)) }
    }

    /// A stack's canvas: its margins guide when margins-relative (and non-empty), else the stack itself.
    static func canvas(of owner: String?, _ stack: Stack) -> UISVItem {
        let stackItem: UISVItem = owner.map { .view($0) } ?? .root
        return stack.isLayoutMarginsRelativeArrangement && !stack.arrangedSubviews.isEmpty
            ? .marginsGuide(owner: owner) : stackItem
    }

    /// Registers the item (on first use) and returns its slot.
    @discardableResult
    mutating func register(_ item: UISVItem) -> Int32 {
        // Rows name a few items over and over (a view and its neighbour, a view and its canvas): comparing with the
        // last ones found is cheaper than hashing their Strings again.
        for entry in recentSlots where entry.item == item { return entry.slot }
        let slot: Int32
        if let known = slotOfItem[item] {
            slot = known
        } else {
            slot = Int32(items.count)
            slotOfItem[item] = slot
            items.append(item)
        }
        if recentSlots.count < 4 { recentSlots.append((item, slot)) } else { recentSlots[nextRecent] = (item, slot) }
        nextRecent = (nextRecent + 1) % 4
        return slot
    }

    /// The variable of an item's component (registering the item on first use).
    mutating func key(_ item: UISVItem, _ c: VariableKey.Component) -> Int32 {
        ReferenceSystem.variable(slot: register(item), c)
    }

    // MARK: Baselines (R-BL-2, R-BL-3, R-BL-5)

    mutating func height(of view: ArrangedView) -> Double {
        if let leaf = view.leaf { return leaf.intrinsicContentSize.height ?? 0 }
        if let cached = fittingCache[view.id] { return cached }
        let h = view.stack.map { fittingHeight(view.id, $0) } ?? 0
        fittingCache[view.id] = h
        return h
    }

    /// A stack's baseline view: first or last visible for a vertical stack, the tallest (lowest index on a tie)
    /// for a horizontal one; nil when no view is visible.
    mutating func baselineView(of stack: Stack, last: Bool) -> ArrangedView? {
        let visible = stack.arrangedSubviews.filter { !$0.isHidden }
        guard !visible.isEmpty else { return nil }
        if stack.axis == .vertical { return last ? visible.last : visible.first }
        var best = visible[0], bestHeight = height(of: visible[0])
        for v in visible.dropFirst() {
            let h = height(of: v)
            if h > bestHeight { best = v; bestHeight = h }
        }
        return best
    }

    /// The expression of an item's first or last baseline (a leaf: top + offset, or bottom; a stack: its
    /// baseline view's, or its bottom when it has no visible view). Iterative down the nesting.
    mutating func baseline(of item: UISVItem, last: Bool) -> Expr {
        var current = item
        if item == .root {
            guard let next = baselineView(of: scenario.stack, last: last) else {
                return Expr(terms: [Term(variable: key(.root, .y), coefficient: 1),
                                    Term(variable: key(.root, .height), coefficient: 1)],
                            constant: 0)
            }
            current = .view(next.id)
        }
        while case .view(let id) = current, let stack = stackByID[id] {
            guard let next = baselineView(of: stack, last: last) else { break }
            current = .view(next.id)
        }
        let y = Term(variable: key(current, .y), coefficient: 1)
        if case .view(let id) = current, let leaf = leafByID[id],
           let offset = last ? leaf.lastBaseline : leaf.firstBaseline {
            return Expr(terms: [y], constant: offset)
        }
        return Expr(terms: [y, Term(variable: key(current, .height), coefficient: 1)],
                    constant: 0)
    }

    // MARK: Expressions and rows

    /// An attribute of an item as a linear expression over its variables (x, y, width, height), times `scale`.
    mutating func expression(_ item: UISVItem, _ attribute: UISVAttribute, scale: Double) -> Expr {
        var e = Expr([])
        append(item, attribute, scale: scale, to: &e)
        return e
    }

    /// Appends `scale ×` an item's attribute to `e` (one array for a whole row, not one per attribute).
    mutating func append(_ item: UISVItem, _ attribute: UISVAttribute, scale: Double, to e: inout Expr) {
        let slot = register(item)
        func v(_ c: VariableKey.Component, _ k: Double = 1) {
            e.terms.append(Term(variable: ReferenceSystem.variable(slot: slot, c), coefficient: k * scale))
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
            e.terms += b.terms
            e.constant += b.constant
        }
    }

    /// The row of `generator.constraints[source]`.
    mutating func row(_ source: Int, priority: Double? = nil, role: UISVConstraintRole? = nil) -> Row {
        let c = generator.constraints[source]
        var e = Expr([])
        swap(&e.terms, &scratchTerms)
        e.terms.removeAll(keepingCapacity: true)
        append(c.firstItem, c.firstAttribute, scale: 1, to: &e)
        if let second = c.secondItem, let attribute = c.secondAttribute {
            append(second, attribute, scale: -c.multiplier, to: &e)
        }
        let row = ReferenceSystem.makeRow(e.terms, into: &terms, constant: e.constant - c.constant, c.relation,
                                          priority: priority ?? c.priority, source: Int32(source),
                                          role: role ?? c.role)
        swap(&e.terms, &scratchTerms)
        return row
    }


    /// A new tie-break level, below the ones made before it.
    mutating func level() -> Double {
        defer { nextLevel += 1 }
        return -Double(nextLevel + 1)
    }

    mutating func tie(_ list: [Term], _ constant: Double, _ priority: Double) {
        rows.append(ReferenceSystem.makeRow(list, into: &terms, constant: constant, .equal, priority: priority,
                                            source: -1, role: .tieBreak))
    }

    mutating func tie(_ e: Expr, _ priority: Double) { tie(e.terms, e.constant, priority) }

    mutating func tie(_ a: Term, _ constant: Double, _ priority: Double) { tie(a, nil, constant, priority) }
    mutating func tie(_ a: Term, _ b: Term, _ constant: Double, _ priority: Double) {
        tie(a, Optional(b), constant, priority)
    }

    /// `tie` of `a` (and `b`), built in the reused buffer rather than an array literal per row.
    private mutating func tie(_ a: Term, _ b: Term?, _ constant: Double, _ priority: Double) {
        var list: [Term] = []
        swap(&list, &scratchTerms)
        list.removeAll(keepingCapacity: true)
        list.append(a)
        if let b { list.append(b) }
        tie(list, constant, priority)
        swap(&list, &scratchTerms)
    }

    // MARK: Phases, in objective order

    /// The root sits at the origin of root coordinates.
    mutating func addRootPin() {
        for component in [VariableKey.Component.x, .y] {
            let x = Term(variable: key(.root, component), coefficient: 1)
            rows.append(ReferenceSystem.makeRow([x], into: &terms, constant: 0, .equal,
                                                priority: UISVPriority.required, source: -1, role: .guideDefinition))
        }
    }

    /// UIKit's own constraints (§2.2), in generation order.
    mutating func addUISVRows() {
        for i in generator.constraints.indices { rows.append(row(i)) }
    }

    /// R-T-1: one level per arranged item, reverse pre-order (the last item first): |length − c| per dimension
    /// with an intrinsic size, a nested stack's canvas size, and the item's optional user constraints (found
    /// through an index: a scan of every constraint per item was quadratic).
    mutating func addItemTieLevels() {
        var optionalUserConstraints: [UISVItem: [Int]] = [:]
        for (i, u) in generator.constraints.enumerated() where u.role == .user && !u.isRequired {
            optionalUserConstraints[u.firstItem, default: []].append(i)
        }
        for item in index.items.reversed() {
            let p = level()
            let it = UISVItem.view(item.id)
            switch item.view.content {
            case .view(let leaf):
                tie(Term(variable: key(it, .width), coefficient: 1), -(leaf.intrinsicContentSize.width ?? 0), p)
                tie(Term(variable: key(it, .height), coefficient: 1), -(leaf.intrinsicContentSize.height ?? 0), p)
            case .stack(let s):
                let c = Self.canvas(of: item.id, s)
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
        for (_, stack, _) in stacks
        where stack.distribution == .equalSpacing || stack.distribution == .equalCentering {
            let views = stack.arrangedSubviews
            let visible = views.indices.filter { !views[$0].isHidden }
            guard let firstVisible = visible.first, let lastVisible = visible.last else { continue }
            let ax = UISVGenerator.AxisAttributes(stack.axis)
            let baselineRelative = stack.axis == .vertical && stack.isBaselineRelativeArrangement
            let constants = SpacingRules.chainConstants(stack)
            for i in 0..<max(0, views.count - 1) where i < firstVisible || i >= lastVisible {
                let next = UISVItem.view(views[i + 1].id), prev = UISVItem.view(views[i].id)
                let terms = baselineRelative
                    ? expression(next, .firstBaseline, scale: 1) + expression(prev, .lastBaseline, scale: -1)
                    : expression(next, ax.min, scale: 1) + expression(prev, ax.max, scale: -1)
                tie(terms.terms, terms.constant - constants[i], hiddenLevel)
            }
            for k in 0..<max(0, visible.count - 1) where visible[k + 1] > visible[k] + 1 {
                let before = UISVItem.view(views[visible[k]].id), after = UISVItem.view(views[visible[k + 1]].id)
                for h in (visible[k] + 1)..<visible[k + 1] {
                    let terms = expression(.view(views[h].id), ax.min, scale: 2)
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
        for (owner, stack, _) in stacks where !stack.arrangedSubviews.isEmpty
            && stack.arrangedSubviews.allSatisfy(\.isHidden) {
            let c = Self.canvas(of: owner, stack)
            let ax = UISVGenerator.AxisAttributes(stack.axis), cr = UISVGenerator.AxisAttributes(stack.axis.cross)
            tie(expression(c, .width, scale: 1), allHiddenLevel)
            tie(expression(c, .height, scale: 1), allHiddenLevel)
            for v in stack.arrangedSubviews {
                tie(expression(.view(v.id), ax.min, scale: 1) + expression(c, ax.min, scale: -1), allHiddenLevel)
            }
            let first = UISVItem.view(stack.arrangedSubviews[0].id)
            switch UISVGenerator.effectiveAlignment(stack) {
            case .center: break
            case .trailing: tie(expression(first, cr.max, scale: 1) + expression(c, cr.max, scale: -1), allHiddenLevel)
            default: tie(expression(first, cr.min, scale: 1) + expression(c, cr.min, scale: -1), allHiddenLevel)
            }
        }
    }

    /// R-T-8: item by item in pre-order (root, arranged items, then guides): |size|, then the min corner's
    /// distance from its canvas origin.
    mutating func addFinalLevels() {
        var guideOwnerCanvas: [UISVItem: UISVItem] = [:]
        for (owner, stack, stackItem) in stacks {
            let c = Self.canvas(of: owner, stack)
            guideOwnerCanvas[.alignmentSpanner(owner: owner)] = c
            guideOwnerCanvas[.orderingSpanner(owner: owner)] = c
            guideOwnerCanvas[.marginsGuide(owner: owner)] = stackItem
            for k in 0..<stack.arrangedSubviews.count { guideOwnerCanvas[.gap(owner: owner, index: k)] = c }
        }
        for (slot, item) in items.enumerated() {
            let sizeLevel = level(), cornerLevel = level()
            func key(_ c: VariableKey.Component) -> Int32 { ReferenceSystem.variable(slot: Int32(slot), c) }
            tie(Term(variable: key(.width), coefficient: 1), 0, sizeLevel)
            tie(Term(variable: key(.height), coefficient: 1), 0, sizeLevel)
            guard let origin = parentCanvas[item] ?? guideOwnerCanvas[item] else { continue }
            let originX = self.key(origin, .x), originY = self.key(origin, .y)
            tie(Term(variable: key(.x), coefficient: 1), Term(variable: originX, coefficient: -1), 0, cornerLevel)
            tie(Term(variable: key(.y), coefficient: 1), Term(variable: originY, coefficient: -1), 0, cornerLevel)
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
