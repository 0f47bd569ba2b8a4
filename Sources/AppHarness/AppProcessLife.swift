import Synchronization

/// Whether one launch of app code is still running: what every service handed to that launch
/// (`AppEnvironment`) checks, so that work a killed app left behind (a `Task` it started, a
/// timer) can do nothing once the process is gone, as on a device, where the OS ends it all.
public final class AppProcessLife: Sendable {
    private let alive = Atomic(true)

    public init() {}

    public var isAlive: Bool { alive.load(ordering: .relaxed) }

    /// The process ends: from now on its services refuse.
    func end() { alive.store(false, ordering: .relaxed) }
}

/// What a killed app's left-over work gets from a service: the process is gone.
public struct AppProcessEnded: Error, Sendable, Equatable, CustomStringConvertible {
    public var description: String { "the app's process has ended" }
}
