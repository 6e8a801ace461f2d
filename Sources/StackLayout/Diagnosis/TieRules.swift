/// What a level of the project's decides, for people: the rule `ReferenceSystemBuilder` recorded for the level
/// (`ReferenceSystem.levelRules`, §9, R-T-8's objective order) in words.
struct TieRules {
    /// A tie level's rule and what it decides, for people.
    struct Rule {
        let id: String
        let description: String
    }

    let system: ReferenceSystem

    init(_ system: ReferenceSystem) { self.system = system }

    /// The rule of the level with ordinal `level` (`ReferenceSystem.Row.level`).
    func rule(ofLevel level: Int) -> Rule {
        let index = system.index
        switch system.levelRules[level] {
        case .itemSlack(let i):
            let id = index.items[i].id
            return Rule(id: "R-T-1", description: "R-T-1: \(id) takes more of the slack than the reference gives it "
                        + "(the lowest-index view absorbs a difference first; \(id)'s level)")
        case .hiddenPlacement:
            return Rule(id: "R-H-2", description: "R-H-2: a hidden view is not where the reference puts it "
                        + "(equal-* distributions: the middle of its visible neighbours' gap)")
        case .allHiddenPlacement:
            return Rule(id: "R-T-2/R-F-3", description: "R-T-2/R-F-3: an all-hidden stack is not zero-sized with its "
                        + "views at its canvas origin")
        case .size(let item):
            // Without arranged items, the root is the only item, and its size is what the constraints leave free.
            guard !index.items.isEmpty else {
                return Rule(id: "R-T-8", description: "R-T-8: the root stack's size, which nothing else decides, is not the smallest")
            }
            return Rule(id: "R-T-8", description: "R-T-8: \(item.uisvItem(index).name)'s size is not the smallest "
                        + "that the constraints leave free")
        case .corner(let item):
            return Rule(id: "R-T-8", description: "R-T-8: \(item.uisvItem(index).name) is not as near its canvas "
                        + "origin as the constraints leave free")
        }
    }
}
