import Testing
@testable import PropertyCheck

/// Shrinks that once went wrong on generators written the way a user writes them (not the challenge's own encoding),
/// kept so they stay fixed. Bounds are in calls, never in time.
@Suite struct ShrinkRegressionTests {
    /// A binary heap built by hand: each node is `oneOf(empty, node)`, a node's value drawn with `flatMap` from the
    /// parent's value up, and at the depth limit a constant empty heap (no choice at all). The property is QuickCheck's
    /// buggy `toSortedList` (root, then a preorder walk of the merged children).
    indirect enum Heap: Equatable, Sendable {
        case empty, node(Int, Heap, Heap)

        static func generator(atLeast lower: Int, depth: Int) -> Gen<Heap> {
            guard depth > 0 else { return .just(.empty) }
            return .oneOf([.just(.empty), Gens.int(lower...1000, target: lower).flatMap { v in
                Gen { tc throws(StopTest) in
                    .node(v, try generator(atLeast: v, depth: depth - 1).run(tc),
                          try generator(atLeast: v, depth: depth - 1).run(tc))
                }
            }])
        }

        static func merge(_ a: Heap, _ b: Heap) -> Heap {
            guard case .node(let x, let a1, let a2) = a else { return b }
            guard case .node(let y, let b1, let b2) = b else { return a }
            return x <= y ? .node(x, merge(a2, b), a1) : .node(y, merge(b2, a), b1)
        }

        var preorderRightFirst: [Int] {
            guard case .node(let x, let l, let r) = self else { return [] }
            return [x] + r.preorderRightFirst + l.preorderRightFirst
        }

        var wrongSorted: [Int] {
            guard case .node(let x, let l, let r) = self else { return [] }
            return [x] + Heap.merge(l, r).preorderRightFirst
        }
    }

    /// The runaway: deleting a run of sibling spans while decrementing the choice before the run (a guessed length
    /// prefix) was accepted when the replay read zeros back up to the old length, so the only progress was the
    /// "prefix" — here a node's value — one unit lower per call: about 1,000 calls a shrink, on the way to the budget
    /// for larger values. A deletion that guesses a count must now shorten the sequence. Ten seeds, each shrink well
    /// within 400 test calls (the challenge's heaps take around 100) and none cut short by the cap.
    @Test(arguments: 0..<10)
    func handBuiltHeapShrinksWithoutWalkingAValueDown(seed: UInt64) async throws {
        let gen = Heap.generator(atLeast: 0, depth: 7)
        let p = Property("heap.byHand", gen) { h, _ in
            try require(h.wrongSorted == h.preorderRightFirst.sorted(), "not sorted")
        }
        var config = Configuration(seed: seed, cases: 100_000)
        config.maxShrinkCalls = 10_000
        let report = await PropertyRunner.run(p, configuration: config)
        let c = try #require(report.counterexample)
        #expect(!c.shrink.cutShort)
        #expect(c.shrink.calls < 400, "\(c.shrink.calls) calls for \(c.shrunk)")
    }
}
