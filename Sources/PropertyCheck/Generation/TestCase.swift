/// Why a test case stopped early. Thrown through generators; never escapes the runner.
public enum StopTest: Error, Sendable {
    /// The case used more choices than allowed, or ran past the end of a replayed prefix.
    case overrun
    /// A filter or an assumption rejected the case: it is invalid and does not count.
    case invalid
}

/// The extent of one composite value in the choice sequence, so the shrinker can delete or replace it whole.
public struct Span: Hashable, Sendable {
    /// The generator's label for the value (`map`, `filter`, a tuple component's index…).
    public var label: String
    /// The index of the value's first choice.
    public var start: Int
    /// The index after the value's last choice.
    public var end: Int
    /// Index of the enclosing span, if any.
    public var parent: Int?
}

/// One run of a generator: the recorded sequence of bounded integer choices (the minithesis model). A case either
/// replays a given prefix (shrinking, replay tokens) or draws fresh choices from the PRNG. A replay that runs past
/// its prefix continues with 0, the simplest choice, so the shrinker can delete the last element of a full list.
public final class TestCase {
    /// What the case records as it runs, in one stored value, so that each method reads and writes it through a
    /// single access rather than one per field: recording is on the path of every choice a generator makes.
    struct Record {
        var choices: [UInt64] = []
        var spans: [Span] = []
        /// The innermost open span. The open spans nest, so the one after it is its parent: they need no stack of
        /// their own, which spares every span a second array's push and pop.
        var innermost: Int?
        var forcedIndices: [Int] = []
        let prefix: [UInt64]
        var random: Xoshiro256StarStar?
        let maxChoices: Int
        /// A fuzzer's input read as the choices past `prefix` (`TestCase.reading(_:)`), instead of the 0s of a replay.
        var bytes: ChoiceBytes?

        /// Starts with room for a replay's prefix, else 64 choices and spans. The trade-off: arrays grown from
        /// empty are copied at every doubling, which a generated scenario (over a hundred spans) would pay on every
        /// case; a much larger reservation would make every case of a small property pay for memory it never uses.
        init(prefix: [UInt64], random: Xoshiro256StarStar?, maxChoices: Int) {
            self.prefix = prefix
            self.random = random
            self.maxChoices = maxChoices
            let room = Swift.max(0, Swift.min(Swift.max(prefix.count, 64), maxChoices))
            choices.reserveCapacity(room)
            spans.reserveCapacity(room)
        }

        /// The next choice when it is not drawn fresh, recorded: the prefix's (clamped to `bound`), or 0 past a
        /// replay. Nil when the PRNG draws it: the caller draws on a copy of `random` outside its access to the record
        /// (so a `fresh` closure may read the case, as `Gens.integer` does) and records it with `recordFresh`.
        mutating func replayedChoice(_ bound: UInt64) throws(StopTest) -> UInt64? {
            guard choices.count < maxChoices else { throw .overrun }
            let value: UInt64
            if choices.count < prefix.count {
                value = min(prefix[choices.count], bound)
            } else if random != nil {
                return nil
            } else {
                value = bytes?.next(upTo: bound) ?? 0
            }
            choices.append(value)
            return value
        }

        mutating func recordFresh(_ value: UInt64, random rng: Xoshiro256StarStar) {
            random = rng
            choices.append(value)
        }

        mutating func forcedChoice(_ value: UInt64) throws(StopTest) -> UInt64 {
            guard choices.count < maxChoices else { throw .overrun }
            forcedIndices.append(choices.count)
            choices.append(value)
            return value
        }

        mutating func startSpan(_ label: String) {
            spans.append(Span(label: label, start: choices.count, end: choices.count, parent: innermost))
            innermost = spans.count - 1
        }

        mutating func endSpan() {
            guard let i = innermost else { return }
            spans[i].end = choices.count
            innermost = spans[i].parent
        }

        mutating func dropSpan() {
            guard let i = innermost else { return }
            innermost = spans[i].parent
            if i == spans.count - 1 { spans.removeLast() } else { spans[i].end = choices.count }
        }
    }

    /// Not checked for exclusive access at run time (a check costs more than a small draw): only this class's
    /// methods touch it, each through one access that calls no code outside the record (a `fresh` closure runs
    /// between two of them, see `choice(_:fresh:)`), so accesses cannot overlap.
    @exclusivity(unchecked) var record: Record
    /// The choices drawn so far, in order: the case's whole identity.
    public var choices: [UInt64] { record.choices }
    /// The spans of the values drawn so far.
    public var spans: [Span] { record.spans }
    /// Labels recorded by the property for statistics (`label`, `classify`).
    public internal(set) var labels: [String] = []

