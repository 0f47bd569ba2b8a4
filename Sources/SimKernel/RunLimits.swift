/// The bounds every run has, so that no run can hang.
///
/// A run that reaches one ends with `Outcome.limitReached` and a report of what was
/// still pending.
public struct RunLimits: Sendable, Equatable {
    /// Virtual time may not pass this point; a timer due later ends the run.
    public var maxVirtualTime: Duration
    /// How many executor jobs the run may execute.
    public var maxJobs: Int
    /// How many jobs cleaning up after the run may take (cancelled tasks unwinding).
    public var maxTeardownJobs: Int

    public init(maxVirtualTime: Duration = .seconds(48 * 3600), maxJobs: Int = 5_000_000,
                maxTeardownJobs: Int = 100_000) {
        precondition(maxVirtualTime > .zero, "maxVirtualTime must be positive")
        precondition(maxJobs > 0, "maxJobs must be positive")
        precondition(maxTeardownJobs >= 0, "maxTeardownJobs must not be negative")
        self.maxVirtualTime = maxVirtualTime
        self.maxJobs = maxJobs
        self.maxTeardownJobs = maxTeardownJobs
    }

    public static let standard = RunLimits()
}
