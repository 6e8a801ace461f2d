import PropertyCheck

/// How many requests a property (or a run) sent to the engine, by what they were for: the first question an
/// engine's author asks of a slow run is where its requests went.
///
/// Every request belongs to exactly one stage. A request of a built-in engine is a call in process; the reference
/// engine, whose layouts are the reference's own, is sent only the replays of the minimal cases.
public struct RequestCounts: Sendable, Hashable {
    /// Saved regressions replayed before any new case (`RegressionReplay`).
    public var regressions = 0
    /// Fresh cases from the seed, each with its metamorphic variants.
    public var generation = 0
    /// Shrinking the property's first failure.
    public var shrinking = 0
    /// Shrinking its later, distinct failures.
    public var distinctFailures = 0
    /// Cases run again: a shrunk case confirmed, the report's second answer to each minimal case (which names an
    /// engine that answers the same request differently), a token replayed first.
    public var replays = 0
    /// The search for a case a person can look at (`PresentableSearch`).
    public var presentable = 0
    /// Requests not sent: the property had asked the same scenario before and took that answer
    /// (`RunOptions.reusesAnswers`). Not in `total`.
    public var reused = 0

    /// No requests.
    public init() {}

    /// Every request.
    public var total: Int { regressions + generation + shrinking + distinctFailures + replays + presentable }

    /// The stages with their counts, in the order a property spends them (the report's order).
    public var stages: [(name: String, count: Int)] {
        [("regressions", regressions), ("generation", generation), ("shrinking", shrinking),
         ("distinctFailures", distinctFailures), ("replays", replays), ("presentable", presentable)]
    }

    /// The counts of `stages`' names; nil when a name is not a stage.
    public init?(stages: [(name: String, count: Int)]) {
        for (name, count) in stages {
            switch name {
            case "regressions": regressions = count
            case "generation": generation = count
            case "shrinking": shrinking = count
            case "distinctFailures": distinctFailures = count
            case "replays": replays = count
            case "presentable": presentable = count
            default: return nil
            }
        }
    }

    /// One more request in `stage`.
    mutating func count(_ stage: Stage) {
        switch stage {
        case .regressions: regressions += 1
        case .run(.generating): generation += 1
        case .run(.shrinkingFirst): shrinking += 1
        case .run(.shrinkingLater): distinctFailures += 1
        case .run(.replaying), .replays: replays += 1
        case .presentable: presentable += 1
        }
    }

    /// The sum of two accounts (a run's, of its properties').
    public static func + (a: RequestCounts, b: RequestCounts) -> RequestCounts {
        var c = a
        c.regressions += b.regressions
        c.generation += b.generation
        c.shrinking += b.shrinking
        c.distinctFailures += b.distinctFailures
        c.replays += b.replays
        c.presentable += b.presentable
        c.reused += b.reused
        return c
    }

    /// What a property is doing when it sends a request: a step of the runner's own, or a phase of PropertyCheck's run.
    enum Stage: Sendable, Equatable {
        case regressions
        case run(RunPhase)
        case replays
        case presentable
    }
}
