/// A set of choice sequences with the lookup the shrinker needs: does a candidate start with a stored sequence, or
/// is it a stored sequence cut short before a tail of zeros? Children are found by value; nothing iterates them.
struct ChoiceTrie {
    private var children: [[UInt64: Int]] = [[:]]
    private var terminal: [Bool] = [false]
    /// The value a node's next choice is forced to (any candidate value there reads as it), if it is forced.
    private var forcedValue: [UInt64?] = [nil]

    /// Stores a consumed sequence; `forced` lists the positions whose value the generator ignored.
    mutating func insert(_ s: [UInt64], forced: [Int]) {
        var node = 0
        var f = 0
        for (i, c) in s.enumerated() {
            if f < forced.count && forced[f] == i { forcedValue[node] = c; f += 1 }
            if let next = children[node][c] { node = next; continue }
            children.append([:])
            terminal.append(false)
            forcedValue.append(nil)
            children[node][c] = children.count - 1
            node = children.count - 1
        }
        terminal[node] = true
    }

    func contains(_ candidate: [UInt64]) -> Bool {
        var node = 0
        for c in candidate {
            if terminal[node] { return true }
            guard let next = children[node][forcedValue[node] ?? c] else { return false }
            node = next
        }
        // Past the candidate's end a replay reads zeros.
        while !terminal[node] {
            guard let next = children[node][forcedValue[node] ?? 0] else { return false }
            node = next
        }
        return true
    }
}
