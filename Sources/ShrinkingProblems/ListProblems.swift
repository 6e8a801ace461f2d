import PropertyCheck

// The challenge's problems over lists of integers.

extension ShrinkingProblem {
    /// large_union_list. Generator: lists of lists of integers. Property: the union of the lists has at most 4
    /// distinct values. Known minimum: [[0, 1, -1, 2, -2]].
    public static let largeUnionList = ShrinkingProblem(
        "large_union_list", anyList(anyList(anyInt)), minimal: "[[0, 1, -1, 2, -2]]", minimalSize: 5,
        size: { $0.map(\.count).reduce(0, +) }, isMinimal: { $0 == [[0, 1, -1, 2, -2]] },
        holds: { Set($0.flatMap { $0 }).count <= 4 })

    /// reverse. Generator: lists of integers. Property: reversing a list gives the same list. Known minimum: [0, 1].
    public static let reverse = ShrinkingProblem(
        "reverse", anyList(anyInt), minimal: "[0, 1]", minimalSize: 2, size: { $0.count },
        isMinimal: { $0 == [0, 1] }, holds: { $0 == $0.reversed() })

    /// lengthlist. Generator: a length n in 1…100, then a list of exactly n integers in 0…1000. Property: the list's
    /// maximum is below 900. Known minimum: [900].
    public static let lengthList = ShrinkingProblem(
        "lengthlist", Gens.int(1...100).flatMap { n in Gens.array(Gens.int(0...1000), length: n) },
        minimal: "[900]", minimalSize: 1, size: { $0.count },
        isMinimal: { $0 == [900] }, holds: { ($0.max() ?? 0) < 900 })

    /// coupling. Generator: lists of integers in 0…10, filtered to those whose values are all valid indices.
    /// Property: no two positions point at each other (for every i with xs[i] ≠ i, xs[xs[i]] ≠ i). Known minimum:
    /// [1, 0].
    public static let coupling = ShrinkingProblem(
        "coupling", anyList(Gens.int(0...10)).filter { xs in xs.allSatisfy { $0 < xs.count } },
        minimal: "[1, 0]", minimalSize: 2, size: { $0.count }, isMinimal: { $0 == [1, 0] },
        holds: { xs in xs.indices.allSatisfy { i in xs[i] == i || xs[xs[i]] != i } })

    /// deletion. Generator: a non-empty list of integers, then an index into it. Property: after removing the element
    /// at that index, the value is no longer in the list (false when it occurs twice). Known minimum: ([0, 0], 0).
    public static let deletion = ShrinkingProblem(
        "deletion",
        anyList(anyInt).filter { !$0.isEmpty }.flatMap { xs in Gens.int(0...(xs.count - 1)).map { i in Deletion(list: xs, index: i) } },
        minimal: "([0, 0], 0)", minimalSize: 2, size: { $0.list.count },
        isMinimal: { $0 == Deletion(list: [0, 0], index: 0) },
        holds: { d in var xs = d.list; let v = xs.remove(at: d.index); return !xs.contains(v) })

    /// distinct. Generator: lists of integers. Property: the list has fewer than 3 distinct values. Known minimum:
    /// [0, 1, -1].
    public static let distinct = ShrinkingProblem(
        "distinct", anyList(anyInt), minimal: "[0, 1, -1]", minimalSize: 3, size: { $0.count },
        isMinimal: { $0 == [0, 1, -1] }, holds: { Set($0).count < 3 })

    /// nestedlists. Generator: lists of lists of integers. Property: the lists' lengths sum to at most 10. Known
    /// minimum: one list of 11 zeros.
    public static let nestedLists = ShrinkingProblem(
        "nestedlists", anyList(anyList(anyInt)), minimal: "[[0 × 11]]", minimalSize: 11,
        size: { $0.map(\.count).reduce(0, +) }, isMinimal: { $0 == [Array(repeating: 0, count: 11)] },
        holds: { $0.map(\.count).reduce(0, +) <= 10 })
}

/// The value of the deletion problem: a list and the index of the element removed.
public struct Deletion: Sendable, Equatable, CustomStringConvertible {
    public var list: [Int]
    public var index: Int
    public var description: String { "(\(list), \(index))" }
}
