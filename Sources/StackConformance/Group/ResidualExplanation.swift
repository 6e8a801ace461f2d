import StackLayout

/// A broken constraint's residual in the scenario's own terms: "−8 = −layoutMargins.top".
///
/// The residual is the constraint's quantity on the engine's frames minus its constant (`DiagnosedConstraint`:
/// `actual − expected`). It is compared with a fixed list of the scenario's quantities, read from the stack that
/// owns the constraint (`Quantity.candidates`): its spacing and small multiples of it, custom spacings, its margins,
/// the intrinsic and UIKit-laid-out lengths of the constraint's items and their halves, the excess of its natural
/// length over its canvas, and a pixel. Every term that equals the residual on the case is listed; the first in
/// that list's order names the explanation (`key`), so two cases whose spacing and margin happen to be equal are
/// read the same way every time. Nothing is said that was not checked on the case.
public struct ResidualExplanation: Sendable, Hashable {
    /// A quantity of the scenario, with a name for people and a name that does not depend on the axis.
    public struct Quantity: Sendable, Hashable {
        /// UIKit's words: `layoutMargins.top`, `spacing`, `3·spacing`, `v0's intrinsic width`.
        public var text: String
        /// The same quantity in the stack's axis-relative terms (`margin across.start`, `spacing`,
        /// `(n+1)·spacing`): what a cause is keyed by, so that one bug in a horizontal and a vertical stack is one.
        public var key: String
        /// Its value on the case.
        public var value: Double
        /// A remark that the case makes true ("the stack is not margins-relative"), or nil.
        public var note: String?
    }

    /// The residual: `actual − expected` of the constraint.
    public var residual: Double
    /// Every quantity equal to `|residual|` on the case, in the candidates' order (empty: unexplained).
    public var matches: [Quantity]

    /// `+`, `−`, or "" for a zero residual.
    public var sign: String { residual > 0 ? "+" : residual < 0 ? "−" : "" }

    /// The explanation's key: the sign and the first match's key, or `unexplained` with the sign.
    public var key: String { keys[0] }

    /// Every match's key with the sign, in order (`unexplained` alone when nothing matches): a cause's explanation
    /// is the key its cases share (`FailureCauses`), whichever of them each case lists first.
    public var keys: [String] {
        return matches.isEmpty ? [sign + "unexplained"] : matches.map { $0.key == Self.roundingKey ? $0.key : sign + $0.key }
    }

    /// Each key's words, in `keys`' order: "−layoutMargins.top (the stack is not margins-relative)".
    public var texts: [String] {
        guard !matches.isEmpty else { return ["not a simple quantity of the case"] }
        return matches.map { q in
            (residual < 0 && q.key != Self.roundingKey ? "−" : "") + q.text + (q.note.map { " (\($0))" } ?? "")
        }
    }

    /// The key of an error that the engine's rounding to whole points explains (no sign: it goes either way).
    static let roundingKey = "whole-point rounding"

    /// "−8 = −layoutMargins.top (the stack is not margins-relative)"; "+3, not a simple quantity of the case".
    public var text: String {
        let r = UISVNumber.format(residual)
        guard let first = matches.first else { return "\(r), not a simple quantity of the case" }
        let signed = { (q: Quantity) in (self.residual < 0 && q.key != Self.roundingKey ? "−" : "") + q.text }
        var out = "\(r) = \(signed(first))"
        if matches.count > 1 { out += " (also = " + matches.dropFirst().prefix(2).map(signed).joined(separator: " = ") + ")" }
        if let note = first.note { out += " (\(note))" }
        return out
    }

    /// The explanation of `constraint`'s residual in `scenario`; `reference` is UIKit's layout of it (for the
    /// items' laid-out lengths and the stack's canvas), `engine` the engine's (for rounding).
    public static func explain(_ constraint: DiagnosedConstraint, in scenario: Scenario, reference: Layout?,
                               engine: Layout?) -> ResidualExplanation {
        let c = constraint.constraint
        let owner = OwningStack.find(c, in: scenario)
        return explain(residual: constraint.actual - constraint.expected,
                       items: [c.firstItem, c.secondItem].compactMap { $0 }, owner: owner,
                       across: CauseIdentity.relative(c.firstAttribute, owner.stack.axis).hasPrefix("across"),
                       in: scenario, reference: reference, engine: engine)
    }

