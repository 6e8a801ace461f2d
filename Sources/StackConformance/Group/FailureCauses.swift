import StackLayout

/// One cause behind the failures of a run, told once however many properties it breaks: an engine error with one
/// signature, a crash, a hang, answers that change from one request to the next, or a layout that breaks one UIKit
/// constraint role the same way (`CauseIdentity`), or that one model edit reproduces (`ModelEdit`). A report lists
/// its causes first, the one that touches the most properties first: an engine's author reads how many bugs there
/// are and which to fix first.
public struct FailureCause: Sendable {
    /// One failure the cause groups: its property and its minimal case's token.
    public struct Member: Sendable, Hashable {
        /// The property.
        public var property: String
        /// The minimal case's replay token (`pc2_…`), or the regression it came from.
        public var replay: String
        /// The key of another cause's edit that this case shows as well: the engine's layout of it is UIKit's under
        /// both edits at once, and under neither alone. Nil for a case that shows this cause alone.
        public var alsoShows: String? = nil

        /// A member from its property and token.
        public init(property: String, replay: String, alsoShows: String? = nil) {
            self.property = property
            self.replay = replay
            self.alsoShows = alsoShows
        }

        /// One failure is one member, whatever else it shows.
        public static func == (a: Member, b: Member) -> Bool { a.property == b.property && a.replay == b.replay }
        public func hash(into h: inout Hasher) { h.combine(property); h.combine(replay) }
    }

    /// The status of the failures it groups.
    public var status: ResultStatus
    /// What the failures share, for people: the headline constraint with its residual explained, or the fault.
    public var summary: String
    /// What groups the failures: `FAIL edit: <edit>`, `FAIL <identity>`, or the fault's status and signature.
    public var key: String
    /// The cause identity of its failures (a FAIL's); nil for a fault, and for a cause grouped by its edit whose
    /// members differ in identity.
    public var identity: CauseIdentity?
    /// The model edit that reproduces the engine's layout of every member's minimal case (`ModelEdit`), in words.
    public var edit: String?
    /// The edit's key (`margins-relative across`).
    public var editKey: String?
    /// The properties it breaks, in catalogue order.
    public var properties: [String]
    /// Every failure it groups, in catalogue order: the cases that support it.
    public var members: [Member]
    /// The property whose minimal case is the smallest (fewest arranged items; ties by catalogue order).
    public var smallestIn: String
    /// That minimal case in a few words ("1 arranged item: horizontal fill fill").
    public var smallestCase: String
    /// Its replay token.
    public var replay: String

    /// "your layout is UIKit's with hidden views counted as visible (all 3 failing cases)".
    public var editLine: String? {
        edit.map { "your layout is UIKit's with \($0) (all \(members.count) minimal case\(members.count == 1 ? "" : "s"))" }
    }
}

