/// The order in which the shrinker runs its passes, as rules.
///
/// A round:
/// 1. runs the cheap passes (`ShrinkPass.Cost.cheap`) in decreasing score, equal scores in declaration order
///    (`ShrinkPass.allCases`); the order is fixed when the cheap turn starts;
/// 2. then, only if no cheap pass made progress in the round, runs the expensive passes in the same kind of order
///    until one of them makes progress;
/// 3. scores each run: a pass's score becomes half its previous score plus twice the improvements of the run, so
///    passes that keep succeeding lead and one that stops succeeding falls back within a few runs.
///
/// Deletion follow-up (shorter beats smaller): when a cheap pass other than `followUp` makes progress, `followUp`
/// runs at once unless it is waiting, and its improvements add twice to its score (no halving). The wait is an
/// exponential backoff: a follow-up that improves nothing makes the next 1 follow-up due be skipped, and each further
/// fruitless one (skips between them do not count) doubles that, 2, 4, … up to `maxSkipped`; a follow-up that
/// improves ends the backoff. A case whose values do not bear on its length thus stops paying a deletion round for
/// each value lowered.
///
/// Shrinking ends after a round that changed nothing, or once the shrinker stops (call cap, time limit).
struct ShrinkSchedule {
    /// The pass that follows up each improvement of another cheap pass.
    static let followUp = ShrinkPass.deleteSpans
    /// The most follow-ups skipped in a row.
    static let maxSkipped = 64

    /// The passes in declaration order: a pass's position here is its index in `scores` and breaks ties.
    static let passes = ShrinkPass.allCases
    /// Each pass's score, at its position in `passes` (0 until it has run).
    private var scores = [Int](repeating: 0, count: passes.count)
    /// How many follow-ups the last fruitless one made skip; 0 when none was fruitless since the last that improved.
    private var backoff = 0
    /// The follow-ups still to skip.
    private var skipping = 0

    /// The position of `pass` in `passes`.
    private static func index(_ pass: ShrinkPass) -> Int { passes.firstIndex(of: pass) ?? 0 }

    func score(_ pass: ShrinkPass) -> Int { scores[Self.index(pass)] }

    /// The passes of `cost`, in the order a turn runs them: decreasing score, then declaration order.
    func order(_ cost: ShrinkPass.Cost) -> [ShrinkPass] {
        Self.passes.indices.filter { Self.passes[$0].cost == cost }
            .sorted { scores[$0] != scores[$1] ? scores[$0] > scores[$1] : $0 < $1 }
            .map { Self.passes[$0] }
    }

    /// Scores a run of `pass` in its turn that made `improvements`.
    mutating func record(_ pass: ShrinkPass, improvements: Int) {
        let i = Self.index(pass)
        scores[i] = scores[i] / 2 + 2 * improvements
    }

    /// Whether the follow-up runs now, after `pass` made progress; a follow-up that is due but waiting is counted as
    /// skipped.
    mutating func followUpRuns(after pass: ShrinkPass) -> Bool {
        guard pass.cost == .cheap, pass != Self.followUp else { return false }
        if skipping > 0 {
            skipping -= 1
            return false
        }
        return true
    }

    /// Scores a follow-up that made `improvements`, and sets the backoff.
    mutating func recordFollowUp(improvements: Int) {
        scores[Self.index(Self.followUp)] += 2 * improvements
        if improvements > 0 {
            backoff = 0
        } else {
            backoff = backoff == 0 ? 1 : Swift.min(Self.maxSkipped, backoff * 2)
            skipping = backoff
        }
    }
}

extension Shrinker {
    /// Runs the passes by the rules of `ShrinkSchedule` until a round changes nothing or the shrinker stops.
    func runSchedule() async {
        var schedule = ShrinkSchedule()
        while !stopped {
            let before = best
            for cost in [ShrinkPass.Cost.cheap, .expensive] {
                if cost == .expensive && best != before { break }
                for pass in schedule.order(cost) where !stopped {
                    let improvements = await run(pass)
                    schedule.record(pass, improvements: improvements)
                    if cost == .expensive && improvements > 0 { break }
                    if improvements > 0 && !stopped && schedule.followUpRuns(after: pass) {
                        schedule.recordFollowUp(improvements: await run(ShrinkSchedule.followUp))
                    }
                }
            }
            if best == before { break }
        }
    }

    /// Runs `pass` once; the improvements it made.
    private func run(_ pass: ShrinkPass) async -> Int {
        let before = steps
        await pass.run(on: self)
        return steps - before
    }
}
