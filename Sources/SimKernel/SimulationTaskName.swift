/// The name of the simulated task the current code runs in, set by `Simulation.spawn`.
///
/// Timers parked without a label take this name, so a deadlock report can say whose
/// sleep was pending.
public enum SimulationTaskName {
    @TaskLocal public static var current: String?
}
