import PropertyCheck
import Testing
@testable import StackLayout

/// Random scenarios for the reference engine's own properties (`ReferenceSolvePathTests`, `RelativePositionsTests`,
/// `NestedStacksHeldAtZeroLengthTests`): nesting to depth 2, hidden views, baselines, priorities, user constraints
/// that can conflict with the stack's, custom spacing, margins, a free or fixed container, and long root stacks on
/// request. Every choice comes from a PropertyCheck generator, so a failing scenario shrinks towards the simple one:
/// fewer views, no nesting, UIKit's defaults (no intrinsic metric, no baseline, default priorities, no constraint,
/// no custom spacing, a free container), the first case of every enumeration, 0.
enum ReferenceScenarios {
    /// `true` with probability `p` in a fresh case; shrinks towards `false`.
    static func chance(_ p: Double) -> Gen<Bool> { Gen<Bool?>.optional(.just(true), probability: p).map { $0 != nil } }

    /// A value of `gen` with probability `p` in a fresh case, else `nil`; shrinks towards `nil`.
    static func sometimes<T>(_ p: Double, _ gen: Gen<T>) -> Gen<T?> { Gen<T?>.optional(gen, probability: p) }

    /// `offset + step × k` for `k` in `steps`; shrinks towards `k = 0`.
    static func multiple(_ steps: ClosedRange<Int>, of step: Double, plus offset: Double = 0) -> Gen<Double> {
        Gens.int(steps).map { offset + Double($0) * step }
    }

    /// The priorities the scenarios use: UIKit's usual ones and their neighbours, where ties and near-ties between
    /// hugging, compression resistance and user constraints decide the layout (R-T-*). Shrinks towards 250.
    static let priority = Gens.element(of: [250, 251, 750, 749, 1000, 500] as [LayoutPriority])

    static let axisPriorities = Gens.zip(priority, priority).map { AxisPriorities(horizontal: $0, vertical: $1) }

    /// A width, height or `==`/`<=`/`>=` constraint of 0 to 50 pt at any priority: with the stack's own constraints
    /// and the container, required ones can conflict (broken constraints in the diagnostics, R-U-1).
    static let userConstraint = Gens.zip(Gens.element(of: [UserConstraint.Attribute.width, .height]),
                                         Gens.element(of: [UserConstraint.Relation.equal, .lessThanOrEqual,
                                                           .greaterThanOrEqual]),
                                         multiple(0...5, of: 10), priority)
        .map { UserConstraint($0, $1, $2, priority: $3) }

    /// A leaf view (its id is given by `numbered`).
    static let leaf = Gen<ArrangedView> { tc throws(StopTest) in
        let width = try sometimes(0.8, multiple(0...7, of: 10)).run(tc, label: "width")
        let height = try sometimes(0.8, multiple(0...4, of: 10, plus: 5)).run(tc, label: "height")
        let baseline = try sometimes(0.3, multiple(0...9, of: 1)).run(tc, label: "firstBaseline")
        var view = ArrangedView.view("", width: width, height: height, firstBaseline: baseline)
        view.isHidden = try chance(0.15).run(tc, label: "isHidden")
        if let hugging = try sometimes(0.2, axisPriorities).run(tc, label: "hugging") {
            view.contentHuggingPriority = hugging
        }
        if let resistance = try sometimes(0.2, axisPriorities).run(tc, label: "compressionResistance") {
            view.compressionResistancePriority = resistance
        }
        if let constraint = try sometimes(0.15, userConstraint).run(tc, label: "constraint") {
            view.constraints = [constraint]
        }
        if let spacing = try sometimes(0.15, multiple(0...3, of: 5)).run(tc, label: "customSpacingAfter") {
            view.customSpacingAfter = .points(spacing)
        }
        return view
    }

    /// An arranged item of a stack at `depth`: a leaf, or (below depth 2, one in five) a nested stack. The branch is
    /// drawn at depth 2 too (a single branch), so an item reads the same choices at any depth and the shrinker can
    /// move a nested stack's item up to its parent. Shrinks towards a leaf.
    static func item(depth: Int) -> Gen<ArrangedView> {
        guard depth < 2 else { return Gen.frequency([(1, leaf)]) }
        return Gen.frequency([(4, leaf), (1, stack(depth: depth + 1).map { ArrangedView.stack("", $0) })])
    }

