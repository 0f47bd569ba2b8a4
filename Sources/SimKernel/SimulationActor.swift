/// The actor every spawned task starts isolated to: it runs on the simulation's executor, so a
/// task's first job and every job after it land there without an executor preference.
///
/// Nonisolated async code stays on the caller's executor (the package builds with
/// `NonisolatedNonsendingByDefault`), so a spawned task never leaves the simulation.
actor SimulationActor {
    nonisolated let executor: SimulationExecutor

    init(executor: SimulationExecutor) { self.executor = executor }

    nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    /// The spawned tasks created and not started yet, oldest first. Tasks start in the order they
    /// were created (their first jobs queue on the one executor in that order), so each takes the
    /// next context here: the task's closure then captures only this actor, and costs no context.
    /// Touched only on the driver thread.
    @exclusivity(unchecked) nonisolated(unsafe) var starting = RingBuffer<TaskContext>(capacity: 8)

    /// Creates the task for the context just pushed onto `starting`, isolated to this actor, so
    /// enqueued on the simulation's executor; the kernel learns when it starts and when it finishes.
    ///
    /// No closure here is nested in another: Swift 6.3 runs a closure nested in a `sending`
    /// closure as `@concurrent` (a hop off the actor and back) even when its type says
    /// `nonisolated(nonsending)`.
    func startNext() -> Task<Void, Never> {
        Task {
            // Using `self` is what isolates the closure to this actor (SE-0420 isolation inheritance).
            let context = self.takeStarting()
            context.simulation.taskStarted(context)
            await context.takeBody()()
            context.simulation.taskFinished(context.index)
        }
    }

    private func takeStarting() -> TaskContext {
        guard let context = starting.pop() else { preconditionFailure("a task started that was never spawned") }
        return context
    }
}
