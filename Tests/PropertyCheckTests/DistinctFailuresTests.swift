import Testing
@testable import PropertyCheck

/// Several distinct failures of one property (`Configuration.maxFailures`, `IdentifiedFailure`): each found,
/// each shrunk to its own minimum, and the first shrunk as a run that stops at its first failure shrinks it.
@Suite struct DistinctFailuresTests {
    /// Two requirements that fail on different inputs: an integer of 10 or more fails the first, a negative one
    /// the second. Their minima are worked out by hand: 10 and −1.
    static let twoBugs = Property("example.twoBugs", Gens.int(-1000...1000)) { n, _ in
        try require(n < 10, "\(n) is 10 or more")
        try require(n >= 0, "\(n) is negative")
    }

    static func shrunkValues(_ report: PropertyReport) -> [String] { report.failures.map(\.counterexample.shrunk) }

    @Test(arguments: [UInt64(0), 1, 2, 3])
    func eachRequirementIsAFailureOfItsOwnShrunkToItsMinimum(seed: UInt64) async {
        var configuration = Configuration(seed: seed, cases: 200)
        configuration.maxFailures = 4
        let report = await PropertyRunner.run(Self.twoBugs, configuration: configuration)
        #expect(report.status == .failed)
        #expect(Set(Self.shrunkValues(report)) == ["10", "-1"], "\(Self.shrunkValues(report))")
        // Their identities are the two requirements' lines, not their messages.
        #expect(Set(report.failures.map(\.identity)).count == 2)
        #expect(report.failures.allSatisfy { $0.identity.hasPrefix("PropertyCheckTests/DistinctFailuresTests.swift:") })
        #expect(report.failingCases > 2, "later cases that fail again are counted, not shrunk again")
    }

    @Test(arguments: [UInt64(0), 1, 2, 3])
    func theFirstFailureShrinksAsItDoesAlone(seed: UInt64) async {
        var many = Configuration(seed: seed, cases: 200)
        many.maxFailures = 4
        let alone = await PropertyRunner.run(Self.twoBugs, configuration: Configuration(seed: seed, cases: 200))
        let together = await PropertyRunner.run(Self.twoBugs, configuration: many)
        #expect(alone.failures.count == 1)
        #expect(together.counterexample?.token == alone.counterexample?.token)
    }

    @Test func aFailureOnEveryCaseStopsTheRunAfterTheRepeatLimit() async {
        var configuration = Configuration(seed: 0, cases: 200)
        configuration.maxFailures = 4
        configuration.maxRepeatedFailures = 5
        let p = Property("example.alwaysFails", Gens.int(0...9)) { n, _ in try require(false, "\(n) fails") }
        let report = await PropertyRunner.run(p, configuration: configuration)
        #expect(report.failures.count == 1)
        // The first case, then five that fail again.
        #expect(report.cases == 6 && report.failingCases == 6, "\(report.cases) cases")
    }

    /// A failure that names its own identity and shrink class, as the conformance suite's engine faults do.
    struct Fault: IdentifiedFailure {
        var kind: String
        var failureIdentity: String { kind }
        var shrinkClass: String { kind }
    }

    @Test(arguments: [UInt64(0), 1, 2])
    func aLaterFailureNeverShrinksIntoAnotherOne(seed: UInt64) async {
        // Every integer from 5 fails: from 500 as "huge", below as "big". Whichever is found first, the other is
        // reported too, each shrunk to its own minimum by hand: "big" to 5, "huge" to 500 (below 500 it would be
        // "big", which a failure kept by its identity does not take).
        var configuration = Configuration(seed: seed, cases: 300)
        configuration.maxFailures = 4
        let p = Property("example.nested", Gens.int(0...1000)) { n, _ in
            if n >= 500 { throw Fault(kind: "huge") }
            if n >= 5 { throw Fault(kind: "big") }
        }
        let report = await PropertyRunner.run(p, configuration: configuration)
        let byIdentity = Dictionary(uniqueKeysWithValues: report.failures.map { ($0.identity, $0.counterexample.shrunk) })
        #expect(byIdentity == ["big": "5", "huge": "500"], "\(byIdentity)")
    }

    /// A failure read under several names, as a measured error that equals two quantities of its case.
    struct NamedFault: IdentifiedFailure {
        var names: [String]
        var failureIdentity: String { names[0] }
        var failureAliases: [String] { Array(names.dropFirst()) }
    }

    @Test(arguments: [UInt64(0), 1, 2])
    func aFailureSeenUnderAnotherOfItsNamesIsNotNew(seed: UInt64) async {
        // Every integer from 5 fails. Even ones are "even"; odd ones are "odd", and odd multiples of 3 can also be
        // read as "even" (first named "odd", "even" their alias): they are the even failure again, whatever was
        // found first. Two failures, not three: "odd" with an alias is new only while neither name was reported.
        var configuration = Configuration(seed: seed, cases: 300)
        configuration.maxFailures = 4
        let p = Property("example.aliases", Gens.int(0...1000)) { n, _ in
            guard n >= 5 else { return }
            if n % 2 == 0 { throw NamedFault(names: ["even"]) }
            if n % 3 == 0 { throw NamedFault(names: ["odd three", "even"]) }
            throw NamedFault(names: ["odd"])
        }
        let report = await PropertyRunner.run(p, configuration: configuration)
        let identities = report.failures.map(\.identity)
        #expect(!identities.contains("odd three") || !identities.contains("even"), "\(identities)")
        #expect(identities.count == 2, "\(identities)")
    }
}
