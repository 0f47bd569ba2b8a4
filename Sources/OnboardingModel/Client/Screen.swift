import SimKernel

/// What the user sees: the latest `ScreenState`, with every change recorded in the trace.
public actor Screen {
    let simulation: Simulation
    public private(set) var current = ScreenState.notRunning

    public nonisolated var unownedExecutor: UnownedSerialExecutor {
        simulation.executor.asUnownedSerialExecutor()
    }

    init(simulation: Simulation) { self.simulation = simulation }

    /// Shows `state`; records it only if something visible changed.
    func show(_ state: ScreenState) {
        guard state != current else { return }
        current = state
        simulation.record(ModelEvent.screen(state))
    }
}
