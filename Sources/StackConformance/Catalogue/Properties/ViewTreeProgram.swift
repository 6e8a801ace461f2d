import PropertyCheck
import StackLayout

/// The view-tree properties' world (R-V-*, R-SP-2/3): two stack views, `root` (horizontal) and `inner` (vertical,
/// itself a view that can be arranged in `root`), and four leaf views, operated on by random programs of UIKit's
/// calls. Views and stacks are named by index so programs print and shrink simply.
public enum ViewTreeOperation: Hashable, Sendable, CustomStringConvertible {
    /// `addArrangedSubview(_:)` of view `view` on stack `stack`.
    case addArrangedSubview(view: Int, stack: Int)
    /// `insertArrangedSubview(_:at:)` of view `view` on stack `stack`.
    case insertArrangedSubview(view: Int, stack: Int, index: Int)
    /// `removeArrangedSubview(_:)` of view `view` from stack `stack`.
    case removeArrangedSubview(view: Int, stack: Int)
    /// `removeFromSuperview()` of view `view`.
    case removeFromSuperview(view: Int)
    /// `addSubview(_:)` of view `view` on stack `stack`.
    case addSubview(view: Int, stack: Int)
    /// `isHidden` of view `view` set.
    case setHidden(view: Int, Bool)
    /// `setCustomSpacing(_:after:)` on stack `stack`, after view `after`.
    case setCustomSpacing(Double, after: Int, stack: Int)

    /// The pool of views: four leaves, then `inner` (a stack view).
    public static let viewIDs = ["a", "b", "c", "d", "inner"]
    /// The two stacks: `root`, then `inner`.
    public static let stackIDs = ["root", "inner"]

    public var description: String {
        let v = Self.viewIDs, s = Self.stackIDs
        switch self {
        case .addArrangedSubview(let view, let stack): return "\(s[stack]).addArrangedSubview(\(v[view]))"
        case .insertArrangedSubview(let view, let stack, let index): return "\(s[stack]).insertArrangedSubview(\(v[view]), at: \(index))"
        case .removeArrangedSubview(let view, let stack): return "\(s[stack]).removeArrangedSubview(\(v[view]))"
        case .removeFromSuperview(let view): return "\(v[view]).removeFromSuperview()"
        case .addSubview(let view, let stack): return "\(s[stack]).addSubview(\(v[view]))"
        case .setHidden(let view, let hidden): return "\(v[view]).isHidden = \(hidden)"
        case .setCustomSpacing(let spacing, let after, let stack): return "\(s[stack]).setCustomSpacing(\(formatNumber(spacing)), after: \(v[after]))"
        }
    }

    /// Random operations; every choice shrinks towards `root.addArrangedSubview(a)`. Adding outweighs removing so
    /// that stacks fill up, and setCustomSpacing is common enough that its value often survives to the end of a
    /// program next to a visible view (R-SP-2, R-SP-3 and R-V-9 need that).
    public static var generator: Gen<ViewTreeOperation> {
        // a and b most often, so that operations on the same view meet within a program (add, set custom spacing,
        // remove, add again); c, d and the inner stack less often.
        let view = Gen<Int>.frequency([(5, .just(0)), (3, .just(1)), (1, .just(2)), (1, .just(3)), (2, .just(4))])
        let stack = Gen<Int>.frequency([(2, .just(0)), (1, .just(1))])   // the root more often: it is laid out
        return .frequency([
            (4, Gen { tc throws(StopTest) in .addArrangedSubview(view: try view.run(tc), stack: try stack.run(tc)) }),
            (3, Gen { tc throws(StopTest) in
                .insertArrangedSubview(view: try view.run(tc), stack: try stack.run(tc), index: try Gens.int(0...5).run(tc)) }),
            (3, Gen { tc throws(StopTest) in .removeArrangedSubview(view: try view.run(tc), stack: try stack.run(tc)) }),
            (2, Gen { tc throws(StopTest) in .removeFromSuperview(view: try view.run(tc)) }),
            (1, Gen { tc throws(StopTest) in .addSubview(view: try view.run(tc), stack: try stack.run(tc)) }),
            (1, Gen { tc throws(StopTest) in .setHidden(view: try view.run(tc), try Gens.bool.run(tc)) }),
            (5, Gen { tc throws(StopTest) in
                .setCustomSpacing(Double(try Gens.int(0...20).run(tc)), after: try view.run(tc), stack: try stack.run(tc)) }),
        ])
    }