/// Groups a run's failures into causes (`FailureCause`).
///
/// 1. Every failure gets a key: a FAIL the constraint role its minimal case breaks (`CauseIdentity` without its
///    explanation), an undiagnosed FAIL its property and clause, a fault its status and signature, nondeterminism
///    one key.
/// 2. Within a FAIL role, the failures are split by what explains their residuals: each minimal case lists every
///    scenario quantity its residual equals (`ResidualExplanation.keys`), and the key that the most failures of
///    the role share is a cause of them all, then the next among the rest. So a case whose spacing and margin
///    happen to be equal joins the cause the other cases show, and every member of a cause is explained by its key
///    on its own minimal case.
/// 3. For each FAIL group, the model edits that reproduce the engine's layout of every member's minimal case; the
///    first of them (in `ModelEdit.candidates` order) is the group's explanation.
/// 4. Groups with the same explaining edit are one cause: the edit holds on every case of the merged cause, so the
///    merge is verified on data, not assumed from a name.
/// 5. A group without an edit whose breakage (role and explained residual) an edit's cause already shows joins it.
/// 6. A failure that two causes' edits reproduce together, and neither alone, joins one of them and names the other.
enum FailureCauses {
    /// The causes behind every failure of `results`, most properties first (ties in catalogue order of their first
    /// property). Every failure of every result belongs to exactly one cause.
    static func group(_ results: [PropertyResult]) -> [FailureCause] {
        var roles: [Group] = []
        for result in results {
            for failure in result.failures {
                let key = Self.key(of: failure, in: result)
                let member = Entry(property: result.property, failure: failure)
                if let i = roles.firstIndex(where: { $0.key == key }) { roles[i].entries.append(member) }
                else { roles.append(Group(key: key, entries: [member])) }
            }
        }
        let groups = roles.flatMap(splitByExplanation)
        let split = assignEdits(groups)
        var merged: [Group] = []
        for g in split {
            if let edit = g.edit, let i = merged.firstIndex(where: { $0.edit?.key == edit.key }) {
                if merged[i].key != g.key { merged[i].mergedIdentities = true }
                merged[i].entries += g.entries
            } else {
                merged.append(g)
            }
        }
        let causes = joinCombinations(joinExplainedBreakages(merged)).map(cause)
        let order = causes.indices.sorted { a, b in
            causes[a].properties.count != causes[b].properties.count
                ? causes[a].properties.count > causes[b].properties.count : a < b
        }
        return order.map { causes[$0] }
    }

    /// Step 5. A group no edit reproduces joins the edit's cause whose members break the same constraint role with a
    /// residual the same quantity of their cases (its identity among a member's explanation keys): an identical
    /// explained breakage is one cause, although on this group's cases the engine's layout is not the edit's
    /// throughout (a negative spacing whose stack the engine leaves at length 0). Where several edits' causes show
    /// it, the one with the most such members takes it (ties: the first). A member that the cause's edit together
    /// with another cause's reproduces names that other (`Member.alsoShows`), as step 6 does.
    static func joinExplainedBreakages(_ groups: [Group]) -> [Group] {
        func shows(_ g: Group, _ identity: CauseIdentity) -> Int {
            g.entries.filter { e in
                guard let d = e.failure.diagnosis, let own = d.identity else { return false }
                return own.family == identity.family && own.role == identity.role && d.explanationKeys.contains(identity.explanation)
            }.count
        }
        var out = groups
        var joined: [Int] = []
        for (i, g) in groups.enumerated() where g.edit == nil {
            guard let identity = g.identity, !identity.explanation.hasSuffix("unexplained"),
                  g.entries.first?.failure.status == .fail else { continue }
            var best: Int? = nil, bestCount = 0
            for (j, other) in groups.enumerated() where other.edit != nil {
                let n = shows(other, identity)
                if n > bestCount { best = j; bestCount = n }
            }
            guard let best, let home = groups[best].edit else { continue }
            // A member the home edit does not reproduce alone, but does with another shown edit, shows both bugs.
            let others = groups.compactMap(\.edit).filter { $0 != home }
            out[best].entries += g.entries.map { entry in
                guard !others.isEmpty, let c = entry.failure.counterexample, let (scenario, layout) = diagnosed(entry.failure, c),
                      let pair = combination(layout, scenario, [home] + others), pair.0 == home else { return entry }
                var member = entry
                member.alsoShows = pair.1.key
                return member
            }
            if out[best].key != g.key { out[best].mergedIdentities = true }
            joined.append(i)
        }
        return out.indices.filter { !joined.contains($0) }.map { out[$0] }
    }

