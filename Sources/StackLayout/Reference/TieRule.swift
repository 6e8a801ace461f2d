/// Which of the project's rules a level below every UIKit priority implements (§9), in R-T-8's objective order. The
/// builder records each level's rule as it makes the level (`ReferenceSystem.levelRules`), so a diagnosis names the
/// rule of a level that differs by reading it.
enum TieRule: Hashable, Sendable {
    /// R-T-1: the level of the arranged item at a pre-order index (the last item's level first): its lengths against
    /// its intrinsic size (a nested stack: its canvas's), and its optional user constraints.
    case itemSlack(Int)
    /// R-H-2: the hidden views of equal-* distributions, where the == chain or their visible neighbours put them.
    case hiddenPlacement
    /// R-T-2, R-F-3: an all-hidden stack's zero canvas, its views at the canvas origin.
    case allHiddenPlacement
    /// R-T-8: an item's size, as small as the constraints leave free.
    case size(IndexedItem)
    /// R-T-8: an item's min corner, as near its canvas origin as the constraints leave free.
    case corner(IndexedItem)
}
