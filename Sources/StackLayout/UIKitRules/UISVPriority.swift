/// The priorities UIKit gives its own constraints (§2.2 of the spec), named once: the reference engine generates
/// them, the direct engine reasons with them, and the §4 domain keeps user priorities off them.
enum UISVPriority {
    static let required = 1000.0
    /// UISV-spanning-boundary's equality on the aligned edge under leading and trailing alignment.
    static let spanningBoundaryEquality = 999.5
    /// §2.6: the proportional constraints count down from 999 by arranged index (floored at 1).
    static let proportionalBase = 999.0
    /// R-D-6: equalCentering's gap equalities count down from 150 by arranged index (floored at 1).
    static let equalCenteringBase = 150.0
    /// UISV-spanning-fit: the alignment spanner pulled tight across the axis.
    static let spanningFit = 51.0
    /// UISV-canvas-fit: the stack's length (equal-* distributions) or cross size (one view, baselines) pulled to 0.
    static let canvasFit = 49.0
    /// UISV-ambiguity-suppression: a view's cross size pulled to 0 under a non-fill alignment.
    static let ambiguitySuppression = 25.0

    /// 999 − i, floored at 1.
    static func proportional(_ index: Int) -> Double { max(1, proportionalBase - Double(index)) }
    /// 150 − i, floored at 1.
    static func equalCenteringGap(_ index: Int) -> Double { max(1, equalCenteringBase - Double(index)) }
}
