/// A scenario prepared once for the direct engine, then laid out as often as needed into a caller's frame buffer,
/// the way a UIStackView keeps its arranged subviews' fitting sizes until something invalidates them and only
/// re-runs layout when its bounds change.
///
/// Building a plan does everything that depends on the scenario alone: validation, the feature check, clamping of
/// input lengths (R-SOLVE-6), the pre-order flattening of the arranged-view tree, each stack's spacing chain (§2.5)
/// and the bottom-up fitting pass that summarises every nested stack for its parent (R-N-1). `layout(into:)` then
/// does what depends on the container: the root and every nested stack solved top-down at their final sizes,
/// the root baselines (R-BL-*), and the finishing of each frame (R-PX-*, R-RTL-1). Once the plan's buffers have
/// grown, a call allocates nothing.
///
/// Frames are in **pre-order** of the arranged-view tree (`ScenarioIndex` order, the order of the layout
/// document's `frames`): a nested stack comes before its own arranged views, each frame in the coordinate space
/// of the stack that arranges it, exactly as in `DirectEngine.layout(_:)`'s document, which is built on this
/// path. A plan is a value: copies do not share buffers, and one plan is used by one thread at a time.
public struct DirectLayoutPlan: Sendable {
    /// The root stack's size and baselines from its top, as in the layout document.
    public struct RootMetrics: Hashable, Sendable {
        /// The root stack's bounds size.
        public var size: Size
        /// The root stack's first baseline from its top.
        public var firstBaseline: Baseline
        /// The root stack's last baseline from its top.
        public var lastBaseline: Baseline
    }

    /// What fixes the root stack's size from outside (the scenario's, until changed). Setting it is cheap; the next
    /// `layout(into:)` lays out at the new size. Lengths beyond ±2,777,777 are clamped at layout (R-SOLVE-6).
    public var container: Container
    /// Every arranged item's id, in pre-order: `frames[i]` is the frame of `ids[i]`.
    public let ids: [String]
    /// Pixels per point for rounding (R-PX-*), `nil` for exact frames; and right-to-left mirroring (R-RTL-1).
    let scale: Double?
    let mirrored: Bool
    /// For each item, the pre-order index of the nested stack that arranges it; −1 for the root's items.
    let parents: [Int]
    /// Stack 0 is the root; the others are the nested stacks in pre-order of the items that hold them.
    let stacks: [PlannedStack]
    let diagnostics: [String]
    private var scratch = LayoutScratch()
    /// Each nested stack's own baselines at its final size, by the pre-order index of its item (R-BL-2, R-BL-3).
    private var nestedBaselines: [(Double?, Double?)]

    /// The number of arranged items at every depth: the number of frames a layout writes.
    public var count: Int { ids.count }

    /// Prepares `scenario`. Throws what `DirectEngine.layout(_:)` throws before solving: `.failed` for an invalid
    /// scenario, `.unsupported` for one outside the direct engine's features or that it cannot fit (R-N-1).
    public init(_ scenario: Scenario) throws(LayoutError) {
        // Text in closed form only where its size is fixed (`DirectEngine.fixedSizeText`).
        var scenario = scenario
        if scenario.hasText {
            guard let fixed = DirectEngine.fixedSizeText(scenario) else { throw .unsupported(DirectEngine.declinesText) }
            scenario = fixed
        }
        do {
            try scenario.validate()
        } catch {
            throw .failed("invalid scenario: \(error)")
        }
        // Overflow is decided by the container at layout time and is not a reason to decline (ENGINE-PROTOCOL.md).
        let declined = DirectEngine.declinedFeatures
        let needed = syntacticFeatures(of: scenario)
        if needed.contains(where: declined.contains) {
            let missing = FeatureSet(needed).subtracting(DirectEngine.supportedFeatures).subtracting([.overflow])
            throw .unsupported("the scenario needs \(missing), which the direct engine does not implement")
        }
        let clamped = scenario.clampedForLayout()
        do {
            try self.init(clamped.stack, container: scenario.container, scale: scenario.scale,
                          mirrored: scenario.layoutDirection == .rightToLeft,
                          diagnostics: DirectEngine.diagnostics(clamped.stack))
        } catch {
            throw .unsupported(error.message)
        }
    }

