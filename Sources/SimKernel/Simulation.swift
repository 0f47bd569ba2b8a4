import Synchronization

/// One deterministic run: an executor, a virtual clock, seeded randomness and a trace,
/// driven by a synchronous loop on the calling thread.
///
/// Everything a run does happens on `executor`, one job at a time, in an order fixed by the
/// seed and the scheduling strategy. Time moves only when no job is ready. The same seed
/// and strategy give a byte-identical trace in any process on any machine.
///
/// ```swift
/// let simulation = Simulation(seed: 42)
/// let result = simulation.run {
///     try? await simulation.clock.sleep(for: .seconds(30), label: "otp countdown")
///     simulation.record(MyEvent.countdownFinished)
/// }
/// print(result.outcome, result.traceHash)   // completed 3c9f…
/// ```
///
/// - Warning: A `Simulation` runs once. Spawn simulated work with `spawn` and sleep on `clock`
///   (`Task.sleep` also runs on virtual time, exactly: `VirtualSleep.swift`).  // determinism: ok (names it)
///   A wait on Dispatch or another thread leaves the run waiting (it ends as a deadlock naming  // determinism: ok (a warning against the trap, not a use)
///   the task), and a continuation resumed from another thread is counted in
///   `SimulationResult.foreignEnqueues`.
public final class Simulation: @unchecked Sendable {
    // Confined to the driver thread (checked with preconditions), hence @unchecked Sendable.

    enum Phase { case ready, running, tearingDown, finished }

    public let seed: UInt64
    /// Where the run stops drawing `seed`'s choices and draws afresh (`BranchPoint`), in time order.
    public let branches: [BranchPoint]
    /// The same points as every stream reads them; nil for a run that does not branch.
    private(set) var branchSchedule: BranchSchedule?
    /// Where every stream of the run records its draws or takes them from (`ChoiceTapeMode`); nil
    /// for a run that does neither.
    let choices: ChoiceTape?
    public let strategy: SchedulingStrategy
    public let limits: RunLimits
    public let executor: SimulationExecutor
    let isolation: SimulationActor

    /// Current virtual time.
    @exclusivity(unchecked) public internal(set) var now: SimulationInstant = .zero
    /// The run's trace so far.
    public var trace: Trace { recordedTrace }
    // Internal, under its own name: `record` is inlinable (see `Trace.append`).
    @exclusivity(unchecked) @usableFromInline var recordedTrace = Trace()

    @exclusivity(unchecked) var phase: Phase = .ready
    @exclusivity(unchecked) var timers = TimerHeap()
    /// Finished timers kept for the next waits (`makeTimer`), so that most waits allocate nothing.
    @exclusivity(unchecked) var spareTimers: [SleepTimer] = []
    /// The buffer `fireTimers` gathers the sleepers and steps due at one instant in.
    @exclusivity(unchecked) var dueTimers: [TimerHeap.Entry] = []
    @exclusivity(unchecked) var timerSequence: UInt64 = 0
    @exclusivity(unchecked) var tasks: [SpawnedTask] = []
    /// The spawned tasks that have started and not finished (child tasks are not in it). A few at
    /// a time, so a linear search by address beats hashing; the order never matters.
    @exclusivity(unchecked) var running: [TaskContext] = []
    @exclusivity(unchecked) var quiescenceWaiters: [UnsafeContinuation<Void, Never>] = []
    @exclusivity(unchecked) var schedulerRandom: SeededRandom
    @exclusivity(unchecked) var jobsRun = 0
    /// `jobsRun` as the watchdog reads it from its own thread (`Watchdog`).
    let progress = Atomic<Int>(0)
    /// What this run is of (a scenario file, a persona), for the watchdog's report; set before `run`.
    @exclusivity(unchecked) public var subject = "a run"
    /// Waits refused to cancelled child tasks, which have no context of their own to count them.
    @exclusivity(unchecked) var refusedChildWaits = 0
    /// Tasks parked for good because they kept asking to wait after they were cancelled.
    @exclusivity(unchecked) var strandedTasks: [String] = []

    struct SpawnedTask {
        let handle: SimulationTask
        var name: String { handle.context.name }
        var finished: Bool { handle.context.finished }
    }

