/// The virtual clock of one simulation: time moves only when the simulation is idle.
///
/// Sleepers are parked in the simulation's timer heap, ordered by deadline and then by the
/// order in which they went to sleep. When no job is ready, the driver advances `now` to the
/// next deadline and wakes the sleepers due then; `now` is set before any of them resumes.
///
/// ```swift
/// let clock = simulation.clock
/// try await clock.sleep(for: .seconds(30), label: "otp countdown")
/// ```
///
/// - Warning: Call `sleep` on this concrete type. The standard library's generic
///   `Clock.sleep(for:)` extension hops off the caller's executor, which the driver never
///   sees; this type shadows it with its own `sleep(for:)` for that reason.
public struct SimulationClock: Clock {
    public typealias Instant = SimulationInstant
    public typealias Duration = Swift.Duration

    @usableFromInline unowned let simulation: Simulation

    init(simulation: Simulation) {
        self.simulation = simulation
    }

    public var now: SimulationInstant { simulation.now }

    /// The clock resolves single nanoseconds: virtual time has no jitter of its own.
    public var minimumResolution: Duration { .nanoseconds(1) }

    /// Suspends until `deadline`; throws `CancellationError` if the task is cancelled first.
    public func sleep(until deadline: SimulationInstant, tolerance: Duration? = nil) async throws {
        guard await simulation.suspend(until: deadline, label: nil) == .deadline else { throw CancellationError() }
    }

    /// Suspends until `deadline`, naming the wait so that a deadlock or limit report can show it.
    @inlinable @inline(__always)
    public func sleep(until deadline: SimulationInstant, label: @autoclosure @escaping () -> String?,
                      isolation: isolated (any Actor)? = #isolation) async throws {
        guard await simulation.suspend(until: deadline, describedBy: label, isolation: isolation) == .deadline else {
            throw CancellationError()
        }
    }

    /// Suspends for `duration` of virtual time, on the simulation's executor, in the caller's
    /// isolation (an actor that sleeps stays on its executor).
    ///
    /// Inlinable, like `sleep(until:label:)`: the caller suspends the simulation directly, with no
    /// wrapper frame to hop into and out of.
    @inlinable @inline(__always)
    public func sleep(for duration: Duration, label: @autoclosure @escaping () -> String? = nil,
                      isolation: isolated (any Actor)? = #isolation) async throws {
        try await sleep(for: duration, describedBy: label, isolation: isolation)
    }

    /// `sleep(for:label:)` with the label as a plain closure: a caller that takes its own label as
    /// an autoclosure hands it on as it is, where forwarding it as an autoclosure would wrap it in
    /// a new closure (an allocation) on every wait.
    @inlinable @inline(__always)
    public func sleep(for duration: Duration, describedBy label: @escaping () -> String?,
                      isolation: isolated (any Actor)? = #isolation) async throws {
        guard await simulation.suspend(until: now.advanced(by: duration), describedBy: label, isolation: isolation) == .deadline else {
            throw CancellationError()
        }
    }
}
