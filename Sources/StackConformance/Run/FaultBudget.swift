import Foundation
import PropertyCheck
import StackLayout

/// One property's account of what an engine's faults cost it: the requests its cases sent (PropertyCheck's
/// `Configuration.cost`, which the shrink budget of a CRASH or TIMEOUT counts, and by stage for the report:
/// `RequestCounts`) and the restarts of an external engine since the property began (its
/// `Configuration.budgetReached`, against `RunOptions.restartBudget`).
///
/// Restarts are read from the engine itself (`ExternalEngine.restartCount`), so that a restart after any of the
/// property's requests counts, the report's replay of a shrunk case included; the engine of one property is not
/// shared with another while it runs (one engine per job), so the difference from the start is this property's.
final class FaultBudget: @unchecked Sendable {
    let property: String
    let restartBudget: Int
    private let engine: ExternalEngine?
    private let baseline: Int
    private let onRestart: (@Sendable (String, Int, ResultStatus, Bool) -> Void)?
    // Guarded by `lock` (one property's cases run on one task, but a report may read from another thread).
    private let lock = NSLock()
    private var requests = 0
    private var stage = RequestCounts.Stage.regressions
    private var byStage = RequestCounts()
    /// The engine's answers so far, by scenario (its JSON); looked up, never iterated.
    private var answers: [String: Layout] = [:]
    /// Whether answers are remembered at all: not for a built-in engine, whose layout costs less than the lookup.
    private let remembers: Bool
    private var noticedRestarts = 0
    private var faultsByStatus: [ResultStatus: Int] = [:]

    init(property: String, engine: any LayoutEngine, options: RunOptions) {
        self.property = property
        restartBudget = options.restartBudget
        self.engine = engine as? ExternalEngine
        baseline = self.engine?.restartCount ?? 0
        onRestart = options.onRestart
        remembers = options.reusesAnswers && !engine.capabilities.contains(.builtIn)
    }

    /// The engine's earlier answer to `key` (a scenario's JSON), when the property asked it before and is now
    /// generating or shrinking: an answer is the engine's whatever asks for it. Never in a replay (a
    /// shrunk case run again, a failure's second answer, a saved regression): those exist to ask the engine again,
    /// which is how a failure that does not reproduce, or an engine that answers differently, is found.
    func earlierAnswer(_ key: String) -> Layout? {
        lock.withLock {
            switch stage {
            case .regressions, .replays, .run(.replaying): return nil
            case .run, .presentable: break
            }
            guard let answer = answers[key] else { return nil }
            byStage.reused += 1
            return answer
        }
    }

    /// Remembers the engine's answer to `key`.
    func remember(_ key: String, _ answer: Layout) {
        guard remembers else { return }
        lock.withLock { answers[key] = answer }
    }

    /// Whether answers are remembered, so that a caller need not make a key.
    var remembersAnswers: Bool { remembers }

    /// One more request sent to the engine, in the stage the property is in.
    func countRequest() {
        lock.withLock {
            requests += 1
            byStage.count(stage)
        }
    }

    /// The stage the property's next requests are for.
    func enter(_ stage: RequestCounts.Stage) { lock.withLock { self.stage = stage } }

    /// The requests sent so far, by stage.
    var counts: RequestCounts { lock.withLock { byStage } }

    /// Requests sent so far by the property's cases.
    var requestCount: Int { lock.withLock { requests } }

    /// Restarts of the engine since the property began.
    var restarts: Int { (engine?.restartCount ?? baseline) - baseline }

    /// `.restartBudget` once the property has spent it, else nil. A property's first restart is the
    /// earliest it can stop (a budget of 0 is one of 1): before it, the property has cost nothing to stop for.
    var reached: StopReason? {
        let n = restarts
        return n > 0 && n >= restartBudget ? .restartBudget : nil
    }

    /// After a request failed with `error`: if the engine was started again since the last notice, tells
    /// `RunOptions.onRestart` (for the progress line) how many faults of this status the property has had.
    func noticeFault(_ error: LayoutError) {
        let status = CaseFailure(fault: error).status
        let now = restarts
        let notice: (Int, Bool)? = lock.withLock {
            guard now > noticedRestarts else { return nil }
            noticedRestarts = now
            faultsByStatus[status, default: 0] += 1
            return (faultsByStatus[status] ?? 0, now >= max(1, restartBudget))
        }
        if let (count, reached) = notice { onRestart?(property, count, status, reached) }
    }

    /// What a shrink's stop is called in the report (`Counterexample.shrinkStop`): a cost limit is the shrink
    /// budget (the only one the runner sets) and the caller's budget is the restart budget.
    static func reason(of stop: ShrinkStop) -> StopReason {
        switch stop {
        case .costLimit: return .shrinkBudget
        case .budget: return .restartBudget
        case .notReproduced: return .notReproducible
        case .callCap: return .callCap
        case .timeLimit: return .timeLimit
        }
    }
}
