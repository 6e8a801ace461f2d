import Testing
import PropertyCheck
@testable import StackConformance
@testable import StackLayout

/// Text (§2.7) on the engines around the reference: the direct engine's closed form for labels of fixed size
/// (`DirectEngine.fixedSizeText`), and the case cache with text (its variants share pass 1).
@Suite struct TextEnginesTests {
    /// The direct engine's features with text, many labels, some wrapping with a preferredMaxLayoutWidth.
    static let scenarios: Gen<Scenario> = {
        var shape = ScenarioGenerator.Shape()
        shape.textProbability = 0.6
        shape.wrappingProbability = 0.3
        return ScenarioGenerator(features: DirectEngine().features.union([.text]), shape: shape).scenario
    }()

    /// Wherever the direct engine answers a scenario with text, it agrees with the reference (within 1e-6 pt, the
    /// built-in tolerance), and it answers only where every wrapping label has an explicit width outside the
    /// stacks that R-TW-1 and R-TW-2 touch.
    @Test func theDirectEngineAgreesWhereItAnswers() async {
        let property = Property("text.direct", Self.scenarios) { (scenario: Scenario, _: TestCase) throws in
            let fixed = DirectEngine.fixedSizeText(scenario)
            let direct: Layout
            do { direct = try DirectEngine().layout(scenario) } catch {
                if case .unsupported? = error as? LayoutError { return }
                throw PropertyFailure("the direct engine failed: \(error)")
            }
            guard fixed != nil else { throw PropertyFailure("answered a scenario fixedSizeText declines") }
            let reference = try AcceleratedReferenceEngine().layout(scenario)
            guard direct.frameIDs == reference.frameIDs else { throw PropertyFailure("frame ids differ") }
            let close = { (a: Double, b: Double) in Tolerance.builtIn.close(a, b) }
            for (id, (d, r)) in zip(direct.frameIDs, zip(direct.frameValues, reference.frameValues))
            where !(close(d.x, r.x) && close(d.y, r.y) && close(d.width, r.width) && close(d.height, r.height)) {
                throw PropertyFailure("\(id): direct \(d), reference \(r)")
            }
        }
        let report = await checkProperty(property, configuration: Configuration(seed: 3, cases: 150))
        #expect(report.status == .passed)
    }

    /// A label of fixed size is answered; an automatic wrapping label, or one R-TW-1 touches, is declined.
    @Test func whatTheDirectEngineAnswers() throws {
        let single = ArrangedView.text("title", TextContent(characters: 12))
        let explicit = ArrangedView.text("body", TextContent(characters: 30, numberOfLines: 0, preferredMaxLayoutWidth: 95))
        let automatic = ArrangedView.text("note", TextContent(characters: 30, numberOfLines: 0))
        // 12 characters of 10 on one line; 30 at 95 points: 9 per line, 4 lines of 20, 90 wide.
        let column = Scenario(stack: Stack(axis: .vertical, alignment: .leading, arrangedSubviews: [single, explicit]))
        let layout = try DirectEngine().layout(column)
        #expect(layout.frame(of: "title") == Frame(x: 0, y: 0, width: 120, height: 20))
        #expect(layout.frame(of: "body") == Frame(x: 0, y: 20, width: 90, height: 80))
        #expect(throws: LayoutError.self) { try DirectEngine().layout(Scenario(stack: Stack(axis: .vertical, arrangedSubviews: [automatic]))) }
        #expect(throws: LayoutError.self) { try DirectEngine().layout(Scenario(stack: Stack(arrangedSubviews: [explicit]))) }
    }

    /// The cache answers text scenarios as the engine does, and a scenario's variants in scale and direction share
    /// its pass 1 and its solve.
    @Test func theCacheSharesPassOneAmongVariants() throws {
        let labels = [ArrangedView.text("a", TextContent(characters: 17, numberOfLines: 0)),
                      ArrangedView.view("b", width: 51, height: 31)]
        let scenario = Scenario(container: Container(width: 301, height: nil), stack: Stack(spacing: 8, arrangedSubviews: labels))
        let cache = ReferenceLayoutCache()
        #expect(CaseReferenceLayoutsTests.bits(cache.layout(scenario))
                == CaseReferenceLayoutsTests.bits(try AcceleratedReferenceEngine().layout(scenario)))
        let solves = cache.solveCount
        var variant = scenario
        variant.scale = 3
        variant.layoutDirection = .rightToLeft
        #expect(CaseReferenceLayoutsTests.bits(cache.layout(variant))
                == CaseReferenceLayoutsTests.bits(try AcceleratedReferenceEngine().layout(variant)))
        #expect(cache.solveCount == solves)
    }

    /// A layout session with text answers, after each change, a fresh layout of the new state (R-V-9 with §2.7:
    /// pass 1 is solved afresh, pass 2 incrementally).
    @Test func aSessionWithTextEqualsFreshLayouts() throws {
        let labels = [ArrangedView.text("a", TextContent(characters: 23, numberOfLines: 0)),
                      ArrangedView.text("b", TextContent(characters: 9, numberOfLines: 2)),
                      ArrangedView.view("c", width: 51, height: 31)]
        let session = ReferenceLayoutSession(Scenario(container: Container(width: 320, height: nil),
                                                      stack: Stack(spacing: 6, arrangedSubviews: labels)))
        let changes: [(inout Scenario) -> Void] = [
            { $0.container.width = 211 },
            { $0.stack.arrangedSubviews[2].isHidden = true },
            { $0.stack.distribution = .fillProportionally },
            { $0.stack.axis = .vertical },
            { $0.stack.arrangedSubviews.remove(at: 0) },
        ]
        // Within 1e-6 pt, as the session is held to fresh layouts without text (an incremental solve pivots in
        // another order).
        func near(_ a: Layout, _ b: Layout) -> Bool {
            let close = { (x: Double, y: Double) in abs(x - y) < 1e-6 }
            return a.frameIDs == b.frameIDs && a.diagnostics == b.diagnostics && close(a.size.width, b.size.width)
                && close(a.size.height, b.size.height) && zip(a.frameValues, b.frameValues).allSatisfy {
                    close($0.x, $1.x) && close($0.y, $1.y) && close($0.width, $1.width) && close($0.height, $1.height)
                }
        }
        for change in changes {
            let layout = session.modify(change)
            let fresh = try AcceleratedReferenceEngine().layout(session.scenario)
            #expect(near(layout, fresh), "\(session.scenario.jsonString(pretty: false))\n\(layout)\n\(fresh)")
        }
    }
}
