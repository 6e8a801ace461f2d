/// Wall-clock seconds since it was made, for reports and benchmarks: never part of a result that runs compare.
/// The one conversion from `Duration` to seconds the package uses.
public struct Stopwatch: Sendable {
    private let start = ContinuousClock.now

    /// Starts now.
    public init() {}

    /// Seconds elapsed since `init`.
    public var seconds: Double { Self.seconds(ContinuousClock.now - start) }

    /// A duration in seconds.
    public static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
    }
}
