/// The direct engine: UIStackView's layout in closed form, stack by stack, inside the domain at the top of
/// UISTACKVIEW.md §4 (no user constraints, no conflicts, no nested stack stretched or compressed along its parent's
/// axis, no priority equal to an internal UISV priority). It must agree with the reference engine, which solves
/// UIKit's constraint set, on every scenario inside its features.
///
/// Nested stacks are sized bottom-up by their fitting size (R-N-1) and placed top-down; both passes are iterative,
/// so nesting depth costs no stack space. `DirectLayoutPlan` is the same engine split into preparing a scenario
/// once and laying it out many times into a preallocated frame buffer. Work is linear in the number of arranged
/// items (sorting where a free length is chosen lexicographically: n log n).
public struct DirectEngine: LayoutEngine {
    /// The engine; it holds no state (a prepared scenario lives in a `DirectLayoutPlan`).
    public init() {}

    /// Every feature but the ones outside UISTACKVIEW.md §4's domain (user constraints, conflicts, nested slack and
    /// priority collisions) and text (§2.7), of which it lays out only labels of fixed size (`fixedSizeText`) and
    /// declines the rest, so it does not claim the feature.
    public static let supportedFeatures = FeatureSet.all.subtracting([.userConstraints, .conflicts, .nestedSlack,
                                                                      .priorityCollisions, .text])
    /// Built in, with `supportedFeatures`.
    public var engineDescription: EngineDescription { Self.engineDescription }
    static let engineDescription = EngineDescription(name: "direct", version: "1", features: Self.supportedFeatures, capabilities: [.builtIn])
    /// The features that make the engine decline a scenario (overflow is not one: ENGINE-PROTOCOL.md).
    static let declinedFeatures = FeatureSet.all.subtracting(supportedFeatures).subtracting([.overflow])

    /// Prepares the scenario (`DirectLayoutPlan`) and lays it out once: the same path as a prepared layout, plus
    /// the layout document. To lay out one scenario many times, keep the plan and a frame buffer instead.
    public func layout(_ scenario: Scenario) throws(LayoutError) -> Layout {
        var plan = try DirectLayoutPlan(scenario)
        var frames: [Frame] = []
        let root = try plan.layout(into: &frames)
        return plan.document(frames: frames, root: root)
    }

    /// The root stack's fitting size (its size when no container dimension is fixed), margins included (R-F-*).
    public static func fittingSize(of stack: Stack) throws(LayoutError) -> Size {
        var stack = stack
        if stack.hasText {
            guard let fixed = fixedSizeText(Scenario(stack: stack)) else { throw .unsupported(Self.declinesText) }
            stack = fixed.stack
        }
        do {
            var plan = try DirectLayoutPlan(stack, container: .free, scale: nil, mirrored: false, diagnostics: [])
            return try plan.exactRootSize()
        } catch {
            throw .unsupported(error.message)
        }
    }

    /// Why the engine declines a scenario with text (`fixedSizeText` says which).
    static let declinesText = "text (§2.7): a wrapping label whose size depends on the width the first solve gives it, or in a horizontal stack that adds R-TW-1 or R-TW-2, which the direct engine does not model"

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