    /// Step 6. A failure that no edit reproduces alone, but two edits that other causes show reproduce at once, is
    /// a case where two bugs show together: it joins the cause of the edit whose members break its headline's role
    /// (else the first of the two in the causes' order) and names the other (`Member.alsoShows`), instead of being
    /// a cause of its own that mixes two bugs.
    static func joinCombinations(_ groups: [Group]) -> [Group] {
        let shown = groups.indices.filter { groups[$0].edit != nil }
        guard shown.count >= 2 else { return groups }
        var out = groups
        for (i, g) in groups.enumerated() where g.edit == nil && g.entries.first?.failure.status == .fail {
            var rest: [Entry] = []
            for entry in g.entries {
                guard let c = entry.failure.counterexample, let (scenario, layout) = diagnosed(entry.failure, c),
                      let pair = combination(layout, scenario, shown.map { groups[$0].edit! }) else {
                    rest.append(entry)
                    continue
                }
                let role = entry.failure.diagnosis?.identity?.role
                let owners = [pair.0, pair.1].map { e in shown.first { groups[$0].edit == e }! }
                let home = owners.first { j in groups[j].entries.contains { $0.failure.diagnosis?.identity?.role == role } }
                    ?? owners[0]
                var member = entry
                member.alsoShows = (home == owners[0] ? pair.1 : pair.0).key
                out[home].entries.append(member)
            }
            out[i].entries = rest
        }
        return out.filter { !$0.entries.isEmpty }
    }

    /// The first two of `edits` (in order, pairs by their first edit) whose layout together is `actual`.
    static func combination(_ actual: Layout, _ scenario: Scenario, _ edits: [ModelEdit]) -> (ModelEdit, ModelEdit)? {
        let tolerance = Tolerance.standard.absolute + (scenario.scale.map { $0 > 0 ? 0.5 / $0 : 0 } ?? 0)
        for a in edits.indices {
            for b in edits.indices where b > a {
                for order in [[edits[a], edits[b]], [edits[b], edits[a]]] {
                    guard let layout = ModelEdit.layout(of: scenario, under: order) else { continue }
                    if LayoutComparison.differences(actual: actual, expected: layout, tolerance: tolerance).isEmpty {
                        return (edits[a], edits[b])
                    }
                }
            }
        }
        return nil
    }

    struct Entry {
        var property: String
        var failure: PropertyFailureRecord
        var alsoShows: String? = nil
    }

    /// Step 3. A group that one edit reproduces on every member takes it; otherwise its members that an edit
    /// reproduces leave it for that edit's cause, and the rest stay.
    ///
    /// A rounding error (`CauseIdentity.of`) is not searched for an edit of its own: on a minimal case, a fraction
    /// lost to rounding is often what some edit gives too (a centre offset of 0.5 floored to 0 is "leading"), by
    /// chance. Its members join an edit only that another group's cases, with larger errors, already show, and only
    /// when each of them does.
    ///
    /// Where several edits reproduce a group, it takes the one that reproduces the most failures of the run (ties in
    /// `ModelEdit.candidates` order): a bug whose minimal cases differ in shape reproduces under its own edit on all
    /// of them, while an edit that happens to fit one shape (a flipped direction for a vertical stack's alignment)
    /// fits fewer.
    static func assignEdits(_ groups: [Group]) -> [Group] {
        var split: [Group] = []
        var rounding: [Group] = []
        var searched: [(group: Group, edits: [[ModelEdit]])] = []
        for g in groups {
            guard g.entries[0].failure.status == .fail else { split.append(g); continue }
            guard g.entries[0].failure.diagnosis?.identity?.family != ResidualExplanation.roundingKey else {
                rounding.append(g)
                continue
            }
            searched.append((g, g.entries.map(reproducingEdits)))
        }
        func reach(_ e: ModelEdit) -> Int { searched.reduce(0) { n, s in n + s.edits.filter { $0.contains(e) }.count } }
        func widest(_ options: [ModelEdit]) -> ModelEdit? {
            var best: ModelEdit? = nil, bestReach = 0
            for e in options { let r = reach(e); if best == nil || r > bestReach { best = e; bestReach = r } }
            return best
        }
        for (group, edits) in searched {
            var g = group
            if let common = widest(edits[0].filter { e in edits.allSatisfy { $0.contains(e) } }) {
                g.edit = common
                split.append(g)
                continue
            }
            var rest = g
            rest.entries = []
            for (entry, list) in zip(g.entries, edits) {
                if let edit = widest(list) {
                    split.append(Group(key: g.key, entries: [entry], identity: g.identity, edit: edit))
                } else {
                    rest.entries.append(entry)
                }
            }
            if !rest.entries.isEmpty { split.append(rest) }
        }
        let shown = split.compactMap(\.edit)
        for g in rounding {
            let joins = g.entries.map { entry in shown.first(where: reproducingEdits(entry).contains) }
            // Some error that no edit gives is rounding for sure, and then the engine rounds: a sub-point error that
            // an edit happens to give on a tiny case is that rounding too. Only when every one of them is an edit's
            // do they go to the edits.
            guard joins.allSatisfy({ $0 != nil }) else { split.append(g); continue }
            for (entry, edit) in zip(g.entries, joins) {
                split.append(Group(key: g.key, entries: [entry], identity: g.identity, edit: edit))
            }
        }
        return split
    }

