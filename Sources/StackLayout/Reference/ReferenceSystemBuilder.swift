/// Builds a `ReferenceSystem` phase by phase: UIKit's constraints as rows, then the project's levels below every
/// UIKit priority, in R-T-8's objective order. Items get variables on first use, in a fixed order (root, arranged
/// items in pre-order, guides as the rows name them), which R-T-8's levels follow.
struct ReferenceSystemBuilder {
    typealias VariableKey = ReferenceSystem.VariableKey
    typealias Term = ReferenceSystem.Term
    typealias Row = ReferenceSystem.Row
    typealias Expression = ReferenceSystem.Expression

    let scenario: Scenario
    let index: ScenarioIndex
    let generator: UISVGenerator
    /// Baseline views and R-BL-5's heights, each nested stack fitted once.
    var baselines: BaselineViews
    /// Every item with variables, in the order it was first named, and the same as a set.
    var items: [IndexedItem] = []
    var named: Set<IndexedItem> = []
    var rows: [Row] = []
    /// The rule of each level made so far, by ordinal: the first made is the highest (`numberLevels`).
    var levelRules: [TieRule] = []
    /// The stacks, the root (nil) first, then the nested stacks by the pre-order index of their item.
    let stacks: [Int?]

    init(_ scenario: Scenario, constraintEdit: ReferenceSystem.ConstraintEdit? = nil,
         fittingHeight: @escaping ReferenceSystem.FittingHeight) {
        self.scenario = scenario
        let index = ScenarioIndex(scenario.stack)
        self.index = index
        var generator = UISVGenerator(scenario, index: index)
        if let constraintEdit { generator.edit(constraintEdit) }
        self.generator = generator
        baselines = BaselineViews(root: scenario.stack, index: index, fittingHeight: fittingHeight)
        stacks = [nil] + index.items.indices.filter { index.items[$0].view.stack != nil }
        name(.root)
        for i in index.items.indices { name(.view(i)) }
    }

    /// The stack at `stack` (nil: the root).
    func stack(_ stack: Int?) -> Stack { stack.map { index.items[$0].view.stack! } ?? scenario.stack }

    /// A stack's canvas: its margins guide when margins-relative (and non-empty), else the stack itself.
    func canvas(_ stack: Int?) -> IndexedItem {
        let s = self.stack(stack)
        return s.isLayoutMarginsRelativeArrangement && !s.arrangedSubviews.isEmpty
            ? .marginsGuide(stack: stack) : .stack(stack)
    }

    /// Gives the item variables, the first time it is named.
    mutating func name(_ item: IndexedItem) {
        if named.insert(item).inserted { items.append(item) }
    }

    /// The variable of an item's component, the item named.
    mutating func variable(_ item: IndexedItem, _ component: VariableKey.Component) -> VariableKey {
        name(item)
        return VariableKey(item, component)
    }

    // MARK: Expressions

    /// An attribute of an item as a linear expression over its variables (x, y, width, height), times `scale`.
    mutating func expression(_ item: IndexedItem, _ attribute: UISVAttribute, scale: Double) -> Expression {
        name(item)
        func v(_ c: VariableKey.Component, _ k: Double = 1) -> Term { Term(VariableKey(item, c), k * scale) }
        switch attribute {
        case .leading: return Expression([v(.x)])
        case .trailing: return Expression([v(.x), v(.width)])
        case .centerX: return Expression([v(.x), v(.width, 0.5)])
        case .top: return Expression([v(.y)])
        case .bottom: return Expression([v(.y), v(.height)])
        case .centerY: return Expression([v(.y), v(.height, 0.5)])
        case .width: return Expression([v(.width)])
        case .height: return Expression([v(.height)])
        case .firstBaseline, .lastBaseline:
            // Added to an empty sum, as a row's constant starts at 0.
            return Expression([]) + baseline(of: item, last: attribute == .lastBaseline).scaled(scale)
        }
    }

    /// An item's first or last baseline (R-BL-2, R-BL-3, R-BL-5): a leaf's top + offset, or its bottom; a stack's
    /// baseline view's, or the stack's bottom when it has no visible view (`BaselineViews` walks down the nesting);
    /// any other item's bottom.
    mutating func baseline(of item: IndexedItem, last: Bool) -> Expression {
        let source: BaselineViews.Source
        switch item {
        case .root: source = baselines.source(of: nil, last: last)
        case .view(let i): source = baselines.source(of: i, last: last)
        default: source = BaselineViews.Source(item: nil, offset: nil)
        }
        let current = source.item.map { IndexedItem.view($0) } ?? item
        let y = Term(variable(current, .y), 1)
        if let offset = source.offset { return Expression([y], constant: offset) }
        return Expression([y, Term(variable(current, .height), 1)], constant: 0)
    }

    // MARK: Rows

    /// The row of UIKit's constraint `generator.constraints[i]`: `first.attr − m × second.attr − c REL 0`.
    mutating func row(_ i: Int, level: Int? = nil) -> Row {
        let c = generator.constraints[i], items = generator.items[i]
        var e = expression(items.first, c.firstAttribute, scale: 1)
        if let second = items.second, let attribute = c.secondAttribute {
            e = e + expression(second, attribute, scale: -c.multiplier)
        }
        // At a project level (R-T-1's optional user constraints) the row takes the level's priority and class.
        return Row(merging: e.terms, constant: e.constant - c.constant, c.relation, priority: c.priority, source: c,
                   role: level == nil ? c.role : .tieBreak, level: level)
    }

    /// A new level of the project's, below the ones made before it; returns its ordinal.
    mutating func newLevel(_ rule: TieRule) -> Int {
        levelRules.append(rule)
        return levelRules.count - 1
    }

    /// `e == 0` at a project level (its priority is set by `numberLevels`).
    mutating func tie(_ e: Expression, _ level: Int) {
        rows.append(Row(merging: e.terms, constant: e.constant, .equal, priority: 0, source: nil, role: .tieBreak,
                        level: level))
    }
}
