import SimKernel

/// One running instance of the app, from launch to kill. Owns every task the app starts,
/// so that killing the app cancels them all, as the OS would.
public final class AppProcess: @unchecked Sendable {
    // Confined to the simulation's driver thread.
    package let id: Int
    package let simulation: Simulation
    /// What its tasks are named after in reports: `app#2 send-code`.
    package let label: String
    @exclusivity(unchecked) private var tasks: [SimulationTask] = []
    @exclusivity(unchecked) public private(set) var isAlive = true

    public init(id: Int, simulation: Simulation) {
        self.id = id
        self.simulation = simulation
        self.label = "app#\(id)"
    }

    /// Starts app work (a view's `Task {}`, a `.task` modifier) in this process.
    @discardableResult
    public func spawn(_ name: @autoclosure @escaping () -> String,
               _ body: sending @escaping () async -> Void) -> SimulationTask? {
        spawn(describedBy: name, body)
    }

    /// `spawn` with the name as a plain closure: a caller's own autoclosure, handed on unwrapped.
    @discardableResult
    public func spawn(describedBy name: @escaping () -> String,
               _ body: sending @escaping () async -> Void) -> SimulationTask? {
        guard isAlive else { return nil }
        // Only live tasks need cancelling at a kill; a launch spawns dozens and finishes most.
        tasks.removeAll { $0.isFinished || $0.isCancelled }
        let task = simulation.spawn(describedBy: name, in: label, body)
        tasks.append(task)
        return task
    }

    /// Counts `task` (a long-lived task woken to work again) as started now: a kill cancels tasks
    /// in the order they last started work, as if the woken work were a task spawned now.
    package func restarted(_ task: SimulationTask) {
        guard let position = tasks.firstIndex(where: { $0.isSame(as: task) }) else { return }
        tasks.append(tasks.remove(at: position))
    }

    /// Kills the process: every task it started is cancelled.
    public func terminate() {
        isAlive = false
        for task in tasks { task.cancel() }
        tasks.removeAll()
    }
}