    struct Group {
        var key: String
        var entries: [Entry]
        /// The identity its members share (step 2), when it has one.
        var identity: CauseIdentity? = nil
        var edit: ModelEdit? = nil
        var mergedIdentities = false
    }

    /// Step 2: a role's failures split by the explanation keys they share, the most shared first (ties by the order
    /// the keys are first listed); a group whose failures list no keys stays whole.
    static func splitByExplanation(_ role: Group) -> [Group] {
        let keys = role.entries.map { $0.failure.diagnosis?.explanationKeys ?? [] }
        guard keys.allSatisfy({ !$0.isEmpty }), let identity = role.entries[0].failure.diagnosis?.identity else { return [role] }
        var remaining = Array(role.entries.indices)
        var out: [Group] = []
        while !remaining.isEmpty {
            var order: [String] = []
            for i in remaining { for k in keys[i] where !order.contains(k) { order.append(k) } }
            let count = { (k: String) in remaining.filter { keys[$0].contains(k) }.count }
            var best = order[0]
            for k in order.dropFirst() where count(k) > count(best) { best = k }
            let members = remaining.filter { keys[$0].contains(best) }
            let shared = CauseIdentity(family: identity.family, role: identity.role, explanation: best)
            out.append(Group(key: "FAIL " + shared.key, entries: members.map { role.entries[$0] }, identity: shared))
            remaining.removeAll { members.contains($0) }
        }
        return out
    }

    /// The key of step 1.
    static func key(of failure: PropertyFailureRecord, in result: PropertyResult) -> String {
        switch failure.status {
        case .nondeterministic: return "NONDETERMINISTIC"
        case .fail:
            if let identity = failure.diagnosis?.identity {
                if failure.diagnosis?.explanationKeys.isEmpty == false {
                    return "FAIL " + CauseIdentity(family: identity.family, role: identity.role).key
                }
                return "FAIL " + identity.key
            }
            return "FAIL " + result.property + " " + failure.signature
        default: return failure.signature
        }
    }

    /// The edits that reproduce the engine's answer for a failure's diagnosed layout (its minimal case's, or the
    /// variant's its check failed on), in `ModelEdit.candidates` order; none when it has no answer.
    static func reproducingEdits(_ e: Entry) -> [ModelEdit] {
        guard let c = e.failure.counterexample, let (scenario, layout) = diagnosed(e.failure, c) else { return [] }
        return ModelEdit.reproducing(layout, of: scenario, tolerance: Tolerance.standard.absolute)
    }

    /// The scenario and the engine's answer the failure's diagnosis is of.
    static func diagnosed(_ f: PropertyFailureRecord, _ c: Counterexample) -> (Scenario, Layout)? {
        if f.diagnosis?.isVariant == true {
            guard let v = c.variant, v.scenario == f.diagnosis?.scenario, let actual = v.actual else { return nil }
            return (v.scenario, actual)
        }
        guard let s = c.scenario, let actual = c.actual else { return nil }
        return (s, actual)
    }

