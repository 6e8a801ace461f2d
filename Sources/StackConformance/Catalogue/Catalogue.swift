/// The property catalogue, in its public order: a property's position decides its shard (`--shard K/N` runs the
/// positions i with i mod N = K − 1), so new properties are appended at the end of their group and ids are never
/// renamed (a rename is a breaking change, recorded in CONFORMANCE.md).
public enum Catalogue {
    /// Every property, in catalogue order (CONFORMANCE.md's order).
    public static let all: [ConformanceProperty] = [
        // The four invariants the project was founded on.
        .treeArrangedSubset,
        .hiddenCollapses,
        .fittingAlong,
        .fillProportionallyRatios,
        // The view tree (stateful).
        .treeMatchesModel,
        .treeRelayout,
        // Hidden views.
        .hiddenRemovedEqualsHidden,
        .hiddenPlacement,
        .hiddenPlacementTentative,
        .hiddenAllHidden,
        // Distributions and spacing.
        .pinnedToCanvas,
        .readingOrder,
        .spacingExact,
        .spacingSystem,
        .spacingMinimum,
        .spacingCustomAfterLast,
        .spacingBaselineRelative,
        .baselineRelativeHorizontal,
        .fillEquallyEqualLengths,
        .equalSpacingGaps,
        .equalCenteringCentres,
        .fillByPriority,
        .fillTies,
        // Alignment and baselines.
        .alignFill,
        .alignLeading,
        .alignCenter,
        .alignTrailing,
        .alignFirstBaseline,
        .alignLastBaseline,
        .noIntrinsicCross,
        .stackBaselines,
        // Fitting size.
        .fittingAcross,
        .fittingIntrinsic,
        // Margins, direction, scaling, axes, nesting.
        .marginsInset,
        .rightToLeftMirror,
        .scaling,
        .axisSwap,
        .nestedAsView,
        // Rounding, well-formedness, agreement.
        .pixelGrid,
        .perEdge,
        .finiteFrames,
        .agreement,
        // Text that wraps (§2.7).
        .textHeightForWidth,
        .textVerticalWrapsAtCanvas,
        .textFittingSingleLine,
        .textBaselines,
        .textEqualWidths,
        .textHalfBesideFixedView,
        .textProportionalZero,
    ]

    /// The property with this id.
    public static func property(_ id: String) -> ConformanceProperty? { all.first { $0.id == id } }

    /// The properties selected by `--property` selectors (each an id or a group prefix); all when none is given.
    /// Catalogue order is kept.
    public static func select(_ selectors: [String]) -> [ConformanceProperty] {
        guard !selectors.isEmpty else { return all }
        return all.filter { p in selectors.contains { p.isSelected(by: $0) } }
    }
}
