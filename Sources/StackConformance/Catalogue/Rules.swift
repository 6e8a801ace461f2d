/// One rule of `Spec/UISTACKVIEW.md`.
public struct Rule: Sendable, Hashable {
    /// The spec's id, e.g. `R-H-1`.
    public let id: String
    /// The evidence level the suite applies to what it checks of this rule.
    public let level: EvidenceLevel
    /// The part of the rule that is TENTATIVE, when the rule mixes levels (kept easy to find and change).
    public let tentativePart: String?
    /// A one-line statement; the spec is the authority.
    public let statement: String
    /// Why no property checks this rule, for the rules none does (CONFORMANCE.md lists them with this reason; a
    /// test keeps the two in step with the catalogue).
    public let uncheckedBecause: String?

    init(_ id: String, _ level: EvidenceLevel, _ statement: String, tentative: String? = nil,
         unchecked: String? = nil) {
        self.id = id
        self.level = level
        self.statement = statement
        self.tentativePart = tentative
        self.uncheckedBecause = unchecked
    }

    /// The heading of `Spec/UISTACKVIEW.md` whose section defines this rule, chosen by the id's group.
    public var specSection: String {
        let group = id.split(separator: "-").dropLast().joined(separator: "-")
        return Rules.sections.first { $0.group == group }?.heading ?? ""
    }

    /// A link to the rule's section, relative to the repository's top level (GitHub's heading anchors).
    public var specLink: String { "Spec/UISTACKVIEW.md#" + Rules.anchor(specSection) }
}

/// Every rule id of `Spec/UISTACKVIEW.md`, in the spec's order. CONFORMANCE.md is generated from this table.
public enum Rules {
    /// The section of the spec that holds each group of rules (`R-D-…` → "Distributions (along the axis)").
    static let sections: [(group: String, heading: String)] = [
        ("R-TX", "2.7 Text that wraps (labels)"),
        ("R-TW", "2.7 Text that wraps (labels)"),
        ("R-SOLVE", "3. Solving semantics (Auto Layout)"),
        ("R-D", "Distributions (along the axis)"),
        ("R-AL", "Alignment (across the axis)"),
        ("R-F", "Fitting size (the stack's size when nothing outside fixes it)"),
        ("R-H", "Hidden arranged views"),
        ("R-SP", "Spacing and custom spacing"),
        ("R-M", "Layout margins"),
        ("R-BL", "Baselines"),
        ("R-RTL", "Layout direction"),
        ("R-PX", "Pixel rounding"),
        ("R-N", "Nesting"),
        ("R-V", "5. arrangedSubviews and subviews"),
        ("R-I", "6. Views with no intrinsic size"),
        ("R-U", "7. Constraints the user adds to arranged views"),
        ("R-T", "9. Decisions where the evidence runs out (all TENTATIVE)"),
    ]

    /// A Markdown heading's anchor as GitHub writes it: lower case, punctuation other than `-` and `_` dropped,
    /// spaces as hyphens.
    public static func anchor(_ heading: String) -> String {
        String(heading.lowercased().compactMap { c -> Character? in
            if c == " " { return "-" }
            return c.isLetter || c.isNumber || c == "-" || c == "_" ? c : nil
        })
    }