    /// A group as a cause: its smallest member that shows it alone and whose headline is what its check measured
    /// leads (else its smallest that shows it alone, else its smallest).
    static func cause(_ g: Group) -> FailureCause {
        let alone = g.entries.indices.filter { g.entries[$0].alsoShows == nil }
        let candidates = alone.isEmpty ? Array(g.entries.indices) : alone
        let measured = candidates.filter { g.entries[$0].failure.diagnosis?.headlineBasis == Headline.Basis.measured.rawValue }
        let pool = measured.isEmpty ? candidates : measured
        var best = pool[0]
        for i in pool where size(g.entries[i]) < size(g.entries[best]) { best = i }
        let lead = g.entries[best]
        var properties: [String] = []
        for e in g.entries where !properties.contains(e.property) { properties.append(e.property) }
        let identity = g.mergedIdentities ? nil : g.identity ?? lead.failure.diagnosis?.identity
        var summary = summary(of: lead.failure)
        if let shared = g.identity?.explanation, let d = lead.failure.diagnosis, let r = d.residual,
           let i = d.explanationKeys.firstIndex(of: shared), i < d.explanationTexts.count, !shared.hasSuffix("unexplained") {
            summary = CaseFinding.summary(headline: summary, residual: r, explanation: d.explanationTexts[i])
        }
        return FailureCause(status: lead.failure.status, summary: summary,
                            key: g.edit.map { "FAIL edit: " + $0.key } ?? g.key, identity: identity,
                            edit: g.edit?.text, editKey: g.edit?.key, properties: properties,
                            members: g.entries.map { FailureCause.Member(property: $0.property,
                                                                         replay: $0.failure.counterexample?.replay ?? "",
                                                                         alsoShows: $0.alsoShows) },
                            smallestIn: lead.property, smallestCase: describe(lead.failure.counterexample),
                            replay: lead.failure.counterexample?.replay ?? "")
    }

    static func size(_ e: Entry) -> Int { e.failure.counterexample?.viewCount ?? Int.max }

    /// A failure in one line: the fault, the nondeterminism, or the diagnosis's headline (else the check's message).
    static func summary(of failure: PropertyFailureRecord) -> String {
        if let n = failure.nondeterminism { return n.summary }
        if failure.status == .fail, let d = failure.diagnosis, d.namesCause, let line = d.lines.first { return line }
        let line = failure.message.split(separator: "\n").first.map(String.init) ?? ""
        // An external engine's fault names the request it happened on; the cause is not about one request.
        if line.hasPrefix("request "), let colon = line.firstRange(of: ": "),
           line[line.index(line.startIndex, offsetBy: 8)..<colon.lowerBound].allSatisfy(\.isNumber) {
            return String(line[colon.upperBound...])
        }
        return line
    }

    /// The root stack's axis, distribution and alignment.
    static func shape(_ scenario: Scenario?) -> String {
        guard let s = scenario?.stack else { return "no scenario" }
        return "\(s.axis.rawValue) \(s.distribution.rawValue) \(s.alignment.rawValue)"
    }

    /// A minimal case in a few words: how many arranged items, and the root stack's shape.
    static func describe(_ c: Counterexample?) -> String {
        guard let c, let scenario = c.scenario else {
            return c?.program.map { "the program " + $0.joined(separator: "; ") } ?? "no case"
        }
        let n = c.viewCount
        var hidden = 0
        scenario.stack.forEachItem { item, _ in if item.isHidden { hidden += 1 } }
        let note = hidden == 0 ? "" : hidden == n ? (n == 1 ? ", hidden" : ", all hidden") : ", \(hidden) hidden"
        return "\(n) arranged item\(n == 1 ? "" : "s")\(note): " + shape(scenario)
    }
}