    /// The explanation of a measured quantity's error (`Measurement`: actual − expected).
    static func explain(_ m: Measurement, in scenario: Scenario, reference: Layout?, engine: Layout?) -> ResidualExplanation? {
        guard let actual = m.actual, let expected = m.expected, let first = m.terms.first else { return nil }
        let owner = OwningStack.find(first.item, in: scenario)
        return explain(residual: actual - expected, items: m.terms.map(\.item), owner: owner,
                       across: CauseIdentity.relative(first.attribute, owner.stack.axis).hasPrefix("across"),
                       lengths: first.attribute == .width || first.attribute == .height,
                       in: scenario, reference: reference, engine: engine)
    }

    /// `residual` against the candidates of `items` in the stack `owner`; `lengths` when the residual is an error
    /// in a measured length, which rounding explains whatever another bug did to the items' places.
    static func explain(residual: Double, items: [UISVItem], owner: OwningStack, across: Bool, lengths: Bool = false,
                        in scenario: Scenario, reference: Layout?, engine: Layout?) -> ResidualExplanation {
        let magnitude = abs(residual)
        guard magnitude > 1e-9 else { return ResidualExplanation(residual: residual, matches: []) }
        var matches = Quantity.candidates(items: items, owner: owner, across: across, in: scenario,
                                          reference: reference).filter { q in
            q.value > 1e-9 && abs(q.value - magnitude) <= max(1e-3, 1e-6 * magnitude)
        }
        // Less than a point off per item that can round, where the engine puts these items at whole points and
        // UIKit does not: its rounding, listed before any quantity the fraction equals, which may be chance
        // (`CauseIdentity.of`). Along the axis each visible view before the measured edge can lose up to a point, so
        // n views lose less than n; across it, one view's offset less than one.
        let horizontal = (owner.stack.axis == .horizontal) != across
        let roundable = across ? 1 : max(1, owner.stack.arrangedSubviews.filter { !$0.isHidden }.count)
        if magnitude < Double(roundable), let engine, let reference,
           Self.rounds(items, horizontally: horizontal, engine: engine, reference: reference),
           across || Self.withinRounding(owner.stack, horizontally: horizontal, alongAxis: true, lengthsOnly: lengths,
                                         engine: engine, reference: reference) {
            matches.insert(Quantity(text: "lost to rounding (the engine puts these items at whole points, UIKit does not)",
                                    key: roundingKey, value: magnitude, note: nil), at: 0)
        }
        return ResidualExplanation(residual: residual, matches: matches)
    }

    /// Whether the engine's frames of every arranged item of `stack` are UIKit's rounded, in one direction: each
    /// edge less than a point from UIKit's (an engine that rounds or floors its edges), or each length less than a
    /// point from UIKit's with the items placed as UIKit places them given those lengths (an engine that floors each
    /// length and closes up the items after it: along the axis the gaps are UIKit's, across it the offsets). An
    /// engine whose items are a point or more from where any rounding of UIKit's layout puts them has a bug that
    /// only looks like rounding on a small case of whole numbers (a hidden view's half spacings taken as whole ones).
    /// Asked along the axis only: across it each item is placed on its own, and another bug that moves every item
    /// by a margin leaves a floored centre offset between two of them a rounding error still.
    /// With `lengthsOnly` (the residual is a measured length's error), only the lengths are asked for: a bug that
    /// moves every view by a spacing leaves a floored length a rounding error.
    static func withinRounding(_ stack: Stack, horizontally: Bool, alongAxis: Bool, lengthsOnly: Bool = false,
                               engine: Layout, reference: Layout) -> Bool {
        var pairs: [(engine: Frame, reference: Frame, hidden: Bool)] = []
        for item in stack.arrangedSubviews {
            guard let e = engine.frame(of: item.id), let r = reference.frame(of: item.id) else { continue }
            pairs.append((e, r, item.isHidden))
        }
        func origin(_ f: Frame) -> Double { horizontally ? f.x : f.y }
        func length(_ f: Frame) -> Double { horizontally ? f.width : f.height }
        let edges = pairs.allSatisfy { p in
            abs(origin(p.engine) - origin(p.reference)) < 1
                && abs(origin(p.engine) + length(p.engine) - origin(p.reference) - length(p.reference)) < 1
        }
        if edges { return true }
        let visible = pairs.filter { !$0.hidden }
        guard visible.allSatisfy({ abs(length($0.engine) - length($0.reference)) < 1 }) else { return false }
        if lengthsOnly { return true }
        if !alongAxis { return visible.allSatisfy { abs(origin($0.engine) - origin($0.reference)) < 1e-6 } }
        if let first = visible.first, abs(origin(first.engine) - origin(first.reference)) >= 1 { return false }
        for (a, b) in zip(visible, visible.dropFirst()) {
            let engineGap = origin(b.engine) - origin(a.engine) - length(a.engine)
            let referenceGap = origin(b.reference) - origin(a.reference) - length(a.reference)
            if abs(engineGap - referenceGap) > 1e-6 { return false }
        }
        return true
    }

