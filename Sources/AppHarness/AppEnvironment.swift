import Foundation
import SimKernel
import AppVocabulary

/// What one launch of app code is given, as an iOS app injects its dependencies: a clock, an HTTP
/// client, a `UserDefaults`-like store, a keychain, a path monitor, and the system's prompts and
/// settings. Every service is tied to the launch: after a kill, the launch's left-over work can
/// neither send, store, nor sleep on.
public struct AppEnvironment: Sendable {
    /// The run's virtual clock (`any Clock<Duration>`); `clock.date()` for `Date()`.  // determinism: ok (names what it replaces)
    public let clock: AppClock
    public let http: SimulatedHTTPClient
    /// Survives a kill, gone after a reinstall.
    public let defaults: SimulatedDefaults
    /// Survives a kill and a reinstall.
    public let keychain: SimulatedKeychain
    public let connectivity: SimulatedPathMonitor
    public let system: SimulatedSystem
    /// Whether this launch is still running.
    public let life: AppProcessLife
    let simulation: Simulation
    /// Puts a system sheet over the app's screen, or takes it away (nil): the phone's.
    let showSystemSheet: @Sendable (String?) async -> Void

    /// Shows a system permission prompt and returns the user's answer, after the time a person
    /// takes to read it; recorded in the trace, and on screen while it is up
    /// (`ScreenState.systemSheet`: "notifications permission"; the app beneath takes no taps).
    /// False if the app was killed meanwhile.
    public func requestPermission(_ permission: String) async -> Bool {
        simulation.record(ModelEvent.note("system prompt: \(permission)"))
        await showSystemSheet("\(permission) permission")
        do { try await clock.sleep(for: system.promptTime) } catch {
            await showSystemSheet(nil)
            return false
        }
        let granted = system.answers[permission] ?? true
        simulation.record(ModelEvent.permissionAnswered(granted: granted))
        await showSystemSheet(nil)
        return granted
    }
}