    /// A run of `seed`; with `branches`, one that draws afresh from each point's seed from its
    /// instant on (points given out of order are taken in time order; of two at one instant the
    /// later given wins). With `choices`, every stream of the run (the scheduler's too) records
    /// its draws on the tape, or takes them from it when it replays a `ChoiceSequence`.
    public init(seed: UInt64, strategy: SchedulingStrategy = .fifo, limits: RunLimits = .standard,
                branches: [BranchPoint] = [], choices: ChoiceTapeMode? = nil) {
        self.seed = seed
        self.choices = choices.map(ChoiceTape.init)
        // A stable sort: points at one instant keep their order, so the last given is taken last.
        self.branches = branches.enumerated().sorted { ($0.element.at, $0.offset) < ($1.element.at, $1.offset) }.map(\.element)
        self.branchSchedule = nil
        self.strategy = strategy
        self.limits = limits
        self.executor = SimulationExecutor()
        self.isolation = SimulationActor(executor: executor)
        self.schedulerRandom = SeededRandom(seed: seed, stream: Self.schedulerStream)
        executor.simulation = self
        if !self.branches.isEmpty {
            branchSchedule = BranchSchedule(simulation: self, points: self.branches)
        }
        if branchSchedule != nil || self.choices != nil {
            schedulerRandom = SeededRandom(seed: seed, stream: Self.schedulerStream, branches: branchSchedule, choices: self.choices)
        }
    }

    /// The run's virtual clock.
    public var clock: SimulationClock { SimulationClock(simulation: self) }

    /// A random stream of this run's seed, independent of every other named stream.
    ///
    /// Use one stream per concern (`network`, `backend`, `user`) so that drawing more in
    /// one never changes what another draws. The kernel keeps `scheduler` for itself: a stream
    /// asked for by that name is another (`scheduler-of-the-app`), never the kernel's.
    public func randomStream(_ name: String) -> SeededRandom {
        SeededRandom(seed: seed, stream: Self.ownName(name), branches: branchSchedule, choices: choices)
    }

    /// A stream drawn from at the run's start, of the run's seed or of `seed`, that no branch
    /// point switches (what the free user's profile is drawn from: a branch keeps its parent's
    /// user), recorded and played back with the run's choices as every stream is.
    public func startingStream(_ name: String, seed: UInt64? = nil) -> SeededRandom {
        SeededRandom(seed: seed ?? self.seed, stream: Self.ownName(name), branches: nil, choices: choices)
    }

    /// The name of the kernel's own stream, the same-instant order of jobs.
    static let schedulerStream = "scheduler"

    /// `name`, unless it is the kernel's stream's: then another stream's.
    private static func ownName(_ name: String) -> String { name == schedulerStream ? "scheduler-of-the-app" : name }

    /// Appends an event to the trace at the current virtual time.
    @inlinable
    public func record(_ event: consuming some TraceRecord) {
        guard isRecording else { return }
        recordedTrace.append(event, at: now)
    }

    /// Whether an event recorded now enters the trace: only while the run runs (cancelled
    /// tasks unwinding after it must not change its trace), and only from its driver thread.
    @usableFromInline var isRecording: Bool {
        precondition(executor.isOnDriverThread, "record trace events from inside the simulation")
        return phase == .running
    }

    /// Starts simulated work on the simulation's executor: the way to start a task.
    ///
    /// The task starts isolated to the simulation's actor, is named in deadlock and limit
    /// reports, is cancelled when the run ends, and waits without a cancellation handler. (A
    /// plain `Task {}` started inside a run also stays in it, through the escape guard, but gets
    /// none of that.) Cancel it through the returned handle.
    @discardableResult
    public func spawn(_ name: @autoclosure @escaping () -> String,
                      _ body: sending @escaping () async -> Void) -> SimulationTask {
        spawn(describedBy: name, in: nil, body)
    }

