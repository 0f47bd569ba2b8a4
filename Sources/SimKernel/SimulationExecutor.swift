import Synchronization

/// The executor every actor and task of a simulation runs on: serial, single-threaded,
/// and driven only by `Simulation.run`.
///
/// Actors return it from `unownedExecutor`; spawned tasks start isolated to an actor on it; and
/// the escape guard hands it every job the driver thread sends to the global executor (a
/// resumed continuation, a `@concurrent` hop). Jobs run in the order they were enqueued.
///
/// ```swift
/// actor Backend {
///     let simulation: Simulation
///     nonisolated var unownedExecutor: UnownedSerialExecutor {
///         simulation.executor.asUnownedSerialExecutor()
///     }
/// }
/// ```
///
/// - Warning: A job enqueued from any thread other than the driver's breaks determinism
///   (a continuation resumed from Dispatch, say). Such jobs are still run, so the run
///   finishes, but they are counted in `SimulationResult.foreignEnqueues`.
public final class SimulationExecutor: SerialExecutor, @unchecked Sendable {
    /// What runs next, in order: jobs of tasks, and steps (`SimulationStep`) that run without one.
    enum ReadyWork {
        case job(UnownedJob)
        /// A main-actor job (`MainActorBridge`): run on the main executor, in this run's order.
        case mainActorJob(UnownedJob)
        case step(any SimulationStep)
    }

    /// Touched only on the driver thread. Small at first: a run rarely has more than a few jobs
    /// ready at once, and every explored seed builds and frees one queue (it grows by doubling).
    @exclusivity(unchecked) private var ready = RingBuffer<ReadyWork>(capacity: 16)
    private let driverThread = Atomic<UInt>(0)
    private let foreignInbox = Mutex<[UnownedJob]>([])
    private let foreignCount = Atomic<Int>(0)
    /// The address of the job running now: the task it belongs to (a task is its own job).
    /// While a step runs, no task runs: `noTask`.
    @exclusivity(unchecked) private(set) var runningTask = SimulationExecutor.noTask

    static var noTask: UnsafeRawPointer { UnsafeRawPointer(bitPattern: 1)! }

    /// The run this executor belongs to, set once by `Simulation.init`. Not retained: the
    /// simulation owns the executor, and reads it only while the run is driven.
    unowned(unsafe) var simulation: Simulation?

    init() {}

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        if isOnDriverThread {
            ready.push(.job(job))
        } else {
            foreignInbox.withLock { $0.append(job) }
            foreignCount.add(1, ordering: .relaxed)
        }
    }

    /// Takes a job the runtime sent to the global executor from the driver thread (`EscapeGuard`).
    func take(_ job: UnsafeMutableRawPointer) {
        assert(isOnDriverThread, "only the driver thread hands global jobs to its run")
        ready.push(.job(unsafeBitCast(job, to: UnownedJob.self)))
    }

    /// Takes a job the runtime sent to the main actor from the driver thread (`MainActorBridge`).
    func takeMainActorJob(_ job: UnownedJob) {
        assert(isOnDriverThread, "only the driver thread hands main-actor jobs to its run")
        ready.push(.mainActorJob(job))
    }

    /// Queues a job behind the work ready now (a `Task.sleep` woken as the run tears down).  // determinism: ok (names it)
    func enqueueReady(_ job: UnownedJob) {
        assert(isOnDriverThread, "only the driver thread queues jobs of its run")
        ready.push(.job(job))
    }

    /// Runs `job` now, from the driver loop (a `Task.sleep` whose deadline came).  // determinism: ok (names it)
    func runNow(_ job: UnownedJob) {
        assert(isOnDriverThread, "only the driver thread runs jobs of its run")
        runningTask = unsafeBitCast(job, to: UnsafeRawPointer.self)
        job.runSynchronously(on: asUnownedSerialExecutor())
    }

    /// Queues a step behind the work ready now.
    func enqueue(step: any SimulationStep) {
        assert(isOnDriverThread, "steps are queued on the driver thread")
        ready.push(.step(step))
    }

    public func asUnownedSerialExecutor() -> UnownedSerialExecutor {
        UnownedSerialExecutor(ordinary: self)
    }

    /// Isolation holds only on the thread that drives the run.
    public func checkIsolated() {
        precondition(isOnDriverThread, "code isolated to the simulation ran off its driver thread")
    }

    /// True when the caller is the thread currently driving this executor.
    public var isOnDriverThread: Bool {
        driverThread.load(ordering: .relaxed) == DriverThread.current
    }

    /// How many jobs arrived from a thread other than the driver's.
    public var foreignEnqueues: Int { foreignCount.load(ordering: .relaxed) }

    var hasReadyJobs: Bool { !ready.isEmpty }

    func bindDriver() {
        let (exchanged, holder) = driverThread.compareExchange(
            expected: 0, desired: DriverThread.current, ordering: .sequentiallyConsistent)
        precondition(exchanged, "this simulation is already being driven by thread \(holder)")
        EscapeGuard.begin(self)
    }

    func unbindDriver() {
        precondition(isOnDriverThread, "only the driver thread can release the executor")
        EscapeGuard.end()
        driverThread.store(0, ordering: .sequentiallyConsistent)
    }

    /// Runs the next ready job or step, if any; returns false when none is ready. A run that
    /// tears down passes `runningSteps: false`: steps are dropped then, jobs still run.
    func runNextJob(runningSteps: Bool = true) -> Bool {
        switch ready.pop() {
        case .job(let job)?:
            runningTask = unsafeBitCast(job, to: UnsafeRawPointer.self)
            job.runSynchronously(on: asUnownedSerialExecutor())
        case .mainActorJob(let job)?:
            runningTask = unsafeBitCast(job, to: UnsafeRawPointer.self)
            job.runSynchronously(on: MainActor.sharedUnownedExecutor)
        case .step(let step)?:
            runningTask = Self.noTask
            if runningSteps { step.run() }
        case nil:
            return false
        }
        return true
    }

    /// Moves jobs that arrived from other threads into the ready queue; true if there were any.
    func adoptForeignJobs() -> Bool {
        let arrived = foreignInbox.withLock { inbox -> [UnownedJob] in
            defer { inbox.removeAll() }
            return inbox
        }
        for job in arrived { ready.push(.job(job)) }
        return !arrived.isEmpty
    }
}
