import Testing
@testable import StackLayout

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Timing of a 10-view stack (issue 4, "Done means"); runs only with REFERENCE_BENCH=1, ideally in release:
/// `REFERENCE_BENCH=1 swift test -c release --filter ReferenceBench`.
@Suite struct ReferenceBenchTests {
    @Test(.enabled(if: getenv("REFERENCE_BENCH") != nil)) func tenViews() throws {
        let s = Scenario(container: Container(width: 375), stack: Stack(spacing: 8, arrangedSubviews: (0..<10).map {
            .view("v\($0)", width: Double(10 + $0 * 3), height: Double(20 + $0)) }))
        let clamped = s.clampedForLayout()
        let rounds = 2000
        func time(_ body: () throws -> Void) rethrows -> Double {
            let clock = ContinuousClock()
            let start = clock.now
            for _ in 0..<rounds { try body() }
            let d = clock.now - start
            return (Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18) / Double(rounds)
        }
        let full = try time { _ = try ReferenceEngine().layout(s) }
        let noTies = time {
            let system = ReferenceSystem(clamped, includeTieLevels: false, fittingHeight: { _, _ in 0 })
            let state = ReferenceSolverState()
            state.addAll(system)
            _ = state.exactLayout(system, diagnostics: [])
        }
        let buildOnly = time { _ = ReferenceSystem(clamped, fittingHeight: { _, _ in 0 }) }
        print("REFERENCE_BENCH system build only: \(buildOnly * 1e6) µs")
        print("REFERENCE_BENCH 10 views: \(full * 1e6) µs per layout; without R-T-1 levels \(noTies * 1e6) µs; "
              + "tie share \((full - noTies) / full * 100)%")
    }
}