    /// `spawn` with the name as a plain closure, rendered only if a report shows the task (a
    /// wrapper that takes its own caller's name as an autoclosure hands it on as it is), and the
    /// group it belongs to (`app#2`), which the name is shown after.
    @discardableResult
    public func spawn(describedBy name: @escaping () -> String, in group: String?,
                      _ body: sending @escaping () async -> Void) -> SimulationTask {
        precondition(executor.isOnDriverThread, "spawn simulated work from inside the simulation")
        precondition(phase == .running || phase == .tearingDown, "spawn only while the simulation runs")
        let context = TaskContext(name: name, group: group, index: tasks.count, simulation: self, body: body)
        isolation.starting.push(context)
        let task = isolation.onSharedExecutor { $0.startNext() }
        let handle = SimulationTask(task: task, context: context, simulation: self)
        tasks.append(SpawnedTask(handle: handle))
        if phase == .tearingDown { cancel(handle) }
        return handle
    }

    /// Cancels `task` and resolves the wait it is suspended in, if any (see `SimulationTask.cancel`).
    func cancel(_ task: SimulationTask) {
        precondition(executor.isOnDriverThread, "cancel simulated work from inside the simulation")
        task.context.cancelled = true
        task.task.cancel()
        if let timer = task.context.waitingOn { resolve(timer, .cancelled) }
    }

    /// Suspends until nothing is ready and no timer is parked: every other task has finished
    /// or waits on something that only this caller can provide.
    ///
    /// - Warning: A task that sleeps in a loop forever keeps the simulation from ever being
    ///   quiescent; the run then ends at its virtual-time limit.
    public func quiescence() async {
        precondition(executor.isOnDriverThread, "await quiescence from inside the simulation")
        await withUnsafeContinuation { continuation in
            quiescenceWaiters.append(continuation)
        }
    }

    func taskStarted(_ context: TaskContext) {
        let identity = executor.runningTask
        precondition(!running.contains { $0.identity == identity }, "two spawned tasks share the address \(identity)")
        context.identity = identity
        running.append(context)
    }

    func taskFinished(_ index: Int) {
        precondition(!tasks[index].finished, "task '\(tasks[index].name)' finished twice")
        tasks[index].handle.context.finished = true
        let identity = executor.runningTask
        let position = running.firstIndex { $0.identity == identity }
        precondition(position.map { running[$0] } === tasks[index].handle.context,
                     "task '\(tasks[index].name)' finished in another task")
        running.swapAt(position!, running.count - 1)
        running.removeLast()
    }

    /// The context of the spawned task running now; nil in a child task (`async let`, groups).
    var runningContext: TaskContext? {
        let identity = executor.runningTask
        assert(identity == withUnsafeCurrentTask { $0.map { unsafeBitCast($0, to: UnsafeRawPointer.self) } },
               "the executor's running job is not the current task")
        return running.first { $0.identity == identity }
    }

    /// Suspends the calling task until `deadline` (`nil`: none), until `wakeup` is woken, or until
    /// the task is cancelled, whichever comes first, and says which.
    ///
    /// This is how simulated work waits for an answer with a timeout without a second task: the
    /// answer wakes the waiter, or the deadline does.
    ///
    /// It runs in the caller's isolation (SE-0420), so an actor that waits does not hop off its
    /// executor and back: one job fewer per wait. A spawned task waits on a bare continuation (the
    /// kernel resolves it when the task is cancelled through `SimulationTask.cancel`); only child
    /// tasks pay for a cancellation handler. `label` is evaluated only if a report shows the wait.
    @inlinable
    public func suspend(until deadline: SimulationInstant?, label: @autoclosure @escaping () -> String?,
                        wakeup: Wakeup? = nil, isolation: isolated (any Actor)? = #isolation) async -> WakeReason {
        await suspend(until: deadline, describedBy: label, wakeup: wakeup, isolation: isolation)
    }

