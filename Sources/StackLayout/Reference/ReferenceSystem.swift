/// The linear system the reference engine hands to the solver: UIKit's constraints (`UISVGenerator`) turned into
/// linear (in)equalities over four variables per item (min x, min y, width, height in root coordinates, left to
/// right), plus the project's final lexicographic levels below every UIKit priority (R-T-1, R-H-2, R-T-2/R-F-3,
/// R-T-8), which are part of the objective, not UISV constraints.
struct ReferenceSystem {
    /// A solver variable: one component of one item's frame.
    struct VariableKey: Hashable, Sendable {
        enum Component: UInt8, Sendable { case x, y, width, height }
        let item: UISVItem
        let component: Component
    }

    struct Term: Hashable, Sendable {
        let variable: VariableKey
        let coefficient: Double
    }

    /// `Σ terms + constant REL 0` at `priority`. Hashable as a whole: the layout session diffs by this key.
    struct Row: Hashable, Sendable {
        var terms: [Term]
        var constant: Double
        var relation: UserConstraint.Relation
        var priority: Double
        /// The UIKit constraint this row implements; `nil` for the project's tie-break levels and the root pin.
        var source: UISVConstraint?
        /// R-T-7 class; tie-breaks are `.tieBreak`, the root pin `.guideDefinition`.
        var role: UISVConstraintRole
    }

    var rows: [Row] = []
    var diagnostics: [String] = []
    /// Every item with variables, root first, then the arranged items in pre-order, then guides by first use.
    var items: [UISVItem] = []
    let index: ScenarioIndex

    /// A nested stack's fitting height, for R-BL-5's "tallest" (computed by laying the stack out alone), by the
    /// id of the item that holds it.
    typealias FittingHeight = (_ id: String, _ stack: Stack) -> Double

