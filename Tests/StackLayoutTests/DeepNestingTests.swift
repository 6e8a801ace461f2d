import Testing
@testable import StackLayout

/// A scenario nested 1,000 levels deep must not exhaust the stack in a debug build inside a Swift Testing
/// test: `==`, hashing, walking and releasing the value included (layout and JSON are tested with their code).
@Suite struct DeepNestingTests {
    static func deepStack(depth: Int, leafWidth: Double = 10) -> Stack {
        var stack = Stack(axis: .horizontal, arrangedSubviews: [.view("leaf", width: leafWidth, height: 5)])
        for level in 1..<depth {
            stack = Stack(axis: level % 2 == 0 ? .horizontal : .vertical,
                          arrangedSubviews: [.stack("s\(level)", stack)])
        }
        return stack
    }

    @Test func equalityHashAndWalkAtDepth1000() {
        let a = Self.deepStack(depth: 1000)
        let b = Self.deepStack(depth: 1000)
        let c = Self.deepStack(depth: 1000, leafWidth: 11)
        #expect(a == b)
        #expect(a != c)
        #expect(a.hashValue == b.hashValue)
        var count = 0
        var maxDepth = 0
        a.forEachItem { _, depth in count += 1; maxDepth = max(maxDepth, depth) }
        #expect(count == 1000)
        #expect(maxDepth == 1000)
        let index = ScenarioIndex(a)
        #expect(index.items.count == 1000)
        #expect(index.items.last?.id == "leaf")
        #expect(index.items.last?.parent == 998)
    }

    @Test func transformAndReleaseAtDepth1000() {
        do {
            let scenario = Scenario(stack: Self.deepStack(depth: 1000, leafWidth: 5_000_000))
            let clamped = scenario.clampedForLayout()
            var widths: [Double] = []
            clamped.stack.forEachItem { item, _ in
                if let w = item.leaf?.intrinsicContentSize.width { widths.append(w) }
            }
            #expect(widths == [LengthClamp.limit])
        }
        // Leaving the scope released both 1,000-deep values.
    }
}
