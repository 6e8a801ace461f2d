import PropertyCheck
import Testing
@testable import StackLayout

/// PropertyCheck's SplitMix64, so random change sequences are deterministic and independent of the standard
/// library's generators.
extension SplitMix64 {
    fileprivate mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
    fileprivate mutating func pick<T>(_ values: [T]) -> T { values[below(values.count)] }
}

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

@Suite struct ReferenceSessionTests {
    /// R-V-9: after any sequence of changes the session equals a fresh layout of the final state.
    @Test func randomChangeSequencesMatchFreshLayouts() throws {
        var rng = SplitMix64(state: 0x5EED_0004)
        var nextID = 0
        func newView(_ rng: inout SplitMix64) -> ArrangedView {
            nextID += 1
            return .view("v\(nextID)", width: Double(rng.below(6) * 10), height: rng.below(4) == 0 ? nil : Double(10 + rng.below(3) * 10))
        }
        for _ in 0..<12 {
            var initial = Scenario(stack: Stack(arrangedSubviews: [newView(&rng), newView(&rng), newView(&rng)]))
            initial.stack.spacing = .points(Double(rng.below(3) * 4))
            let session = ReferenceLayoutSession(initial)
            for _ in 0..<8 {
                session.modify { s in
                    let count = s.stack.arrangedSubviews.count
                    switch rng.below(8) {
                    case 0: s.stack.arrangedSubviews.append(newView(&rng))
                    case 1 where count > 1: s.stack.arrangedSubviews.remove(at: rng.below(count))
                    case 2 where count > 0: s.stack.arrangedSubviews[rng.below(count)].isHidden.toggle()
                    case 3: s.stack.spacing = .points(Double(rng.below(5) * 3))
                    case 4: s.container = Container(width: rng.below(2) == 0 ? nil : Double(50 + rng.below(10) * 20),
                                                    height: rng.below(3) == 0 ? Double(rng.below(5) * 10) : nil)
                    case 5: s.stack.distribution = rng.pick(Distribution.allCases)
                    case 6: s.stack.alignment = rng.pick(Alignment.allCases)
                    case 7 where rng.below(2) == 0:
                        nextID += 1
                        s.stack.arrangedSubviews.append(.stack("n\(nextID)", Stack(
                            axis: rng.pick(Axis.allCases), alignment: rng.pick([.fill, .center]),
                            isLayoutMarginsRelativeArrangement: rng.below(2) == 0,
                            arrangedSubviews: [newView(&rng), newView(&rng).hidden(rng.below(3) == 0)])))
                    default: s.stack.axis = rng.pick(Axis.allCases)
                    }
                }
                let fresh = try ReferenceEngine().layout(session.scenario)
                #expect(sameLayout(session.layout, fresh), "\(session.scenario)")
            }
        }
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