    /// `suspend(until:label:)` with the label as a plain closure: a wrapper that takes its own
    /// caller's label as an autoclosure hands it on as it is, where forwarding it as an
    /// autoclosure would wrap it in a new closure (an allocation) on every wait.
    public func suspend(until deadline: SimulationInstant?, describedBy label: @escaping () -> String?,
                        wakeup: Wakeup? = nil, isolation: isolated (any Actor)? = #isolation) async -> WakeReason {
        precondition(executor.isOnDriverThread, "suspend on the simulation from inside the simulation")
        if let wakeup, wakeup.wokenEarly {
            wakeup.wokenEarly = false
            return .woken
        }
        let context = runningContext
        let timer = makeTimer(deadline: deadline, label: label, task: context)
        wakeup?.timer = timer
        // A spawned task is cancelled only through the kernel, which marks its context; a child
        // task (no context) asks the runtime.
        if context.map({ $0.cancelled }) ?? Task.isCancelled {
            timer.state = .resolved(.cancelled)
            let refused: Int
            if let context {
                context.refusedWaits += 1
                refused = context.refusedWaits
            } else {
                refusedChildWaits += 1
                refused = refusedChildWaits
            }
            if refused > limits.maxTeardownJobs { await strand(context?.name ?? "a child task", isolation: isolation) }
            return .cancelled
        }
        if let owner = context {
            precondition(owner.waitingOn == nil, "task '\(owner.name)' waits on two things at once")
            owner.waitingOn = timer
            let reason = await withUnsafeContinuation(isolation: isolation) { park(timer, $0) }
            owner.waitingOn = nil
            if spareTimers.count < Self.spareTimerLimit {
                timer.retire()
                spareTimers.append(timer)
            }
            return reason
        }
        // A child task's wait: the runtime's cancellation handler resolves it.
        return await withTaskCancellationHandler {
            await withUnsafeContinuation(isolation: isolation) { park(timer, $0) }
        } onCancel: {
            self.resolve(timer, .cancelled)
        }
    }

    /// Parks a cancelled task for good. A cancelled task's waits return at once without
    /// suspending, so a task that keeps waiting in a loop after it was cancelled would spin inside
    /// one job, which no count of jobs can stop. After `maxTeardownJobs` such refused waits of one
    /// task, its next one suspends and is never resumed: the job returns, the run ends and reports
    /// the task. (The stranded task's memory is not reclaimed; only a broken loop gets here.)
    private func strand(_ name: String, isolation: isolated (any Actor)?) async {
        strandedTasks.append(name)
        await withUnsafeContinuation(isolation: isolation) { (_: UnsafeContinuation<Void, Never>) in }
    }

    /// A timer for a new wait: a spare one that nothing else holds any more (no heap slot, no
    /// `Wakeup` of an earlier wait could reach it), or else a new one.
    private func makeTimer(deadline: SimulationInstant?, label: @escaping () -> String?, task: TaskContext?) -> SleepTimer {
        timerSequence += 1
        while var spare = spareTimers.popLast() {
            guard isKnownUniquelyReferenced(&spare) else { continue }
            spare.reuse(deadline: deadline, sequence: timerSequence, label: label, task: task)
            return spare
        }
        return SleepTimer(deadline: deadline, sequence: timerSequence, label: label, task: task)
    }

    /// How many finished timers the kernel keeps for reuse.
    private static let spareTimerLimit = 4

    /// Parks `timer` with the suspended task's continuation, or resumes at once if it is resolved.
    private func park(_ timer: SleepTimer, _ continuation: UnsafeContinuation<WakeReason, Never>) {
        if case .resolved(let reason) = timer.state {
            continuation.resume(returning: reason)
            return
        }
        timer.continuation = continuation
        if timer.deadline != nil { timers.insert(timer) }
    }

    /// Resumes the task suspended with `wakeup`, before its deadline; if it has not suspended
    /// yet, its next suspension returns at once.
    public func wake(_ wakeup: Wakeup) {
        precondition(executor.isOnDriverThread, "wake simulated work from inside the simulation")
        guard let timer = wakeup.timer else {
            wakeup.wokenEarly = true
            return
        }
        resolve(timer, .woken)
    }

    /// Resolves a waiting timer early (woken or cancelled): releases it from the heap and
    /// resumes its task.
    private func resolve(_ timer: SleepTimer, _ reason: WakeReason) {
        precondition(executor.isOnDriverThread, "resolve simulated waits from inside the simulation")
        precondition(reason != .deadline, "deadlines are resolved by the driver")
        guard timer.isWaiting else { return }
        timer.state = .resolved(reason)
        if timer.parked { timers.noteResolvedEarly(timer) }
        // No continuation yet: the task has not suspended; it will see the state when it does.
        guard let continuation = timer.continuation else { return }
        timer.continuation = nil
        continuation.resume(returning: reason)
    }
}

extension SleepTimer: @unchecked Sendable {}
