import PropertyCheck
import StackLayout

/// Everything a layout property sees for one case: the scenario, the engine's layout, the reference layout, the
/// comparison tolerance, and a way to lay out variants of the scenario on the same engine (metamorphic properties).
public struct CaseContext: Sendable {
    /// The case's scenario.
    public let scenario: Scenario
    /// The engine's layout of `scenario`.
    public let layout: Layout
    /// The reference engine's layout of `scenario`.
    public let reference: Layout
    /// How close two lengths must be to count as equal.
    public let tolerance: Tolerance
    /// Whether the engine under test is one of the built-in engines (the agreement property is then stricter).
    public let builtIn: Bool
    let relayout: @Sendable (Scenario) throws -> Layout
    /// The engine's size of a variant, when it has a cheaper way to it than a layout (the runner's reference engine).
    let resize: (@Sendable (Scenario) throws -> Size)?
    /// The reference engine's layout of a scenario (the runner's reuses the case's solves).
    let referenceLayout: @Sendable (Scenario) throws -> Layout

    /// A context whose variants are laid out by `relayout` (the engine under test) and compared with the reference
    /// engine's layouts.
    public init(scenario: Scenario, layout: Layout, reference: Layout, tolerance: Tolerance, builtIn: Bool = false,
                relayout: @escaping @Sendable (Scenario) throws -> Layout) {
        self.init(scenario: scenario, layout: layout, reference: reference, tolerance: tolerance, builtIn: builtIn,
                  relayout: relayout, resize: nil, referenceLayout: { s in try ReferenceEngine().layout(s) })
    }

    init(scenario: Scenario, layout: Layout, reference: Layout, tolerance: Tolerance, builtIn: Bool,
         relayout: @escaping @Sendable (Scenario) throws -> Layout,
         resize: (@Sendable (Scenario) throws -> Size)?,
         referenceLayout: @escaping @Sendable (Scenario) throws -> Layout) {
        self.scenario = scenario
        self.layout = layout
        self.reference = reference
        self.tolerance = tolerance
        self.builtIn = builtIn
        self.relayout = relayout
        self.resize = resize
        self.referenceLayout = referenceLayout
    }

    /// Every stack of the engine's layout, root first, in reading-order coordinates.
    public var stacks: [LaidOutStack] { LaidOutStack.all(scenario, layout) }
    /// The root stack of the engine's layout.
    public var root: LaidOutStack { stacks[0] }

    /// The engine's layout of a variant of the scenario. A variant the engine declines discards the case; a fault
    /// of an external engine stops the property (it propagates as `PropertyAbort`).
    public func layout(of variant: Scenario) throws -> Layout { try relayout(variant) }

    /// `layout(of: variant).size`, for a property that reads nothing else (`nesting.behavesAsFittingSizeView`): the
    /// reference engine answers it from a solve for the size, any other engine from its layout.
    public func size(of variant: Scenario) throws -> Size {
        if let resize { return try resize(variant) }
        return try relayout(variant).size
    }

    /// The reference engine's layout of `scenario` (whatever the engine under test).
    func referenceLayout(of scenario: Scenario) throws -> Layout { try referenceLayout(scenario) }

    /// |a − b| within the tolerance.
    public func close(_ a: Double, _ b: Double) -> Bool { tolerance.close(a, b) }

    /// Fails the property with `message` unless `condition` holds. The failure's origin is the caller's line: the
    /// clause of the check. `measuring` says which edges or lengths the condition reads, so that the diagnosis
    /// headlines the constraint that places them (`Headline`).
    public func expect(_ condition: Bool, _ message: @autoclosure () -> String, measuring: Measurement? = nil,
                       fileID: String = #fileID, line: Int = #line) throws {
        if !condition {
            throw CheckFailure(failure: PropertyFailure(message(), origin: "\(fileID):\(line)"), measured: measuring)
        }
    }

    /// Fails unless `actual` is within the tolerance of `expected`; the origin is the caller's line, and
    /// `measuring` the edges or lengths `actual` is read from.
    public func expectClose(_ actual: Double, _ expected: Double, _ what: @autoclosure () -> String,
                            measuring: Measurement? = nil, fileID: String = #fileID, line: Int = #line) throws {
        if !close(actual, expected) {
            var measured = measuring
            measured?.actual = actual
            measured?.expected = expected
            throw CheckFailure(failure: PropertyFailure("\(what()): got \(formatNumber(actual)), expected \(formatNumber(expected))",
                                                        origin: "\(fileID):\(line)"), measured: measured)
        }
    }
}

/// The comparison tolerance: |a − b| ≤ max(absolute, relative·|b|) points (1e-3 and 1e-6 by default;
/// `--tolerance` changes the absolute part; the built-in engines agree within 1e-6).
public struct Tolerance: Sendable, Hashable {
    /// The absolute part of the tolerance, in points.
    public var absolute: Double
    /// The relative part, a fraction of the larger magnitude compared.
    public var relative: Double
    /// A tolerance of `absolute` points or `relative` of the magnitude, whichever is larger.
    public init(absolute: Double = 1e-3, relative: Double = 1e-6) {
        self.absolute = absolute
        self.relative = relative
    }
    /// The default: 0.001 points or one millionth.
    public static let standard = Tolerance()
    /// Between the two built-in engines.
    public static let builtIn = Tolerance(absolute: 1e-6, relative: 1e-9)

    /// Whether `a` and `b` are within the tolerance of each other.
    public func close(_ a: Double, _ b: Double) -> Bool {
        abs(a - b) <= max(absolute, relative * max(abs(a), abs(b)))
    }
}

/// Describes an item for failure messages: `view 'v1'` or `stack 'v2'`.
func name(_ item: LaidOutStack.Item) -> String { (item.view.stack == nil ? "view '" : "stack '") + item.view.id + "'" }

/// Describes a stack for failure messages: `the root stack (horizontal, fill, leading)`.
func name(_ s: LaidOutStack) -> String {
    let what = s.id.map { "stack '\($0)'" } ?? "the root stack"
    return "\(what) (\(s.axis.rawValue), \(s.stack.distribution.rawValue), \(s.stack.alignment.rawValue))"
}