    /// The generation size in (0, 1] (QuickCheck's size, as a fraction): collection generators scale their average
    /// length by it when they draw fresh choices, so a run's first cases are small and later ones full size. It never
    /// changes how recorded choices replay, so replays, tokens and shrinking do not depend on it.
    public let size: Double

    init(prefix: [UInt64], random: Xoshiro256StarStar?, maxChoices: Int = 8 * 1024, size: Double = 1) {
        record = Record(prefix: prefix, random: random, maxChoices: maxChoices)
        self.size = Swift.min(1, Swift.max(0, size))
        drawnIntegers.reserveCapacity(32)
    }

    /// A replay of these choices (no randomness: past them every choice is 0).
    public static func replaying(_ choices: [UInt64]) -> TestCase { TestCase(prefix: choices, random: nil) }

    /// A case that draws fresh choices from `random`, at generation size `size` (full size by default).
    public static func fresh(_ random: Xoshiro256StarStar, size: Double = 1) -> TestCase {
        TestCase(prefix: [], random: random, size: size)
    }

    /// The next choice, an integer in 0...bound; 0 is the simplest value a generator can map it to.
    public func choice(_ bound: UInt64) throws(StopTest) -> UInt64 {
        try choice(bound) { $0.next(upTo: bound) }
    }

    /// The next choice in 0...bound, like `choice(_:)`, but when drawn fresh `fresh` picks it (a biased distribution:
    /// small values, range ends, repeats); its answer is clamped to `bound`. Replays and shrinking see an ordinary
    /// choice, so the bias changes what is generated, never what is simplest.
    public func choice(_ bound: UInt64, fresh: (inout Xoshiro256StarStar) -> UInt64) throws(StopTest) -> UInt64 {
        if let value = try record.replayedChoice(bound) { return value }
        var rng = record.random!
        let value = min(fresh(&rng), bound)
        record.recordFresh(value, random: rng)
        return value
    }

    /// Positions of the choices whose value the generator ignored (`forcedChoice`), in increasing order.
    public var forcedIndices: [Int] { record.forcedIndices }

    /// A choice whose value does not matter to the generator (an integer's sign when its magnitude is 0 or only one
    /// side can hold it, a branch forced at a depth limit): it is recorded as `value` whatever a replayed prefix holds
    /// there, so equivalent sequences read the same, and the shrinker's cache knows any value there gives this one.
    public func forcedChoice(_ value: UInt64) throws(StopTest) -> UInt64 { try record.forcedChoice(value) }

    /// Whether the next choice is drawn from the PRNG (not replayed from a prefix, not the 0 past a replay).
    var drawsFresh: Bool { record.choices.count >= record.prefix.count && record.random != nil }

    /// Integers already drawn in this case (as `Int64`), so generators can repeat them or draw near them: equal and
    /// near-equal values are where many bugs live, and uniform draws practically never produce them.
    /// Unchecked for exclusivity like `record`: read whole or appended to, calling nothing else meanwhile.
    @exclusivity(unchecked) var drawnIntegers: [Int64] = []

    /// The remaining budgets of `Gen.recursive(budget:)` generators being drawn, by generator.
    /// Unchecked for exclusivity like `record`: each access reads or writes one entry, calling nothing else.
    @exclusivity(unchecked) var budgets: [ObjectIdentifier: Int] = [:]

    /// A choice biased towards 1 with probability `p` when drawn fresh; replays and shrinks like any choice.
    public func weighted(_ p: Double) throws(StopTest) -> Bool {
        try choice(1) { $0.nextBool(probability: p) ? 1 : 0 } == 1
    }

    /// Marks the case invalid (a failed filter or assumption).
    public func reject() throws(StopTest) -> Never { throw .invalid }

    /// Rejects the case unless `condition` holds.
    public func assume(_ condition: Bool) throws(StopTest) { if !condition { throw .invalid } }

    /// Records `label` for the run's statistics.
    public func label(_ label: String) { labels.append(label) }

    /// Records `label` when `condition` holds.
    public func classify(_ condition: Bool, _ label: String) { if condition { labels.append(label) } }

    /// Opens a span labelled `label` (and `endSpan` closes it), as running a generator does around its value.
    /// Visible to the package, so that a generator of the package can record the spans a nested generator would
    /// without making one (a closure and its context on the heap) per value.
    @usableFromInline package func startSpan(_ label: String) { record.startSpan(label) }

    @usableFromInline package func endSpan() { record.endSpan() }

    /// Ends the open span and forgets it, when it turned out to hold no value (a list's final "no more" flag):
    /// the shrinker then neither deletes nor sorts it as if it were an element.
    func dropSpan() { record.dropSpan() }
}
