/// A task started with `Simulation.spawn`: wait for it, or cancel it through the kernel.
///
/// Cancelling through this handle (never through a raw `Task`) lets the kernel resume the task
/// from the wait it is suspended in at once, without a cancellation handler on every wait.
///
/// ```swift
/// let countdown = simulation.spawn("otp countdown") { try? await clock.sleep(for: .seconds(30)) }
/// countdown.cancel()          // the sleep throws CancellationError now, not in 30 s
/// await countdown.value
/// ```
public struct SimulationTask: Sendable {
    let task: Task<Void, Never>
    let context: TaskContext
    unowned let simulation: Simulation

    /// Cancels the task: its current or next wait on the simulation returns `.cancelled`.
    public func cancel() { simulation.cancel(self) }

    public var isCancelled: Bool { task.isCancelled }

    /// True once the task's body has returned.
    public var isFinished: Bool { context.finished }

    /// True when both handles are for the same task.
    public func isSame(as other: SimulationTask) -> Bool { context === other.context }

    /// Waits for the task to finish.
    public var value: Void { get async { await task.value } }
}

/// What the kernel knows of one spawned task while it runs: its name, its identity, and the
/// wait it is suspended in (so that cancelling it resolves that wait). It also carries the task's
/// body until the task starts, so that starting a task allocates no closure context.
final class TaskContext: @unchecked Sendable {
    // Confined to the simulation's driver thread.
    /// Rendered on first use (a report, a label fallback): most tasks never need it.
    private(set) lazy var name: String = group.map { "\($0) \(describeName())" } ?? describeName()
    private let describeName: () -> String
    /// What the task belongs to (`app#2`), put before its name.
    private let group: String?
    /// Its number in the simulation's table of spawned tasks.
    let index: Int
    unowned let simulation: Simulation
    /// The work, until the task takes it when it starts.
    @exclusivity(unchecked) private var body: (() async -> Void)?
    /// The task's address while it runs (the kernel's key for it), set when it starts.
    @exclusivity(unchecked) var identity: UnsafeRawPointer?
    /// The wait the task is suspended in, if any.
    @exclusivity(unchecked) var waitingOn: SleepTimer?
    /// Set when the task's body returns.
    @exclusivity(unchecked) var finished = false
    /// Set when the kernel cancels the task (`Simulation.cancel`, the only way a spawned task is
    /// cancelled): what its waits read instead of asking the runtime (`Task.isCancelled` looks
    /// the current task up in thread-local storage and retains it, about a hundred waits a seed).
    @exclusivity(unchecked) var cancelled = false
    /// Waits the task asked for after it was cancelled (they return at once, without suspending).
    @exclusivity(unchecked) var refusedWaits = 0

    init(name: @escaping () -> String, group: String?, index: Int, simulation: Simulation,
         body: sending @escaping () async -> Void) {
        self.describeName = name
        self.group = group
        self.index = index
        self.simulation = simulation
        self.body = body
    }

    /// Hands the body to the task that runs it (once).
    func takeBody() -> () async -> Void {
        guard let body else { preconditionFailure("task '\(name)' started twice") }
        self.body = nil
        return body
    }
}
