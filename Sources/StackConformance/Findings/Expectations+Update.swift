extension Expectations {
    /// What `updated(from:)` changed, for people: the keys of the causes kept, added and dropped, and the
    /// properties whose own entry was added or dropped.
    public struct Update: Sendable, Equatable {
        /// Known causes the run still shows (their reasons kept).
        public var kept: [String] = []
        /// Causes the run shows that the file did not list: they carry `placeholderReason`, or the reason of a
        /// property entry they replace.
        public var added: [String] = []
        /// Known causes the run shows no more although a property they broke ran.
        public var dropped: [String] = []
        /// Properties given an entry of their own (a result without failures that the default does not accept).
        public var addedProperties: [String] = []
        /// Property entries dropped: the property now matches the default, or its failures are listed as causes.
        public var droppedProperties: [String] = []
    }

    /// The expectations that accept exactly what `report` shows, keeping what this file says where it still holds.
    ///
    /// Every cause of a result that the default expectation does not accept is listed, with the reason it had in
    /// this file, else the reason of this file's entry for one of its properties, else `placeholderReason` for its
    /// author to write. A known cause the run no longer shows is dropped when a property it broke ran, and kept
    /// when none did (a run of other properties says nothing about it). A property keeps or gets an entry of its
    /// own only for a result without failures (a SKIP the default does not accept); a result with failures is
    /// expected through its causes, so that a new bug inside it fails the next run.
    public func updated(from report: ConformanceReport) -> (expectations: Expectations, update: Update) {
        var update = Update()
        var out = Expectations(strict: strict)
        let unaccepted = report.results.filter { r in
            var plain = r
            plain.expected = nil
            return r.status != .notRun && !plain.matchesExpectation(builtIn: report.builtIn)
        }
        let neededKeys = Set(unaccepted.flatMap(report.causeKeys(of:)))
        for cause in report.causes where neededKeys.contains(cause.key) {
            let reason: String
            if let old = causes.first(where: { $0.key == cause.key }) {
                reason = old.reason
                update.kept.append(cause.key)
            } else {
                reason = cause.properties.lazy.compactMap { self.entries[$0]?.reason }.first { !$0.isEmpty }
                    ?? Self.placeholderReason
                update.added.append(cause.key)
            }
            out.causes.append(KnownCause(key: cause.key, reason: reason, properties: cause.properties,
                                         summary: cause.summary))
        }
        let fixed = RunVerdict(annotated(report)).fixedCauses
        for old in causes where !out.causes.contains(where: { $0.key == old.key }) {
            if fixed.contains(old.key) { update.dropped.append(old.key) } else { out.causes.append(old) }
        }
        for r in unaccepted where r.failures.isEmpty {
            let reason = entries[r.property]?.reason ?? Self.placeholderReason
            out.entries[r.property] = Entry(statuses: [r.status], reason: reason.isEmpty ? Self.placeholderReason : reason)
            if entries[r.property] == nil { update.addedProperties.append(r.property) }
        }
        update.droppedProperties = Catalogue.all.map(\.id).filter { entries[$0] != nil && out.entries[$0] == nil }
        return (out, update)
    }

    /// `report` checked against these expectations.
    func annotated(_ report: ConformanceReport) -> ConformanceReport {
        var r = report
        annotate(&r)
        return r
    }
}
