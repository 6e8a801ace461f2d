import Testing
import PropertyCheck
@testable import StackConformance
@testable import StackLayout

/// The runner's §4 path (`Section4Domain.reference(of:_:)`: early verdicts, kept solves, nested stacks in a cheap
/// order) must give the plain definition's verdict and, inside, its reference layout to the bit.
@Suite struct Section4DomainTests {
    /// Scenarios of every feature (internal priorities included, so that rule 2 is exercised), much nesting,
    /// scales and both directions.
    static let scenarios: Gen<Scenario> = {
        var shape = ScenarioGenerator.Shape()
        shape.nestedProbability = 0.4
        shape.scaleProbability = 0.3
        return ScenarioGenerator(features: .all, shape: shape).scenario
    }()

    typealias Path = @Sendable (Scenario, CaseReferenceLayouts) -> Layout?

    /// The property: `path` agrees with `Section4Domain.definition` on every generated scenario.
    static func agreesWithTheDefinition(_ path: @escaping Path) -> Property<Scenario> {
        Property("section4.pathIsTheDefinition", scenarios, describe: { $0.jsonString(pretty: false) }) { scenario, tc in
            let plain = try Section4Domain.definition(scenario)
            let fast = path(scenario, CaseReferenceLayouts())
            tc.label(plain == nil ? "outside" : "inside")
            if scenario.stack.arrangedSubviews.contains(where: { $0.stack != nil }) { tc.label("nested") }
            try require((plain == nil) == (fast == nil),
                        "the definition says \(plain == nil ? "outside" : "inside"), the runner's path the other")
            if let plain, let fast {
                try require(CaseReferenceLayoutsTests.bits(plain) == CaseReferenceLayoutsTests.bits(fast),
                            "inside, the runner's path gives another reference layout")
            }
        }
    }

    static func count(_ label: String, _ report: PropertyReport) -> Int {
        report.labels.first { $0.label == label }?.count ?? 0
    }

    @Test func theRunnersPathIsTheDefinition() async {
        let report = await checkProperty(Self.agreesWithTheDefinition(Section4Domain.reference(of:_:)),
                                         configuration: Configuration(seed: 0x5EC4, cases: 250), useDatabase: false)
        // Enough of each verdict, and of nesting (rule 4), for the agreement to mean something.
        #expect(Self.count("inside", report) >= 30 && Self.count("outside", report) >= 100, "\(report.labels)")
        #expect(Self.count("nested", report) >= 100, "\(report.labels)")
    }

    /// A path that forgets rule 4 (nested stacks at their fitting size) must be caught, and shrunk to a nested case.
    @Test func aPathThatSkipsTheNestedStacksIsCaught() async throws {
        let skipsNested: Path = { scenario, references in
            let reference = references.layout(scenario, unlessBroken: true)
            if Section4Domain.isBroken(reference) || LengthClamp.reaches(reference)
                || Section4Domain.hasPriorityCollision(scenario) { return nil }
            return reference
        }
        let report = await PropertyRunner.run(Self.agreesWithTheDefinition(skipsNested),
                                              configuration: Configuration(seed: 0x5EC4, cases: 250))
        #expect(report.status == .failed)
        let minimal = try #require(report.counterexample.flatMap { PropertyRunner.value(of: $0.token, Self.scenarios) })
        #expect(minimal.stack.arrangedSubviews.contains { $0.stack != nil }, "\(minimal.jsonString(pretty: false))")
    }

    /// A nested stack held at length 0 (hidden, or in a fillProportionally stack) that does not fit in 0 decides the
    /// case before the scenario is solved: each case decided so must be outside by the definition.
    @Test func nestedStacksHeldAtZeroDecideOnlyOutsideCases() throws {
        var decided = 0
        for scenario in CaseReferenceLayoutsTests.scenarios(count: 240, seed: 0x5EED_0016) {
            for held in ReferenceEngine.nestedStacksHeldAtZeroLength(scenario) {
                let fitting = try ReferenceEngine().layout(Scenario(layoutDirection: scenario.layoutDirection,
                                                                    stack: held.stack)).size
                guard !Section4Domain.fits(0, fitting, along: held.axis) else { continue }
                decided += 1
                #expect(try Section4Domain.definition(scenario) == nil, "held \(held.id): \(scenario.jsonString(pretty: false))")
                break
            }
        }
        #expect(decided >= 20, "decided \(decided)")
    }

    /// R-SOLVE-6: a layout clamped on output is outside §4. A required width far above a proportional view's
    /// intrinsic width makes a fillProportionally stack wider than 2,777,777 points.
    @Test func aClampedLayoutIsOutside() throws {
        func scenario(requiredWidth: Double) -> Scenario {
            let wide = ArrangedView.view("b", width: 1, height: 10)
                .constrained(UserConstraint(.width, .equal, requiredWidth, priority: .required))
            return Scenario(stack: Stack(distribution: .fillProportionally, spacing: 8,
                                         arrangedSubviews: [.view("a", width: 1000, height: 10), wide,
                                                            .view("c", width: 4000, height: 10)]))
        }
        for (width, inside) in [(10.0, true), (947.75, false)] {
            let s = scenario(requiredWidth: width)
            #expect(LengthClamp.reaches(try ReferenceEngine().layout(s)) == !inside)
            #expect((try Section4Domain.definition(s) != nil) == inside)
            #expect((Section4Domain.reference(of: s, CaseReferenceLayouts()) != nil) == inside)
        }
    }
}