    /// Flattens `root` (already clamped) and runs the fitting pass; no validation.
    init(_ root: Stack, container: Container, scale: Double?, mirrored: Bool, diagnostics: [String]) throws(Unsupported) {
        self.container = container
        self.scale = scale
        self.mirrored = mirrored
        self.diagnostics = diagnostics
        // Pre-order walk with an explicit stack of open stacks: no recursion, and no copy of the items themselves.
        var ids: [String] = []
        var parents: [Int] = []
        var stacks = [StackDraft(root, holder: -1, parentStack: -1, holderPosition: -1)]
        var open: [(stack: Stack, number: Int, next: Int)] = [(root, 0, 0)]
        while let top = open.indices.last {
            let position = open[top].next
            guard position < open[top].stack.arrangedSubviews.count else { open.removeLast(); continue }
            open[top].next += 1
            let number = open[top].number
            let index = ids.count
            let item = open[top].stack.arrangedSubviews[position]
            ids.append(item.id)
            parents.append(stacks[number].holder)
            stacks[number].members.append(index)
            if case .stack(let nested) = item.content {
                open.append((nested, stacks.count, 0))
                stacks.append(StackDraft(nested, holder: index, parentStack: number, holderPosition: position))
            }
        }
        self.ids = ids
        self.parents = parents
        self.nestedBaselines = stacks.count > 1 ? Array(repeating: (nil, nil), count: ids.count) : []
        // Bottom-up: every nested stack's fitting size and levels, as its parent's child (R-N-1). Nested stacks are
        // numbered in pre-order, so in reverse every stack's nested children are summarised before it.
        var fitFrames = stacks.count > 1 ? Array(repeating: Frame.zero, count: ids.count) : []
        var planned: [PlannedStack?] = Array(repeating: nil, count: stacks.count)
        for k in stacks.indices.dropFirst().reversed() {
            let stack = PlannedStack(stacks[k])   // complete: its nested items come later in pre-order
            planned[k] = stack
            let closedForm = ClosedFormStack(stack: stack)
            let size = try closedForm.solve(width: nil, height: nil, &scratch, into: &fitFrames)
            let baselines = closedForm.baselines(frames: fitFrames, originY: 0)
            let (parent, position) = (stacks[k].parentStack, stacks[k].holderPosition)
            let hidden = stacks[parent].children[position].hidden
            stacks[parent].children[position] = closedForm.asChild(hidden: hidden, position: position,
                                                               fittingSize: size, baselines: baselines)
        }
        planned[0] = PlannedStack(stacks[0])
        self.stacks = planned.map { $0! }
    }

    /// Lays the scenario out at `container` into `frames`, one per arranged item in pre-order (resized to `count`
    /// if it has another length: pass the same array again and nothing is allocated). Throws `.unsupported` where
    /// the container asks for what the direct engine does not model, such as a nested stack stretched along its
    /// parent's axis (R-N-1).
    public mutating func layout(into frames: inout [Frame]) throws(LayoutError) -> RootMetrics {
        if frames.count != count { frames = Array(repeating: .zero, count: count) }
        do {
            return try solve(into: &frames)
        } catch {
            throw .unsupported(error.message)
        }
    }

    private mutating func solve(into frames: inout [Frame]) throws(Unsupported) -> RootMetrics {
        let root = ClosedFormStack(stack: stacks[0])
        let size = try root.solve(width: container.width.map(LengthClamp.clamp),
                                  height: container.height.map(LengthClamp.clamp), &scratch, into: &frames)
        // Top-down: each nested stack laid out at the size its parent gave it (pre-order: parents first).
        for k in stacks.indices.dropFirst() {
            let holder = frames[stacks[k].holder]
            _ = try ClosedFormStack(stack: stacks[k]).solve(width: holder.width, height: holder.height, &scratch,
                                                        into: &frames, offset: (holder.x, holder.y))
        }
        // Baselines at the final sizes, bottom-up (R-BL-2, R-BL-3): a nested stack's own, relative to its top.
        for k in stacks.indices.dropFirst().reversed() {
            let holder = stacks[k].holder
            let baselines = ClosedFormStack(stack: stacks[k]).baselines(frames: frames, originY: frames[holder].y,
                                                                     nestedBaselines: nestedBaselines)
            nestedBaselines[holder] = baselines
        }
        let (first, last) = root.baselines(frames: frames, originY: 0, nestedBaselines: nestedBaselines)
        let exact = ExactLayout.Root(size: size, firstBaseline: first ?? size.height, lastBaseline: last ?? size.height)
        let finished = ExactLayout.finish(&frames, root: exact, scale: scale, mirrored: mirrored, parents: parents)
        return RootMetrics(size: finished.size, firstBaseline: finished.firstBaseline, lastBaseline: finished.lastBaseline)
    }

    /// The layout document for frames this plan wrote (SCENARIO-FORMAT.md, "Layout"): ids paired with frames,
    /// the root metrics, and the diagnostics for people. This is the only part of `DirectEngine.layout(_:)` that
    /// the preallocated path leaves out.
    public func document(frames: [Frame], root: RootMetrics) -> Layout {
        precondition(frames.count == count, "frames from another plan")
        return Layout(size: root.size, frameIDs: ids, frameValues: frames, firstBaseline: root.firstBaseline,
                      lastBaseline: root.lastBaseline, diagnostics: diagnostics)
    }
}

extension DirectLayoutPlan {
    /// The root's exact (unrounded) size at `container`, solving the root stack alone: its nested stacks are
    /// already summarised by their fitting sizes (R-N-1, R-F-*).
    mutating func exactRootSize() throws(Unsupported) -> Size {
        var frames = Array(repeating: Frame.zero, count: count)
        return try ClosedFormStack(stack: stacks[0]).solve(width: container.width, height: container.height,
                                                       &scratch, into: &frames)
    }
}
