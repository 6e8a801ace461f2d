import PropertyCheck
import Testing
@testable import StackLayout

/// Two layouts with the same ids and diagnostics and frames within 1e-6 (shared by the reference solve tests).
func sameLayout(_ a: Layout, _ b: Layout) -> Bool {
    guard a.frameIDs == b.frameIDs, a.diagnostics == b.diagnostics,
          abs(a.size.width - b.size.width) < 1e-6, abs(a.size.height - b.size.height) < 1e-6 else { return false }
    for (p, q) in zip(a.frameValues, b.frameValues) {
        guard abs(p.x - q.x) < 1e-6, abs(p.y - q.y) < 1e-6, abs(p.width - q.width) < 1e-6,
              abs(p.height - q.height) < 1e-6 else { return false }
    }
    return true
}

/// What the session property drives: a layout kept across changes (`ReferenceLayoutSession`, or a wrong variant).
protocol IncrementalLayout: AnyObject {
    var scenario: Scenario { get }
    var layout: Layout { get }
    @discardableResult func modify(_ change: (inout Scenario) -> Void) -> Layout
}

extension ReferenceLayoutSession: IncrementalLayout {}

/// R-V-9 as a state machine: random changes to a root stack (views added, removed, hidden or shown, nested stacks
/// added, spacing, container, distribution, alignment and axis changed) applied to a session one at a time; after
/// each, the session's layout must be a fresh layout of its scenario (`sameLayout`). The model is the scenario with
/// the next free id, so that new views get unique ids however the program shrinks.
struct SessionChanges: StateMachine {
    struct Model: Sendable {
        var scenario: Scenario
        var nextID: Int
    }

    /// One change, as `ReferenceLayoutSession.modify` receives it. Indices are into the root's arranged subviews.
    enum Change: Sendable, CustomStringConvertible {
        case spacing(Double)
        case toggleHidden(Int)
        case append(ArrangedView)
        case remove(Int)
        case container(Container)
        case distribution(Distribution)
        case alignment(Alignment)
        case axis(Axis)

        func apply(to s: inout Scenario) {
            switch self {
            case .spacing(let points): s.stack.spacing = .points(points)
            case .toggleHidden(let i): s.stack.arrangedSubviews[i].isHidden.toggle()
            case .append(let view): s.stack.arrangedSubviews.append(view)
            case .remove(let i): s.stack.arrangedSubviews.remove(at: i)
            case .container(let container): s.container = container
            case .distribution(let distribution): s.stack.distribution = distribution
            case .alignment(let alignment): s.stack.alignment = alignment
            case .axis(let axis): s.stack.axis = axis
            }
        }

        /// A new view or nested stack, briefly: `v4 20×nil`, `n5 vertical center margins [v6 0×10, v7 10×30 hidden]`.
        static func describe(_ view: ArrangedView) -> String {
            let hidden = view.isHidden ? " hidden" : ""
            guard let stack = view.stack else {
                let size = view.leaf?.intrinsicContentSize
                return "\(view.id) \(size?.width.map { "\($0)" } ?? "nil")×\(size?.height.map { "\($0)" } ?? "nil")\(hidden)"
            }
            let margins = stack.isLayoutMarginsRelativeArrangement ? " margins" : ""
            return "\(view.id) \(stack.axis) \(stack.alignment)\(margins) ["
                + stack.arrangedSubviews.map(describe).joined(separator: ", ") + "]\(hidden)"
        }

        /// The ids the change brings into the scenario.
        var newIDs: Int {
            guard case .append(let view) = self else { return 0 }
            return 1 + (view.stack?.arrangedSubviews.count ?? 0)
        }

        var description: String {
            switch self {
            case .spacing(let points): "spacing = \(points)"
            case .toggleHidden(let i): "toggle isHidden of item \(i)"
            case .append(let view): "append \(Self.describe(view))"
            case .remove(let i): "remove item \(i)"
            case .container(let c): "container = \(c.width.map { "\($0)" } ?? "nil") × \(c.height.map { "\($0)" } ?? "nil")"
            case .distribution(let d): "distribution = \(d)"
            case .alignment(let a): "alignment = \(a)"
            case .axis(let a): "axis = \(a)"
            }
        }
    }

    let initial: Scenario
    let makeSession: @Sendable (Scenario) -> any IncrementalLayout

    /// A leaf `id` 0 to 50 pt wide and, three times in four, 10 to 30 pt high (else with no intrinsic height).
    static func newView(_ id: String) -> Gen<ArrangedView> {
        Gens.zip(ReferenceScenarios.multiple(0...5, of: 10),
                 ReferenceScenarios.sometimes(0.75, ReferenceScenarios.multiple(0...2, of: 10, plus: 10)))
            .map { ArrangedView.view(id, width: $0, height: $1) }
    }

    /// Three views in a horizontal fill stack, spacing 0 to 8 pt, no container.
    static let initialScenarios: Gen<Scenario> = Gens.zip(newView("v1"), newView("v2"), newView("v3"),
                                                         ReferenceScenarios.multiple(0...2, of: 4))
        .map { Scenario(stack: Stack(spacing: .points($3), arrangedSubviews: [$0, $1, $2])) }

    var initialModel: Model { Model(scenario: initial, nextID: 3) }

    func makeSystem() -> any IncrementalLayout { makeSession(initial) }

