import SimKernel

/// The free user's own word that they stopped short of the main app having only gone forward, as
/// the trace records it (`ModelEvent.note`, `user gave up: too many tries on auth`): written when
/// a drive with no deviation ends that way, read by `happyPathReachesMain`, spelled in this one
/// place. A drive that reached main, deviated, or was cancelled with its run records nothing.
public enum UserGaveUp {
    /// How every such note starts.
    public static let prefix = "user gave up: "

    /// Records how `outcome` ended, if the user gave up having only gone forward: a user who
    /// `deviated` (another action, a kill, the connection off, another address …) explains their
    /// own give-up, and records nothing.
    public static func record(_ outcome: DriveOutcome, deviated: Bool, in simulation: Simulation) {
        guard !deviated, case .gaveUp(let reason) = outcome, reason != "cancelled" else { return }
        simulation.record(ModelEvent.note(prefix + reason))
    }

    /// The reason of a give-up note, or nil for any other note.
    public static func reason(of note: String) -> String? {
        note.hasPrefix(prefix) ? String(note.dropFirst(prefix.count)) : nil
    }
}
