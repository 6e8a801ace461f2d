/// A view in the model of UIKit's view tree (§5). Views have identity, like UIKit's, so they are classes; a tree is
/// confined to one task at a time (UIKit's main-thread rule), hence not Sendable. `scenario(...)` turns a tree into
/// a value at any moment.
public class View {
    /// Unique across the tree when it becomes a scenario (checked then).
    public let id: String
    /// `isHidden`: in a stack, a hidden arranged view takes no length along the axis.
    public var isHidden = false
    /// Intrinsic content size; `nil` per dimension is `UIView.noIntrinsicMetric`. A stack view has none of its own.
    public var intrinsicContentSize: IntrinsicContentSize
    /// Baseline offsets from the top; `nil` means the bottom edge (a view without text).
    public var firstBaseline: Double?
    /// The last baseline offset from the top; `nil` means the bottom edge.
    public var lastBaseline: Double?
    /// Constraints the user adds to this view (§7).
    public var constraints: [UserConstraint] = []
    var hugging = AxisPriorities.defaultHugging
    var compressionResistance = AxisPriorities.defaultCompressionResistance

    /// The view this one is a subview of.
    public internal(set) weak var superview: View?
    /// Subviews in z-order (R-V-5: independent of the arranged order).
    public internal(set) var subviews: [View] = []

    /// A view with `id` and, for a leaf, its intrinsic content size and baselines.
    public init(id: String, intrinsicContentSize: IntrinsicContentSize = .none, firstBaseline: Double? = nil,
                lastBaseline: Double? = nil) {
        self.id = id
        self.intrinsicContentSize = intrinsicContentSize
        self.firstBaseline = firstBaseline
        self.lastBaseline = lastBaseline
    }

    /// The content hugging priority on `axis` (250 by default).
    public func contentHuggingPriority(for axis: Axis) -> LayoutPriority { hugging[axis] }
    /// `setContentHuggingPriority(_:for:)`: how strongly the view resists growing beyond its intrinsic size.
    public func setContentHuggingPriority(_ priority: LayoutPriority, for axis: Axis) { hugging[axis] = priority }
    /// The compression resistance priority on `axis` (750 by default).
    public func contentCompressionResistancePriority(for axis: Axis) -> LayoutPriority { compressionResistance[axis] }
    /// `setContentCompressionResistancePriority(_:for:)`: how strongly the view resists shrinking below its
    /// intrinsic size.
    public func setContentCompressionResistancePriority(_ priority: LayoutPriority, for axis: Axis) {
        compressionResistance[axis] = priority
    }

    /// Whether `self` is `view` or one of its ancestors.
    func isAncestor(ofOrEqualTo view: View) -> Bool {
        var current: View? = view
        while let v = current {
            if v === self { return true }
            current = v.superview
        }
        return false
    }

    /// Appends `view` to the subviews, first removing it from its old superview (R-V-4). Adding a view to itself
    /// or to one of its descendants is an error and changes nothing.
    public func addSubview(_ view: View) throws(ViewTreeError) {
        guard !view.isAncestor(ofOrEqualTo: self) else { throw .cycle(view: view.id, into: id) }
        if view.superview === self {
            // UIKit moves an existing subview to the front of the z-order.
            subviews.removeAll { $0 === view }
            subviews.append(view)
            return
        }
        view.removeFromSuperview()
        subviews.append(view)
        view.superview = self
    }

    /// Removes the view from its superview, and from the superview's arrangedSubviews if it was arranged (R-V-4),
    /// dropping its custom spacing there (R-SP-3).
    public func removeFromSuperview() {
        guard let parent = superview else { return }
        if let stack = parent as? StackView { stack.unarrange(self) }
        parent.subviews.removeAll { $0 === self }
        superview = nil
    }
}

/// Errors of the view tree; each names the views and the numbers involved, and leaves the tree unchanged.
public enum ViewTreeError: Error, Hashable, Sendable, CustomStringConvertible {
    /// `insertArrangedSubview(_:at:)` beyond the count (R-V-6; NSInternalInconsistencyException in UIKit).
    case indexOutOfRange(view: String, index: Int, count: Int)
    /// A view added to itself or to one of its descendants.
    case cycle(view: String, into: String)
    /// Two views of the tree share an id, so it cannot become a scenario.
    case duplicateID(String)

    public var description: String {
        switch self {
        case .indexOutOfRange(let view, let index, let count):
            return "insertArrangedSubview(\(view), at: \(index)): index out of range; the index must be in 0...\(count)"
        case .cycle(let view, let into):
            return "cannot add \(view) to \(into): \(view) is \(into) or one of its ancestors"
        case .duplicateID(let id): return "two views have the id \"\(id)\"; ids must be unique across the tree"
        }
    }
}