    /// Every kind of change has its branch whatever the model, so a program reads the same choices after a
    /// shrink; `precondition` drops the changes the model does not allow. Shrinks towards `spacing = 0`.
    func commands(for model: Model) -> Gen<Change> {
        let count = model.scenario.stack.arrangedSubviews.count
        let index = Gens.int(0...max(0, count - 1))
        let id = model.nextID + 1
        let nested = Gens.zip(Gens.element(of: Axis.allCases), Gens.element(of: [Alignment.fill, .center]),
                              ReferenceScenarios.chance(0.5), Self.newView("v\(id + 1)"),
                              Gens.zip(Self.newView("v\(id + 2)"), ReferenceScenarios.chance(1.0 / 3)))
            .map { axis, alignment, margins, first, second in
                Change.append(.stack("n\(id)", Stack(axis: axis, alignment: alignment,
                                                     isLayoutMarginsRelativeArrangement: margins,
                                                     arrangedSubviews: [first, second.0.hidden(second.1)])))
            }
        let container = Gens.zip(ReferenceScenarios.sometimes(0.5, ReferenceScenarios.multiple(0...9, of: 20, plus: 50)),
                                 ReferenceScenarios.sometimes(1.0 / 3, ReferenceScenarios.multiple(0...4, of: 10)))
            .map { Change.container(Container(width: $0, height: $1)) }
        return Gen.frequency([
            (2, ReferenceScenarios.multiple(0...4, of: 3).map(Change.spacing)),
            (2, index.map(Change.toggleHidden)),
            (2, Self.newView("v\(id)").map(Change.append)),
            (2, index.map(Change.remove)),
            (2, container),
            (2, Gens.element(of: Distribution.allCases).map(Change.distribution)),
            (2, Gens.element(of: Alignment.allCases).map(Change.alignment)),
            (3, Gens.element(of: Axis.allCases).map(Change.axis)),
            (1, nested),
        ])
    }

    func precondition(_ change: Change, _ model: Model) -> Bool {
        let count = model.scenario.stack.arrangedSubviews.count
        switch change {
        case .toggleHidden(let i): return i < count
        case .remove(let i): return count > 1 && i < count
        default: return true
        }
    }

    func apply(_ change: Change, to model: Model) -> Model {
        var next = model
        change.apply(to: &next.scenario)
        next.nextID += change.newIDs
        return next
    }

    func run(_ change: Change, on session: any IncrementalLayout, model: Model) throws {
        session.modify { change.apply(to: &$0) }
    }

    func invariant(_ session: any IncrementalLayout, _ model: Model) throws {
        // A fresh layout of the model's scenario, not of the session's own: a session that dropped a change would
        // still equal a fresh layout of what it kept.
        let fresh = try ReferenceEngine().layout(model.scenario)
        try require(sameLayout(session.layout, fresh), """
            session vs fresh layout:
            \(LayoutDifferences.lines(session.layout, fresh) { abs($0 - $1) < 1e-6 })
            """)
    }

    /// The property: from any initial scenario, every program of up to 8 changes keeps the session's layout a
    /// fresh layout's.
    static func property(_ id: String, _ makeSession: @escaping @Sendable (Scenario) -> any IncrementalLayout)
        -> Property<(Scenario, [Change])> {
        let programs = initialScenarios.flatMap { initial in
            SessionChanges(initial: initial, makeSession: makeSession).programs(maxLength: 8).map { (initial, $0) }
        }
        return Property(id, programs, describe: { initial, changes in
            ([ReferenceScenarios.describe(initial)] + changes.map { "  \($0)" }).joined(separator: "\n")
        }) { value, _ in
            try SessionChanges(initial: value.0, makeSession: makeSession).execute(value.1)
        }
    }
}

@Suite struct ReferenceSessionTests {
    /// R-V-9: after any sequence of changes the session equals a fresh layout of the final state.
    @Test func randomChangeSequencesMatchFreshLayouts() async {
        await checkProperty(SessionChanges.property("reference.session.changes") { ReferenceLayoutSession($0) },
                            configuration: ReferenceScenarios.configuration(seed: 0x5EED_0004, cases: 12))
    }

    /// A wrong session: it takes the changes but keeps its first layout. The property must catch it.
    @Test func aSessionThatKeepsItsFirstLayoutIsCaught() async {
        final class FirstLayoutOnly: IncrementalLayout {
            private(set) var scenario: Scenario
            let layout: Layout
            init(_ scenario: Scenario) { self.scenario = scenario; layout = ReferenceLayoutSession(scenario).layout }
            func modify(_ change: (inout Scenario) -> Void) -> Layout { change(&scenario); return layout }
        }
        let report = await PropertyRunner.run(SessionChanges.property("reference.mutant.firstLayoutOnly") {
            FirstLayoutOnly($0)
        }, configuration: Configuration(seed: 0, cases: 12))
        #expect(report.status == .failed)
    }

    @Test func resizingKeepsTheSolver() throws {
        let s = Scenario(container: Container(width: 100), stack: Stack(arrangedSubviews: [
            .view("a", width: 20, height: 10), .view("b", width: 30, height: 10)]))
        let session = ReferenceLayoutSession(s)
        session.resize(width: 200, height: nil)
        #expect(session.rebuildCount == 1)
        #expect(session.layout.frame(of: "a")?.width == 170)
        #expect(sameLayout(session.layout, try ReferenceEngine().layout(session.scenario)))
    }
}
