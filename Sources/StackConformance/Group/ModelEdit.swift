import StackLayout

/// A small edit of UIKit's model of a stack, as a hypothesis about an engine's bug: "your layout is UIKit's with
/// isLayoutMarginsRelativeArrangement read as true across the axis".
///
/// Each edit rewrites the scenario (a flag read as its opposite, a property read as another value, a quantity
/// ignored) and the reference engine lays the rewritten scenario out. An edit explains a failing case when that
/// layout is the engine's answer for the case, frame for frame, within the tolerance, and differs from UIKit's own
/// layout of it. The set is fixed and small, so that an explanation is a claim a person can check by reading their
/// engine's code. After the scenario's edits come the edits of UIKit's constraints themselves, one constraint role
/// at a time (`CauseIdentity.role`: "view.along.end == canvas.along.end" of `UISV-canvas-connection`): the role
/// left out, or its required equality emitted as `<=` or `>=` (`ReferenceEngine.layout(_:editingConstraints:)`).
/// A constant moved by a scenario quantity is not among them; a cause without an edit is explained by its residual
/// (`ResidualExplanation`).
public struct ModelEdit: Sendable, Hashable {
    /// What the edit does, in UIKit's words.
    public var text: String
    /// A stable name for grouping and expectations (`margins-relative across`).
    public var key: String
    let apply: Rewrite

    /// How an edit rewrites a scenario: nil when it does not apply (nothing it would change).
    enum Rewrite: Sendable, Hashable {
        case marginsRelative(along: Bool, across: Bool)
        case marginsNegated
        case hiddenCountedVisible
        case hiddenSpacedAsVisible
        case directionFlipped
        case baselineRelativeFlipped
        case customSpacingIgnored
        case spacingIgnored
        case spacingDoubled
        case prioritiesIgnored
        case alignment(Alignment, Alignment)
        case distribution(Distribution, Distribution)
        /// UIKit's required equalities of one family and role, left out (nil) or emitted with another relation.
        case constraint(family: String, role: String, relation: UserConstraint.Relation?)
        /// UIKit's required equalities of one family and role, only the first of them (in generation order) emitted.
        case firstConstraintOnly(family: String, role: String)
    }

    /// The edits tried, in the order that names an explanation when several reproduce the same cases.
    public static func candidates(for scenario: Scenario) -> [ModelEdit] {
        var out: [ModelEdit] = [
            ModelEdit(text: "isLayoutMarginsRelativeArrangement read as true across the axis (not along it)",
                      key: "margins-relative across", apply: .marginsRelative(along: false, across: true)),
            ModelEdit(text: "isLayoutMarginsRelativeArrangement read as true along the axis (not across it)",
                      key: "margins-relative along", apply: .marginsRelative(along: true, across: false)),
            ModelEdit(text: "isLayoutMarginsRelativeArrangement read as its opposite",
                      key: "margins-relative flipped", apply: .marginsRelative(along: true, across: true)),
            ModelEdit(text: "layoutMargins added to the canvas instead of taken from it",
                      key: "margins negated", apply: .marginsNegated),
            ModelEdit(text: "hidden views counted as visible", key: "hidden counted visible", apply: .hiddenCountedVisible),
            ModelEdit(text: "hidden views given zero length but spaced as visible ones (§2.5's half-spacing rule not applied)",
                      key: "hidden spaced as visible", apply: .hiddenSpacedAsVisible),
            ModelEdit(text: "layoutDirection read as its opposite", key: "direction flipped", apply: .directionFlipped),
            ModelEdit(text: "isBaselineRelativeArrangement read as its opposite", key: "baseline-relative flipped",
                      apply: .baselineRelativeFlipped),
            ModelEdit(text: "setCustomSpacing(_:after:) ignored", key: "custom spacing ignored", apply: .customSpacingIgnored),
            ModelEdit(text: "spacing read as 0", key: "spacing ignored", apply: .spacingIgnored),
            ModelEdit(text: "spacing counted twice", key: "spacing doubled", apply: .spacingDoubled),
            ModelEdit(text: "content hugging and compression resistance priorities read as UIKit's defaults",
                      key: "priorities ignored", apply: .prioritiesIgnored),
        ]
        var alignments: [Alignment] = [], distributions: [Distribution] = []
        func collect(_ s: Stack) {
            if !alignments.contains(s.alignment) { alignments.append(s.alignment) }
            if !distributions.contains(s.distribution) { distributions.append(s.distribution) }
            for item in s.arrangedSubviews { if let inner = item.stack { collect(inner) } }
        }
        collect(scenario.stack)
        for a in alignments {
            for b in Alignment.allCases where b != a {
                out.append(ModelEdit(text: "alignment \(a.rawValue) read as \(b.rawValue)",
                                     key: "alignment \(a.rawValue) as \(b.rawValue)", apply: .alignment(a, b)))
            }
        }
        for a in distributions {
            for b in Distribution.allCases where b != a {
                out.append(ModelEdit(text: "distribution \(a.rawValue) read as \(b.rawValue)",
                                     key: "distribution \(a.rawValue) as \(b.rawValue)", apply: .distribution(a, b)))
            }
        }
        return out + constraintCandidates(for: scenario)
    }

