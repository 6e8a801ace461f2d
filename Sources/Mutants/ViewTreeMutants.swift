@_spi(Mutants) import StackConformance
import StackLayout

// The view-tree mutants (`Mutants.trees`): a view tree with one bug in how it applies an operation, for the
// `tree.*` properties.

final class RemoveFromSuperviewKeepsArranged: ViewTreeUnderTest, @unchecked Sendable {
    /// Views that left their stack by removeFromSuperview but, by the bug, are still listed as arranged there.
    private var ghosts: [(stack: Int, id: String, index: Int)] = []
    override func perform(_ op: ViewTreeOperation) throws(ViewTreeError) {
        if case .removeFromSuperview(let v) = op, let parent = view(v).superview as? StackView,
           let index = parent.arrangedSubviews.firstIndex(where: { $0 === view(v) }) {
            ghosts.append((parent === root ? 0 : 1, view(v).id, index))
        }
        try super.perform(op)
        // A ghost disappears once its view is a subview somewhere again.
        ghosts.removeAll { g in (0..<2).contains { stack($0).subviews.contains { $0.id == g.id } } }
    }
    override func arrangedIDs(_ s: Int) -> [String] {
        var ids = super.arrangedIDs(s)
        for g in ghosts where g.stack == s { ids.insert(g.id, at: min(g.index, ids.count)) }
        return ids
    }
}

final class RemoveArrangedRemovesSubview: ViewTreeUnderTest, @unchecked Sendable {
    override func perform(_ op: ViewTreeOperation) throws(ViewTreeError) {
        if case .removeArrangedSubview(let v, let s) = op, stack(s).arrangedSubviews.contains(where: { $0 === view(v) }) {
            view(v).removeFromSuperview()
            return
        }
        try super.perform(op)
    }
}

final class InsertBeyondCountAppends: ViewTreeUnderTest, @unchecked Sendable {
    override func perform(_ op: ViewTreeOperation) throws(ViewTreeError) {
        if case .insertArrangedSubview(let v, let s, let index) = op {
            let count = stack(s).arrangedSubviews.filter { $0 !== view(v) }.count
            if index > count && !(v == 4 && s == 1) {
                try super.perform(.addArrangedSubview(view: v, stack: s))
                return
            }
        }
        try super.perform(op)
    }
}

final class CustomSpacingKeptOnRemoval: ViewTreeUnderTest, @unchecked Sendable {
    private var remembered: [(view: Int, stack: Int, spacing: Spacing)] = []
    override func perform(_ op: ViewTreeOperation) throws(ViewTreeError) {
        switch op {
        case .removeArrangedSubview(let v, let s):
            let spacing = stack(s).customSpacing(after: view(v))
            if spacing != .useDefault { remembered.append((v, s, spacing)) }
            try super.perform(op)
        case .removeFromSuperview(let v):
            for s in 0..<2 {
                let spacing = stack(s).customSpacing(after: view(v))
                if spacing != .useDefault { remembered.append((v, s, spacing)) }
            }
            try super.perform(op)
        case .addArrangedSubview(let v, let s), .insertArrangedSubview(let v, let s, _):
            try super.perform(op)
            if let i = remembered.lastIndex(where: { $0.view == v && $0.stack == s }) {
                stack(s).setCustomSpacing(remembered[i].spacing, after: view(v))
                remembered.remove(at: i)
            }
        default:
            try super.perform(op)
        }
    }
}