    /// Whether the engine puts the arranged items among `items` at whole points while UIKit does not: their frames'
    /// origins, or their lengths, in the direction the residual is measured in. Only that direction: an engine that
    /// rounds its cross-axis offsets and not its along-axis ones rounds what a cross-axis constraint measures. An
    /// engine that floors each length (fillEqually's share) keeps whole origins where UIKit's are whole too, and
    /// shows its rounding in the lengths.
    static func rounds(_ items: [UISVItem], horizontally: Bool, engine: Layout, reference: Layout) -> Bool {
        let ids = items.compactMap { item -> String? in if case .view(let id) = item { return id } else { return nil } }
        guard !ids.isEmpty else { return false }
        let engineFrames = ids.compactMap { engine.frame(of: $0) }, referenceFrames = ids.compactMap { reference.frame(of: $0) }
        guard engineFrames.count == ids.count else { return false }
        func rounded(_ value: (Frame) -> Double) -> Bool {
            engineFrames.allSatisfy { value($0) == value($0).rounded() }
                && !referenceFrames.allSatisfy { value($0) == value($0).rounded() }
        }
        return rounded { horizontally ? $0.x : $0.y } || rounded { horizontally ? $0.width : $0.height }
    }
}

extension ResidualExplanation.Quantity {
    typealias Q = ResidualExplanation.Quantity

    /// The candidate quantities for a residual between `items` in the stack `owner`, in the order that names an
    /// explanation: margins, spacing, the items' lengths and places, the stack's slack or overflow, pixels.
    static func candidates(items: [UISVItem], owner: OwningStack, across: Bool, in scenario: Scenario,
                           reference: Layout?) -> [Q] {
        margins(owner.stack, across: across) + spacings(owner.stack)
            + items.flatMap { lengths(of: $0, axis: owner.stack.axis, in: scenario, reference: reference) }
            + excess(owner, in: scenario, reference: reference) + pixels(scenario)
    }

    /// The margins, UIKit's edge names keyed along/across the stack's axis; the measured side of the axis first,
    /// so that a cross-axis error is read as a cross-axis margin when all four are equal.
    static func margins(_ st: Stack, across: Bool) -> [Q] {
        let m = st.layoutMargins
        let note = st.isLayoutMarginsRelativeArrangement ? nil : "the stack is not margins-relative"
        let edges: [(String, Double, String)] = st.axis == .horizontal
            ? [("leading", m.leading, "along.start"), ("trailing", m.trailing, "along.end"),
               ("top", m.top, "across.start"), ("bottom", m.bottom, "across.end")]
            : [("top", m.top, "along.start"), ("bottom", m.bottom, "along.end"),
               ("leading", m.leading, "across.start"), ("trailing", m.trailing, "across.end")]
        var out: [Q] = edges.map { Q(text: "layoutMargins.\($0.0)", key: "margin \($0.2)", value: $0.1, note: note) }
        out.insert(Q(text: "the margins along the axis", key: "margins along", value: edges[0].1 + edges[1].1, note: note), at: 2)
        out.append(Q(text: "the margins across the axis", key: "margins across", value: edges[2].1 + edges[3].1, note: note))
        return across ? Array(out[3...]) + Array(out[..<3]) : out
    }

