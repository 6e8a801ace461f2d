import StackConformance

/// The golden fixtures' lines a run prints before its properties: one line of counts, then one per fixture that did
/// not pass.
enum FixtureSummary {
    /// The fixtures that do not pass that a run lists without `--verbose`: enough to start from, not a wall.
    static let problemsShown = 5

    /// Prints the golden fixtures' line, plus one per fixture that does not pass (the first `problemsShown`, or all
    /// with `verbose`).
    static func print(_ tally: FixtureTally, console: Console, verbose: Bool = false) {
        // Each count says what it is: a skip is never read as a failure, nor a failure as a skip.
        var counts = ["\(tally.passed) passed"]
        if !tally.problems.isEmpty { counts.append("\(tally.problems.count) failed") }
        if tally.skipped > 0 { counts.append("\(tally.skipped) skipped (features the engine lacks)") }
        console.out("golden fixtures: " + counts.joined(separator: ", ") + " of \(tally.total)\n")
        let shown = verbose ? tally.problems : Array(tally.problems.prefix(problemsShown))
        for line in shown { console.out("  " + line + "\n") }
        if shown.count < tally.problems.count {
            console.out("  … and \(tally.problems.count - shown.count) more (--verbose lists every one)\n")
        }
    }
}
