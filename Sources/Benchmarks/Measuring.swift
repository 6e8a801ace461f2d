// The benchmark's measuring and its workloads: medians over rounds, paired ratios, the recorded figures and the
// scaling stacks every group times.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import PropertyCheck
import StackLayout

/// One measured figure: a median over rounds, with its unit.
struct Figure {
    var group: String
    var name: String
    var median: Double
    var unit: String
    var note: String = ""
}

func seconds(_ d: Duration) -> Double { Stopwatch.seconds(d) }

/// The median over `rounds` of the time one call of `body` takes (each round runs it `iterations` times).
func median(rounds: Int, iterations: Int, _ body: () -> Void) -> Double {
    var samples: [Double] = []
    let clock = ContinuousClock()
    for _ in 0..<rounds {
        let start = clock.now
        for _ in 0..<iterations { body() }
        samples.append(seconds(clock.now - start) / Double(iterations))
    }
    samples.sort()
    return samples[samples.count / 2]
}

/// The median over rounds of `b`'s time per call divided by `a`'s, each round timing both back to back (in
/// alternating order): a drift in the machine's speed moves both sides of a round's ratio alike.
func pairedRatio(rounds: Int, _ a: (iterations: Int, body: () -> Void),
                 _ b: (iterations: Int, body: () -> Void)) -> Double {
    let clock = ContinuousClock()
    func time(_ side: (iterations: Int, body: () -> Void)) -> Double {
        let start = clock.now
        for _ in 0..<side.iterations { side.body() }
        return seconds(clock.now - start) / Double(side.iterations)
    }
    var ratios: [Double] = []
    for round in 0..<rounds {
        let (x, y) = round % 2 == 0 ? (time(a), time(b)) : { let y = time(b); return (time(a), y) }()
        ratios.append(y / x)
    }
    ratios.sort()
    return ratios[ratios.count / 2]
}

func record(_ group: String, _ name: String, _ value: Double, _ unit: String, note: String = "") {
    figures.append(Figure(group: group, name: name, median: value, unit: unit, note: note))
    if !asJSON {
        let v = value >= 100 ? formatNumber(value.rounded()) : formatNumber((value * 1000).rounded() / 1000)
        print("  \(name.padding(toLength: 58, withPad: " ", startingAt: 0)) \(v) \(unit)\(note.isEmpty ? "" : "  (\(note))")")
    }
}

func heading(_ s: String) { if !asJSON { print("\n" + s) } }

func stack(_ n: Int, _ distribution: Distribution = .fill) -> Scenario {
    let views: [ArrangedView] = (0..<n).map { (i: Int) -> ArrangedView in
        let width = Double(10 + i % 7 * 3)
        let height = Double(20 + i % 5)
        return .view("v\(i)", width: width, height: height)
    }
    return Scenario(container: Container(width: nil, height: nil),
                    stack: Stack(distribution: distribution, spacing: 8, arrangedSubviews: views))
}

/// `stack(n)` with hugging 250.5 and compression resistance 750.5: past 100 arranged views every whole priority
/// below 1000 is one of the stack's internal priorities (999 − i, 150 − i), a collision the direct engine declines
/// (§4 domain), so its scaling is measured with fractional priorities (same code paths, one more feature).
func directScalingStack(_ n: Int) -> Scenario {
    var s = stack(n)
    s.stack.arrangedSubviews = s.stack.arrangedSubviews.map {
        $0.hugging(250.5, for: .horizontal).hugging(250.5, for: .vertical)
            .compressionResistance(750.5, for: .horizontal).compressionResistance(750.5, for: .vertical)
    }
    return s
}
