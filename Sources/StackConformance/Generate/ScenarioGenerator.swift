import PropertyCheck
import StackLayout

/// Random scenarios inside an engine's features, weighted so the interesting cases are common,
/// from a small domain of numbers (quarter points, small integers) so agreement is exact and shrinking is clean.
/// Every choice shrinks towards the simple scenario: fewer views, default properties, 0, integers, a free container.
///
/// A property narrows the generator to its own domain with `Shape` (for example only fillProportionally stacks, or
/// at least one hidden view), so that few cases are discarded; the engine's features always bound it.
public struct ScenarioGenerator: Sendable {
    /// What a property asks of its scenarios, within the engine's features.
    public struct Shape: Sendable {
        /// Distributions and alignments to choose from (nil: every one the engine has).
        public var distributions: [Distribution]? = nil
        /// Alignments to choose from (nil: every one the engine has).
        public var alignments: [Alignment]? = nil
        /// The root stack's alignments, when a property constrains only the root (nil: `alignments`).
        public var rootAlignments: [Alignment]? = nil
        /// Probability of a `scale` (when the engine has `pixelRounding`); 0 for properties about exact frames,
        /// which most are: rounding has its own properties.
        public var scaleProbability = 0.0
        /// Probability that a stack is vertical.
        public var verticalProbability = 0.4
        /// Probability that a vertical stack is baseline-relative (when the engine has `baselineRelative`).
        public var baselineRelativeProbability = 0.2
        /// Weight of system spacing among spacing values (when the engine has `systemSpacing`; the others weigh 10).
        public var systemSpacingWeight = 1
        /// Whether right-to-left may be generated.
        public var allowsRightToLeft = true
        /// Probability of a right-to-left scenario (when allowed and the engine has `rightToLeft`): reading-order and
        /// mirroring bugs need one.
        public var rightToLeftProbability = 0.3
        /// Whether the root container may be fixed along / across the root's axis.
        public var allowsFixedLength = true
        /// Whether the root container may be fixed across the root's axis.
        public var allowsFixedCrossSize = true
        /// Probability that an arranged view is hidden (when the engine has `hidden`).
        public var hiddenProbability = 0.2
        /// Probability that an arranged item is a nested stack (when the engine has `nested`).
        public var nestedProbability = 0.12
        /// Whether baseline-relative vertical stacks may be generated.
        public var allowsBaselineRelative = true
        /// Whether text baselines may be generated on leaves.
        public var allowsTextBaselines = true
        /// Whether user constraints may be generated.
        public var allowsUserConstraints = true
        /// Probability that a view gets non-default priorities (when the engine has `priorities`).
        public var priorityProbability = 0.3
        /// Probability that a leaf has no intrinsic size in a dimension (when the engine has `noIntrinsicSize`).
        public var noIntrinsicProbability = 1.0 / 6
        /// Probability that a stack is margins-relative (when the engine has `margins`).
        public var marginsProbability = 0.2
        /// Probability that a leaf is a text leaf (when the engine has `text`). 0 unless a property asks: the checks
        /// that read a leaf's intrinsic size or baselines from the scenario are written for leaves without text, and
        /// with 0 every property generates exactly the cases it generated before text existed.
        public var textProbability = 0.0
        /// Probability that a text leaf wraps (`numberOfLines ≠ 1`).
        public var wrappingProbability = 0.7
        /// Weight of a free root container dimension among the container kinds (the fixed kinds weigh 7 together).
        public var freeContainerWeight = 6
        /// The default shape: everything the engine's features allow.
        public init() {}
    }

    /// The features every generated scenario stays within.
    public let features: FeatureSet
    /// The property's narrowing of the scenarios.
    public var shape: Shape {
        didSet { parts = Parts(features: features, shape: shape, maxDepth: maxDepth) }
    }
    /// The largest nesting depth (the root stack is depth 1).
    public var maxDepth: Int {
        didSet { parts = Parts(features: features, shape: shape, maxDepth: maxDepth) }
    }
    /// Everything generating a scenario reads, built once (and again when the shape or the depth changes) into one immutable
    /// object, so that a scenario's generators share one reference instead of each capturing a copy of this
    /// struct, and are built once instead of for every view of every case.
    private(set) var parts: Parts

    /// A generator of scenarios inside `features`, narrowed by `shape`, nesting at most 3 stacks deep.
    public init(features: FeatureSet, shape: Shape = Shape()) {
        self.features = features
        self.shape = shape
        maxDepth = 3
        parts = Parts(features: features, shape: shape, maxDepth: 3)
    }

    /// Content priorities of the suite's domain (§4): no internal UISV value, no 1000.
    static let domainPriorities: [LayoutPriority] = [250, 750, 1, 200, 249, 251, 500, 749, 751]
    /// Internal UISV priorities (§2.2), generated only for engines with `priorityCollisions`.
    static let internalPriorities: [LayoutPriority] = [999.5, 999, 998, 150, 149, 51, 49, 25]

    /// The scenarios, each built from the test case's choices (so each shrinks and replays).
    public var scenario: Gen<Scenario> {
        let parts = parts
        return Gen { tc throws(StopTest) in try parts.scenario(tc) }
    }
}
