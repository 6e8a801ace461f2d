/// An arranged item as one stack's closed-form layout sees it: sizes and the priority levels at which stretching
/// or compressing it costs something. A leaf's levels are its hugging and compression resistance; a dimension with
/// no intrinsic size costs nothing (level 0, R-I-1); a nested stack is summarised by its fitting size and the levels
/// its own content resists at (R-N-1), `nil` where the direct engine does not model them.
struct Child {
    var position: Int
    var hidden: Bool
    var nested: Bool
    /// Intrinsic (leaf) or fitting (nested) length in each dimension; `nil`: no intrinsic size.
    var width: Double? { get { Self.read(_width) } set { _width = Self.stored(newValue) } }
    var height: Double? { get { Self.read(_height) } set { _height = Self.stored(newValue) } }
    /// Level at which growing / shrinking the item in each dimension costs (0: free; nil: not modelled).
    var stretchWidth: Double? { get { Self.read(_stretchWidth) } set { _stretchWidth = Self.stored(newValue) } }
    var compressWidth: Double? { get { Self.read(_compressWidth) } set { _compressWidth = Self.stored(newValue) } }
    var stretchHeight: Double? { get { Self.read(_stretchHeight) } set { _stretchHeight = Self.stored(newValue) } }
    var compressHeight: Double? { get { Self.read(_compressHeight) } set { _compressHeight = Self.stored(newValue) } }
    /// Baseline offsets from the item's top; `nil` means "the bottom edge" (moves with the height).
    var firstBaseline: Double? { get { Self.read(_firstBaseline) } set { _firstBaseline = Self.stored(newValue) } }
    var lastBaseline: Double? { get { Self.read(_lastBaseline) } set { _lastBaseline = Self.stored(newValue) } }

    // Stored without Optional's padding (a `Double?` takes 16 bytes in a struct, a `Double` 8), so that the
    // children of a 100,000-view stack stay small enough to stream through the caches; `nil` is a NaN with a
    // payload no arithmetic produces, told apart by its bits.
    private var _width, _height, _stretchWidth, _compressWidth, _stretchHeight, _compressHeight: Double
    private var _firstBaseline, _lastBaseline: Double
    private static let noValue = Double(bitPattern: 0x7FF4_D15E_A5E0_0001)
    @inline(__always) private static func read(_ v: Double) -> Double? {
        v.bitPattern == noValue.bitPattern ? nil : v
    }
    @inline(__always) private static func stored(_ v: Double?) -> Double { v ?? noValue }

    init(position: Int, hidden: Bool, nested: Bool, width: Double? = nil, height: Double? = nil,
         stretchWidth: Double? = nil, compressWidth: Double? = nil, stretchHeight: Double? = nil,
         compressHeight: Double? = nil, firstBaseline: Double? = nil, lastBaseline: Double? = nil) {
        self.position = position
        self.hidden = hidden
        self.nested = nested
        _width = Self.stored(width)
        _height = Self.stored(height)
        _stretchWidth = Self.stored(stretchWidth)
        _compressWidth = Self.stored(compressWidth)
        _stretchHeight = Self.stored(stretchHeight)
        _compressHeight = Self.stored(compressHeight)
        _firstBaseline = Self.stored(firstBaseline)
        _lastBaseline = Self.stored(lastBaseline)
    }

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
