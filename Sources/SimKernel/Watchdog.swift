import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Notices a run whose code spins without ever suspending, and reports it.
///
/// The kernel drives a run one job at a time on its caller's thread and cannot preempt a job: a
/// loop that never awaits (a wait that returns at once, a retry with no pause) keeps the driver
/// inside one job forever, and no run limit applies, since the kernel never gets control back.
/// The watchdog is a thread of its own that looks at every running simulation a few times a
/// second; one that finished no job for `timeout` of wall time is reported to `onStall` with what
/// it was running: its subject and seed (for the replay command), its virtual time, its running
/// tasks and its last trace lines. The process cannot stop the spinning code, so the command
/// line's handler prints the report and exits 1.
///
/// Nothing here changes a run: the watchdog only reads, and a run's trace never depends on it.
/// Wall time is measured in the watchdog's own ticks, so a process paused in a debugger or
/// stopped with ^Z is not taken for a stuck one when it resumes.
///
/// ```swift
/// Watchdog.start(timeout: .seconds(10)) { report in
///     print(report.text); exit(1)
/// }
/// ```
public enum Watchdog {
    /// How often the watchdog looks.
    static let tick: Duration = .milliseconds(100)

    struct Watched {
        let simulation: Simulation
        var lastProgress: Int
        var quietTicks: Int
    }

    struct State {
        var timeoutTicks = 0
        var onStall: (@Sendable (StallReport) -> Void)?
        var running: [Watched] = []
        var started = false
        var reported = false
    }

    static let state = Mutex(State())
    /// Set once `start` was called: a run checks it without taking the lock.
    static let watching = Atomic<Bool>(false)

    /// Starts watching every simulation that runs from now on in this process (once; a later
    /// call changes the timeout and the handler). `onStall` is called once, on the watchdog's
    /// thread, for the first run that made no progress for `timeout`.
    public static func start(timeout: Duration, onStall: @escaping @Sendable (StallReport) -> Void) {
        precondition(timeout > .zero, "the watchdog's timeout must be positive")
        let ticks = max(1, Int((timeout / tick).rounded(.up)))
        let startThread = state.withLock { state -> Bool in
            state.timeoutTicks = ticks
            state.onStall = onStall
            defer { state.started = true }
            return !state.started
        }
        if startThread { spawnThread() }
        watching.store(true, ordering: .releasing)
    }

    /// Whether `start` was called.
    public static var isWatching: Bool { watching.load(ordering: .acquiring) }

    static func attach(_ simulation: Simulation) {
        state.withLock { state in
            guard state.started else { return }
            state.running.append(Watched(simulation: simulation, lastProgress: -1, quietTicks: 0))
        }
    }

    static func detach(_ simulation: Simulation) {
        state.withLock { state in
            guard let position = state.running.firstIndex(where: { $0.simulation === simulation }) else { return }
            state.running.remove(at: position)
        }
    }

    /// The watched run this thread drives, for `CrashNotice`: nil when there is none, or when
    /// the lock stays taken (the crash must not wait for ever).
    static func runOnThisThread() -> CrashedRun? {
        for _ in 0..<10_000 {
            let found: CrashedRun?? = state.withLockIfAvailable { state in
                state.running.first { $0.simulation.executor.isOnDriverThread }.map { $0.simulation.crashedRun() }
            }
            if let found { return found }
            sched_yield()
        }
        return nil
    }

    /// One look at every running simulation: the first that has been quiet for the timeout is
    /// returned (once per process).
    static func look() -> (Simulation, Int, @Sendable (StallReport) -> Void)? {
        state.withLock { state in
            guard !state.reported, let onStall = state.onStall else { return nil }
            for position in state.running.indices {
                let progress = state.running[position].simulation.progress.load(ordering: .acquiring)
                if progress == state.running[position].lastProgress {
                    state.running[position].quietTicks += 1
                } else {
                    state.running[position].lastProgress = progress
                    state.running[position].quietTicks = 0
                }
                if state.running[position].quietTicks >= state.timeoutTicks {
                    state.reported = true
                    return (state.running[position].simulation, state.running[position].quietTicks, onStall)
                }
            }
            return nil
        }
    }

    private static func spawnThread() {
        var thread = pthread_t()
        let result = pthread_create(&thread, nil, { _ in
            let nanoseconds = Int(Watchdog.tick.components.attoseconds / 1_000_000_000)
            var pause = timespec(tv_sec: 0, tv_nsec: nanoseconds)
            while true {
                nanosleep(&pause, nil)  // determinism: ok (the watchdog's own wall-time tick; never read by a run)
                guard let (simulation, ticks, onStall) = Watchdog.look() else { continue }
                onStall(simulation.stallReport(quietFor: Watchdog.tick * ticks))
            }
        }, nil)
        precondition(result == 0, "the watchdog's thread could not start (\(result))")
        pthread_detach(thread)
    }
}

/// What a run that stopped making progress was doing, as the watchdog saw it.
public struct StallReport: Sendable {
    /// What the run is of (a scenario file, a persona), as its runner named it.
    public let subject: String
    public let seed: UInt64
    /// Where the run drew afresh (branching exploration), empty for a plain seed's run.
    public var branches: [BranchPoint] = []
    /// How long no job finished, in wall time.
    public let quietFor: Duration
    public let virtualTime: SimulationInstant
    public let jobsRun: Int
    /// The names of the spawned tasks that had started and not finished.
    public let runningTasks: [String]
    /// The trace's last lines (none when the trace is not kept, or still growing).
    public let lastTraceLines: [String]

    /// The report, several lines, without the replay command (the caller knows how to replay).
    public var text: String {
        let seconds = Double(quietFor.components.seconds) + Double(quietFor.components.attoseconds) / 1e18
        let lines = ["watchdog: \(subject) seed \(seed)\(branches.map(\.description).joined()) made no progress for \(Int(seconds.rounded())) s of wall time: "
                     + "no job finished, virtual time stuck at \(virtualTime), \(jobsRun) job(s) run. "
                     + "Some code loops without ever suspending (a wait that returns at once, a retry with no pause)."]
        return (lines + Self.details(runningTasks: runningTasks, lastTraceLines: lastTraceLines)).joined(separator: "\n")
    }

    /// A stuck or crashed run's tasks and last trace lines, as the reports list them.
    static func details(runningTasks: [String], lastTraceLines: [String]) -> [String] {
        var lines = ["  running: " + (runningTasks.isEmpty ? "(no spawned task: a child task)" : runningTasks.joined(separator: ", "))]
        if !lastTraceLines.isEmpty {
            lines.append("  last trace lines:")
            lines += lastTraceLines.map { "    " + $0 }
        }
        return lines
    }
}
