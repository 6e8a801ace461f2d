import PropertyCheck
import StackLayout

/// The lengths of a scenario chosen again as a designer would choose them, keeping everything else: for the
/// presentable counterexample (`PresentableSearch`).
///
/// The structure of the minimal case is what makes it fail (axes, distributions, alignments, priorities, nesting, the
/// scale); its lengths are what make it unreadable (the shrinker takes them to 0 and 1). So
/// the structure is kept and every length is chosen from a multiple of 2 or 4 points, each generator shrinking towards
/// a designer's default (spacing and margins 8; the first view 40 × 30, the next ones of other sizes, so that views
/// that differ are told apart at a glance and a failure that depends on sizes shows large): PropertyCheck's shrinker
/// then leaves only the deviations the failure needs. Two things the minimal case has are undone first and kept only
/// where the failure needs them, because they leave nothing to see: a dimension without an intrinsic size (such a
/// view is usually 0 long) is given one, and a hidden view is shown.
///
/// Each length may also take a small offset (1, ½, ¼, ¾, ⅓ or ⅔ pt, shrinking towards none), because many real bugs
/// only show on odd or fractional lengths: an integer division when centring, rounding at each step, pixel rounding.
///
/// Trade-off: a failure that needs a zero-length view has no presentable case here; the report then draws the
/// minimal one.
enum DesignerValues {
    /// Intrinsic widths: 8 to 160 points in steps of 4; the n-th leaf's towards 40, 64, 48, 80 and 56 in turn.
    static let widths = [10, 16, 12, 20, 14].map { target in steps(2...40, of: 4, towards: target) }
    /// Intrinsic heights: 8 to 100 points in steps of 2; the n-th leaf's towards 30, 44, 24, 60 and 36 in turn.
    static let heights = [15, 22, 12, 30, 18].map { target in steps(4...50, of: 2, towards: target) }
    /// Spacing (stack or custom): −16 to 32 points in steps of 4, towards 8 (negative spacing is a feature).
    static let spacing = steps(-4...8, of: 4, towards: 2)
    /// Margins: 0 to 24 points in steps of 4, towards 8 (UIKit's default, R-M-4).
    static let margin = steps(0...6, of: 4, towards: 2)
    /// A fixed container dimension: 20 to 600 points in steps of 10, towards 200.
    static let container = steps(2...60, of: 10, towards: 20)
    /// A text baseline, in tenths of its view's height from the top, towards 7/10.
    static let baselineTenths = Gens.integer(1...10, target: 7)
    /// The offsets a length may take, the first (none) preferred.
    static let offsets: [Double] = [0, 1, 0.5, 0.25, 0.75, 1.0 / 3, 2.0 / 3]

    /// `step × n + offset` for n in `range`, shrinking towards `step × target` with no offset.
    static func steps(_ range: ClosedRange<Int>, of step: Int, towards target: Int) -> Gen<Double> {
        let whole = Gens.integer(range, target: target), offset = Gens.element(of: offsets)
        return Gen { tc throws(StopTest) in Double(try whole.run(tc) * step) + (try offset.run(tc)) }
    }

    /// `scenario` with every length chosen again; a free container stays free, and system spacing,
    /// `spacingUseDefault` and aspect ratios stay as they are.
    static func scenario(like scenario: Scenario) -> Gen<Scenario> {
        Gen { tc throws(StopTest) in
            var s = scenario
            if s.container.width != nil { s.container.width = try container.run(tc) }
            if s.container.height != nil { s.container.height = try container.run(tc) }
            var leaves = 0
            s.stack = try DesignerValues.stack(like: s.stack, tc, leaves: &leaves)
            return s
        }
    }

    /// `original` with its lengths chosen again; `leaves` counts the leaves generated so far, in pre-order.
    static func stack(like original: Stack, _ tc: TestCase, leaves: inout Int) throws(StopTest) -> Stack {
        var result = original
        result.spacing = try spacing(like: result.spacing, tc)
        if result.isLayoutMarginsRelativeArrangement {
            result.layoutMargins = DirectionalEdgeInsets(top: try margin.run(tc), leading: try margin.run(tc),
                                                        bottom: try margin.run(tc), trailing: try margin.run(tc))
        }
        for i in result.arrangedSubviews.indices {
            var item = result.arrangedSubviews[i]
            item.customSpacingAfter = try spacing(like: item.customSpacingAfter, tc)
            // A hidden view is shown first (the choice shrinks towards showing it) and stays hidden only where the
            // failure needs it: a stack whose views are all hidden draws nothing to look at.
            if item.isHidden { item.isHidden = try tc.choice(1) == 1 }
            switch item.content {
            case .view(var leaf):
                let size = leaf.intrinsicContentSize
                let width = widths[leaves % widths.count], height = heights[leaves % heights.count]
                if size == .none {
                    // A view with no intrinsic size is a point in most stacks: it gets one first, both or neither.
                    if try tc.choice(1) == 0 {
                        leaf.intrinsicContentSize = IntrinsicContentSize(width: try width.run(tc), height: try height.run(tc))
                    }
                } else {
                    leaf.intrinsicContentSize = IntrinsicContentSize(width: try length(like: size.width, width, tc),
                                                                     height: try length(like: size.height, height, tc))
                }
                leaves += 1
                let textHeight = leaf.intrinsicContentSize.height ?? 30
                if leaf.firstBaseline != nil { leaf.firstBaseline = Double(try baselineTenths.run(tc)) * textHeight / 10 }
                if leaf.lastBaseline != nil { leaf.lastBaseline = Double(try baselineTenths.run(tc)) * textHeight / 10 }
                item.content = .view(leaf)
            case .stack(let nested):
                item.content = .stack(try DesignerValues.stack(like: nested, tc, leaves: &leaves))
            }
            for c in item.constraints.indices where item.constraints[c].attribute != .aspectRatio {
                item.constraints[c].constant = try (item.constraints[c].attribute == .width ? widths[0] : heights[0]).run(tc)
            }
            result.arrangedSubviews[i] = item
        }
        return result
    }

    /// An intrinsic length like `original`. A view with no intrinsic size in one dimension only is usually 0 long
    /// in it, which no one can see: such a dimension is given a designer length first (shrinking towards it), and
    /// keeps having none when the failure needs that.
    static func length(like original: Double?, _ designer: Gen<Double>, _ tc: TestCase) throws(StopTest) -> Double? {
        if original != nil { return try designer.run(tc) }
        return try tc.choice(1) == 0 ? try designer.run(tc) : nil
    }

    static func spacing(like original: Spacing, _ tc: TestCase) throws(StopTest) -> Spacing {
        guard case .points = original else { return original }
        return .points(try spacing.run(tc))
    }
}
