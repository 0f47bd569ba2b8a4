import Foundation
import SimKernel

/// The run's virtual clock as app code gets it (`any Clock<Duration>`): a sleep of a killed app's
/// left-over work throws when it wakes, as nothing of a killed process runs on.
public struct AppClock: Clock, Sendable {
    public typealias Instant = SimulationInstant
    public typealias Duration = Swift.Duration

    let clock: SimulationClock
    let life: AppProcessLife

    public init(_ clock: SimulationClock, life: AppProcessLife) {
        self.clock = clock
        self.life = life
    }

    public var now: SimulationInstant { clock.now }
    public var minimumResolution: Duration { clock.minimumResolution }

    public func sleep(until deadline: SimulationInstant, tolerance: Duration? = nil) async throws {
        guard life.isAlive else { throw AppProcessEnded() }
        try await clock.sleep(until: deadline, label: "app sleeps")
        guard life.isAlive else { throw AppProcessEnded() }
    }

    /// The wall-clock date app code would read with `Date()`: a fixed start (2026-01-01 00:00  // determinism: ok (names what it replaces)
    /// UTC) plus the run's virtual time, so that stored dates are the same in every run of a seed.
    public func date() -> Date {
        let elapsed = SimulationInstant.zero.duration(to: clock.now)
        return Self.epoch.addingTimeInterval(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
    }

    public static let epoch = Date(timeIntervalSince1970: 1_767_225_600)
}
