/// The actor every spawned task starts isolated to: it runs on the simulation's executor, so a
/// task's first job and every job after it land there without an executor preference.
///
/// Nonisolated async code stays on the caller's executor (the package builds with
/// `NonisolatedNonsendingByDefault`), so a spawned task never leaves the simulation.
actor SimulationActor {
    nonisolated let executor: SimulationExecutor

    init(executor: SimulationExecutor) { self.executor = executor }

    nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    /// Starts `body` as a task isolated to this actor, so enqueued on the simulation's executor.
    /// `started` runs first, in the new task; `finished` when the body has returned.
    ///
    /// No closure here is nested in another: Swift 6.3 runs a closure nested in a `sending`
    /// closure on the global executor, even when both are `nonisolated(nonsending)`.
    func start(started: @escaping @Sendable () -> Void, finished: @escaping @Sendable () -> Void,
               _ body: sending @escaping () async -> Void) -> Task<Void, Never> {
        Task {
            // Using `self` is what isolates the closure to this actor (SE-0420 isolation inheritance).
            self.enter(started)
            await body()
            finished()
        }
    }

    private func enter(_ started: () -> Void) { started() }
}