    /// The spacing, its multiples by the number of visible views n (n − 1 gaps, n, n + 1) and its half, and each
    /// custom spacing that differs from it (and the difference).
    static func spacings(_ st: Stack) -> [Q] {
        let n = st.arrangedSubviews.filter { !$0.isHidden }.count
        let s = Spec.spacing(st)
        var out = [Q(text: "spacing", key: "spacing", value: s)]
        for (k, key) in [(n - 1, "(n−1)·spacing"), (n, "n·spacing"), (n + 1, "(n+1)·spacing")] where k >= 2 {
            out.append(Q(text: "\(k)·spacing (\(key), \(n) visible views)", key: key, value: Double(k) * s))
        }
        out.append(Q(text: "half the spacing", key: "spacing/2", value: s / 2))
        for (i, item) in st.arrangedSubviews.enumerated() where item.customSpacingAfter != .useDefault {
            let v = Spec.spacing(after: i, in: st)
            guard v != s else { continue }
            out.append(Q(text: "the custom spacing after \(item.id)", key: "custom spacing", value: v))
            out.append(Q(text: "the custom spacing after \(item.id) less the stack's spacing",
                         key: "custom spacing − spacing", value: abs(v - s)))
        }
        return out
    }

    /// An item's intrinsic and laid-out lengths, halves of them, and where UIKit places it in its stack, in reading
    /// order (an engine that leaves an item at its stack's origin misses by that).
    static func lengths(of item: UISVItem, axis: Axis, in scenario: Scenario, reference: Layout?) -> [Q] {
        guard case .view(let id) = item, let view = OwningStack.view(id, in: scenario.stack) else { return [] }
        var out: [Q] = []
        for (alongAxis, rel) in [(axis, "along"), (axis.cross, "across")] {
            let dim = alongAxis == .horizontal ? "width" : "height"
            if let v = Spec.intrinsic(view, alongAxis) {
                out.append(Q(text: "\(id)'s intrinsic \(dim)", key: "intrinsic \(rel)", value: v))
                out.append(Q(text: "half \(id)'s intrinsic \(dim)", key: "half intrinsic \(rel)", value: v / 2))
            }
            guard let reference, let f = reference.frame(of: id) else { continue }
            var position = alongAxis == .horizontal ? f.x : f.y
            if alongAxis == .horizontal, scenario.layoutDirection == .rightToLeft {
                let parent = OwningStack.parent(of: id, in: scenario.stack, id: nil)?.id
                let width = parent.flatMap { reference.frame(of: $0)?.width } ?? reference.size.width
                position = width - f.x - f.width
            }
            out.append(Q(text: "\(id)'s \(alongAxis == .horizontal ? "x" : "y") in UIKit's layout (as if the engine left it at the origin)",
                         key: "offset from the origin \(rel)", value: abs(position)))
            let v = alongAxis == .horizontal ? f.width : f.height
            out.append(Q(text: "\(id)'s \(dim) in UIKit's layout", key: "laid-out length \(rel)", value: v))
            out.append(Q(text: "half \(id)'s \(dim) in UIKit's layout", key: "half laid-out length \(rel)", value: v / 2))
        }
        return out
    }

