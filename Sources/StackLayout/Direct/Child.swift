/// An arranged item as one stack's closed-form layout sees it: sizes and the priority levels at which stretching
/// or compressing it costs something. A leaf's levels are its hugging and compression resistance; a dimension with
/// no intrinsic size costs nothing (level 0, R-I-1); a nested stack is summarised by its fitting size and the levels
/// its own content resists at (R-N-1), `nil` where the direct engine does not model them.
struct Child {
    var position: Int
    var hidden: Bool
    var nested: Bool
    /// Intrinsic (leaf) or fitting (nested) length in each dimension; `nil`: no intrinsic size.
    var width: Double?
    var height: Double?
    /// Level at which growing / shrinking the item in each dimension costs (0: free; nil: not modelled).
    var stretchWidth: Double?
    var compressWidth: Double?
    var stretchHeight: Double?
    var compressHeight: Double?
    /// Baseline offsets from the item's top; `nil` means "the bottom edge" (moves with the height).
    var firstBaseline: Double?
    var lastBaseline: Double?

    func size(_ axis: Axis) -> Double? { axis == .horizontal ? width : height }
    func stretch(_ axis: Axis) -> Double? { axis == .horizontal ? stretchWidth : stretchHeight }
    func compress(_ axis: Axis) -> Double? { axis == .horizontal ? compressWidth : compressHeight }

    /// The first baseline's offset from the top for an item of height `h`.
    func firstBaselineOffset(height h: Double) -> Double { firstBaseline ?? h }
    func lastBaselineOffset(height h: Double) -> Double { lastBaseline ?? h }

    static func leaf(_ item: ArrangedView, _ leaf: LeafView, position: Int) -> Child {
        let w = leaf.intrinsicContentSize.width, h = leaf.intrinsicContentSize.height
        return Child(position: position, hidden: item.isHidden, nested: false, width: w, height: h,
                     stretchWidth: w == nil ? 0 : item.contentHuggingPriority.horizontal.rawValue,
                     compressWidth: w == nil ? 0 : item.compressionResistancePriority.horizontal.rawValue,
                     stretchHeight: h == nil ? 0 : item.contentHuggingPriority.vertical.rawValue,
                     compressHeight: h == nil ? 0 : item.compressionResistancePriority.vertical.rawValue,
                     firstBaseline: leaf.firstBaseline, lastBaseline: leaf.lastBaseline)
    }
}

/// Why the direct engine declines a scenario (the protocol's `unsupported` answer).
struct Unsupported: Error {
    var message: String
    init(_ message: String) { self.message = message }
}
