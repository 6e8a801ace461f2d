/// What changed from an earlier run of an engine to a later one (`stackcheck report --against EARLIER CURRENT`): the
/// causes fixed, new and unchanged, and the properties whose status changed. Before and after a fix, main and a
/// branch: the author reads which bugs the change removed and which it brought.
///
/// Causes are matched by `FailureCause.key`, which holds no number, axis or shape of a minimal case (ENGINE-PROTOCOL.md,
/// "Expectations"), so one bug keeps its key from seed to seed. A cause of the earlier run is *fixed* only when the
/// current run checked one of its properties (ran it: neither NOTRUN nor SKIP); otherwise nothing was learnt about it
/// and it is listed as not checked. The runs' differences that can make a cause appear or vanish by chance (seed,
/// cases per property, suite version, shard) are listed as caveats, never silently ignored.
public struct RunComparison: Sendable {
    /// A property whose status differs between the runs.
    public struct StatusChange: Sendable, Equatable {
        /// The property's id.
        public var property: String
        /// Its status in the earlier run; nil when that run has no result for it (a property new in the suite).
        public var earlier: ResultStatus?
        /// Its status in the current run; nil when that run has no result for it.
        public var current: ResultStatus?

        /// A change of `property` from `earlier` to `current`.
        public init(property: String, earlier: ResultStatus?, current: ResultStatus?) {
            self.property = property
            self.earlier = earlier
            self.current = current
        }

        /// It did not fail before and fails now: the change that makes `--against` exit 1.
        public var isNewFailure: Bool {
            guard let now = current, now.isFailure else { return false }
            return earlier.map { !$0.isFailure } ?? true
        }

        /// It failed before and passes now.
        public var isFix: Bool { earlier?.isFailure == true && current == .pass }
    }

    /// A cause both runs show: the earlier run's and the current run's telling of it.
    public struct Unchanged: Sendable {
        /// The cause in the earlier run.
        public var earlier: FailureCause
        /// The cause in the current run (its summary, properties and smallest case are the current ones).
        public var current: FailureCause

        /// The properties it breaks now and did not before, in the current run's order.
        public var spreadTo: [String] { current.properties.filter { !earlier.properties.contains($0) } }
        /// The properties it broke before and no longer does, in the earlier run's order.
        public var withdrewFrom: [String] { earlier.properties.filter { !current.properties.contains($0) } }
    }

    /// The earlier run.
    public var earlier: ConformanceReport
    /// The current run.
    public var current: ConformanceReport
    /// The earlier run's causes that the current run does not show although it checked one of their properties, in
    /// the earlier run's order.
    public var fixed: [FailureCause]
    /// The current run's causes that the earlier run does not show, in the current run's order.
    public var new: [FailureCause]
    /// The causes both runs show, in the current run's order.
    public var unchanged: [Unchanged]
    /// The earlier run's causes that the current run neither shows nor could have shown (none of their properties
    /// ran), in the earlier run's order.
    public var notChecked: [FailureCause]
    /// The properties whose status differs, in the current run's order, then those only the earlier run has.
    public var statusChanges: [StatusChange]

    /// Compares `current` with `earlier`.
    public init(earlier: ConformanceReport, current: ConformanceReport) {
        self.earlier = earlier
        self.current = current
        let earlierKeys = earlier.causes.map(\.key), currentKeys = current.causes.map(\.key)
        let checked = current.results.filter { $0.status != .notRun && $0.status != .skip }.map(\.property)
        new = current.causes.filter { !earlierKeys.contains($0.key) }
        unchanged = current.causes.compactMap { c in
            earlier.causes.first { $0.key == c.key }.map { Unchanged(earlier: $0, current: c) }
        }
        let gone = earlier.causes.filter { !currentKeys.contains($0.key) }
        fixed = gone.filter { c in c.properties.contains(where: checked.contains) }
        notChecked = gone.filter { c in !c.properties.contains(where: checked.contains) }
        var changes: [StatusChange] = []
        for r in current.results {
            let before = earlier.results.first { $0.property == r.property }?.status
            if before != r.status { changes.append(StatusChange(property: r.property, earlier: before, current: r.status)) }
        }
        for r in earlier.results where !current.results.contains(where: { $0.property == r.property }) {
            changes.append(StatusChange(property: r.property, earlier: r.status, current: nil))
        }
        statusChanges = changes
    }

    /// Something fails now that did not before: a new cause, or a property that fails and did not. The exit status
    /// of `--against` is 1 exactly then.
    public var hasNewFailures: Bool { !new.isEmpty || statusChanges.contains(where: \.isNewFailure) }

    /// How the runs differ in ways that can make a cause appear or vanish without any change to the engine, in
    /// words; empty when they were run alike.
    public var caveats: [String] {
        var out: [String] = []
        if earlier.engineName != current.engineName {
            out.append("the runs are of different engines (\(earlier.engineName), \(current.engineName))")
        }
        if earlier.suiteVersion != current.suiteVersion {
            out.append("the suite versions differ (\(earlier.suiteVersion), \(current.suiteVersion)): a version that regroups causes renames their keys")
        }
        if earlier.seed != current.seed {
            out.append("the seeds differ: each run saw other cases, so a rare cause may show in one run only")
        }
        if earlier.casesPerProperty != current.casesPerProperty {
            out.append("the case counts differ (\(earlier.casesPerProperty), \(current.casesPerProperty) per property)")
        }
        if earlier.shard != current.shard {
            out.append("the shards differ (\(earlier.shard.index)/\(earlier.shard.count), \(current.shard.index)/\(current.shard.count))")
        }
        return out
    }
}