    /// For each family and role of UIKit's required equalities in `scenario` (UISV families only, in generation
    /// order): the role emitted as `<=` and as `>=`, left out, and, where the case has several constraints of the
    /// role, emitted for the first of them only (a loop that stops after one view: fillEqually tying the second view
    /// to the first and no other).
    static func constraintCandidates(for scenario: Scenario) -> [ModelEdit] {
        var roles: [(family: String, role: String, count: Int)] = []
        for c in ReferenceEngine.constraints(for: scenario)
        where c.identifier.hasPrefix("UISV-") && c.isRequired && c.relation == .equal {
            let role = CauseIdentity.role(c, in: scenario)
            if let i = roles.firstIndex(where: { $0.family == c.identifier && $0.role == role }) { roles[i].count += 1 }
            else { roles.append((c.identifier, role, 1)) }
        }
        // A relation changed before the role left out: where both reproduce a case (no overflow to tell them
        // apart), the smaller edit names it.
        return roles.flatMap { family, role, count in
            [ModelEdit(text: "\(family) \(role) emitted as <=", key: "\(family) \(role) as <=",
                       apply: .constraint(family: family, role: role, relation: .lessThanOrEqual)),
             ModelEdit(text: "\(family) \(role) emitted as >=", key: "\(family) \(role) as >=",
                       apply: .constraint(family: family, role: role, relation: .greaterThanOrEqual)),
             ModelEdit(text: "\(family) \(role) left out", key: "\(family) \(role) left out",
                       apply: .constraint(family: family, role: role, relation: nil))]
                + (count < 2 ? [] : [ModelEdit(text: "\(family) \(role) emitted for the first arranged view it ties only",
                                               key: "\(family) \(role) first only",
                                               apply: .firstConstraintOnly(family: family, role: role))])
        }
    }

    /// UIKit's layout of `scenario` under the edit; nil when the edit changes nothing in it.
    func layout(of scenario: Scenario) -> Layout? {
        guard let edit = constraintEdit(in: scenario) else {
            return edited(scenario).flatMap { try? ReferenceEngine().layout($0) }
        }
        var touched = false
        let layout = ReferenceEngine.layout(scenario) { c in
            let e = edit(c)
            if e != c { touched = true }
            return e
        }
        return touched ? layout : nil
    }

    /// UIKit's layout of `scenario` under several edits at once: the scenario's rewrites in order, then the
    /// constraints' edits, each on what the one before it returned. Nil when a rewrite changes nothing.
    static func layout(of scenario: Scenario, under edits: [ModelEdit]) -> Layout? {
        var s = scenario
        var constraintEdits: [(UISVConstraint) -> UISVConstraint?] = []
        for e in edits {
            if e.constraintEdit(in: s) != nil { continue }
            guard let rewritten = e.edited(s) else { return nil }
            s = rewritten
        }
        for e in edits { if let edit = e.constraintEdit(in: s) { constraintEdits.append(edit) } }
        if constraintEdits.isEmpty { return try? ReferenceEngine().layout(s) }
        return ReferenceEngine.layout(s) { c in
            var current: UISVConstraint? = c
            for edit in constraintEdits { current = current.flatMap(edit) }
            return current
        }
    }

    /// The edit of UIKit's generated constraints for `scenario`, called once per constraint in generation order;
    /// nil for an edit that rewrites the scenario instead.
    func constraintEdit(in scenario: Scenario) -> ((UISVConstraint) -> UISVConstraint?)? {
        switch apply {
        case .hiddenSpacedAsVisible:
            // §2.5's table read as if every view were visible: the spacing after the earlier view, hidden or not.
            return { c in
                guard c.identifier == "UISV-spacing", case .view(let later) = c.firstItem,
                      case .view(let earlier)? = c.secondItem,
                      let owner = OwningStack.parent(of: earlier, in: scenario.stack, id: nil),
                      let i = owner.stack.arrangedSubviews.firstIndex(where: { $0.id == earlier }),
                      owner.stack.arrangedSubviews[i].isHidden
                        || owner.stack.arrangedSubviews.first(where: { $0.id == later })?.isHidden == true
                else { return c }
                var edited = c
                edited.constant = Spec.spacing(after: i, in: owner.stack)
                return edited
            }
        case .firstConstraintOnly(let family, let role):
            var seen = 0
            return { c in
                guard c.identifier == family, c.isRequired, c.relation == .equal,
                      CauseIdentity.role(c, in: scenario) == role else { return c }
                seen += 1
                return seen == 1 ? c : nil
            }
        case .constraint(let family, let role, let relation):
            return { c in
                guard c.identifier == family, c.isRequired, c.relation == .equal,
                      CauseIdentity.role(c, in: scenario) == role else { return c }
                guard let relation else { return nil }
                var edited = c
                edited.relation = relation
                return edited
            }
        default:
            return nil
        }
    }

