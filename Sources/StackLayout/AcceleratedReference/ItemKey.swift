/// An item of one scenario (`IndexedItem`) packed as a small integer. The packed system's builder finds an item's
/// slot by indexing an array with it, never hashing an item or copying the items' String ids, which would dominate
/// building a small system. A key means something only with the `ItemKeySpace` (the `ScenarioIndex`) it was made in.
struct ItemKey: Hashable, Sendable {
    let code: Int32
}

/// The keys of one scenario's items. Stacks are numbered as owners: 0 for the root, `i + 1` for the item at
/// pre-order index `i`. With `s` = items + 1, the codes are, by range of `s`:
/// - `owner`: the stack item itself, or any arranged item (the root is 0, the item at pre-order `i` is `i + 1`);
/// - `s + owner`: the owner's margins guide; `2s + owner`: its alignment spanner; `3s + owner`: its ordering spanner;
/// - `4s + c`: the owner's gap guide `k`, `c` the pre-order index of the owner's `k`-th arranged item (a stack has
///   fewer gap guides than arranged items, so each gap guide has its own code).
struct ItemKeySpace: Sendable {
    let stride: Int32

    init(_ index: ScenarioIndex) { stride = Int32(index.items.count + 1) }

    /// How many codes there are (the size of a table by code).
    var count: Int { 5 * Int(stride) - 1 }

    static let root = ItemKey(code: 0)
    /// The arranged item at pre-order index `i`.
    func view(_ i: Int) -> ItemKey { ItemKey(code: Int32(i) + 1) }
    /// The stack `owner` itself (0: the root).
    func stack(_ owner: Int32) -> ItemKey { ItemKey(code: owner) }
    func marginsGuide(_ owner: Int32) -> ItemKey { ItemKey(code: stride + owner) }
    func alignmentSpanner(_ owner: Int32) -> ItemKey { ItemKey(code: 2 * stride + owner) }
    func orderingSpanner(_ owner: Int32) -> ItemKey { ItemKey(code: 3 * stride + owner) }
    /// The gap guide `k` of a stack, `child` the pre-order index of the stack's `k`-th arranged item.
    func gap(child: Int) -> ItemKey { ItemKey(code: 4 * stride + Int32(child)) }

    /// The key of an item named by place (inlined: the packed builder asks it for every constraint's items).
    @inline(__always)
    func key(_ item: IndexedItem, _ index: ScenarioIndex) -> ItemKey {
        func owner(_ stack: Int?) -> Int32 { stack.map { Int32($0 + 1) } ?? 0 }
        switch item {
        case .root: return Self.root
        case .view(let i): return view(i)
        case .marginsGuide(let stack): return marginsGuide(owner(stack))
        case .alignmentSpanner(let stack): return alignmentSpanner(owner(stack))
        case .orderingSpanner(let stack): return orderingSpanner(owner(stack))
        case .gap(let stack, let k): return gap(child: index.arranged(by: stack)[k])
        }
    }

    /// The owner number of the stack that arranges the item at pre-order index `i`.
    static func parentOwner(of i: Int, _ index: ScenarioIndex) -> Int32 {
        index.items[i].parent.map { Int32($0 + 1) } ?? 0
    }

    enum Kind { case item, marginsGuide, alignmentSpanner, orderingSpanner, gap }

    /// A key's kind and its number: the owner (for `.item`, 0 the root and `i + 1` the item at pre-order `i`), or
    /// for `.gap` the pre-order index of the arranged item that numbers it.
    func decode(_ key: ItemKey) -> (kind: Kind, number: Int32) {
        let (q, r) = key.code.quotientAndRemainder(dividingBy: stride)
        let kind: Kind = switch q {
        case 0: .item
        case 1: .marginsGuide
        case 2: .alignmentSpanner
        case 3: .orderingSpanner
        default: .gap
        }
        return (kind, r)
    }

    /// The pre-order index of an arranged item's key (nil for the root and the guides).
    func viewIndex(_ key: ItemKey) -> Int? {
        key.code > 0 && key.code < stride ? Int(key.code - 1) : nil
    }

    /// The `UISVItem` a key stands for.
    func item(_ key: ItemKey, _ index: ScenarioIndex) -> UISVItem {
        func owner(_ o: Int32) -> String? { o == 0 ? nil : index.items[Int(o) - 1].id }
        let (kind, n) = decode(key)
        switch kind {
        case .item: return n == 0 ? .root : .view(index.items[Int(n) - 1].id)
        case .marginsGuide: return .marginsGuide(owner: owner(n))
        case .alignmentSpanner: return .alignmentSpanner(owner: owner(n))
        case .orderingSpanner: return .orderingSpanner(owner: owner(n))
        case .gap:
            let child = index.items[Int(n)]
            return .gap(owner: child.parent.map { index.items[$0].id }, index: child.position)
        }
    }
}
