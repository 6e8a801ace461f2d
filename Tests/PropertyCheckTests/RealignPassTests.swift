import Testing
@testable import PropertyCheck

/// The passes that move a value where its generator reads it in another context (`RealignPasses.swift`), each on
/// a heap drawn the way a user writes one by hand: one recursive function inside `Gen { tc in … }`, a "present?"
/// choice per node but none at the depth limit, a child's value drawn from its parent's value up (so a child of a
/// negative parent has a sign choice, one of a non-negative parent none), no span per node. Expected sequences are
/// worked out by hand from that encoding: a node is its "present?" 1 then its value (magnitude, then a sign where the
/// range holds both sides of 0), then its two subtrees; an empty subtree above the depth limit is a single 0.
@Suite struct RealignPassTests {
    indirect enum Heap: Equatable, Sendable {
        case empty, node(Int, Heap, Heap)

        static func draw(_ tc: TestCase, atLeast bound: Int, depth: Int) throws(StopTest) -> Heap {
            guard depth < 5, try tc.weighted(0.7) else { return .empty }
            let head = try Gens.int(bound...Int.max).run(tc)
            let left = try draw(tc, atLeast: head, depth: depth + 1)
            return .node(head, left, try draw(tc, atLeast: head, depth: depth + 1))
        }

        static let generator = Gen<Heap> { tc throws(StopTest) in try draw(tc, atLeast: .min, depth: 0) }

        static func merge(_ a: Heap, _ b: Heap) -> Heap {
            guard case .node(let x, let a1, let a2) = a else { return b }
            guard case .node(let y, let b1, let b2) = b else { return a }
            return x <= y ? .node(x, merge(a2, b), a1) : .node(y, merge(b2, a), b1)
        }

        var nodes: Int { preorderRightFirst.count }

        var preorderRightFirst: [Int] {
            guard case .node(let x, let l, let r) = self else { return [] }
            return [x] + r.preorderRightFirst + l.preorderRightFirst
        }

        /// The challenge's bug: the root, then the merged subtrees in stack order instead of by repeated merging.
        var failsToSort: Bool {
            guard case .node(let x, let l, let r) = self else { return false }
            let listed = [x] + Heap.merge(l, r).preorderRightFirst
            return listed != listed.sorted() || preorderRightFirst.sorted() != listed
        }
    }

    /// The minimum, `(0, None, (0, (0, None, None), (1, None, None)))`.
    static let minimum: [UInt64] = [1, 0, 0, 0, 1, 0, 1, 0, 0, 0, 1, 1, 0, 0]

    /// The choices the shrinker's last test consumed, with their forced positions.
    final class Consumed { var last: ([UInt64], [Int])? }

    /// Replays `c`: the heap's outcome, and the case (its consumed choices and forced positions).
    static func run(_ c: [UInt64]) -> (TestCase, Outcome) {
        let tc = TestCase.replaying(c)
        guard let heap = try? Heap.generator.run(tc) else { return (tc, .overrun) }
        return (tc, heap.failsToSort ? .interesting(choices: tc.choices, spans: tc.spans, message: "unsorted") : .valid)
    }

    /// A shrinker started from `choices`, which must fail and be consumed whole.
    func shrinker(from choices: [UInt64]) throws -> Shrinker {
        guard case .interesting(let used, let spans, _) = Self.run(choices).1 else { throw NotFailing() }
        #expect(used == choices)
        let consumed = Consumed()
        return Shrinker(choices: used, spans: spans, message: "unsorted", maxCalls: 1_000, timeLimit: nil, test: { c in
            let (tc, outcome) = Self.run(c)
            consumed.last = (tc.choices, tc.forcedIndices)
            return outcome
        }, consumed: { consumed.last })
    }

    struct NotFailing: Error {}

    /// `(0, None, (0, None, (0, None, (0, (0, None, None), (1, None, None)))))`, 16 choices: its two leaves sit at
    /// the depth limit with no "present?" choices of their own, so every deletion of nodes above them alone misreads
    /// them (a leaf moved up reads the next node's "present?" as its own child's). Padded with two empty subtrees,
    /// they move up: the result has the minimum's 4 nodes and 14 choices (which 4-node heap depends on the order
    /// the candidates are tried in; the other passes then reach the minimum). It still fails, as `consider` checks.
    @Test func deleteAndPadMovesALeafUpPastTheDepthLimit() async throws {
        let s = try shrinker(from: [1, 0, 0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 1, 0, 1, 1])
        await s.deleteAndPad()
        #expect(s.best.count == Self.minimum.count)
        #expect(try Heap.generator.run(TestCase.replaying(s.best)).nodes == 4)
    }

    /// `(-1, None, (0, (0, None, None), (1, None, None)))`: the child of −1 has a sign choice (forced, its value being
    /// 0) that a child of 0 lacks, so lowering the root alone shifts every later choice.
    /// The shrinker learns which choices are forced from the runs it makes, so it starts one step before, at
    /// `(-2, None, (0, (0, None, None), (1, None, None)))`.
    @Test func lowerDroppingForcedRemovesTheSignALoweredParentNoLongerAllows() async throws {
        let s = try shrinker(from: [1, 2, 1, 0, 1, 0, 0, 1, 0, 0, 0, 1, 1, 0, 0])
        #expect(await s.consider([1, 1, 1, 0, 1, 0, 0, 1, 0, 0, 0, 1, 1, 0, 0]))
        #expect(s.bestForced == [6])
        await s.lowerDroppingForced()
        #expect(s.best == Self.minimum)
    }

    /// `(0, (0, (1, None, None), None), (0, None, None))`: exchanging the left subtree's `(1, None, None)` and what
    /// follows it with the root's right subtree gives `(0, (0, (0, None, None), (1, None, None)), None)`, smaller
    /// and still failing (no exchange of sibling spans can, as there are none).
    @Test func exchangeStructuralBlocksExchangesSubtreesWithoutSpans() async throws {
        let s = try shrinker(from: [1, 0, 0, 1, 0, 1, 1, 0, 0, 0, 1, 0, 0, 0])
        await s.exchangeStructuralBlocks()
        #expect(s.best == [1, 0, 0, 1, 0, 1, 0, 0, 0, 1, 1, 0, 0, 0])
    }

    /// None of the three passes changes the minimum, and each tries a bounded number of candidates on it.
    @Test func theMinimumStays() async throws {
        let s = try shrinker(from: Self.minimum)
        await s.deleteAndPad()
        await s.lowerDroppingForced()
        await s.exchangeStructuralBlocks()
        #expect(s.best == Self.minimum)
        #expect(s.calls <= 2 * 48 + Self.minimum.count)
    }
}