    /// The edited scenario, or nil when the edit changes nothing in it (or edits UIKit's constraints, not the
    /// scenario: `layout(of:)`).
    public func edited(_ scenario: Scenario) -> Scenario? {
        var s = scenario
        switch apply {
        case .constraint, .firstConstraintOnly, .hiddenSpacedAsVisible:
            return nil
        case .directionFlipped:
            s.layoutDirection = s.layoutDirection == .leftToRight ? .rightToLeft : .leftToRight
        default:
            s.stack = Self.map(s.stack, apply)
        }
        return s == scenario ? nil : s
    }

    /// `stack` and every nested stack rewritten.
    static func map(_ stack: Stack, _ rewrite: Rewrite) -> Stack {
        var st = stack
        switch rewrite {
        case .marginsRelative(let along, let across):
            if along && across {
                st.isLayoutMarginsRelativeArrangement.toggle()
            } else if !st.isLayoutMarginsRelativeArrangement {
                // Margins-relative with the other axis's margins zeroed: the canvas is inset on one axis only.
                st.isLayoutMarginsRelativeArrangement = true
                let keepHorizontal = (st.axis == .horizontal) == along
                if keepHorizontal { st.layoutMargins.top = 0; st.layoutMargins.bottom = 0 }
                else { st.layoutMargins.leading = 0; st.layoutMargins.trailing = 0 }
            }
        case .marginsNegated:
            if st.isLayoutMarginsRelativeArrangement {
                let m = st.layoutMargins
                st.layoutMargins = DirectionalEdgeInsets(top: -m.top, leading: -m.leading, bottom: -m.bottom, trailing: -m.trailing)
            }
        case .baselineRelativeFlipped:
            st.isBaselineRelativeArrangement.toggle()
        case .spacingIgnored:
            st.spacing = 0
        case .spacingDoubled:
            if case .points(let p) = st.spacing { st.spacing = .points(2 * p) }
        case .alignment(let a, let b):
            if st.alignment == a { st.alignment = b }
        case .distribution(let a, let b):
            if st.distribution == a { st.distribution = b }
        case .hiddenCountedVisible, .hiddenSpacedAsVisible, .customSpacingIgnored, .prioritiesIgnored, .directionFlipped,
             .constraint, .firstConstraintOnly:
            break
        }

        st.arrangedSubviews = st.arrangedSubviews.map { item in
            var v = item
            switch rewrite {
            case .hiddenCountedVisible: v.isHidden = false
            case .customSpacingIgnored: v.customSpacingAfter = .useDefault
            case .prioritiesIgnored:
                v.contentHuggingPriority = .defaultHugging
                v.compressionResistancePriority = .defaultCompressionResistance
            default: break
            }
            if let inner = v.stack { v.content = .stack(map(inner, rewrite)) }
            return v
        }
        return st
    }

    /// Whether UIKit's layout of the edited scenario is `actual`, frame for frame within `tolerance` (and half a
    /// pixel when the scenario rounds), while UIKit's layout of the case itself is not.
    public func reproduces(_ actual: Layout, of scenario: Scenario, tolerance: Double) -> Bool {
        guard let layout = layout(of: scenario) else { return false }
        var allowed = tolerance
        if let scale = scenario.scale, scale > 0 { allowed += 0.5 / scale }
        return LayoutComparison.differences(actual: actual, expected: layout, tolerance: allowed).isEmpty
    }

    /// The edits that reproduce `actual` for `scenario`, in the candidates' order.
    public static func reproducing(_ actual: Layout, of scenario: Scenario, tolerance: Double) -> [ModelEdit] {
        candidates(for: scenario).filter { $0.reproduces(actual, of: scenario, tolerance: tolerance) }
    }

    public static func == (a: ModelEdit, b: ModelEdit) -> Bool { a.key == b.key }
    public func hash(into h: inout Hasher) { h.combine(key) }
}
