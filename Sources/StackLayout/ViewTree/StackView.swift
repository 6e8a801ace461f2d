/// A model of `UIStackView`'s managed subviews (§5, R-V-1…R-V-9, R-SP-2…R-SP-4). A stack view has no intrinsic
/// size of its own: the `intrinsicContentSize` and baselines it inherits from `View` are ignored when it becomes a
/// scenario (R-N-1). Only its arranged subviews are laid out by it, so only they appear in `scenario(...)`.
public final class StackView: View {
    /// `axis`: the direction the arranged views follow.
    public var axis: Axis = .horizontal
    /// `distribution`: how the views share the length along the axis.
    public var distribution: Distribution = .fill
    /// `alignment`: how the views sit across the axis.
    public var alignment: Alignment = .fill
    /// `.useDefault` means 0 as the stack's spacing (R-SP-4).
    public var spacing: Spacing = 0
    /// `isBaselineRelativeArrangement`: in a vertical stack, spacing measured between baselines.
    public var isBaselineRelativeArrangement = false
    /// `isLayoutMarginsRelativeArrangement`: the views are laid out inside the margins.
    public var isLayoutMarginsRelativeArrangement = false
    /// `directionalLayoutMargins` (8 points on each side by default).
    public var directionalLayoutMargins = DirectionalEdgeInsets.defaultMargins

    /// `UIStackView.spacingUseDefault` and `UIStackView.spacingUseSystem` (R-SP-4).
    public static let spacingUseDefault = Spacing.useDefault
    /// `UIStackView.spacingUseSystem`: the system spacing.
    public static let spacingUseSystem = Spacing.system

    /// The layout order, a subset of `subviews` (R-V-1).
    public internal(set) var arrangedSubviews: [View] = []
    /// Custom spacing by arranged view (kept in arranged order for determinism).
    private var customSpacings: [(view: View, spacing: Spacing)] = []

    /// A stack view with `id`, arranging `arrangedSubviews` in order.
    public init(id: String, axis: Axis = .horizontal, arrangedSubviews: [View] = []) {
        super.init(id: id)
        self.axis = axis
        for v in arrangedSubviews { try? addArrangedSubview(v) }
    }

    /// Appends `view` to arrangedSubviews, adding it as a subview if it is not one (R-V-2); an already-arranged
    /// view moves to the end (R-V-8). Throws only for a cycle (adding a stack to itself or its descendant).
    public func addArrangedSubview(_ view: View) throws(ViewTreeError) {
        let count = arrangedSubviews.contains { $0 === view } ? arrangedSubviews.count - 1 : arrangedSubviews.count
        try insertArrangedSubview(view, at: count)
    }

    /// Inserts `view` at `index` (R-V-6, R-V-7): an already-arranged view only moves, the index being its position
    /// in the resulting array, validated against the count after removing it; a view arranged in, or a subview of,
    /// another view is first removed there. An index beyond the count throws and changes nothing.
    public func insertArrangedSubview(_ view: View, at index: Int) throws(ViewTreeError) {
        let alreadyArranged = arrangedSubviews.contains { $0 === view }
        let count = alreadyArranged ? arrangedSubviews.count - 1 : arrangedSubviews.count
        guard index >= 0 && index <= count else { throw .indexOutOfRange(view: view.id, index: index, count: count) }
        guard !view.isAncestor(ofOrEqualTo: self) else { throw .cycle(view: view.id, into: id) }
        if alreadyArranged {
            arrangedSubviews.removeAll { $0 === view }   // custom spacing is kept (R-SP-3)
        } else if view.superview !== self {
            view.removeFromSuperview()                   // R-V-4 there, custom spacing dropped there
            subviews.append(view)                        // R-V-2: appended to subviews
            view.superview = self
        }
        arrangedSubviews.insert(view, at: index)
    }

    /// The view stops being arranged but stays a subview (R-V-3); its custom spacing is dropped (R-SP-3).
    public func removeArrangedSubview(_ view: View) {
        unarrange(view)
    }

    func unarrange(_ view: View) {
        arrangedSubviews.removeAll { $0 === view }
        customSpacings.removeAll { $0.view === view }
    }

    /// `setCustomSpacing(_:after:)`: takes precedence over `spacing` after that view (R-SP-2); ignored (not stored)
    /// for a view that is not arranged (R-SP-3); `spacingUseDefault` reverts to `spacing` (R-SP-4).
    public func setCustomSpacing(_ spacing: Spacing, after view: View) {
        guard arrangedSubviews.contains(where: { $0 === view }) else { return }
        customSpacings.removeAll { $0.view === view }
        if spacing != .useDefault { customSpacings.append((view, spacing)) }
    }

    /// The custom spacing after `view`, or `spacingUseDefault` when none is set (R-SP-2).
    public func customSpacing(after view: View) -> Spacing {
        customSpacings.first { $0.view === view }?.spacing ?? .useDefault
    }
}
