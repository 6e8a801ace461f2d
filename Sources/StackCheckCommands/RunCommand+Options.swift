import PropertyCheck
import StackConformance

extension RunCommand {
    /// `run`'s options, checked in the order their usage errors are reported: cases, seed, property, shard, jobs,
    /// tolerance (the files they name are read by `RunCommand.request`, the engine options by `EngineSelection`).
    struct Options: CommandOptions {
        enum Name: String, OptionName {
            case cases, seed, property, shard, jobs, tolerance, json, markdown, html, junit, expectations
            case svgDir = "svg-dir"
            case regressions, fixtures, verbose, strict
            case noPresentable = "no-presentable"
            case restartBudget = "restart-budget"
            case shrinkBudget = "shrink-budget"
        }

        var engine: EngineOptions
        /// `--cases`: positive.
        var cases: Int?
        /// `--seed`: a hexadecimal seed, or the one drawn for `random`.
        var seed: UInt64?
        /// `--seed random` was given (the run prints the seed it drew).
        var seedIsRandom = false
        /// `--property`: selectors that each select a property of the catalogue.
        var properties: [String] = []
        /// `--shard K/N`: 1 ≤ K ≤ N.
        var shard: (index: Int, count: Int)?
        /// `--jobs`: positive.
        var jobs: Int?
        /// `--tolerance`: finite, ≥ 0.
        var tolerance: Double?
        /// Reports to write: `--json`, `--markdown`, `--html`, `--junit`, `--svg-dir`.
        var json: String?, markdown: String?, html: String?, junit: String?, svgDirectory: String?
        /// Files to read: `--expectations`, `--regressions`, `--fixtures`.
        var expectations: String?, regressions: String?, fixtures: String?
        /// `--verbose`.
        var verbose: Bool
        /// `--strict`: a known cause of the expectations that no longer shows fails the run.
        var strict: Bool
        /// Not `--no-presentable`.
        var searchesPresentable: Bool
        /// `--restart-budget`, `--shrink-budget`: integers >= 0.
        var restartBudget: Int?, shrinkBudget: Int?

        init(_ reader: inout OptionReader) throws(UsageError) {
            engine = EngineOptions(&reader)
            if let n = reader.value(Name.cases) {
                guard let cases = Int(n), cases > 0 else { throw UsageError(message: "--cases expects a positive integer, got '\(n)'") }
                self.cases = cases
            }
            if let s = reader.value(Name.seed) {
                if s == "random" { seed = Configuration.randomSeed(); seedIsRandom = true }
                else if let seed = Seed.parse(s) { self.seed = seed }
                else { throw UsageError(message: "--seed expects a hexadecimal seed or 'random', got '\(s)'") }
            }
            properties = reader.values(Name.property)
            for selector in properties where Catalogue.select([selector]).isEmpty {
                throw UsageError(message: "--property \(selector) selects no property (see 'stackcheck list')")
            }
            if let given = reader.value(Name.shard) {
                let parts = given.split(separator: "/", omittingEmptySubsequences: false).map { Int($0) }
                guard parts.count == 2, let k = parts[0], let n = parts[1], n >= 1, k >= 1, k <= n else {
                    throw UsageError(message: "--shard expects K/N with 1 <= K <= N, got '\(given)'")
                }
                shard = (k, n)
            }
            if let j = reader.value(Name.jobs) {
                guard let n = Int(j), n >= 1 else { throw UsageError(message: "--jobs expects a positive integer, got '\(j)'") }
                jobs = n
            }
            if let t = reader.value(Name.tolerance) {
                guard let tolerance = Double(t), tolerance >= 0, tolerance.isFinite else {
                    throw UsageError(message: "--tolerance expects a number of points >= 0, got '\(t)'")
                }
                self.tolerance = tolerance
            }
            json = reader.value(Name.json)
            markdown = reader.value(Name.markdown)
            html = reader.value(Name.html)
            junit = reader.value(Name.junit)
            svgDirectory = reader.value(Name.svgDir)
            expectations = reader.value(Name.expectations)
            regressions = reader.value(Name.regressions)
            fixtures = reader.value(Name.fixtures)
            verbose = reader.flag(Name.verbose)
            strict = reader.flag(Name.strict)
            searchesPresentable = !reader.flag(Name.noPresentable)
            restartBudget = try Self.count(reader.value(Name.restartBudget), Name.restartBudget)
            shrinkBudget = try Self.count(reader.value(Name.shrinkBudget), Name.shrinkBudget)
        }

        /// A budget's value: an integer >= 0 (0: the first restart, or the first shrink request, ends it).
        static func count(_ given: String?, _ name: Name) throws(UsageError) -> Int? {
            guard let given else { return nil }
            guard let n = Int(given), n >= 0 else {
                throw UsageError(message: "--\(name.rawValue) expects an integer >= 0, got '\(given)'")
            }
            return n
        }

        /// The run options these give (files and replay lines aside).
        var runOptions: RunOptions {
            var options = RunOptions()
            if let cases { options.cases = cases }
            if let seed { options.seed = seed }
            options.properties = properties
            if let shard { options.shard = shard }
            if let tolerance { options.tolerance.absolute = tolerance }
            options.searchesPresentable = searchesPresentable
            if let restartBudget { options.restartBudget = restartBudget }
            if let shrinkBudget { options.shrinkBudget = shrinkBudget }
            return options
        }
    }
}
