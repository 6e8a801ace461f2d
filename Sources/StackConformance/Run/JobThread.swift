import Foundation

/// A thread of its own that runs a task's jobs, as a task executor preference: the job's work (and any blocking
/// engine I/O in it) happens here and never holds a thread of Swift's cooperative pool.
///
/// Why: an external engine is a child process spoken to over pipes, and `LayoutEngine.layout` is synchronous, so
/// a request blocks its thread until the engine answers or the timeout passes. On a 2-core machine the pool has two
/// threads; two blocked jobs would leave nothing to run the rest of the process (SIGINT handling included).
public final class JobThread: Sendable {
    let box: AnyObject & Sendable

    /// Starts a thread named `name` (its name in debuggers and crash reports).
    public init(name: String) {
        if #available(macOS 15.0, iOS 18.0, *) {
            box = ThreadTaskExecutor(name: name)
        } else {
            box = NoExecutor()
        }
    }

    /// The thread as a task executor: `Task(executorPreference:)` runs the task's jobs on it.
    @available(macOS 15.0, iOS 18.0, *)
    public var executor: any TaskExecutor { box as! ThreadTaskExecutor }

    /// Ends the thread once its queue is empty (call when no task prefers it any more).
    public func finish() {
        if #available(macOS 15.0, iOS 18.0, *) { (box as! ThreadTaskExecutor).finish() }
    }

    /// Runs `body` with this thread as its task executor preference (and the thread ended after it).
    public static func run<T: Sendable>(name: String, _ body: @Sendable () async -> T) async -> T {
        if #available(macOS 15.0, iOS 18.0, *) {
            let thread = ThreadTaskExecutor(name: name)
            defer { thread.finish() }
            return await withTaskExecutorPreference(thread) { await body() }
        } else {
            return await body()
        }
    }
}

@available(macOS 15.0, iOS 18.0, *)
final class ThreadTaskExecutor: TaskExecutor, @unchecked Sendable {
    private let condition = NSCondition()
    // Guarded by `condition`:
    private var jobs: [UnownedJob] = []
    private var finished = false

    init(name: String) {
        let thread = Thread { [self] in loop() }
        thread.name = name
        // As much stack as a main thread: deep scenarios recurse.
        thread.stackSize = 8 << 20
        thread.start()
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.withLock {
            jobs.append(job)
            condition.signal()
        }
    }

    func finish() {
        condition.withLock {
            finished = true
            condition.signal()
        }
    }

    private func loop() {
        while true {
            let job: UnownedJob? = condition.withLock {
                while jobs.isEmpty && !finished { condition.wait() }
                return jobs.isEmpty ? nil : jobs.removeFirst()
            }
            guard let job else { return }
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}

/// Before macOS 15 (no task executors), jobs run on the cooperative pool.
private final class NoExecutor: Sendable {}