    /// The excess of the stack's natural length over its canvas, or its shortfall (what fill takes from or gives
    /// to views).
    static func excess(_ owner: OwningStack, in scenario: Scenario, reference: Layout?) -> [Q] {
        guard let canvas = owner.canvasLength(reference: reference, scenario: scenario) else { return [] }
        let st = owner.stack
        let visible = st.arrangedSubviews.indices.filter { !st.arrangedSubviews[$0].isHidden }
        var natural = 0.0, gaps: [Double] = []
        for (k, i) in visible.enumerated() {
            natural += Spec.intrinsic(st.arrangedSubviews[i], st.axis) ?? 0
            if k < visible.count - 1 { gaps.append(Spec.spacing(after: i, in: st)) }
        }
        // equalSpacing makes every gap equal and each at least its spacing: the gaps are the largest spacing (R-D-5).
        natural += st.distribution == .equalSpacing ? Double(gaps.count) * (gaps.max() ?? 0) : gaps.reduce(0, +)
        let what = natural > canvas ? "overflow" : "slack"
        let lengths = "natural length \(UISVNumber.format(natural)) against a canvas of \(UISVNumber.format(canvas))"
        // Twice the excess is what a sign error on it gives: the overflow added where UIKit takes it away.
        return [Q(text: "the stack's \(what) (\(lengths))", key: what, value: abs(natural - canvas)),
                Q(text: "twice the stack's \(what) (\(lengths): the \(what) applied with the wrong sign)",
                  key: "2·" + what, value: 2 * abs(natural - canvas))]
    }

    /// Half a pixel and a pixel, when the scenario rounds.
    static func pixels(_ scenario: Scenario) -> [Q] {
        guard let scale = scenario.scale, scale > 0 else { return [] }
        return [Q(text: "half a pixel", key: "half a pixel", value: 0.5 / scale),
                Q(text: "a pixel", key: "a pixel", value: 1 / scale)]
    }
}

/// The stack that owns a UIKit constraint: the arranging stack of its innermost arranged item, or the stack a
/// guide belongs to.
struct OwningStack {
    /// Its id (nil for the root).
    var id: String?
    /// Its properties and arranged items.
    var stack: Stack

    static func find(_ c: UISVConstraint, in scenario: Scenario) -> OwningStack {
        find([c.secondItem, c.firstItem].compactMap { $0 }, in: scenario)
    }

    /// The stack that arranges or owns `item`.
    static func find(_ item: UISVItem, in scenario: Scenario) -> OwningStack { find([item], in: scenario) }

    /// The owner of the first of `items` that has one.
    static func find(_ items: [UISVItem], in scenario: Scenario) -> OwningStack {
        for item in items {
            switch item {
            case .view(let id):
                if let parent = parent(of: id, in: scenario.stack, id: nil) { return parent }
            case .marginsGuide(let owner), .alignmentSpanner(let owner), .orderingSpanner(let owner), .gap(let owner, _):
                if let owner, let view = view(owner, in: scenario.stack), let stack = view.stack {
                    return OwningStack(id: owner, stack: stack)
                }
                return OwningStack(id: nil, stack: scenario.stack)
            case .root:
                continue
            }
        }
        return OwningStack(id: nil, stack: scenario.stack)
    }

    /// The stack that arranges `id`.
    static func parent(of id: String, in stack: Stack, id stackID: String?) -> OwningStack? {
        for item in stack.arrangedSubviews {
            if item.id == id { return OwningStack(id: stackID, stack: stack) }
            if let inner = item.stack, let found = parent(of: id, in: inner, id: item.id) { return found }
        }
        return nil
    }

    /// The arranged item `id` at any depth.
    static func view(_ id: String, in stack: Stack) -> ArrangedView? {
        for item in stack.arrangedSubviews {
            if item.id == id { return item }
            if let inner = item.stack, let found = view(id, in: inner) { return found }
        }
        return nil
    }

    /// The canvas's length along the stack's axis in UIKit's layout: the stack's length, less its margins when
    /// margins-relative.
    func canvasLength(reference: Layout?, scenario: Scenario) -> Double? {
        guard let reference else { return nil }
        let size: Size
        if let id {
            guard let f = reference.frame(of: id) else { return nil }
            size = Size(width: f.width, height: f.height)
        } else {
            size = reference.size
        }
        var length = stack.axis == .horizontal ? size.width : size.height
        if stack.isLayoutMarginsRelativeArrangement {
            let m = stack.layoutMargins
            length -= stack.axis == .horizontal ? m.leading + m.trailing : m.top + m.bottom
        }
        return length
    }
}
