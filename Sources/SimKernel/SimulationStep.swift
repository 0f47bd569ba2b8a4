/// Work that runs on the simulation's executor without a task: one step of a state machine
/// that never suspends, and schedules its next step on the clock instead of sleeping.
///
/// A task costs a runtime task, its allocator's first slab, a kernel context and a job per
/// resumption; a step costs a queue entry. Use one where work only waits for time to pass: a
/// request's trip through the network and the backend is three steps (out, served, back).
///
/// A step is ordered exactly as a task doing the same would be: `Simulation.start` queues it
/// where a newly spawned task's first job would go, and `Simulation.schedule` parks it among the
/// sleepers by (deadline, order of scheduling), so the seeded strategy shuffles it with them.
///
/// ```swift
/// final class Ping: SimulationStep {
///     let simulation: Simulation
///     init(simulation: Simulation) { self.simulation = simulation }
///     var label: String { "ping" }
///     func run() { simulation.record(MyEvent.ping) }
/// }
/// simulation.schedule(Ping(simulation: simulation), at: simulation.now.advanced(by: .seconds(1)))
/// ```
///
/// - Warning: A step runs synchronously and must not block. Steps still queued or parked when
///   the run ends are dropped without running: the trace is closed by then. A step is not a
///   task: `Simulation.suspend` cannot be called from it, and cancelling one is taking it back
///   (`Simulation.unschedule`) and ignoring it if it was already due.
public protocol SimulationStep: AnyObject {
    /// What the step waits for, named in deadlock and limit reports ("request 3 on the way out").
    var label: String { get }
    /// Does the step's work, on the simulation's driver thread, at its time.
    func run()
}

extension Simulation {
    /// Runs `step` once the jobs ready now have run: where a task spawned now would start.
    public func start(_ step: any SimulationStep) {
        precondition(executor.isOnDriverThread, "start simulated steps from inside the simulation")
        precondition(phase == .running || phase == .tearingDown, "start steps only while the simulation runs")
        guard phase == .running else { return }
        executor.enqueue(step: step)
    }

    /// Runs `step` at `deadline`, among the sleepers due then in the order the strategy gives
    /// them: the same place a task sleeping until `deadline` from here would take.
    public func schedule(_ step: any SimulationStep, at deadline: SimulationInstant) {
        precondition(executor.isOnDriverThread, "schedule simulated steps from inside the simulation")
        precondition(phase == .running || phase == .tearingDown, "schedule steps only while the simulation runs")
        guard phase == .running else { return }
        timerSequence += 1
        timers.insert(step, at: deadline, sequence: timerSequence)
    }

    /// Takes back `step`, parked with `schedule`, before its deadline: it no longer counts as
    /// waiting (for quiescence, deadlock and reports). A step already due and queued still runs,
    /// so a step that can be taken back checks its own state when it runs. True if it was parked.
    @discardableResult
    public func unschedule(_ step: any SimulationStep) -> Bool {
        precondition(executor.isOnDriverThread, "unschedule simulated steps from inside the simulation")
        return timers.unschedule(step)
    }

    /// Drops the steps still parked when the run ends: they would run after the trace is closed,
    /// and each holds the state it carries (and through it, often, the simulation). A parked
    /// `Task.sleep` is woken instead, now, so that its task can unwind (it was cancelled) and be freed.  // determinism: ok (names it)
    func dropParkedSteps() {
        for job in timers.removeSteps() { executor.enqueueReady(job) }
    }
}
