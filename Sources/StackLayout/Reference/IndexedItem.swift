/// An item that UIKit's constraints name, by its place in the scenario rather than by its id: the root stack, the
/// arranged item at a pre-order index of `ScenarioIndex` (a leaf, or a nested stack, which is the same item as the
/// stack itself), or a guide of a stack (`stack`: the pre-order index of the nested stack's item, nil for the root).
///
/// The reference system names its variables by it. `UISVItem` names the same items by id, as `stackcheck
/// constraints` prints them (`uisvItem(_:)`); a place names one item whatever the ids.
enum IndexedItem: Hashable, Sendable {
    /// The root stack view.
    case root
    /// The arranged item at a pre-order index.
    case view(Int)
    /// `layoutMarginsGuide` of a margins-relative stack (§2.1).
    case marginsGuide(stack: Int?)
    /// `UISV-alignment-spanner` (§2.1).
    case alignmentSpanner(stack: Int?)
    /// `UISV-ordering-spanner` (§2.1).
    case orderingSpanner(stack: Int?)
    /// `UISV-distributing[index]`, a gap guide of an equal-* stack.
    case gap(stack: Int?, index: Int)

    /// The stack at `stack` itself: the root, or the item that holds the nested stack.
    static func stack(_ stack: Int?) -> IndexedItem { stack.map { .view($0) } ?? .root }

    /// The same item named by id, as the constraints print it.
    func uisvItem(_ index: ScenarioIndex) -> UISVItem {
        func owner(_ stack: Int?) -> String? { stack.map { index.items[$0].id } }
        switch self {
        case .root: return .root
        case .view(let i): return .view(index.items[i].id)
        case .marginsGuide(let stack): return .marginsGuide(owner: owner(stack))
        case .alignmentSpanner(let stack): return .alignmentSpanner(owner: owner(stack))
        case .orderingSpanner(let stack): return .orderingSpanner(owner: owner(stack))
        case .gap(let stack, let k): return .gap(owner: owner(stack), index: k)
        }
    }
}
