// Iterative traversals of the scenario tree. Nested stacks can be arbitrarily deep when built in Swift (the JSON
// reader caps depth at 64, the engine APIs do not), so nothing here recurses once per nesting level.

extension Stack {
    /// Folds the tree bottom-up: `makeItem` receives each item with its nested stack's folded value (`nil` for a
    /// leaf), `makeStack` each stack with its items' values. Iterative: safe for any nesting depth.
    public func fold<S, I>(stack makeStack: (Stack, [I]) -> S, item makeItem: (ArrangedView, S?) -> I) -> S {
        var levels = [FoldLevel<I>(stack: self, holder: nil)]
        while true {
            let top = levels.count - 1
            if levels[top].next < levels[top].stack.arrangedSubviews.count {
                let child = levels[top].stack.arrangedSubviews[levels[top].next]
                levels[top].next += 1
                if case .stack(let nested) = child.content {
                    levels.append(FoldLevel(stack: nested, holder: child))
                } else {
                    levels[top].items.append(makeItem(child, nil))
                }
                continue
            }
            let done = levels.removeLast()
            let value = makeStack(done.stack, done.items)
            guard let holder = done.holder else { return value }
            levels[levels.count - 1].items.append(makeItem(holder, value))
        }
    }

    /// Returns a copy in which `stack` has been applied to every stack (this one and every nested one) and `item`
    /// to every arranged item, at every depth; each closure sees its children already transformed.
    public func transformed(stack transformStack: (inout Stack) -> Void,
                            item transformItem: (inout ArrangedView) -> Void) -> Stack {
        fold(stack: { (s: Stack, items: [ArrangedView]) -> Stack in
            var copy = s
            copy.arrangedSubviews = items
            transformStack(&copy)
            return copy
        }, item: { (item: ArrangedView, nested: Stack?) -> ArrangedView in
            var copy = item
            if let nested { copy.content = .stack(nested) }
            transformItem(&copy)
            return copy
        })
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

/// One open stack of `Stack.fold`'s explicit work stack.
private struct FoldLevel<I> {
    var stack: Stack
    var next = 0
    var items: [I] = []
    /// The item that holds this nested stack; `nil` for the root.
    var holder: ArrangedView?
}
