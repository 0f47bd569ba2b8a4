@_spi(ExperimentalCustomExecutors) @_spi(ExperimentalScheduling) import _Concurrency

/// `Task.sleep` on a run's virtual time: the default executor `MainActorBridge` installs.
///
/// On Swift 6.3.1 every `Task.sleep` (`nanoseconds:`, `for:`, `until:clock:`) and every sleep on
/// `ContinuousClock` or `SuspendingClock` ends by handing the job that wakes the sleeper to the
/// default executor's `enqueue(_:at:tolerance:clock:)` (SE-0505's `SchedulingExecutor`), with a
/// deadline on that clock. From a thread that drives a run, this executor parks the job on the
/// run's virtual clock instead, `delay` after the run's `now`, among the run's own sleepers; from
/// any other thread everything goes to the platform's executor, unchanged.
///
/// The sleeper computed its deadline from the real clock a moment before (`clock.now + duration`),
/// so the duration is read back as the real time left to the deadline, rounded *up* to a whole
/// millisecond: a sleep of whole milliseconds (every sleep an app writes: `.seconds(1)`,
/// `nanoseconds: 2_000_000_000`, `.milliseconds(300)`) gets exactly its duration in virtual time,
/// as long as the host does not stop the run's thread for a millisecond inside the sleep call
/// itself. A sleep for less than a millisecond lasts one; a sleep of a fraction over whole
/// milliseconds lasts the next whole one. A sleep until a deadline the app computed earlier from
/// `ContinuousClock.now` is measured from that real reading, not from virtual time: keep deadlines
/// on the injected clock.
final class BridgingDefaultExecutor: TaskExecutor, SchedulingExecutor, @unchecked Sendable {
    let platform: any TaskExecutor = PlatformExecutorFactory.defaultExecutor

    func enqueue(_ job: consuming ExecutorJob) {
        // The escape guard's hook normally takes a run's global jobs before they get here.
        if let run = EscapeGuard.active {
            run.enqueueReady(UnownedJob(job))
        } else {
            platform.enqueue(job)
        }
    }

    func enqueue<C: Clock>(_ job: consuming ExecutorJob, after delay: C.Duration, tolerance: C.Duration?, clock: C) {
        if let simulation = EscapeGuard.active?.simulation, let delay = delay as? Duration {
            simulation.park(sleepingJob: UnownedJob(job), for: VirtualSleep.exact(delay))
        } else if let scheduling = platform as? any SchedulingExecutor {
            scheduling.enqueue(job, after: delay, tolerance: tolerance, clock: clock)
        } else {
            platform.enqueue(job)
        }
    }

    func enqueue<C: Clock>(_ job: consuming ExecutorJob, at instant: C.Instant, tolerance: C.Duration?, clock: C) {
        if let simulation = EscapeGuard.active?.simulation, let left = clock.now.duration(to: instant) as? Duration {
            simulation.park(sleepingJob: UnownedJob(job), for: VirtualSleep.wholeMilliseconds(left))
        } else if let scheduling = platform as? any SchedulingExecutor {
            scheduling.enqueue(job, at: instant, tolerance: tolerance, clock: clock)
        } else {
            platform.enqueue(job)
        }
    }
}

/// How a wall-clock sleep's duration becomes virtual time.
enum VirtualSleep {
    /// Whole nanoseconds, rounded up; never negative.
    static func exact(_ delay: Duration) -> Int64 {
        let (seconds, attoseconds) = delay.components
        guard seconds >= 0 && (seconds > 0 || attoseconds > 0) else { return 0 }
        guard seconds < 1_000_000_000 else { return .max }
        return seconds * 1_000_000_000 + (attoseconds + 999_999_999) / 1_000_000_000
    }

    /// Whole milliseconds, rounded up (in nanoseconds); never negative.
    static func wholeMilliseconds(_ left: Duration) -> Int64 {
        let nanoseconds = exact(left)
        guard nanoseconds < .max - 1_000_000 else { return .max }
        return (nanoseconds + 999_999) / 1_000_000 * 1_000_000
    }
}

extension Simulation {
    /// Parks the job that ends a `Task.sleep` until `nanoseconds` from now (saturating at the end
    /// of representable time; the run's time limit ends a run long before). As the run tears
    /// down, the job goes straight to the ready queue: the sleeper was cancelled and unwinds.
    func park(sleepingJob job: UnownedJob, for nanoseconds: Int64) {
        precondition(executor.isOnDriverThread, "a run parks only its own thread's sleeps")
        guard phase == .running else {
            executor.enqueueReady(job)
            return
        }
        let deadline = SimulationInstant(nanoseconds: now.nanoseconds &+ min(nanoseconds, .max - now.nanoseconds))
        timerSequence += 1
        timers.insert(sleepingJob: job, at: deadline, sequence: timerSequence)
    }
}
