/// A feature an engine may implement: the vocabulary of ENGINE-PROTOCOL.md, "Features" (protocol version 1).
/// The suite generates only scenarios inside an engine's feature set. A name outside this vocabulary is no
/// `Feature`: an engine's greeting keeps such names apart (`EngineDescription.unknownFeatures`).
///
/// The cases are in the protocol's table order, and a feature's position in it is its bit in a `FeatureSet` and so
/// in the feature code of seeds and replay tokens (`FeatureSet.code`): a new feature goes at the end, and no
/// feature moves.
public enum Feature: String, CaseIterable, Comparable, Sendable, CustomStringConvertible {
    // Distributions.
    /// The `fill` distribution (R-D-1, R-D-2).
    case fill
    /// The `fillEqually` distribution.
    case fillEqually
    /// The `fillProportionally` distribution.
    case fillProportionally
    /// The `equalSpacing` distribution.
    case equalSpacing
    /// The `equalCentering` distribution.
    case equalCentering
    // Alignments (`top`/`bottom` are `leading`/`trailing`).
    /// Alignment `fill` (the name `fill` is the distribution's).
    case alignFill
    /// Alignment `leading` (`top` in a horizontal stack).
    case leading
    /// Alignment `center`.
    case center
    /// Alignment `trailing` (`bottom` in a horizontal stack).
    case trailing
    /// Alignment `firstBaseline`.
    case firstBaseline
    /// Alignment `lastBaseline`.
    case lastBaseline
    // Everything else.
    /// Hidden arranged views.
    case hidden
    /// Custom spacing after a view (`setCustomSpacing(_:after:)`).
    case customSpacing
    /// UIKit's system spacing (`"system"` in a scenario document).
    case systemSpacing
    /// Spacing below 0, the stack's or a custom one.
    case negativeSpacing
    /// Layout-margins-relative arrangement.
    case margins
    /// Baseline-relative arrangement in vertical stacks.
    case baselineRelative
    /// The right-to-left layout direction.
    case rightToLeft
    /// Stacks inside stacks.
    case nested
    /// Views with no intrinsic size in a dimension.
    case noIntrinsicSize
    /// Hugging and compression-resistance priorities other than 250 and 750.
    case priorities
    /// The constraints a scenario adds to its items.
    case userConstraints
    /// A fixed container dimension smaller than the stack's fitting size in that dimension.
    case overflow
    /// Required constraints that cannot all hold (R-SOLVE-5, R-T-7).
    case conflicts
    /// A nested stack that its parent stretches or compresses along the parent's axis (R-N-1).
    case nestedSlack
    /// Content or user priorities equal to one of UIStackView's internal priorities.
    case priorityCollisions
    /// A screen `scale`: frames rounded to pixels.
    case pixelRounding
    /// Text leaves: labels in the box font, whose height depends on their width (§2.7).
    case text

    /// Every feature, in the protocol's table order (bit order).
    public static let all: [Feature] = allCases

    /// `all` sorted by name: a `FeatureSet`'s iteration order.
    static let allByName = all.sorted()

    public var description: String { rawValue }
    /// By name.
    public static func < (a: Feature, b: Feature) -> Bool { a.rawValue < b.rawValue }

    /// The feature's bit in a `FeatureSet`: its position in `all` (a switch, not a search: the generator asks
    /// for features hundreds of times per scenario).
    var mask: UInt64 { 1 << UInt64(position) }

    private var position: Int {
        switch self {
        case .fill: 0
        case .fillEqually: 1
        case .fillProportionally: 2
        case .equalSpacing: 3
        case .equalCentering: 4
        case .alignFill: 5
        case .leading: 6
        case .center: 7
        case .trailing: 8
        case .firstBaseline: 9
        case .lastBaseline: 10
        case .hidden: 11
        case .customSpacing: 12
        case .systemSpacing: 13
        case .negativeSpacing: 14
        case .margins: 15
        case .baselineRelative: 16
        case .rightToLeft: 17
        case .nested: 18
        case .noIntrinsicSize: 19
        case .priorities: 20
        case .userConstraints: 21
        case .overflow: 22
        case .conflicts: 23
        case .nestedSlack: 24
        case .priorityCollisions: 25
        case .pixelRounding: 26
        case .text: 27
        }
    }

    /// The feature that names a distribution.
    public static func of(_ distribution: Distribution) -> Feature {
        switch distribution {
        case .fill: .fill
        case .fillEqually: .fillEqually
        case .fillProportionally: .fillProportionally
        case .equalSpacing: .equalSpacing
        case .equalCentering: .equalCentering
        }
    }

    /// The feature that names an alignment (`fill` is `alignFill`).
    public static func of(_ alignment: Alignment) -> Feature {
        switch alignment {
        case .fill: .alignFill
        case .leading: .leading
        case .center: .center
        case .trailing: .trailing
        case .firstBaseline: .firstBaseline
        case .lastBaseline: .lastBaseline
        }
    }
}
