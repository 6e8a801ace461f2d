import PropertyCheck

extension SecondEncoding {
    /// Wrong binary heap: heap-ordered binary trees (every child's head at least its parent's), flattened by a wrong
    /// "to sorted list" that takes the root and then lists the merge of the two subtrees in stack order instead of
    /// popping minima; the property claims the result is sorted and holds the heap's values.
    ///
    /// Encoding: one recursive helper drawing the whole tree inside a composite `Gen { tc in … }`, with a per-node
    /// presence choice (`tc.weighted(0.7)`, shrinking towards an empty subtree) instead of `Gen.recursive`; no
    /// presence choice is drawn below a depth of 5. The heap order is built in, not filtered: a child's head is drawn
    /// from `Gens.int(parent...Int.max)`, whose default target 0 is clamped into the range, so a head shrinks towards
    /// 0 when its parent is negative and towards its parent otherwise. The root's head is a full-range `Int`.
    /// Subtrees get no span of their own (only each head does).
    ///
    /// The flattening follows the challenge's Python: a stack seeded with the tree, each node's left then right child
    /// pushed, so the right child is listed first.
    ///
    /// Known minimum: `(0, None, (0, (0, None, None), (1, None, None)))`, four nodes. Size counts nodes.
    enum BinHeap {
        indirect enum Heap: Sendable, Equatable, CustomStringConvertible {
            case empty
            case node(Int, Heap, Heap)

            var description: String {
                switch self {
                case .empty: "None"
                case .node(let head, let left, let right): "(\(head), \(left), \(right))"
                }
            }

            var nodes: Int {
                switch self {
                case .empty: 0
                case .node(_, let left, let right): 1 + left.nodes + right.nodes
                }
            }
        }

        static let maxDepth = 5

        static func draw(_ tc: TestCase, atLeast bound: Int, depth: Int) throws(StopTest) -> Heap {
            guard depth < maxDepth, try tc.weighted(0.7) else { return .empty }
            let head = try Gens.int(bound...Int.max).run(tc)
            let left = try draw(tc, atLeast: head, depth: depth + 1)
            return .node(head, left, try draw(tc, atLeast: head, depth: depth + 1))
        }

        static let generator = Gen<Heap> { tc throws(StopTest) in try draw(tc, atLeast: .min, depth: 0) }

        /// The heap's values in stack order (right child first).
        static func toList(_ heap: Heap) -> [Int] {
            var result: [Int] = []
            var stack = [heap]
            while let top = stack.popLast() {
                guard case .node(let head, let left, let right) = top else { continue }
                result.append(head)
                stack.append(left)
                stack.append(right)
            }
            return result
        }

        static func merge(_ a: Heap, _ b: Heap) -> Heap {
            guard case .node(let x, let xLeft, let xRight) = a else { return b }
            guard case .node(let y, let yLeft, let yRight) = b else { return a }
            return x <= y ? .node(x, merge(xRight, b), xLeft) : .node(y, merge(yRight, a), yLeft)
        }

        /// The bug: after the root, the merged subtrees are listed in stack order rather than by repeated merging.
        static func wrongToSortedList(_ heap: Heap) -> [Int] {
            guard case .node(let head, let left, let right) = heap else { return [] }
            return [head] + toList(merge(left, right))
        }

        static func holds(_ heap: Heap) -> Bool {
            let listed = wrongToSortedList(heap)
            return listed == listed.sorted() && toList(heap).sorted() == listed
        }

        static let minimum = Heap.node(0, .empty, .node(0, .node(0, .empty, .empty), .node(1, .empty, .empty)))
        static func isMinimal(_ heap: Heap) -> Bool { heap == minimum }

        static let problem = ShrinkingProblem("binHeap", generator, minimal: minimum.description, minimalSize: 4,
                                              size: { $0.nodes }, isMinimal: isMinimal, holds: holds)
    }
}
