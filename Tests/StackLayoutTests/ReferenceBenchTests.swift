import Testing
@testable import StackLayout

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Timing of the reference engine (issues 4 and 7); runs only with REFERENCE_BENCH=1, ideally in release:
/// `REFERENCE_BENCH=1 swift test -c release --filter ReferenceBench`.
/// `REFERENCE_BENCH_MAX_N` caps the view counts of the scaling table (default 1000).
@Suite(.serialized) struct ReferenceBenchTests {
    /// A horizontal fill stack of `n` views; for n = 10 the stack of issue 4's "Done means".
    static func scenario(_ n: Int) -> Scenario {
        let views: [ArrangedView] = (0..<n).map { (i: Int) -> ArrangedView in
            let k = i % 10
            return .view("v\(i)", width: Double(10 + k * 3), height: Double(20 + k))
        }
        return Scenario(container: Container(width: 375), stack: Stack(spacing: 8, arrangedSubviews: views))
    }

    static func seconds(_ d: Duration) -> Double {
        Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18
    }

    /// The median time of `body`, run at least `minRounds` times and for at least `budget` seconds in total.
    static func median(minRounds: Int = 5, budget: Double = 0.4, _ body: () throws -> Void) rethrows -> Double {
        let clock = ContinuousClock()
        var samples: [Double] = []
        var total = 0.0
        while samples.count < minRounds || (total < budget && samples.count < 20_000) {
            let start = clock.now
            try body()
            let t = seconds(clock.now - start)
            samples.append(t)
            total += t
        }
        samples.sort()
        return samples[samples.count / 2]
    }

    @Test(.enabled(if: getenv("REFERENCE_BENCH") != nil)) func tenViews() throws {
        let s = Self.scenario(10)
        let clamped = s.clampedForLayout()
        let full = try Self.median { _ = try ReferenceEngine().layout(s) }
        let noTies = Self.median {
            let system = ReferenceSystem(clamped, includeTieLevels: false, fittingHeight: { _, _ in 0 })
            let state = ReferenceSolverState()
            state.addAll(system, pruneTieLevels: true)
            _ = state.exactLayout(system, diagnostics: [])
        }
        let buildOnly = Self.median { _ = ReferenceSystem(clamped, fittingHeight: { _, _ in 0 }) }
        print("REFERENCE_BENCH system build only: \(buildOnly * 1e6) µs (median)")
        print("REFERENCE_BENCH 10 views: \(full * 1e6) µs per layout (median); without R-T-1 levels "
              + "\(noTies * 1e6) µs; tie share \((full - noTies) / full * 100)%")
    }

    /// Medians for n = 10, 20, 40, …, 1000 views, with and without the R-T-1 tie levels.
    @Test(.enabled(if: getenv("REFERENCE_BENCH") != nil)) func scaling() throws {
        let maxN = getenv("REFERENCE_BENCH_MAX_N").flatMap { Int(String(cString: $0)) } ?? 1000
        var previous: Double?
        print("REFERENCE_BENCH      n   median µs   no-ties µs   tie share   ×previous")
        for n in [10, 20, 40, 80, 160, 320, 640, 1000] where n <= maxN {
            let s = Self.scenario(n)
            let clamped = s.clampedForLayout()
            let full = try Self.median(minRounds: n >= 640 ? 3 : 5) { _ = try ReferenceEngine().layout(s) }
            let noTies = Self.median(minRounds: n >= 640 ? 3 : 5) {
                let system = ReferenceSystem(clamped, includeTieLevels: false, fittingHeight: { _, _ in 0 })
                let state = ReferenceSolverState()
                state.addAll(system, pruneTieLevels: true)
                _ = state.exactLayout(system, diagnostics: [])
            }
            func f(_ x: Double, _ w: Int) -> String {
                let s = String(Double(Int((x * 10).rounded())) / 10)
                return String(repeating: " ", count: max(0, w - s.count)) + s
            }
            let ratio = previous.map { f(full / $0, 10) } ?? String(repeating: " ", count: 10)
            print("REFERENCE_BENCH \(String(repeating: " ", count: max(0, 6 - String(n).count)) + String(n)) \(f(full * 1e6, 11)) \(f(noTies * 1e6, 12)) "
                  + "\(f((full - noTies) / full * 100, 10))% \(ratio)")
            previous = full
        }
    }
}
