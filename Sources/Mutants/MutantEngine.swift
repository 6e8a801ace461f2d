@_spi(Mutants) import StackConformance
import StackLayout

/// A deliberately broken engine: the reference engine with one bug a real implementation could
/// have, injected by rewriting the scenario before layout and/or the layout after it. The mutants show that every
/// property can fail; `stackcheck run --engine mutant:<id>` shows what a failure report looks like.
public struct MutantEngine: LayoutEngine {
    public let id: String
    /// `mutant:ID`, every feature; no capabilities (it is judged on its answers, as an engine outside the package).
    public var engineDescription: EngineDescription { EngineDescription(name: "mutant:" + id, version: "1", features: .all) }
    let prepare: @Sendable (Scenario) -> Scenario
    let finish: @Sendable (Scenario, Layout) -> Layout

    init(_ id: String, prepare: @escaping @Sendable (Scenario) -> Scenario = { $0 },
         finish: @escaping @Sendable (Scenario, Layout) -> Layout = { $1 }) {
        self.id = id
        self.prepare = prepare
        self.finish = finish
    }

    public func layout(_ scenario: Scenario) throws(LayoutError) -> Layout {
        finish(scenario, try AcceleratedReferenceEngine().layout(prepare(scenario)))
    }
}

/// One mutant: the bug it plants and the property designated to kill it (others may kill it too).
public struct Mutant: Sendable {
    public let id: String
    /// The bug, as a user would describe it.
    public let bug: String
    /// The property that must catch it.
    public let killedBy: String
    /// A broken engine, or nil for a broken view tree.
    public let engine: MutantEngine?
    /// A broken view tree (for the `tree.*` properties).
    @_spi(Mutants) public let tree: ViewTreeUnderTest.Type?
    /// Whether the mutant is a broken view tree (checked by the `tree.*` properties) rather than an engine.
    public var isViewTree: Bool { tree != nil }
    /// Whether the bug can show with three arranged views or fewer (the shrunk counterexample must then be that small).
    public let smallCounterexample: Bool

    init(_ id: String, _ bug: String, killedBy: String, small: Bool = true,
         prepare: @escaping @Sendable (Scenario) -> Scenario = { $0 },
         finish: @escaping @Sendable (Scenario, Layout) -> Layout = { $1 }) {
        self.id = id
        self.bug = bug
        self.killedBy = killedBy
        self.engine = MutantEngine(id, prepare: prepare, finish: finish)
        self.tree = nil
        self.smallCounterexample = small
    }

    init(tree: ViewTreeUnderTest.Type, _ id: String, _ bug: String, killedBy: String) {
        self.id = id
        self.bug = bug
        self.killedBy = killedBy
        self.engine = nil
        self.tree = tree
        self.smallCounterexample = true
    }
}

// Helpers for writing mutants.

extension Scenario {
    /// A copy with `body` applied to every stack.
    func eachStack(_ body: (inout Stack) -> Void) -> Scenario {
        var s = self
        s.stack = stack.transformed(stack: body, item: { _ in })
        return s
    }

    /// A copy with `body` applied to every arranged item.
    func eachItem(_ body: (inout ArrangedView) -> Void) -> Scenario {
        var s = self
        s.stack = stack.transformed(stack: { _ in }, item: body)
        return s
    }
}

extension Layout {
    /// A copy with `body` applied to the frame of every item whose id is in `ids` (all when nil).
    func mapFrames(_ ids: Set<String>? = nil, _ body: (String, inout Frame) -> Void) -> Layout {
        var l = self
        l.frames = frames.map { entry in
            guard ids?.contains(entry.id) ?? true else { return entry }
            var f = entry.frame
            body(entry.id, &f)
            return (entry.id, f)
        }
        return l
    }
}