    /// Programs of up to 24 operations (each its own span, so the shrinker deletes whole operations).
    public static var programs: Gen<[ViewTreeOperation]> { Gens.array(generator, count: 0...24, averageLength: 12) }
}

/// A view tree that runs the operations: the package's `StackView` (`StackViewTree`), or a deliberately broken
/// variant (the view-tree mutants, module `StackConformanceMutants`). Subclasses override `perform` to misbehave.
/// Not part of the library's API: only the mutants subclass it (`@_spi(Mutants)`).
@_spi(Mutants) open class ViewTreeUnderTest: @unchecked Sendable {
    public let root: StackView
    public let inner: StackView
    public let leaves: [View]

    public required init() {
        root = StackView(id: "root", axis: .horizontal)
        root.spacing = 4
        inner = StackView(id: "inner", axis: .vertical)
        inner.spacing = 2
        leaves = [
            View(id: "a", intrinsicContentSize: IntrinsicContentSize(width: 10, height: 20)),
            View(id: "b", intrinsicContentSize: IntrinsicContentSize(width: 30, height: 10)),
            View(id: "c", intrinsicContentSize: IntrinsicContentSize(width: 5, height: 5), firstBaseline: 4, lastBaseline: 4),
            View(id: "d", intrinsicContentSize: IntrinsicContentSize(width: nil, height: 15)),
        ]
    }

    public func view(_ i: Int) -> View { i < 4 ? leaves[i] : inner }
    public func stack(_ i: Int) -> StackView { i == 0 ? root : inner }

    /// Runs one operation; throws what UIKit would raise (R-V-6, cycles).
    open func perform(_ op: ViewTreeOperation) throws(ViewTreeError) {
        switch op {
        case .addArrangedSubview(let v, let s): try stack(s).addArrangedSubview(view(v))
        case .insertArrangedSubview(let v, let s, let i): try stack(s).insertArrangedSubview(view(v), at: i)
        case .removeArrangedSubview(let v, let s): stack(s).removeArrangedSubview(view(v))
        case .removeFromSuperview(let v): view(v).removeFromSuperview()
        case .addSubview(let v, let s): try stack(s).addSubview(view(v))
        case .setHidden(let v, let hidden): view(v).isHidden = hidden
        case .setCustomSpacing(let spacing, let after, let s): stack(s).setCustomSpacing(.points(spacing), after: view(after))
        }
    }

    /// The ids of a stack's arrangedSubviews, as the properties observe them.
    open func arrangedIDs(_ s: Int) -> [String] { stack(s).arrangedSubviews.map(\.id) }
    /// The ids of a stack's subviews.
    open func subviewIDs(_ s: Int) -> [String] { stack(s).subviews.map(\.id) }

    /// The observable state, in the model's terms.
    public var state: ViewTreeModel {
        var m = ViewTreeModel()
        for s in 0..<2 {
            let st = stack(s)
            m.arranged[s] = arrangedIDs(s)
            m.subviews[s] = subviewIDs(s)
            m.customSpacing[s] = st.arrangedSubviews.compactMap { v in
                if case .points(let p) = st.customSpacing(after: v) { return ViewTreeModel.Custom(view: v.id, spacing: p) }
                return nil
            }
        }
        m.hidden = (0..<5).filter { view($0).isHidden }.map { ViewTreeOperation.viewIDs[$0] }
        return m
    }
}

/// The package's own view tree, unmodified.
@_spi(Mutants) public final class StackViewTree: ViewTreeUnderTest, @unchecked Sendable {}

/// The view tree's specification as plain lists (R-V-2…R-V-8, R-SP-2, R-SP-3): what every operation must do.
public struct ViewTreeModel: Hashable, Sendable, CustomStringConvertible {
    /// A custom spacing after a view.
    public struct Custom: Hashable, Sendable {
        /// The view's id.
        public var view: String
        /// The spacing after it, in points.
        public var spacing: Double
    }
    /// Per stack (0 root, 1 inner): arranged ids, subview ids, custom spacings in arranged order.
    public var arranged: [[String]] = [[], []]
    /// Per stack, the ids of its subviews in z-order.
    public var subviews: [[String]] = [[], []]
    /// Per stack, its custom spacings in arranged order.
    public var customSpacing: [[Custom]] = [[], []]
    /// The ids of the hidden views.
    public var hidden: [String] = []