    /// A stack at `depth` with `count` arranged items (0 to 5, about 2.3 on average, when `nil`), every
    /// distribution and alignment, spacing 0 to 12 pt, sometimes baseline-relative or margin-relative.
    static func stack(depth: Int, count: ClosedRange<Int>? = nil) -> Gen<Stack> {
        let items = Gens.array(item(depth: depth), count: count ?? 0...5,
                               averageLength: count.map { Double($0.count) / 2 } ?? 3)
        let axis = Gens.element(of: Axis.allCases)
        let distribution = Gens.element(of: Distribution.allCases)
        let alignment = Gens.element(of: Alignment.allCases)
        let spacing = multiple(0...3, of: 4)
        let baselineRelative = chance(0.2), marginsRelative = chance(0.2)
        return Gen { tc throws(StopTest) in
            let views = try items.run(tc, label: "arrangedSubviews")
            return Stack(axis: try axis.run(tc, label: "axis"),
                         distribution: try distribution.run(tc, label: "distribution"),
                         alignment: try alignment.run(tc, label: "alignment"),
                         spacing: .points(try spacing.run(tc, label: "spacing")),
                         isBaselineRelativeArrangement: try baselineRelative.run(tc, label: "baselineRelative"),
                         isLayoutMarginsRelativeArrangement: try marginsRelative.run(tc, label: "marginsRelative"),
                         arrangedSubviews: views)
        }
    }

    /// Scenarios whose root has `rootCount` arranged items (0 to 5 when `nil`), in a container of fixed width (half
    /// the time, 0 to 380 pt) and height (three times in ten, 0 to 180 pt), else free.
    static func scenario(rootCount: ClosedRange<Int>? = nil) -> Gen<Scenario> {
        let width = sometimes(0.5, multiple(0...19, of: 20)), height = sometimes(0.3, multiple(0...9, of: 20))
        let root = stack(depth: 0, count: rootCount)
        return Gen { tc throws(StopTest) in
            let container = Container(width: try width.run(tc, label: "width"), height: try height.run(tc, label: "height"))
            return numbered(Scenario(container: container, stack: try root.run(tc, label: "stack")))
        }
    }

    /// Small scenarios of every kind.
    static let scenarios = scenario()

    /// The scenario with its ids given in pre-order (`v1`, `s2`, `v3`…: views `v`, nested stacks `s`), unique in
    /// the scenario, so the ids of a shrunk scenario are still unique and short.
    static func numbered(_ scenario: Scenario) -> Scenario {
        var next = 0
        func number(_ stack: Stack) -> Stack {
            var stack = stack
            for i in stack.arrangedSubviews.indices {
                next += 1
                if let inner = stack.arrangedSubviews[i].stack {
                    stack.arrangedSubviews[i].id = "s\(next)"
                    stack.arrangedSubviews[i].content = .stack(number(inner))
                } else {
                    stack.arrangedSubviews[i].id = "v\(next)"
                }
            }
            return stack
        }
        var out = scenario
        out.stack = number(scenario.stack)
        return out
    }

    /// A scenario in a failure report: its compact document (SCENARIO-FORMAT.md), which `stackcheck layout` reads.
    @Sendable static func describe(_ scenario: Scenario) -> String { scenario.jsonString(pretty: false) }

    /// A property's run: `cases` cases from the fixed `seed` unless PROPERTYCHECK_SEED or PROPERTYCHECK_CASES say
    /// otherwise, and the case of PROPERTYCHECK_REPLAY first (the token a failure prints), so that a failure found
    /// here replays with `PROPERTYCHECK_REPLAY=… swift test --filter …`.
    static func configuration(seed: UInt64, cases: Int, sourceLocation: SourceLocation = #_sourceLocation) -> Configuration {
        switch Configuration.fromEnvironment(.propertyCheck, base: Configuration(seed: seed, cases: cases)) {
        case .success(let environment):
            return environment
        case .failure(let error):
            Issue.record("\(error)", sourceLocation: sourceLocation)
            return Configuration(seed: seed, cases: cases)
        }
    }
}