    /// `includeTieLevels: false` leaves out the R-T-1 levels (only to measure their cost).
    /// `computeRootBaselines: false` skips the root baselines (a fitting-height solve does not need them, and
    /// skipping them keeps nested fitting solves from recursing once per nesting level).
    init(_ scenario: Scenario, includeTieLevels: Bool = true, computeRootBaselines: Bool = true,
         fittingHeight: FittingHeight) {
        let index = ScenarioIndex(scenario.stack)
        self.index = index
        let generator = UISVGenerator(scenario)
        diagnostics = generator.diagnostics

        // Structural facts about every stack.
        var stacks: [(owner: String?, stack: Stack, item: UISVItem)] = [(nil, scenario.stack, .root)]
        var stackByID: [String: Stack] = [:]
        var parentCanvas: [UISVItem: UISVItem] = [:]   // arranged item -> canvas of the stack arranging it
        var leafByID: [String: LeafView] = [:]
        for item in index.items {
            if case .stack(let s) = item.view.content {
                stacks.append((item.id, s, .view(item.id)))
                stackByID[item.id] = s
            } else if let leaf = item.view.leaf {
                leafByID[item.id] = leaf
            }
        }
        func canvas(of owner: String?, _ stack: Stack) -> UISVItem {
            let stackItem: UISVItem = owner.map { .view($0) } ?? .root
            return stack.isLayoutMarginsRelativeArrangement && !stack.arrangedSubviews.isEmpty
                ? .marginsGuide(owner: owner) : stackItem
        }
        for (owner, stack, _) in stacks {
            let c = canvas(of: owner, stack)
            for v in stack.arrangedSubviews { parentCanvas[.view(v.id)] = c }
        }

        // Baseline views (R-BL-2, R-BL-3, R-BL-5), resolved to a leaf or to a stack with no visible view.
        var fittingCache: [String: Double] = [:]
        func height(of view: ArrangedView) -> Double {
            if let leaf = view.leaf { return leaf.intrinsicContentSize.height ?? 0 }
            if let cached = fittingCache[view.id] { return cached }
            let h = view.stack.map { fittingHeight(view.id, $0) } ?? 0
            fittingCache[view.id] = h
            return h
        }
        func baselineView(of stack: Stack, last: Bool) -> ArrangedView? {
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
        func baseline(of item: UISVItem, last: Bool) -> Expr {
            var current = item
            if item == .root {
                guard let next = baselineView(of: scenario.stack, last: last) else {
                    return Expr(terms: [Term(variable: VariableKey(item: .root, component: .y), coefficient: 1),
                                        Term(variable: VariableKey(item: .root, component: .height), coefficient: 1)],
                                constant: 0)
                }
                current = .view(next.id)
            }
            while case .view(let id) = current, let stack = stackByID[id] {
                guard let next = baselineView(of: stack, last: last) else { break }
                current = .view(next.id)
            }
            let y = Term(variable: VariableKey(item: current, component: .y), coefficient: 1)
            if case .view(let id) = current, let leaf = leafByID[id],
               let offset = last ? leaf.lastBaseline : leaf.firstBaseline {
                return Expr(terms: [y], constant: offset)
            }
            return Expr(terms: [y, Term(variable: VariableKey(item: current, component: .height), coefficient: 1)],
                        constant: 0)
        }

        // Items: root, arranged items in pre-order, then guides by first use.
        var known = Set<UISVItem>()
        func register(_ item: UISVItem) {
            if known.insert(item).inserted { items.append(item) }
        }
        register(.root)
        for item in index.items { register(.view(item.id)) }

        func expression(_ item: UISVItem, _ attribute: UISVAttribute, scale: Double) -> Expr {
            register(item)
            func v(_ c: VariableKey.Component, _ k: Double = 1) -> Term {
                Term(variable: VariableKey(item: item, component: c), coefficient: k * scale)
            }
            switch attribute {
            case .leading: return Expr([v(.x)])
            case .trailing: return Expr([v(.x), v(.width)])
            case .centerX: return Expr([v(.x), v(.width, 0.5)])
            case .top: return Expr([v(.y)])
            case .bottom: return Expr([v(.y), v(.height)])
            case .centerY: return Expr([v(.y), v(.height, 0.5)])
            case .width: return Expr([v(.width)])
            case .height: return Expr([v(.height)])
            case .firstBaseline, .lastBaseline:
                return baseline(of: item, last: attribute == .lastBaseline).scaled(scale)
            }
        }

        func row(_ c: UISVConstraint, priority: Double? = nil, role: UISVConstraintRole? = nil) -> Row {
            var e = expression(c.firstItem, c.firstAttribute, scale: 1)
            if let second = c.secondItem, let attribute = c.secondAttribute {
                e = e + expression(second, attribute, scale: -c.multiplier)
            }
            return Self.makeRow(e.terms, constant: e.constant - c.constant, c.relation,
                                priority: priority ?? c.priority, source: c, role: role ?? c.role)
        }

        // The root sits at the origin of root coordinates.
        rows.append(Self.makeRow([Term(variable: VariableKey(item: .root, component: .x), coefficient: 1)],
                                 constant: 0, .equal, priority: 1000, source: nil, role: .guideDefinition))
        rows.append(Self.makeRow([Term(variable: VariableKey(item: .root, component: .y), coefficient: 1)],
                                 constant: 0, .equal, priority: 1000, source: nil, role: .guideDefinition))
        for c in generator.constraints { rows.append(row(c)) }

        // The project's final levels, each a distinct priority in (0, 1), below every UIKit priority.
        // Levels are numbered while the rows are built and mapped to priorities at the end (ordinal o is stored
        // as the priority −(o + 1) meanwhile).
        var nextLevel = 0
        func level() -> Double {
            defer { nextLevel += 1 }
            return -Double(nextLevel + 1)
        }
        func key(_ item: UISVItem, _ c: VariableKey.Component) -> VariableKey { VariableKey(item: item, component: c) }
        func tie(_ terms: [Term], _ constant: Double, _ relation: UserConstraint.Relation = .equal,
                 _ priority: Double) {
            rows.append(Self.makeRow(terms, constant: constant, relation, priority: priority, source: nil,
                                     role: .tieBreak))
        }
        func tie(_ e: Expr, _ constant: Double, _ relation: UserConstraint.Relation = .equal, _ priority: Double) {
            tie(e.terms, e.constant + constant, relation, priority)
        }

        // R-T-1: one level per arranged item, reverse pre-order (the last item first). Each item's optional user
        // constraints, found through an index (a scan of every constraint per item was quadratic).
        var optionalUserConstraints: [UISVItem: [Int]] = [:]
        for (i, u) in generator.constraints.enumerated() where u.role == .user && !u.isRequired {
            optionalUserConstraints[u.firstItem, default: []].append(i)
        }
        for item in index.items.reversed() where includeTieLevels {
            let p = level()
            let it = UISVItem.view(item.id)
            switch item.view.content {
            case .view(let leaf):
                for (component, c) in [(VariableKey.Component.width, leaf.intrinsicContentSize.width),
                                       (.height, leaf.intrinsicContentSize.height)] {
                    tie([Term(variable: key(it, component), coefficient: 1)], -(c ?? 0), .equal, p)
                }
            case .stack(let s):
                let c = canvas(of: item.id, s)
                register(c)
                tie([Term(variable: key(c, .width), coefficient: 1)], 0, .equal, p)
                tie([Term(variable: key(c, .height), coefficient: 1)], 0, .equal, p)
            }
            for i in optionalUserConstraints[it] ?? [] {
                rows.append(row(generator.constraints[i], priority: p, role: .tieBreak))
            }
        }

        // R-H-2: hidden views of the equal-* distributions (the == chain does it for the fill* ones).
        let hiddenLevel = level()
        for (_, stack, _) in stacks
        where stack.distribution == .equalSpacing || stack.distribution == .equalCentering {
            let views = stack.arrangedSubviews
            let visible = views.indices.filter { !views[$0].isHidden }
            guard let firstVisible = visible.first, let lastVisible = visible.last else { continue }
            let ax = UISVGenerator.AxisAttributes(stack.axis)
            let baselineRelative = stack.axis == .vertical && stack.isBaselineRelativeArrangement
            let constants = SpacingRules.chainConstants(stack)
            for i in 0..<max(0, views.count - 1) {
                // End runs: where the == chain would put them.
                guard i < firstVisible || i >= lastVisible else { continue }
                let next = UISVItem.view(views[i + 1].id), prev = UISVItem.view(views[i].id)
                let terms = baselineRelative
                    ? expression(next, .firstBaseline, scale: 1) + expression(prev, .lastBaseline, scale: -1)
                    : expression(next, ax.min, scale: 1) + expression(prev, ax.max, scale: -1)
                tie(terms, -constants[i], .equal, hiddenLevel)
            }
            // Middle runs: at the midpoint between the visible neighbours' facing edges.
            for k in 0..<max(0, visible.count - 1) where visible[k + 1] > visible[k] + 1 {
                let before = UISVItem.view(views[visible[k]].id), after = UISVItem.view(views[visible[k + 1]].id)
                for h in (visible[k] + 1)..<visible[k + 1] {
                    let terms = expression(.view(views[h].id), ax.min, scale: 2)
                        + expression(before, ax.max, scale: -1) + expression(after, ax.min, scale: -1)
                    tie(terms, 0, .equal, hiddenLevel)
                }
            }
        }

        // R-T-2, R-F-3: an all-hidden stack has a zero canvas; its views sit at the canvas origin along the axis,
        // and A.first on the min edge across it (max edge for trailing; centre for center is required), R-T-9.
        let allHiddenLevel = level()
        for (owner, stack, _) in stacks where !stack.arrangedSubviews.isEmpty
            && stack.arrangedSubviews.allSatisfy(\.isHidden) {
            let c = canvas(of: owner, stack)
            let ax = UISVGenerator.AxisAttributes(stack.axis), cr = UISVGenerator.AxisAttributes(stack.axis.cross)
            tie(expression(c, .width, scale: 1), 0, .equal, allHiddenLevel)
            tie(expression(c, .height, scale: 1), 0, .equal, allHiddenLevel)
            for v in stack.arrangedSubviews {
                tie(expression(.view(v.id), ax.min, scale: 1) + expression(c, ax.min, scale: -1), 0, .equal,
                    allHiddenLevel)
            }
            let first = UISVItem.view(stack.arrangedSubviews[0].id)
            switch UISVGenerator.effectiveAlignment(stack) {
            case .center: break
            case .trailing:
                tie(expression(first, cr.max, scale: 1) + expression(c, cr.max, scale: -1), 0, .equal, allHiddenLevel)
            default:
                tie(expression(first, cr.min, scale: 1) + expression(c, cr.min, scale: -1), 0, .equal, allHiddenLevel)
            }
        }

        // R-T-8: item by item in pre-order (root, arranged items, then guides): |size|, then the min corner's
        // distance from its canvas origin.
        var guideOwnerCanvas: [UISVItem: UISVItem] = [:]
        for (owner, stack, stackItem) in stacks {
            let c = canvas(of: owner, stack)
            guideOwnerCanvas[.alignmentSpanner(owner: owner)] = c
            guideOwnerCanvas[.orderingSpanner(owner: owner)] = c
            guideOwnerCanvas[.marginsGuide(owner: owner)] = stackItem
            for k in 0..<stack.arrangedSubviews.count { guideOwnerCanvas[.gap(owner: owner, index: k)] = c }
        }
        for item in items {
            let sizeLevel = level(), cornerLevel = level()
            tie([Term(variable: key(item, .width), coefficient: 1)], 0, .equal, sizeLevel)
            tie([Term(variable: key(item, .height), coefficient: 1)], 0, .equal, sizeLevel)
            guard let origin = parentCanvas[item] ?? guideOwnerCanvas[item] else { continue }
            tie([Term(variable: key(item, .x), coefficient: 1), Term(variable: key(origin, .x), coefficient: -1)],
                0, .equal, cornerLevel)
            tie([Term(variable: key(item, .y), coefficient: 1), Term(variable: key(origin, .y), coefficient: -1)],
                0, .equal, cornerLevel)
        }
        if computeRootBaselines {
            rootBaselines = (baseline(of: .root, last: false), baseline(of: .root, last: true))
        }
        let levelCount = Double(nextLevel)
        for i in rows.indices where rows[i].role == .tieBreak {
            let ordinal = -rows[i].priority - 1
            rows[i].priority = 0.9 * (levelCount - ordinal) / (levelCount + 1)
        }
    }

    /// The root stack's first and last baseline expressions (root coordinates; the root sits at y = 0).
    var rootBaselines: (first: Expr, last: Expr) = (Expr([]), Expr([]))

    /// A linear expression over item variables.
    struct Expr {
        var terms: [Term]
        var constant: Double
        init(_ terms: [Term]) { self.terms = terms; constant = 0 }
        init(terms: [Term], constant: Double) { self.terms = terms; self.constant = constant }
        func scaled(_ k: Double) -> Expr {
            Expr(terms: terms.map { Term(variable: $0.variable, coefficient: $0.coefficient * k) }, constant: constant * k)
        }
        static func + (a: Expr, b: Expr) -> Expr { Expr(terms: a.terms + b.terms, constant: a.constant + b.constant) }
    }

    static func makeRow(_ terms: [Term], constant: Double, _ relation: UserConstraint.Relation, priority: Double,
                        source: UISVConstraint?, role: UISVConstraintRole) -> Row {
        var merged: [Term] = []
        for t in terms {
            if let i = merged.firstIndex(where: { $0.variable == t.variable }) {
                merged[i] = Term(variable: t.variable, coefficient: merged[i].coefficient + t.coefficient)
            } else {
                merged.append(t)
            }
        }
        merged.removeAll { $0.coefficient == 0 }
        return Row(terms: merged, constant: constant, relation: relation, priority: priority, source: source,
                   role: role)
    }
}