    /// The initial state: both stacks empty, nothing hidden.
    public init() {}

    public var description: String {
        (0..<2).map { s in
            "\(ViewTreeOperation.stackIDs[s]): arranged \(arranged[s]), subviews \(subviews[s]), custom "
                + customSpacing[s].map { "\($0.view)=\(formatNumber($0.spacing))" }.joined(separator: ",")
        }.joined(separator: "; ") + "; hidden \(hidden)"
    }

    func superview(of id: String) -> Int? { (0..<2).first { subviews[$0].contains(id) } }

    /// Adding `view` into `stack` is a cycle when it is the stack itself or an ancestor (`inner` into itself, or
    /// `inner` into `root` while `root`… is never a subview: only the first case exists in this world).
    func isCycle(view: String, stack: Int) -> Bool { view == ViewTreeOperation.stackIDs[stack] }

    mutating func detach(_ id: String) {
        guard let s = superview(of: id) else { return }
        subviews[s].removeAll { $0 == id }
        arranged[s].removeAll { $0 == id }
        customSpacing[s].removeAll { $0.view == id }
    }

    /// Applies `op`; returns false (and changes nothing) when UIKit raises.
    public mutating func apply(_ op: ViewTreeOperation) -> Bool {
        let ids = ViewTreeOperation.viewIDs
        switch op {
        case .addArrangedSubview(let v, let s):
            let count = arranged[s].filter { $0 != ids[v] }.count   // R-V-8: an arranged view moves to the end
            return apply(.insertArrangedSubview(view: v, stack: s, index: count))
        case .insertArrangedSubview(let v, let s, let index):
            let id = ids[v]
            let others = arranged[s].filter { $0 != id }
            guard index <= others.count, !isCycle(view: id, stack: s) else { return false }   // R-V-6, R-V-7
            if !arranged[s].contains(id) && superview(of: id) != s {
                detach(id)                       // R-V-4, R-V-7: first removed from its old superview
                subviews[s].append(id)           // R-V-2
            }
            arranged[s] = others
            arranged[s].insert(id, at: index)    // R-V-7; custom spacing kept (R-SP-3)
            return true
        case .removeArrangedSubview(let v, let s):
            arranged[s].removeAll { $0 == ids[v] }                   // R-V-3: stays a subview
            customSpacing[s].removeAll { $0.view == ids[v] }         // R-SP-3: dropped
            return true
        case .removeFromSuperview(let v):
            detach(ids[v])                                          // R-V-4
            return true
        case .addSubview(let v, let s):
            let id = ids[v]
            guard !isCycle(view: id, stack: s) else { return false }
            if superview(of: id) == s {
                subviews[s].removeAll { $0 == id }
                subviews[s].append(id)           // moved to the front of the z-order; arranged order unchanged (R-V-5)
            } else {
                detach(id)
                subviews[s].append(id)
            }
            return true
        case .setHidden(let v, let hidden):
            hiddenSet(ids[v], hidden)                               // R-H-3: stays arranged and a subview
            return true
        case .setCustomSpacing(let spacing, let after, let s):
            let id = ids[after]
            guard arranged[s].contains(id) else { return true }      // R-SP-3: not stored for a non-arranged view
            customSpacing[s].removeAll { $0.view == id }
            customSpacing[s].append(Custom(view: id, spacing: spacing))
            customSpacing[s].sort { a, b in
                (arranged[s].firstIndex(of: a.view) ?? 0) < (arranged[s].firstIndex(of: b.view) ?? 0)
            }
            return true
        }
    }

    mutating func hiddenSet(_ id: String, _ isHidden: Bool) {
        hidden.removeAll { $0 == id }
        if isHidden { hidden.append(id) }
        hidden.sort { (ViewTreeOperation.viewIDs.firstIndex(of: $0) ?? 0) < (ViewTreeOperation.viewIDs.firstIndex(of: $1) ?? 0) }
    }

    /// Custom spacings listed in arranged order (the state compares them so).
    func normalized() -> ViewTreeModel {
        var m = self
        for s in 0..<2 {
            m.customSpacing[s].sort { a, b in
                (arranged[s].firstIndex(of: a.view) ?? 0) < (arranged[s].firstIndex(of: b.view) ?? 0)
            }
        }
        return m
    }
}
