/// Hooks for the benchmark executable (`@_spi(Benchmarks)`, not part of the API): the reference engine with the R-T-1
/// tie levels left out, so the time they take can be reported apart (not a layout anyone should use: without the tie
/// levels, ties are resolved arbitrarily), and positions with or without offsets.
@_spi(Benchmarks) public enum ReferenceTiming {
    /// Builds and solves the scenario's system without the R-T-1 tie levels; returns the number of frames.
    @discardableResult
    public static func solveWithoutTieLevels(_ scenario: Scenario) -> Int {
        let clamped = scenario.clampedForLayout()
        let system = ReferenceSystem(clamped, includeTieLevels: false, fittingHeight: { _, _ in 0 })
        return ReferenceEngine.solve(system).frames.count
    }

    /// Builds and solves the scenario's system with positions in root coordinates (`offsets` false) or measured
    /// from neighbours (`RelativePositions`), whatever its size; returns the number of frames.
    @discardableResult
    public static func solve(_ scenario: Scenario, offsets: Bool) -> Int {
        let clamped = scenario.clampedForLayout()
        let fitting = ReferenceEngine.fittingHeight(ReferenceEngine.FittingHeights(), formerOptimization: false)
        let system = ReferenceSystem(clamped, relativeFrom: offsets ? 0 : Int.max, fittingHeight: fitting)
        return ReferenceEngine.solve(system).frames.count
    }
}
