import PropertyCheck
@testable import ShrinkingProblems
import Testing

/// The second encoding of the shrinking challenge: every problem fails from a few seeds, and each property and
/// recogniser is right on hand-built values (the challenge's minimum, a near miss, a value that passes). The minima
/// and near misses are written from the challenge's statements, not from a run. Shrink quality is not asserted here:
/// the benchmark measures it.
@Suite struct SecondEncodingTests {
    typealias SE = SecondEncoding

    @Test func theThirteenProblemsInTheChallengesOrder() {
        #expect(ShrinkingProblem.secondEncoding.map(\.name) == [
            "bound5", "largeUnionList", "reverse", "calculator", "lengthList", "differenceMustNotBeZero",
            "differenceMustNotBeSmall", "differenceMustNotBeOne", "binHeap", "coupling", "deletion", "distinct",
            "nestedLists",
        ])
        #expect(ShrinkingProblem.secondEncodingNamed("coupling")?.name == "coupling")
        #expect(ShrinkingProblem.secondEncodingNamed("Coupling") == nil)
        #expect(ShrinkingProblem.secondEncodingNamed("") == nil)
    }

    /// Each problem finds a counterexample from seeds 0, 1 and 2 within 1,000 cases (the shrink budget is kept small:
    /// only finding is checked).
    @Test(arguments: ShrinkingProblem.secondEncoding.map(\.name))
    func everyProblemIsFound(name: String) async throws {
        let problem = try #require(ShrinkingProblem.secondEncodingNamed(name))
        for seed: UInt64 in 0...2 {
            let outcome = await problem.run(seed, 50, 1000)
            #expect(outcome != nil, "\(name) found nothing from seed \(seed)")
        }
    }

    @Test func bound5() {
        let minimum: [[Int16]] = [[-32768], [-1], [], [], []]
        #expect(SE.Bound5.isMinimal(minimum) && !SE.Bound5.holds(minimum) && SE.Bound5.size(minimum) == 2)
        // Another placement of the same two singletons is the same minimum; other values are not.
        #expect(SE.Bound5.isMinimal([[], [], [], [-1], [-32768]]))
        let nearMiss: [[Int16]] = [[-32768], [-2], [], [], []]
        #expect(!SE.Bound5.holds(nearMiss) && !SE.Bound5.isMinimal(nearMiss))
        #expect(!SE.Bound5.isMinimal([[-32768], [-1], [0], [], []]))
        // Without overflow the bound holds (five lists below 256 sum below 5 × 256); any two that overflow break it.
        #expect(SE.Bound5.holds([[-32768], [], [], [], []]) && SE.Bound5.holds([[255], [255], [255], [255], [255]]))
        #expect(!SE.Bound5.holds([[], [-16384], [], [-16385], []]))
    }

    @Test func largeUnionList() {
        #expect(SE.LargeUnionList.isMinimal([[0, 1, -1, 2, -2]]) && !SE.LargeUnionList.holds([[0, 1, -1, 2, -2]]))
        #expect(SE.LargeUnionList.size([[0, 1, -1, 2, -2]]) == 6 && SE.LargeUnionList.size([[0], [1], [-1], [2], [-2]]) == 10)
        let split = [[0], [1, -1, 2, -2]]
        #expect(!SE.LargeUnionList.holds(split) && !SE.LargeUnionList.isMinimal(split))
        #expect(!SE.LargeUnionList.isMinimal([[0, 1, -1, -2, 2]]))
        #expect(SE.LargeUnionList.holds([[0, 1, -1, 2], [2, 1, 0, 0]]))
    }

    @Test func reverse() {
        #expect(SE.Reverse.isMinimal([0, 1]) && !SE.Reverse.holds([0, 1]))
        #expect(!SE.Reverse.holds([1, 0]) && !SE.Reverse.isMinimal([1, 0]))
        #expect(SE.Reverse.holds([0]) && SE.Reverse.holds([]) && SE.Reverse.holds([3, -7, 3]))
    }

    @Test func calculator() {
        typealias E = SE.Calculator.Expression
        let minimum = E.quotient(.literal(0), .sum(.literal(0), .literal(0)))
        #expect(SE.Calculator.isMinimal(minimum) && !SE.Calculator.holds(minimum) && minimum.nodes == 5)
        #expect(minimum.dividesByNoLiteralZero && minimum.description == "('/', 0, ('+', 0, 0))")
        let nearMiss = E.quotient(.literal(0), .quotient(.literal(0), .literal(1)))
        #expect(nearMiss.dividesByNoLiteralZero && !SE.Calculator.holds(nearMiss) && !SE.Calculator.isMinimal(nearMiss))
        #expect(!E.quotient(.literal(1), .literal(0)).dividesByNoLiteralZero)
        #expect(!E.sum(.literal(2), .quotient(.literal(1), .literal(0))).dividesByNoLiteralZero)
        #expect(SE.Calculator.holds(.quotient(.literal(1), .sum(.literal(0), .literal(1)))))
        // Python's floor division, and no trap at the machine's edges.
        #expect(E.quotient(.literal(-7), .literal(2)).value == -4 && E.quotient(.literal(7), .literal(-2)).value == -4)
        #expect(E.quotient(.literal(-6), .literal(2)).value == -3 && E.quotient(.literal(7), .literal(2)).value == 3)
        #expect(E.quotient(.literal(.min), .literal(-1)).value == .min)
        #expect(E.sum(.literal(.max), .literal(1)).value == .min)
    }

    @Test func lengthList() {
        #expect(SE.LengthList.isMinimal([900]) && !SE.LengthList.holds([900]))
        #expect(!SE.LengthList.holds([901]) && !SE.LengthList.isMinimal([901]))
        #expect(!SE.LengthList.holds([0, 900]) && !SE.LengthList.isMinimal([0, 900]))
        #expect(SE.LengthList.holds([899]) && SE.LengthList.holds([0, 899, 12]))
    }

    @Test func differences() {
        #expect(SE.DifferenceMustNotBeZero.isMinimal((10, 10)) && !SE.DifferenceMustNotBeZero.holds((10, 10)))
        #expect(!SE.DifferenceMustNotBeZero.holds((11, 11)) && !SE.DifferenceMustNotBeZero.isMinimal((11, 11)))
        #expect(SE.DifferenceMustNotBeZero.holds((9, 9)) && SE.DifferenceMustNotBeZero.holds((10, 11)))

        #expect(SE.DifferenceMustNotBeSmall.isMinimal((10, 6)) && !SE.DifferenceMustNotBeSmall.holds((10, 6)))
        #expect(!SE.DifferenceMustNotBeSmall.holds((10, 7)) && !SE.DifferenceMustNotBeSmall.isMinimal((10, 7)))
        #expect(!SE.DifferenceMustNotBeSmall.holds((10, 14)))
        #expect(SE.DifferenceMustNotBeSmall.holds((10, 5)) && SE.DifferenceMustNotBeSmall.holds((10, 10)))
        #expect(SE.DifferenceMustNotBeSmall.holds((9, 6)) && SE.DifferenceMustNotBeSmall.holds((10, 15)))

        #expect(SE.DifferenceMustNotBeOne.isMinimal((10, 9)) && !SE.DifferenceMustNotBeOne.holds((10, 9)))
        #expect(!SE.DifferenceMustNotBeOne.holds((10, 11)) && !SE.DifferenceMustNotBeOne.isMinimal((10, 11)))
        #expect(SE.DifferenceMustNotBeOne.holds((10, 8)) && SE.DifferenceMustNotBeOne.holds((9, 8)))
        #expect(SE.DifferenceMustNotBeOne.holds((Int.max, 1)))
    }

    @Test func binHeap() {
        typealias H = SE.BinHeap.Heap
        func leaf(_ n: Int) -> H { .node(n, .empty, .empty) }
        let minimum = H.node(0, .empty, .node(0, leaf(0), leaf(1)))
        #expect(SE.BinHeap.isMinimal(minimum) && !SE.BinHeap.holds(minimum) && minimum.nodes == 4)
        #expect(minimum.description == "(0, None, (0, (0, None, None), (1, None, None)))")
        // Stack order: the right child is listed first.
        #expect(SE.BinHeap.toList(minimum) == [0, 0, 1, 0])
        #expect(SE.BinHeap.wrongToSortedList(minimum) == [0, 0, 1, 0])
        let mirror = H.node(0, .node(0, leaf(0), leaf(1)), .empty)
        #expect(!SE.BinHeap.holds(mirror) && !SE.BinHeap.isMinimal(mirror))
        let otherValues = H.node(0, .empty, .node(0, leaf(0), leaf(2)))
        #expect(!SE.BinHeap.holds(otherValues) && !SE.BinHeap.isMinimal(otherValues))
        // No heap of three nodes fails: the merge of two leaves lists its smaller head first.
        #expect(SE.BinHeap.holds(.node(0, leaf(1), leaf(0))) && SE.BinHeap.holds(.node(0, .empty, .node(0, .empty, leaf(1)))))
        #expect(SE.BinHeap.holds(.empty) && SE.BinHeap.holds(leaf(-5)))
    }

    @Test func coupling() {
        #expect(SE.Coupling.isMinimal([1, 0]) && !SE.Coupling.holds([1, 0]))
        #expect(!SE.Coupling.holds([0, 2, 1]) && !SE.Coupling.isMinimal([0, 2, 1]))
        #expect(SE.Coupling.holds([0, 1]) && SE.Coupling.holds([1, 2, 0]) && SE.Coupling.holds([]))
    }

    @Test func deletion() {
        #expect(SE.Deletion.isMinimal(([0, 0], 0)) && !SE.Deletion.holds(([0, 0], 0)))
        #expect(!SE.Deletion.holds(([0, 0], 1)) && !SE.Deletion.isMinimal(([0, 0], 1)))
        #expect(!SE.Deletion.holds(([1, 1], 0)) && !SE.Deletion.isMinimal(([1, 1], 0)))
        #expect(SE.Deletion.holds(([0, 1], 0)) && SE.Deletion.holds(([0, 1, 0], 1)))
    }

    @Test func distinct() {
        #expect(SE.Distinct.isMinimal([0, 1, -1]) && !SE.Distinct.holds([0, 1, -1]))
        #expect(SE.Distinct.isMinimal([0, 1, 2]) && !SE.Distinct.holds([0, 1, 2]))
        #expect(!SE.Distinct.holds([0, -1, 1]) && !SE.Distinct.isMinimal([0, -1, 1]))
        #expect(!SE.Distinct.holds([0, 0, 1, -1]) && !SE.Distinct.isMinimal([0, 0, 1, -1]))
        #expect(SE.Distinct.holds([0, 1, 1, 0]) && SE.Distinct.holds([]))
    }

    @Test func nestedLists() {
        let minimum: [[Int64]] = [Array(repeating: 0, count: 11)]
        #expect(SE.NestedLists.isMinimal(minimum) && !SE.NestedLists.holds(minimum) && SE.NestedLists.size(minimum) == 12)
        let split: [[Int64]] = [Array(repeating: 0, count: 10), [0]]
        #expect(!SE.NestedLists.holds(split) && !SE.NestedLists.isMinimal(split))
        #expect(!SE.NestedLists.isMinimal([Array(repeating: 0, count: 10) + [1]]))
        #expect(SE.NestedLists.holds([Array(repeating: 0, count: 10)]) && SE.NestedLists.holds([[1, 2], [3], []]))
    }
}
