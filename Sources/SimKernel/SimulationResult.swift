/// What a run came to, and everything needed to compare it with another run.
public struct SimulationResult: Sendable {
    /// How the run ended.
    public enum Outcome: Sendable, Equatable, CustomStringConvertible {
        /// The root task finished.
        case completed
        /// Nothing could run and no timer was parked, yet the root task had not finished.
        case deadlock
        /// A run limit was reached before the root task finished.
        case limitReached(RunLimit)

        public var description: String {
            switch self {
            case .completed: "completed"
            case .deadlock: "deadlock"
            case .limitReached(let limit): "limit-reached(\(limit))"
            }
        }
    }

    /// The limit that ended a run.
    public enum RunLimit: String, Sendable, Equatable {
        case virtualTime = "virtual-time"
        case jobs
    }

    public let seed: UInt64
    public let strategy: SchedulingStrategy
    public let outcome: Outcome
    /// What was still waiting when the run ended (empty for a clean completion).
    public let pending: PendingWork
    /// Virtual time at the end of the run.
    public let virtualTime: SimulationInstant
    /// Jobs executed on the simulation executor (differs between debug and release builds;
    /// never part of the trace).
    public let jobsRun: Int
    /// Jobs enqueued on the simulation from another thread: should be zero.
    public let foreignEnqueues: Int
    /// Tasks stopped for good because they kept waiting in a loop after they were cancelled
    /// (`RunLimits.maxTeardownJobs` refused waits each): should be empty.
    public let strandedTasks: [String]
    public private(set) var trace: Trace
    /// Every draw of a run that recorded its choices or played them back (`Simulation(seed:choices:)`):
    /// what replays this very run. Nil for any other run.
    public var choices: ChoiceSequence? = nil
    /// What a run that played choices back (`.replay`) took from them; nil for any other run.
    public var replayedChoices: ReplayedChoices? = nil

    /// The trace hash as 16 hex digits.
    public var traceHash: String { trace.hashHex }

    /// Frees the trace's entries, keeping its hash and count (see `Trace.releaseEntries`).
    public mutating func releaseTraceEntries() { trace.releaseEntries() }

    /// True when the root task finished and nothing left the simulation.
    public var isClean: Bool { outcome == .completed && foreignEnqueues == 0 && strandedTasks.isEmpty }

    /// A few lines a person can read: outcome, time, hash and, if the run did not settle,
    /// what was pending.
    public var report: String {
        var lines = ["outcome: \(outcome) at \(virtualTime)",
                     "trace: \(trace.count) events, hash \(traceHash)"]
        if foreignEnqueues > 0 {
            lines.append("kernel error: \(foreignEnqueues) job(s) arrived from other threads; the run is not deterministic. "
                + "Resume continuations inside the run, never from Dispatch or Foundation callbacks.")
        }
        if !strandedTasks.isEmpty {
            lines.append("kernel error: task(s) \(strandedTasks.map { "'\($0)'" }.joined(separator: ", ")) kept waiting in a loop "
                + "after they were cancelled and were stopped. A loop around a wait must end when the wait throws.")
        }
        if outcome != .completed {
            lines.append("did not settle; pending:")
            lines.append(contentsOf: pending.lines.map { "  " + $0 })
        }
        if outcome == .deadlock {
            lines.append("hint: nothing was ready and no timer was parked. A task waiting on a continuation "
                + "nobody resumes in the run (DispatchQueue.asyncAfter, a Timer, another thread's callback) ends a run this way; "
                + "wait on the run's clock or Task.sleep instead.")  // determinism: ok (advice text)
        }
        return lines.joined(separator: "\n")
    }
}

/// The work still waiting when a run ended: parked timers and unfinished tasks.
public struct PendingWork: Sendable, Equatable {
    public struct Timer: Sendable, Equatable {
        public let deadline: SimulationInstant
        public let label: String
    }

    /// Parked timers in firing order.
    public let timers: [Timer]
    /// Names of spawned tasks that had not finished, in spawn order.
    public let tasks: [String]

    public var isEmpty: Bool { timers.isEmpty && tasks.isEmpty }

    public var lines: [String] {
        if isEmpty { return ["nothing"] }
        return timers.map { "timer '\($0.label)' due at \($0.deadline)" }
            + tasks.map { "task '\($0)' not finished" }
    }
}