    /// Every rule of UISTACKVIEW.md, in the specification's order.
    public static let all: [Rule] = [
        // §2.7 Text that wraps.
        Rule("R-TX-1", .inf, "The box font: characters per line, lines, height, used width, baselines."),
        Rule("R-TW-1", .rt, "Horizontal fill/equalSpacing/equalCentering: wrapping labels get canvas.width/n − s(n−1)/n at compression resistance + 10.",
             tentative: "the form is iOS 9–14's; iOS 15 changed it (R-T-11)"),
        Rule("R-TW-2", .rt, "Horizontal fillProportionally counts a wrapping label as 0."),
        Rule("R-TW-3", .rt, "Vertical stacks and fillEqually add nothing for text."),
        Rule("R-TX-2", .inf, "Two passes: single-line sizes, then sizes at the solved widths; no third pass.",
             tentative: "exact widths, a complete re-solve (R-T-10)"),
        Rule("R-TX-3", .doc, "An explicit preferredMaxLayoutWidth is used in both passes.",
             unchecked: "a wrapping label with preferredMaxLayoutWidth is a label of fixed size: the generator draws such labels for every text property and agreement, and the golden fixture text-preferred-width-free checks it"),
        Rule("R-TX-4", .inf, "Baselines are measured at the pass-2 height."),
        Rule("R-TX-5", .inf, "A wrapping label's height is its text's height at its final width."),
        Rule("R-TX-6", .inf, "A vertical stack with alignment fill and a fixed width wraps its labels at its canvas width."),
        Rule("R-TX-7", .inf, "Where no disambiguation or other constraint holds a label's width, it keeps its single-line width."),
        // §3 Solving semantics.
        Rule("R-SOLVE-1", .doc, "Required constraints hold; higher priorities are satisfied before lower ones."),
        Rule("R-SOLVE-2", .inf, "Priorities are lexicographic levels; errors add up within a level."),
        Rule("R-SOLVE-3", .doc, "Equally good solutions are resolved by arrangement order.",
             tentative: "the lowest-index view absorbs the difference (R-T-1)"),
        Rule("R-SOLVE-4", .inf, "No implicit length >= 0: views can get negative lengths.",
             tentative: "its consequences, e.g. the first view absorbing overflow past zero"),
        Rule("R-SOLVE-5", .obs, "Unsatisfiable required constraints: one is broken and reported; never a crash.",
             tentative: "which one breaks (R-T-7)"),
        Rule("R-SOLVE-6", .obs, "Sizes are clamped at 2,777,777 points.", tentative: "what exactly is clamped"),
        // §4 Distributions.
        Rule("R-D-1", .doc, "Every distribution pins the first and last visible views to the canvas ends."),
        Rule("R-D-2", .doc, "fill: lowest hugging stretches, lowest compression resistance shrinks."),
        Rule("R-D-3", .doc, "fillEqually: visible views share one length; spacing is exact."),
        Rule("R-D-4", .doc, "fillProportionally: lengths proportional to intrinsic lengths (§2.6)."),
        Rule("R-D-5", .doc, "equalSpacing: intrinsic lengths, equal gaps of at least the spacing."),
        Rule("R-D-6", .doc, "equalCentering: equal distances between centres when feasible."),
        Rule("R-D-7", .obs, "Negative spacing overlaps views for fill*; a lower bound only for equal-*."),
        // §4 Alignment.
        Rule("R-AL-1", .doc, "fill: every arranged view spans the canvas's cross size."),
        Rule("R-AL-2", .doc, "leading/top: leading (top) edges on the canvas's edge."),
        Rule("R-AL-3", .doc, "center: centres on the canvas's centre line."),
        Rule("R-AL-4", .doc, "trailing/bottom: trailing (bottom) edges on the canvas's edge."),
        Rule("R-AL-5", .doc, "firstBaseline (horizontal only): first baselines on one line."),
        Rule("R-AL-6", .doc, "lastBaseline (horizontal only): last baselines on one line."),
        Rule("R-AL-7", .doc, "A free cross size is the largest visible cross size (non-fill, non-baseline)."),
        Rule("R-AL-8", .inf, "No intrinsic cross size: cross size 0 under non-fill alignments, spans under fill."),
        Rule("R-AL-9", .tentative, "Baseline alignment on a vertical stack is laid out as leading, with a diagnostic.",
             unchecked: "the scenario generator never makes vertical baseline alignment (an invalid configuration UIKit logs); the golden fixture vertical-baseline-alignment-invalid checks the leading layout and its diagnostic"),
        // §4 Fitting size.
        Rule("R-F-1", .doc, "Fitting size: lengths plus spacings along the axis; largest cross size; margins."),
        Rule("R-F-2", .inf, "Fitting length per distribution, with the equalCentering and margins exceptions."),
        Rule("R-F-3", .tentative, "An all-hidden stack fits to zero (plus margins, but not along an equal-* axis); an empty stack to zero."),
        // §4 Hidden views.
        Rule("R-H-1", .doc, "Hidden views collapse along the axis and do not affect the others (exceptions a–g)."),
        Rule("R-H-2", .rt, "Hidden views sit in the middle of their gap, on the edge, or outside in end runs.",
             tentative: "the placement under equalSpacing and equalCentering"),
        Rule("R-H-3", .doc, "Hidden views stay in arrangedSubviews and subviews."),
        Rule("R-H-4", .obs, "Under alignment fill a hidden view still props open the cross size."),
        // §4 Spacing.
        Rule("R-SP-1", .doc, "spacing is exact for fill* and a minimum for equal-*; negative overlaps."),
        Rule("R-SP-2", .doc, "Custom spacing after a view takes precedence; unset reads spacingUseDefault."),
        Rule("R-SP-3", .doc, "Custom spacing moves with the view, drops on removal, is not stored for non-arranged views."),
        Rule("R-SP-4", .doc, "spacingUseDefault and spacingUseSystem sentinels."),
        Rule("R-SP-5", .tentative, "System spacing is 8 points."),
        Rule("R-SP-6", .inf, "Custom spacing after the last arranged view has no effect."),
        // §4 Margins.
        Rule("R-M-1", .doc, "Margins-relative arrangement pins content to the margins; fitting includes them."),
        Rule("R-M-2", .obs, "Margins are directional."),
        Rule("R-M-3", .obs, "fillProportionally multipliers use the stack's full length."),
        Rule("R-M-4", .tentative, "Default margins are 8 points on each side.",
             unchecked: "a default of the scenario format (a missing margin reads 8, SCENARIO-FORMAT.md), checked by the decoder's tests; no layout depends on it"),
        // §4 Baselines.
        Rule("R-BL-1", .doc, "isBaselineRelativeArrangement is used by vertical stacks only."),
        Rule("R-BL-2", .doc, "A horizontal stack's baseline view is its tallest arranged view, recursively."),
        Rule("R-BL-3", .doc, "A vertical stack's first/last baseline views are its first/last arranged views."),
        Rule("R-BL-4", .doc, "Baseline alignment works for views at their intrinsic height (informational).",
             unchecked: "informational: it says where baseline alignment is meaningful and has no layout of its own to check"),
        Rule("R-BL-5", .tentative, "Tallest is decided from fitting heights of visible views; lowest index wins."),
        Rule("R-BL-6", .obs, "Baseline-relative stacks measure spacing between baselines; ends use top/bottom."),
        // §4 Layout direction, rounding, nesting.
        Rule("R-RTL-1", .doc, "Right-to-left is the mirror image of left-to-right."),
        Rule("R-PX-1", .obs, "Frames round to the nearest pixel; exact halves round up."),
        Rule("R-PX-2", .tentative, "Rounding is per edge in root coordinates; RTL mirrors the rounded LTR layout."),
        Rule("R-N-1", .doc, "A nested stack is sized by its fitting size where its parent does not fix it."),
        Rule("R-N-2", .obs, "Hiding a nested stack forces its length to 0 (conflict or negative content).",
             unchecked: "hiding a nested stack with content breaks a required constraint or drives content negative, outside the §4 domain the properties draw from; the reference engine's tests check the conflict"),
        // §5 The view tree.
        Rule("R-V-1", .doc, "arrangedSubviews is always a subset of subviews."),
        Rule("R-V-2", .doc, "Adding an arranged view adds it as a subview if it is not one."),
        Rule("R-V-3", .doc, "removeArrangedSubview leaves the view a subview."),
        Rule("R-V-4", .doc, "removeFromSuperview also removes the view from arrangedSubviews."),
        Rule("R-V-5", .doc, "Arranged order is independent of subview order."),
        Rule("R-V-6", .doc, "insertArrangedSubview beyond the count is an error and changes nothing."),
        Rule("R-V-7", .doc, "Inserting an arranged view moves it.", tentative: "the index and cross-stack details"),
        Rule("R-V-8", .inf, "addArrangedSubview of an arranged view moves it to the end."),
        Rule("R-V-9", .doc, "A layout after a sequence of changes equals a fresh layout of the final state."),
        // §6, §7.
        Rule("R-I-1", .inf, "Views with no intrinsic length take slack first and overflow first."),
        Rule("R-I-2", .inf, "Views with no intrinsic cross size: R-AL-8."),
        Rule("R-U-1", .doc, "User width, height and aspect-ratio constraints take part in the layout.",
             unchecked: "user constraints have no closed-form expectation; they take part in every property's scenarios and in agreement.matchesReference, and the reference engine's tests check them"),
        // §9 Decisions (all TENTATIVE).
        Rule("R-T-1", .tentative, "Ties: the lowest-index view absorbs the difference (tie levels in reverse pre-order)."),
        Rule("R-T-2", .tentative, "All-hidden stack: fitting size zero; hidden views at the canvas origin."),
        Rule("R-T-3", .tentative, "Custom spacing next to hidden views: the earlier visible view's spacing, halved."),
        Rule("R-T-4", .tentative, "Vertical baseline alignment, baseline-relative ends, tallest view.",
             unchecked: "an index of R-AL-9, R-BL-6 and R-BL-5, each checked (or listed here) on its own"),
        Rule("R-T-5", .tentative, "Default margins, system spacing, rounding.",
             unchecked: "an index of R-M-4, R-SP-5 and R-PX-2, each checked (or listed here) on its own"),
        Rule("R-T-6", .tentative, "A single baseline-aligned view in a taller container sits at the top.",
             unchecked: "a single configuration, checked by a golden fixture (alignment-single-baseline-view)"),
        Rule("R-T-7", .tentative, "Which required constraint breaks: added by class, first that cannot be added.",
             unchecked: "which required constraint breaks is outside the §4 domain (no broken constraint); the reference engine's tests check the observed cases"),
        Rule("R-T-8", .tentative, "Whatever is still free: minimise sizes, then distance from the canvas origin."),
        Rule("R-T-9", .tentative, "Proportional denominators use spacing literally; baseline-relative equalCentering; all-hidden center.",
             unchecked: "checked by the golden fixtures fillProportionally-margins-free, hidden-all-center and hidden-all-fill, and by agreement.matchesReference"),
        Rule("R-T-10", .tentative, "Text: exact pass-1 widths, a complete re-solve, single-line labels ignore preferredMaxLayoutWidth, empty text 0 × 0, + 10 capped at 1000.",
             unchecked: "decisions of the reference's two passes, checked by the golden fixtures text-empty and text-fillProportionally-counts-zero and by TextConstraintDumpTests"),
        Rule("R-T-11", .tentative, "iOS 15's text-width disambiguation is unknown: what rests on R-TW-1 is TENTATIVE."),
    ]

    /// The rule with this id.
    public static func rule(_ id: String) -> Rule? { all.first { $0.id == id } }
}
