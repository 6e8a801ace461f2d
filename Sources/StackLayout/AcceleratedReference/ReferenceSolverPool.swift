#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Cassowary

/// Solvers kept between one-shot layouts: a reset solver keeps the storage it grew (`Solver.reset`), so the next
/// layout of a similar size allocates almost nothing. A suite run lays out hundreds of thousands of small stacks,
/// and allocating and freeing each one's tableau would be a large part of the work.
///
/// A solver taken is used by one layout on one thread, then given back; the pool only hands it over, under a lock
/// held for an array push or pop (never while solving). Results cannot depend on which solver a layout gets: a reset
/// solver is a new one (`Tableau.reset` starts from `Tableau()`), which `AcceleratedReferenceTests` check bit for bit
/// against the oracle, which makes a new solver for every layout.
final class ReferenceSolverPool: @unchecked Sendable {
    static let shared = ReferenceSolverPool()

    /// At most this many idle solvers (a run has a few threads).
    static let capacity = 8
    /// Systems larger than this give their solver back to no one, which bounds the memory idle solvers hold: a
    /// 1,000-view stack has about 13,000 rows and its tableau a few megabytes. Below it, a layout reuses storage.
    static let largestPooledSystem = 16_000

    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var idle: [Solver] = []

    init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// A solver as new: from the pool, or made.
    func take() -> Solver {
        pthread_mutex_lock(mutex)
        let solver = idle.popLast()
        pthread_mutex_unlock(mutex)
        return solver ?? Solver()
    }

    /// Takes back a solver that laid out a system of `rows` rows; it is reset here, outside the lock.
    func give(_ solver: Solver, rows: Int) {
        guard rows <= Self.largestPooledSystem else { return }
        solver.reset()
        pthread_mutex_lock(mutex)
        if idle.count < Self.capacity { idle.append(solver) }
        pthread_mutex_unlock(mutex)
    }
}
