/// How the kernel orders sleepers that fall due at the same virtual instant.
///
/// The choice is made at this level (timers and deliveries due together), never among raw
/// executor jobs: the number of jobs a piece of code takes differs between debug and
/// release builds, while the set of timers due at an instant does not, so a seed means the
/// same run in any build.
public enum SchedulingStrategy: String, Sendable, CaseIterable, CustomStringConvertible {
    /// Due sleepers wake in the order they went to sleep: the most readable runs.
    case fifo
    /// Due sleepers wake in an order drawn from the run's `scheduler` random stream.
    case seeded

    public var description: String { rawValue }
}
