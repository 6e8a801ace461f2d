/// Positions measured from a neighbour, for long stacks: a change of variables that keeps a stack's spacing chain
/// sparse in the tableau.
///
/// Each item's frame has an x and a y in root coordinates. In a simplex tableau every basic variable is written
/// over the nonbasic ones, so the x of a horizontal stack's k-th view, the sum of the lengths before it, holds a
/// cell per earlier view: the rows of a long stack grow dense, and the solve grows with the square of the stack.
/// Here the solver's position variables are instead offsets `d`: an item's x is `d + x(from)`, `from` the item it
/// is measured from (`RelativePositions.parent`): along its stack's axis, the previous arranged item (the stack
/// for the first); across it, the stack; a guide, from its stack or the item that numbers it; the root from
/// nothing (`d` is its x). UIKit's constraints relate neighbours (`x₍ᵢ₊₁₎ = x₍ᵢ₎ + wᵢ + s` becomes
/// `d₍ᵢ₊₁₎ = wᵢ + s`), so every row stays short, and the positions are summed back from the offsets after the
/// solve. The map is triangular with ones on the diagonal, so the optimum is the same; only rounding may differ.
///
/// A row relating items far apart along a stack gets long instead (an R-T-8 corner is measured from the stack's
/// canvas); at the tie levels most such rows are already fixed, which `AcceleratedSolve` tells from the chain
/// without rewriting them. Only one-shot solves of scenarios with at least `threshold` items use offsets: a layout
/// session diffs one system's rows against the next, whose items, and so offsets, differ.
package struct RelativePositions: Sendable, Equatable {
    /// For each variable index (`PackedSystem.variable(slot:_:)`): for an x or y, the index of the variable it
    /// is measured from (always a lower index), or −1 when it is measured from nothing (the root's); −2 for a width
    /// or height.
    let parent: [Int32]

    static let notPosition: Int32 = -2

    /// The number of arranged items (at any depth) from which a one-shot solve measures positions from neighbours.
    /// Below it, the offsets cost more than they save (rewriting rows and summing positions back) while a stack's
    /// rows are not yet long; the benchmark's "positions in root coordinates" lines measure both sides.
    package static let threshold = 64

    /// The offsets of a system's positions.
    init(_ system: PackedSystem) {
        self.init(itemKeys: system.itemKeys, slotOfKey: system.slotOfKey, keys: system.keys, index: system.index,
                  rootAxis: system.rootAxis)
    }

    init(itemKeys: [ItemKey], slotOfKey: [Int32], keys: ItemKeySpace, index: ScenarioIndex, rootAxis: Axis) {
        var parent = [Int32](repeating: Self.notPosition, count: 4 * itemKeys.count)
        func axis(ofOwner owner: Int32) -> Axis {
            owner == 0 ? rootAxis : index.items[Int(owner) - 1].view.stack?.axis ?? .horizontal
        }
        for (slot, key) in itemKeys.enumerated() {
            let (kind, number) = keys.decode(key)
            var fromX: ItemKey?, fromY: ItemKey?
            switch kind {
            case .item:
                guard number > 0 else { break }   // the root: absolute
                let i = Int(number) - 1
                let item = index.items[i]
                let owner = ItemKeySpace.parentOwner(of: i, index)
                let stack = keys.stack(owner)
                let previous = item.position > 0 ? keys.view(index.arranged(by: item.parent)[item.position - 1]) : stack
                let horizontal = axis(ofOwner: owner) == .horizontal
                fromX = horizontal ? previous : stack
                fromY = horizontal ? stack : previous
            case .marginsGuide, .alignmentSpanner, .orderingSpanner:
                fromX = keys.stack(number); fromY = fromX
            case .gap:
                fromX = keys.view(Int(number)); fromY = fromX
            }
            for (component, from) in [(PackedSystem.VariableKey.Component.x, fromX), (.y, fromY)] {
                let v = Int(PackedSystem.variable(slot: Int32(slot), component))
                let fromSlot = from.map { slotOfKey[Int($0.code)] } ?? -1
                // A parent always has a lower slot (the root, then items in pre-order, then guides); one without
                // variables leaves the position absolute.
                parent[v] = fromSlot >= 0 && fromSlot < Int32(slot) ? PackedSystem.variable(slot: fromSlot, component) : -1
            }
        }
        self.parent = parent
    }

    /// Rewrites `Σ c·v` over root-coordinate variables as the same sum over offsets, into `out` (offset terms
    /// keyed by the index of the position they belong to; widths and heights as they are). `work` is scratch.
    /// Each position `x = d + x(from)` is replaced deepest first, so a position's coefficient is complete when it is
    /// replaced; coefficients that cancel (a row relating neighbours) stop the walk where they meet.
    func rewrite(_ terms: ArraySlice<PackedSystem.Term>, into out: inout [PackedSystem.Term],
                 work: inout [PackedSystem.Term]) {
        work.removeAll(keepingCapacity: true)
        for t in terms {
            if parent[Int(t.variable)] == Self.notPosition { out.append(t) } else { Self.accumulate(t, into: &work) }
        }
        // `work` is sorted by variable: the last is the deepest.
        while let t = work.popLast() {
            guard t.coefficient != 0 else { continue }
            out.append(t)
            var from = parent[Int(t.variable)]
            guard from >= 0 else { continue }
            if work.isEmpty {
                // Nothing left to cancel with: the rest of the way to the root, term by term.
                while from >= 0 {
                    out.append(PackedSystem.Term(variable: from, coefficient: t.coefficient))
                    from = parent[Int(from)]
                }
                return
            }
            Self.accumulate(PackedSystem.Term(variable: from, coefficient: t.coefficient), into: &work)
        }
    }

    /// Adds `t` to the term of its variable in `work` (sorted by variable), or inserts it in order.
    static func accumulate(_ t: PackedSystem.Term, into work: inout [PackedSystem.Term]) {
        var i = work.count
        while i > 0 && work[i - 1].variable > t.variable { i -= 1 }
        if i > 0 && work[i - 1].variable == t.variable {
            work[i - 1] = PackedSystem.Term(variable: t.variable, coefficient: work[i - 1].coefficient + t.coefficient)
        } else {
            work.insert(t, at: i)
        }
    }

    /// The root-coordinate positions from the offsets' values (`offset(v)` for a position variable `v`), every
    /// other entry 0: parents first, as their indices are lower.
    func positions(_ offset: (Int32) -> Double) -> [Double] {
        var out = [Double](repeating: 0, count: parent.count)
        for v in parent.indices where parent[v] != Self.notPosition {
            let from = parent[v]
            out[v] = from >= 0 ? offset(Int32(v)) + out[Int(from)] : offset(Int32(v))
        }
        return out
    }
}
