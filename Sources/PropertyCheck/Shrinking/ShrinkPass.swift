/// A shrink pass's identity: its stable name (the raw value, for logs and statistics), its role and its cost. The
/// declaration order is the schedule's initial order, and breaks ties between equal scores (`ShrinkSchedule`):
/// deletion first among the cheap passes, since a shorter case beats a smaller one.
enum ShrinkPass: String, CaseIterable, Sendable {
    case deleteSpans
    case deleteFlaggedValues
    /// `deleteAndShift` on lists whose elements are single non-negative choices (where indices live) only.
    case deleteIndex
    case joinSiblingLists
    /// `lowerNearPairs` on unequal pairs above 64 only, before the single values are lowered.
    case lowerLargeNearPairs
    case lowerChoices
    case lowerDuplicates
    case lowerNearPairs
    case sortSiblings
    case exchangeSiblings
    case deleteAndShift
    case replaceSpansByDescendants
    case deleteStructuralBlocks
    case moveStructuralZerosForward
    case deleteChunks
    case lowerAndZeroFollowing
    case redistribute
    case zeroBlocks
    case lowerDroppingForced
    case deleteAndPad
    case exchangeStructuralBlocks

    /// What a pass changes in the sequence.
    enum Role: Sendable {
        /// Shortens it: deletes choices (spans, chunks, list elements), joins lists, replaces a value by a part of it
        /// (DeletionPasses.swift).
        case deletion
        /// Lowers choices and keeps its length (ValuePasses.swift).
        case value
        /// Reorders choices: sorts or exchanges siblings, moves a structural zero forward (OrderPasses.swift).
        case order
        /// Moves a value to where its generator reads it in another context, inserting or dropping the choices that
        /// context draws differently (RealignPasses.swift).
        case realign
    }

    /// When a pass runs (`ShrinkSchedule`).
    enum Cost: Sendable {
        /// Every round.
        case cheap
        /// Only in a round where no cheap pass made progress.
        case expensive
    }

    /// The name logs and statistics use: stable across versions.
    var name: String { rawValue }

    var role: Role {
        switch self {
        case .deleteSpans, .deleteFlaggedValues, .deleteIndex, .joinSiblingLists, .deleteAndShift,
             .replaceSpansByDescendants, .deleteStructuralBlocks, .deleteChunks:
            return .deletion
        case .lowerLargeNearPairs, .lowerChoices, .lowerDuplicates, .lowerNearPairs, .lowerAndZeroFollowing,
             .redistribute, .zeroBlocks:
            return .value
        case .sortSiblings, .exchangeSiblings, .moveStructuralZerosForward:
            return .order
        case .lowerDroppingForced, .deleteAndPad, .exchangeStructuralBlocks:
            return .realign
        }
    }

    var cost: Cost {
        switch self {
        case .deleteSpans, .deleteFlaggedValues, .deleteIndex, .joinSiblingLists, .lowerLargeNearPairs, .lowerChoices,
             .lowerDuplicates, .lowerNearPairs, .sortSiblings, .exchangeSiblings:
            return .cheap
        case .deleteAndShift, .replaceSpansByDescendants, .deleteStructuralBlocks, .moveStructuralZerosForward,
             .deleteChunks, .lowerAndZeroFollowing, .redistribute, .zeroBlocks, .lowerDroppingForced, .deleteAndPad,
             .exchangeStructuralBlocks:
            return .expensive
        }
    }

    /// Runs the pass once over `shrinker`'s best case.
    func run(on shrinker: Shrinker) async {
        switch self {
        case .deleteSpans: await shrinker.deleteSpans()
        case .deleteFlaggedValues: await shrinker.deleteFlaggedValues()
        case .deleteIndex: await shrinker.deleteAndShift(indicesOnly: true)
        case .joinSiblingLists: await shrinker.joinSiblingLists()
        case .lowerLargeNearPairs: await shrinker.lowerNearPairs(above: 64)
        case .lowerChoices: await shrinker.lowerChoices()
        case .lowerDuplicates: await shrinker.lowerDuplicates()
        case .lowerNearPairs: await shrinker.lowerNearPairs()
        case .sortSiblings: await shrinker.sortSiblings()
        case .exchangeSiblings: await shrinker.exchangeSiblings()
        case .deleteAndShift: await shrinker.deleteAndShift()
        case .replaceSpansByDescendants: await shrinker.replaceSpansByDescendants()
        case .deleteStructuralBlocks: await shrinker.deleteStructuralBlocks()
        case .moveStructuralZerosForward: await shrinker.moveStructuralZerosForward()
        case .deleteChunks: await shrinker.deleteChunks()
        case .lowerAndZeroFollowing: await shrinker.lowerAndZeroFollowing()
        case .redistribute: await shrinker.redistribute()
        case .zeroBlocks: await shrinker.zeroBlocks()
        case .lowerDroppingForced: await shrinker.lowerDroppingForced()
        case .deleteAndPad: await shrinker.deleteAndPad()
        case .exchangeStructuralBlocks: await shrinker.exchangeStructuralBlocks()
        }
    }
}
