/// The direct engine: UIStackView's layout in closed form, stack by stack, inside the domain at the top of
/// UISTACKVIEW.md §4 (no user constraints, no conflicts, no nested stack stretched or compressed along its parent's
/// axis, no priority equal to an internal UISV priority). It must agree with the reference engine, which solves
/// UIKit's constraint set, on every scenario inside its features.
///
/// Nested stacks are sized bottom-up by their fitting size (R-N-1) and placed top-down; both passes are iterative,
/// so nesting depth costs no stack space. Work is linear in the number of arranged items (sorting where a free
/// length is chosen lexicographically: n log n).
public struct DirectEngine: LayoutEngine {
    public init() {}
    public var name: String { "direct" }
    public var version: String { "1" }

    public static let supportedFeatures = FeatureSet.all.subtracting([.userConstraints, .conflicts, .nestedSlack, .priorityCollisions])
    public var features: FeatureSet { Self.supportedFeatures }

    public func layout(_ scenario: Scenario) throws(LayoutError) -> Layout {
        do {
            try scenario.validate()
        } catch {
            throw .failed("invalid scenario: \(error)")
        }
        let needed = requiredFeatures(of: scenario)
        let missing = needed.subtracting(features).subtracting([.overflow])
        if !missing.isEmpty { throw .unsupported("the scenario needs \(missing), which the direct engine does not implement") }
        let clamped = scenario.clampedForLayout()
        let index = ScenarioIndex(clamped)
        do {
            var exact = try Self.solve(clamped, index: index)
            exact.diagnostics = Self.diagnostics(clamped.stack)
            return exact.finish(for: scenario, index: index)
        } catch {
            throw .unsupported(error.message)
        }
    }

    /// The root stack's fitting size (its size when no container dimension is fixed), margins included (R-F-*).
    public static func fittingSize(of stack: Stack) throws(LayoutError) -> Size {
        let index = ScenarioIndex(stack)
        do {
            let fitted = try fit(stack, index: index)
            return try StackSolver(stack: stack, children: fitted.children(nil)).solve(width: nil, height: nil).size
        } catch {
            throw .unsupported(error.message)
        }
    }

    /// Bottom-up: every nested stack's fitting solution and its summary as a child of its parent.
    struct Fitted {
        let index: ScenarioIndex
        var nestedChild: [Child?]
        func children(_ parent: Int?) -> [Child] {
            index.arranged(by: parent).enumerated().map { position, i in
                let item = index.items[i].view
                if var child = nestedChild[i] {
                    child.position = position
                    return child
                }
                guard case .view(let leaf) = item.content else { return Child(position: position, hidden: item.isHidden, nested: true) }
                return Child.leaf(item, leaf, position: position)
            }
        }
    }

    static func fit(_ root: Stack, index: ScenarioIndex) throws(Unsupported) -> Fitted {
        var fitted = Fitted(index: index, nestedChild: Array(repeating: nil, count: index.items.count))
        for i in index.items.indices.reversed() {
            let item = index.items[i]
            guard case .stack(let nested) = item.view.content else { continue }
            let solver = StackSolver(stack: nested, children: fitted.children(i))
            let fitting = try solver.solve(width: nil, height: nil)
            fitted.nestedChild[i] = solver.asChild(of: item.view, position: item.position, fitting: fitting)
        }
        return fitted
    }

    static func solve(_ scenario: Scenario, index: ScenarioIndex) throws(Unsupported) -> ExactLayout {
        let fitted = try fit(scenario.stack, index: index)
        var frames = Array(repeating: Frame.zero, count: index.items.count)
        let rootSolver = StackSolver(stack: scenario.stack, children: fitted.children(nil))
        let root = try rootSolver.solve(width: scenario.container.width, height: scenario.container.height)
        for (k, i) in index.rootChildren.enumerated() { frames[i] = root.frames[k] }
        // Top-down: each nested stack is laid out at the size its parent gave it (pre-order: parents first).
        var solutions: [StackSolution?] = Array(repeating: nil, count: index.items.count)
        var solvers: [StackSolver?] = Array(repeating: nil, count: index.items.count)
        for i in index.items.indices {
            guard case .stack(let nested) = index.items[i].view.content else { continue }
            let solver = StackSolver(stack: nested, children: fitted.children(i))
            let solution = try solver.solve(width: frames[i].width, height: frames[i].height)
            for (k, j) in index.children[i].enumerated() {
                var f = solution.frames[k]
                f.x += frames[i].x
                f.y += frames[i].y
                frames[j] = f
            }
            solutions[i] = solution
            solvers[i] = solver
        }
        // Baselines at the final sizes, bottom-up (R-BL-2, R-BL-3): a nested stack's own baselines, relative to it.
        var baselines: [(Double?, Double?)] = Array(repeating: (nil, nil), count: index.items.count)
        func childBaselines(_ parent: Int?) -> [(Double?, Double?)] {
            index.arranged(by: parent).map { j in
                if let leaf = index.items[j].view.leaf { return (leaf.firstBaseline, leaf.lastBaseline) }
                return baselines[j]
            }
        }
        func relative(_ parent: Int?) -> [Frame] {
            let origin = parent.map { frames[$0] } ?? .zero
            return index.arranged(by: parent).map { j in
                Frame(x: frames[j].x - origin.x, y: frames[j].y - origin.y, width: frames[j].width, height: frames[j].height)
            }
        }
        for i in index.items.indices.reversed() {
            guard let solver = solvers[i] else { continue }
            baselines[i] = solver.baselines(frames: relative(i), childBaselines: childBaselines(i))
        }
        let (first, last) = rootSolver.baselines(frames: relative(nil), childBaselines: childBaselines(nil))
        return ExactLayout(size: root.size, frames: frames,
                           firstBaseline: first ?? root.size.height, lastBaseline: last ?? root.size.height)
    }

    /// Diagnostics for people: R-AL-9 and ignored priorities on nested stacks (SCENARIO-FORMAT.md).
    static func diagnostics(_ root: Stack) -> [String] {
        var out: [String] = []
        var pending: [(Stack, String)] = [(root, "root stack")]
        while let (stack, name) = pending.popLast() {
            if stack.axis == .vertical && (stack.alignment == .firstBaseline || stack.alignment == .lastBaseline) {
                out.append("R-AL-9: \(stack.alignment.rawValue) alignment is valid for horizontal stacks only; \(name) is laid out as leading")
            }
            for item in stack.arrangedSubviews {
                guard case .stack(let nested) = item.content else { continue }
                if item.contentHuggingPriority != .defaultHugging || item.compressionResistancePriority != .defaultCompressionResistance {
                    out.append("ignored: content hugging and compression resistance priorities on nested stack \"\(item.id)\" (R-N-1)")
                }
                pending.append((nested, "stack \"\(item.id)\""))
            }
        }
        return out
    }
}
