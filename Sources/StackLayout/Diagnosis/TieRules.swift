/// Which of the project's rules a tie level of a `ReferenceSystem` implements (§9, R-T-8's objective order).
///
/// `ReferenceSystemBuilder` numbers the levels as it makes them, ordinal `o` from 0, and gives each the priority
/// `0.9 (L − o) / (L + 1)` for `L` levels (`numberLevels`): consecutive ordinals are `0.9 / (L + 1)` apart. The
/// ordinals are, in order: one R-T-1 level per arranged item (reverse pre-order, the last item first), one R-H-2
/// level, one R-T-2/R-F-3 level, then two R-T-8 levels (size, then corner) per item with variables, in slot order.
/// Levels without rows are not in `tieLevels`, but every item's R-T-8 size and corner levels have rows (an arranged
/// item has an origin), so with an arranged item the smallest gap between two tie priorities is one ordinal, which
/// gives `L` and every level's ordinal back. This reads the builder's numbering rather than changing the builder.
struct TieRules {
    /// A tie level's rule and what it decides, for people.
    struct Rule {
        let id: String
        let description: String
    }

    let system: ReferenceSystem
    /// The distance between consecutive ordinals' priorities; nil when it cannot be read (no arranged item).
    let step: Double?

    init(_ system: ReferenceSystem) {
        self.system = system
        var priorities: [Double] = []
        for level in system.tieLevels { priorities.append(system.rows[level[0]].priority) }
        let gaps = zip(priorities, priorities.dropFirst()).map { $0 - $1 }.filter { $0 > 0 }
        step = system.index.items.isEmpty ? nil : gaps.min()
    }

    /// The rule of the tie level at `priority`.
    func rule(ofPriority priority: Double) -> Rule {
        let items = system.index.items
        guard let step else {
            return Rule(id: "R-T-8", description: "R-T-8: the root stack's size, which nothing else decides, is not the smallest")
        }
        let levelCount = (0.9 / step).rounded() - 1
        // Within the levels the builder made (a priority it did not make reads as the nearest end).
        let ordinal = max(0, Int(max(-1, min(1e6, (levelCount - priority / step).rounded()))))
        if ordinal < items.count {
            let id = items[items.count - 1 - ordinal].id
            return Rule(id: "R-T-1", description: "R-T-1: \(id) takes more of the slack than the reference gives it "
                        + "(the lowest-index view absorbs a difference first; \(id)'s level)")
        }
        if ordinal == items.count {
            return Rule(id: "R-H-2", description: "R-H-2: a hidden view is not where the reference puts it "
                        + "(equal-* distributions: the middle of its visible neighbours' gap)")
        }
        if ordinal == items.count + 1 {
            return Rule(id: "R-T-2/R-F-3", description: "R-T-2/R-F-3: an all-hidden stack is not zero-sized with its "
                        + "views at its canvas origin")
        }
        let slot = (ordinal - items.count - 2) / 2, isSize = (ordinal - items.count - 2) % 2 == 0
        let name = slot >= 0 && slot < system.items.count ? system.items[slot].name : "an item"
        return Rule(id: "R-T-8", description: "R-T-8: " + (isSize
            ? "\(name)'s size is not the smallest that the constraints leave free"
            : "\(name) is not as near its canvas origin as the constraints leave free"))
    }
}
