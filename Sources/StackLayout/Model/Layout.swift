/// An engine's answer for a scenario (SCENARIO-FORMAT.md, "Layout").
public struct Layout: Hashable, Sendable {
    public static let formatIdentifier = "stackcheck.layout/1"

    /// The root stack's bounds size.
    public var size: Size
    /// One frame for every arranged item at every depth, hidden ones included, in scenario pre-order, each in the
    /// coordinate space of the stack that arranges it.
    public var frames: [(id: String, frame: Frame)] {
        get { zip(frameIDs, frameValues).map { ($0, $1) } }
        set { frameIDs = newValue.map(\.id); frameValues = newValue.map(\.frame) }
    }
    public var frameIDs: [String]
    public var frameValues: [Frame]
    /// The root stack's first baseline from its top, or `.notComputed` when the engine does not compute baselines.
    public var firstBaseline: Baseline
    public var lastBaseline: Baseline
    /// Strings for people: broken constraints (`broken: …`), ignored inputs, warnings.
    public var diagnostics: [String]

    public init(size: Size, frames: [(id: String, frame: Frame)], firstBaseline: Baseline = .notComputed,
                lastBaseline: Baseline = .notComputed, diagnostics: [String] = []) {
        self.size = size
        self.frameIDs = frames.map(\.id)
        self.frameValues = frames.map(\.frame)
        self.firstBaseline = firstBaseline
        self.lastBaseline = lastBaseline
        self.diagnostics = diagnostics
    }

    /// The same from parallel arrays: `frameValues[i]` is the frame of `frameIDs[i]`.
    public init(size: Size, frameIDs: [String], frameValues: [Frame], firstBaseline: Baseline = .notComputed,
                lastBaseline: Baseline = .notComputed, diagnostics: [String] = []) {
        precondition(frameIDs.count == frameValues.count, "one frame per id")
        self.size = size
        self.frameIDs = frameIDs
        self.frameValues = frameValues
        self.firstBaseline = firstBaseline
        self.lastBaseline = lastBaseline
        self.diagnostics = diagnostics
    }

    /// The frame of the item with this id (linear search; build a dictionary for repeated look-ups).
    public func frame(of id: String) -> Frame? {
        frameIDs.firstIndex(of: id).map { frameValues[$0] }
    }
}

/// A root baseline in a layout document: a number, or not computed (omitted or `null` in JSON).
///
/// There is no "no baseline": UIKit's model always has one (a view without text has its bottom edge, a stack with no
/// visible view its height, R-BL-2/3/5), so an engine that writes `null` has not computed it (SCENARIO-FORMAT.md,
/// "Compatibility").
public enum Baseline: Hashable, Sendable {
    case value(Double)
    case notComputed

    /// The number, when computed.
    public var value: Double? {
        if case .value(let v) = self { return v }
        return nil
    }
}
