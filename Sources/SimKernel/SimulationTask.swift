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

    /// Waits for the task to finish.
    public var value: Void { get async { await task.value } }
}

/// What the kernel knows of one spawned task while it runs: its name, its identity, and the
/// wait it is suspended in (so that cancelling it resolves that wait).
final class TaskContext: @unchecked Sendable {
    // Confined to the simulation's driver thread.
    /// Rendered on first use (a report, a label fallback): most tasks never need it.
    private(set) lazy var name: String = describeName()
    private let describeName: () -> String
    /// The spawned task itself, set when it starts. Child tasks (`async let`, groups) inherit the
    /// task-local but are not the owner: they wait with a cancellation handler instead.
    var owner: UnsafeRawPointer?
    /// The wait the owner is suspended in, if any.
    var waitingOn: SleepTimer?

    init(name: @escaping () -> String) { self.describeName = name }

    @TaskLocal static var current: TaskContext?

    /// True when the running task is the spawned task itself, not a child of it.
    var isRunning: Bool {
        guard let owner else { return false }
        return owner == Self.currentTaskIdentity
    }

    /// The running task's address: `UnsafeCurrentTask` is one reference to the task, and comparing
    /// addresses is much cheaper than its generic `==` across modules.
    static var currentTaskIdentity: UnsafeRawPointer? {
        withUnsafeCurrentTask { task in task.map { unsafeBitCast($0, to: UnsafeRawPointer.self) } }
    }
}

/// The name of the simulated task the current code runs in, set by `Simulation.spawn`.
///
/// Timers parked without a label take this name, so a deadlock report can say whose
/// sleep was pending.
public enum SimulationTaskName {
    public static var current: String? { TaskContext.current?.name }
}
