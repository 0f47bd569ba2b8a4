@_spi(ExperimentalCustomExecutors) @_spi(ExperimentalScheduling) import _Concurrency

/// `Task.sleep` on a run's virtual time: the default executor `MainActorBridge` installs.  // determinism: ok (names it)
///
/// On Swift 6.3.1 every `Task.sleep` (`nanoseconds:`, `for:`, `until:clock:`) and every sleep on  // determinism: ok (names it)
/// `ContinuousClock` or `SuspendingClock` ends by handing the job that wakes the sleeper to the  // determinism: ok (names it)
/// default executor's `enqueue(_:at:tolerance:clock:)` (SE-0505's `SchedulingExecutor`), with a
/// deadline on that clock. From a thread that drives a run, this executor parks the job on the
/// run's virtual clock instead, `delay` after the run's `now`, among the run's own sleepers; from
/// any other thread everything goes to the platform's executor, unchanged.
///
/// The sleeper computed its deadline a moment before (`clock.now + duration`). On a thread that
/// drives a run the continuous and suspending clocks read the run's own time
/// (`VirtualClockReading`), so the time left to the deadline is the duration asked for, to the
/// nanosecond, and a deadline the app computed from `ContinuousClock.now` earlier in the run is  // determinism: ok (names it)
/// on virtual time too. Where the clocks cannot be pointed at the run (a statically linked
/// runtime), the real time left is rounded *up* to a whole millisecond: whole milliseconds come
/// back exact unless the host stops the thread for a millisecond inside the sleep call itself.
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
            // The clocks read the run's time (`VirtualClockReading`): what is left is the duration
            // asked for, exactly. Without that reading, the real time left, rounded.
            let delay = VirtualClockReading.isInstalled ? VirtualSleep.exact(left) : VirtualSleep.wholeMilliseconds(left)
            simulation.park(sleepingJob: UnownedJob(job), for: delay)
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
    /// Parks the job that ends a `Task.sleep` until `nanoseconds` from now (saturating at the end  // determinism: ok (names it)
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
