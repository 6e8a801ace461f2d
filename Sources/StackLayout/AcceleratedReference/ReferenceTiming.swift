/// Hooks for the benchmark executable (`@_spi(Benchmarks)`, not part of the API): the accelerated reference with the
/// R-T-1 tie levels left out, so the time they take can be reported apart (not a layout anyone should use: without
/// them, ties are resolved arbitrarily), and with or without positions measured from neighbours.
@_spi(Benchmarks) public enum ReferenceTiming {
    /// Builds and solves the scenario's system without the R-T-1 tie levels; returns the number of frames.
    @discardableResult
    public static func solveWithoutTieLevels(_ scenario: Scenario) -> Int {
        let clamped = scenario.clampedForLayout()
        let system = PackedSystem(clamped, includeTieLevels: false, fittingHeight: { _, _ in 0 })
        return AcceleratedReferenceEngine.solve(system).frames.count
    }

    /// Builds and solves the scenario's system with positions in root coordinates (`offsets` false) or measured
    /// from neighbours (`RelativePositions`), whatever its size; returns the number of frames.
    @discardableResult
    public static func solve(_ scenario: Scenario, offsets: Bool) -> Int {
        let clamped = scenario.clampedForLayout()
        let fitting = AcceleratedReferenceEngine.fittingHeight(AcceleratedReferenceEngine.FittingHeights())
        let system = PackedSystem(clamped, fittingHeight: fitting)
        return AcceleratedReferenceEngine.solve(system, relativeFrom: offsets ? 0 : .max).frames.count
    }
}
