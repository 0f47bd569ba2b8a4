/// Why a suspended task resumed.
public enum WakeReason: Sendable, Equatable {
    /// Its deadline came.
    case deadline
    /// Another party woke it first (`Simulation.wake`).
    case woken
    /// Its task was cancelled.
    case cancelled
}

/// One suspended task: parked on the virtual clock (when it has a deadline), waiting for its
/// deadline, a wake-up or cancellation, whichever comes first.
final class SleepTimer {
    enum State: Equatable { case waiting, resolved(WakeReason) }

    /// `nil`: no deadline; only a wake-up or cancellation resumes it.
    @exclusivity(unchecked) private(set) var deadline: SimulationInstant?
    /// Insertion order: breaks ties between equal deadlines, so `fifo` is well defined.
    @exclusivity(unchecked) private(set) var sequence: UInt64
    /// Rendered only when a report shows the wait, which only a waiting timer's can be: dropped
    /// once resolved, since it may capture the object that holds this timer (a reply that is its
    /// own `Wakeup`, and names its wait).
    @exclusivity(unchecked) private var describe: (() -> String?)?
    /// The task that waits: its name stands in for a missing label. (The task points back at
    /// this timer only while it waits, so the cycle ends when the wait does.)
    @exclusivity(unchecked) private var task: TaskContext?
    @exclusivity(unchecked) var continuation: UnsafeContinuation<WakeReason, Never>?
    @exclusivity(unchecked) var state: State = .waiting {
        didSet { if state != .waiting { describe = nil } }
    }
    /// True while it sits in the timer heap (it then counts as live there).
    @exclusivity(unchecked) var parked = false

    init(deadline: SimulationInstant?, sequence: UInt64, label: @escaping () -> String?, task: TaskContext?) {
        self.deadline = deadline
        self.sequence = sequence
        self.describe = label
        self.task = task
    }

    /// Lets go of the waiting task once the wait is over, before the timer is kept spare (a spare
    /// timer must hold nothing that could hold the simulation).
    func retire() {
        precondition(!isWaiting && continuation == nil, "only a finished timer can be retired")
        task = nil
    }

    /// Makes a finished timer that nothing else holds any more ready for a new wait (the kernel
    /// keeps a few spare, so most waits allocate nothing).
    func reuse(deadline: SimulationInstant?, sequence: UInt64, label: @escaping () -> String?, task: TaskContext?) {
        precondition(!isWaiting && continuation == nil && !parked, "only a finished timer can be reused")
        self.deadline = deadline
        self.sequence = sequence
        self.task = task
        state = .waiting
        describe = label
    }

    /// What the wait is: its label, or else the name of the task that waits.
    var label: String { describe?() ?? task?.name ?? "unnamed" }

    var isWaiting: Bool { state == .waiting }

    /// Orders timers by (deadline, insertion order); only parked timers, which have deadlines, are compared.
    func firesBefore(_ other: SleepTimer) -> Bool {
        let mine = deadline!, theirs = other.deadline!
        if mine != theirs { return mine < theirs }
        return sequence < other.sequence
    }
}

/// A handle another party uses to resume a suspended task early.
///
/// ```swift
/// let wakeup = Wakeup()
/// // elsewhere, when the answer arrives: simulation.wake(wakeup)
/// let reason = await simulation.suspend(until: deadline, label: "answer", wakeup: wakeup)
/// ```
///
/// Open, so that an object others wake (a pending reply, say) can be its own wake-up: one
/// allocation instead of two.
open class Wakeup: @unchecked Sendable {
    // Confined to the simulation's driver thread.
    @exclusivity(unchecked) var timer: SleepTimer?
    /// Woken before the task suspended: the suspension returns at once.
    @exclusivity(unchecked) var wokenEarly = false

    public init() {}
}
