// Iterative traversals of the scenario tree. Nested stacks can be arbitrarily deep when built in Swift (the JSON
// reader caps depth at 64, the engine APIs do not), so nothing here recurses once per nesting level.

extension Stack {
    /// Returns a copy in which `stack` has been applied to every stack (this one and every nested one) and `item`
    /// to every arranged item, at every depth. Children are visited before the closure sees their parent's
    /// rebuilt `arrangedSubviews`; `item` sees an item whose nested stack (if any) is already transformed.
    /// Iterative: safe for any nesting depth.
    public func transformed(stack transformStack: (inout Stack) -> Void,
                            item transformItem: (inout ArrangedView) -> Void) -> Stack {
        struct Level {
            var stack: Stack
            var next = 0
            var children: [ArrangedView] = []
            /// The item that holds this nested stack; `nil` for the root.
            var holder: ArrangedView?
        }
        var levels: [Level] = [Level(stack: self, holder: nil)]
        levels[0].children.reserveCapacity(arrangedSubviews.count)
        while true {
            let top = levels.count - 1
            if levels[top].next < levels[top].stack.arrangedSubviews.count {
                let child = levels[top].stack.arrangedSubviews[levels[top].next]
                levels[top].next += 1
                if case .stack(let nested) = child.content {
                    levels.append(Level(stack: nested, holder: child))
                } else {
                    var copy = child
                    transformItem(&copy)
                    levels[top].children.append(copy)
                }
                continue
            }
            var finished = levels.removeLast()
            finished.stack.arrangedSubviews = finished.children
            transformStack(&finished.stack)
            guard var holder = finished.holder else { return finished.stack }
            holder.content = .stack(finished.stack)
            transformItem(&holder)
            levels[levels.count - 1].children.append(holder)
        }
    }

    /// Visits every arranged item at every depth in pre-order, with its depth (1 for this stack's own items).
    /// Iterative: safe for any nesting depth.
    public func forEachItem(_ body: (_ item: ArrangedView, _ depth: Int) throws -> Void) rethrows {
        var pending: [(ArrangedView, Int)] = arrangedSubviews.reversed().map { ($0, 1) }
        while let (item, depth) = pending.popLast() {
            try body(item, depth)
            if case .stack(let nested) = item.content {
                for child in nested.arrangedSubviews.reversed() { pending.append((child, depth + 1)) }
            }
        }
    }
}
