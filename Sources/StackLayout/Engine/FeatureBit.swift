/// The protocol-version-1 features as bit positions, in `Feature.all`'s order (bit i: `Feature.all[i]`), for code
/// that collects features by the dozen per scenario (`syntacticFeatureMask`): a `Feature` holds its name, and
/// appending one to an array copied a String and ran a global's lazy initialiser (collecting them so was about a
/// tenth of generating a scenario; as bits, generation takes 4 % fewer instructions).
package enum FeatureBit: UInt8, CaseIterable {
    case fill, fillEqually, fillProportionally, equalSpacing, equalCentering
    case alignFill, leading, center, trailing, firstBaseline, lastBaseline
    case hidden, customSpacing, systemSpacing, negativeSpacing, margins, baselineRelative, rightToLeft
    case nested, noIntrinsicSize, priorities, userConstraints, overflow, conflicts, nestedSlack
    case priorityCollisions, pixelRounding

    package var mask: UInt64 { 1 << UInt64(rawValue) }

    /// The bit of the feature that names a distribution (`Feature.of(_:)`).
    package static func of(_ distribution: Distribution) -> FeatureBit {
        switch distribution {
        case .fill: return .fill
        case .fillEqually: return .fillEqually
        case .fillProportionally: return .fillProportionally
        case .equalSpacing: return .equalSpacing
        case .equalCentering: return .equalCentering
        }
    }

    /// The bit of the feature that names an alignment (`fill` is `alignFill`).
    package static func of(_ alignment: Alignment) -> FeatureBit {
        switch alignment {
        case .fill: return .alignFill
        case .leading: return .leading
        case .center: return .center
        case .trailing: return .trailing
        case .firstBaseline: return .firstBaseline
        case .lastBaseline: return .lastBaseline
        }
    }
}
