import SimKernel

/// What the user sees: the latest `ScreenState`, with every change recorded in the trace.
public actor Screen {
    package let simulation: Simulation
    @exclusivity(unchecked) public private(set) var current = ScreenState.notRunning
    /// Counts changes, so a waiter can tell whether it missed one.
    @exclusivity(unchecked) public private(set) var version = 0
    @exclusivity(unchecked) private var watchers: [Wakeup] = []

    public nonisolated var unownedExecutor: UnownedSerialExecutor {
        simulation.executor.asUnownedSerialExecutor()
    }

    public init(simulation: Simulation) { self.simulation = simulation }

    /// Shows `state`; records it only if something visible changed.
    public func show(_ state: ScreenState) {
        guard state != current else { return }
        current = state
        version += 1
        simulation.record(ModelEvent.screen(state))
        let woken = watchers
        watchers.removeAll()
        for watcher in woken { simulation.wake(watcher) }
    }

    /// Waits until the screen changes after `version`, or `deadline` passes; true if it changed.
    /// How a simulated user waits for something to happen without looking every few milliseconds.
    public func change(after seen: Int, before deadline: SimulationInstant) async -> Bool {
        guard version == seen else { return true }
        let watcher = Wakeup()
        watchers.append(watcher)
        let reason = await simulation.suspend(until: deadline, label: "user watches the screen", wakeup: watcher)
        watchers.removeAll { $0 === watcher }
        return reason == .woken
    }
}
