/// The phases of `ReferenceSystemBuilder`, in R-T-8's objective order: the root pin and UIKit's constraints (§2.2),
/// then the project's levels below every UIKit priority (R-T-1, R-H-2, R-T-2/R-F-3, R-T-8).
extension ReferenceSystemBuilder {
    /// The root sits at the origin of root coordinates.
    mutating func addRootPin() {
        for component in [VariableKey.Component.x, .y] {
            rows.append(Row(merging: [Term(variable(.root, component), 1)], constant: 0, .equal,
                            priority: UISVPriority.required, source: nil, role: .guideDefinition))
        }
    }

    /// UIKit's own constraints (§2.2), in generation order.
    mutating func addUISVRows() {
        for i in generator.constraints.indices { rows.append(row(i)) }
    }

    /// R-T-1: one level per arranged item, reverse pre-order (the last item first): |length − c| per dimension
    /// with an intrinsic size, a nested stack's canvas size, and the item's optional user constraints.
    mutating func addItemTieLevels() {
        var optionalUserConstraints: [IndexedItem: [Int]] = [:]
        for i in generator.constraints.indices
        where generator.constraints[i].role == .user && !generator.constraints[i].isRequired {
            optionalUserConstraints[generator.items[i].first, default: []].append(i)
        }
        for position in index.items.indices.reversed() {
            let level = newLevel(.itemSlack(position))
            let item = IndexedItem.view(position)
            switch index.items[position].view.content {
            case .view(let leaf):
                tie(Expression([Term(variable(item, .width), 1)], constant: -(leaf.intrinsicContentSize.width ?? 0)),
                    level)
                tie(Expression([Term(variable(item, .height), 1)], constant: -(leaf.intrinsicContentSize.height ?? 0)),
                    level)
            case .stack:
                let c = canvas(position)
                tie(Expression([Term(variable(c, .width), 1)]), level)
                tie(Expression([Term(variable(c, .height), 1)]), level)
            }
            for i in optionalUserConstraints[item] ?? [] { rows.append(row(i, level: level)) }
        }
    }

    /// R-H-2: hidden views of the equal-* distributions (the == chain places them for the fill* ones): end runs
    /// where the == chain would put them, middle runs at the midpoint of their visible neighbours' facing edges.
    mutating func addHiddenPlacement() {
        let level = newLevel(.hiddenPlacement)
        for s in stacks {
            let stack = stack(s)
            guard stack.distribution == .equalSpacing || stack.distribution == .equalCentering else { continue }
            let views = stack.arrangedSubviews, children = index.arranged(by: s)
            let visible = views.indices.filter { !views[$0].isHidden }
            guard let firstVisible = visible.first, let lastVisible = visible.last else { continue }
            let ax = UISVGenerator.AxisAttributes(stack.axis)
            let baselineRelative = stack.axis == .vertical && stack.isBaselineRelativeArrangement
            let constants = SpacingRules.chainConstants(stack)
            for i in 0..<max(0, views.count - 1) where i < firstVisible || i >= lastVisible {
                let next = IndexedItem.view(children[i + 1]), prev = IndexedItem.view(children[i])
                let e = baselineRelative
                    ? expression(next, .firstBaseline, scale: 1) + expression(prev, .lastBaseline, scale: -1)
                    : expression(next, ax.min, scale: 1) + expression(prev, ax.max, scale: -1)
                tie(Expression(e.terms, constant: e.constant - constants[i]), level)
            }
            for k in 0..<max(0, visible.count - 1) where visible[k + 1] > visible[k] + 1 {
                let before = IndexedItem.view(children[visible[k]]), after = IndexedItem.view(children[visible[k + 1]])
                for h in (visible[k] + 1)..<visible[k + 1] {
                    tie(expression(.view(children[h]), ax.min, scale: 2) + expression(before, ax.max, scale: -1)
                        + expression(after, ax.min, scale: -1), level)
                }
            }
        }
    }

    /// R-T-2, R-F-3: an all-hidden stack has a zero canvas; its views sit at the canvas origin along the axis,
    /// and A.first on the min edge across it (max edge for trailing; centre for center is required), R-T-9.
    mutating func addAllHiddenPlacement() {
        let level = newLevel(.allHiddenPlacement)
        for s in stacks {
            let stack = stack(s)
            guard !stack.arrangedSubviews.isEmpty && stack.arrangedSubviews.allSatisfy(\.isHidden) else { continue }
            let c = canvas(s), children = index.arranged(by: s)
            let ax = UISVGenerator.AxisAttributes(stack.axis), cr = UISVGenerator.AxisAttributes(stack.axis.cross)
            tie(expression(c, .width, scale: 1), level)
            tie(expression(c, .height, scale: 1), level)
            for v in children {
                tie(expression(.view(v), ax.min, scale: 1) + expression(c, ax.min, scale: -1), level)
            }
            let first = IndexedItem.view(children[0])
            switch UISVGenerator.effectiveAlignment(stack) {
            case .center: break
            case .trailing: tie(expression(first, cr.max, scale: 1) + expression(c, cr.max, scale: -1), level)
            default: tie(expression(first, cr.min, scale: 1) + expression(c, cr.min, scale: -1), level)
            }
        }
    }

    /// R-T-8: item by item in the order they were named (root, arranged items, then guides): |size|, then the min
    /// corner's distance from its canvas origin. Only the items named before this phase (an origin named here gets
    /// no levels of its own).
    mutating func addFinalLevels() {
        let itemsBefore = items
        for item in itemsBefore {
            let sizeLevel = newLevel(.size(item)), cornerLevel = newLevel(.corner(item))
            tie(Expression([Term(VariableKey(item, .width), 1)]), sizeLevel)
            tie(Expression([Term(VariableKey(item, .height), 1)]), sizeLevel)
            guard let origin = origin(of: item) else { continue }
            name(origin)
            tie(Expression([Term(VariableKey(item, .x), 1), Term(VariableKey(origin, .x), -1)]), cornerLevel)
            tie(Expression([Term(VariableKey(item, .y), 1), Term(VariableKey(origin, .y), -1)]), cornerLevel)
        }
    }

    /// R-T-8's origin of an item: an arranged item's, a guide's (but the margins guide) is the canvas of the stack
    /// that arranges or owns it; the margins guide's is its stack; the root has none.
    func origin(of item: IndexedItem) -> IndexedItem? {
        switch item {
        case .root: return nil
        case .view(let i): return canvas(index.items[i].parent)
        case .marginsGuide(let stack): return .stack(stack)
        case .alignmentSpanner(let stack), .orderingSpanner(let stack), .gap(let stack, _): return canvas(stack)
        }
    }

    /// Gives each level of the project's a priority in (0, 1), distinct, the first level made highest.
    mutating func numberLevels() {
        let levelCount = Double(levelRules.count)
        for i in rows.indices {
            guard let level = rows[i].level else { continue }
            rows[i].priority = 0.9 * (levelCount - Double(level)) / (levelCount + 1)
        }
    }
}
