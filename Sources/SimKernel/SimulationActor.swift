/// The actor every spawned task starts isolated to: it runs on the simulation's executor, so a
/// task's first job and every job after it land there without an executor preference.
///
/// Nonisolated async code stays on the caller's executor (the package builds with
/// `NonisolatedNonsendingByDefault`), so a spawned task never leaves the simulation.
actor SimulationActor {
    nonisolated let executor: SimulationExecutor

    init(executor: SimulationExecutor) { self.executor = executor }

    nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    /// Starts `body` as task number `index` of `simulation`, isolated to this actor, so enqueued
    /// on the simulation's executor; the kernel learns when it starts and when it finishes.
    ///
    /// No closure here is nested in another: Swift 6.3 runs a closure nested in a `sending`
    /// closure as `@concurrent` (a hop off the actor and back) even when its type says
    /// `nonisolated(nonsending)`. And the task's closure captures the kernel's values directly,
    /// not callbacks: one closure context per spawn instead of three.
    func start(_ simulation: Simulation, index: Int, context: TaskContext,
               _ body: sending @escaping () async -> Void) -> Task<Void, Never> {
        Task {
            // Using `self` is what isolates the closure to this actor (SE-0420 isolation inheritance).
            self.started(simulation, context)
            await body()
            simulation.taskFinished(index)
        }
    }

    private func started(_ simulation: Simulation, _ context: TaskContext) { simulation.taskStarted(context) }
}
