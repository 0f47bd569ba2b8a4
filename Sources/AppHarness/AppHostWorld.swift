import SimKernel
import AppVocabulary

/// One run's world for app code: the app's mock backend behind the simulated network, and the
/// phone (`AppHost`) that runs the app. What a plug-in's `makeWorld` returns for app code.
///
/// ```swift
/// func makeWorld(_ start: AppStart) -> any AppWorld {
///     AppHostWorld(app: id, simulation: start.simulation, backend: MyBackend(simulation: start.simulation),
///                  faults: start.faults, routes: Self.routes, requestTimeout: start.requestTimeout, roles: start.roles,
///                  hooks: Self.hooks)
/// }
/// ```
public struct AppHostWorld<App: AnyObject>: AppWorld {
    public let app: AppID
    public let simulation: Simulation
    public let network: Network
    public let device: AppHost<App>
    /// The user's mail, where the backend delivers codes (nil: the app sends none).
    public let inbox: Inbox?
    let faults: FaultPlan
    let lose: @Sendable (AccountLoss) async -> Void
    /// Whether account losses reach the backend: it is on `MockAuth` (an `AppBackend`), or a
    /// `lose` was given.
    public let takesAccountLosses: Bool

    public init(app: AppID, simulation: Simulation, backend: any SimulatedServer, faults: FaultPlan,
                routes: [SimulatedHTTPClient.Route], requestTimeout: Duration = .seconds(60), roles: AppRoles = .none,
                system: SimulatedSystem = SimulatedSystem(), inbox: Inbox? = nil, hooks: AppHost<App>.Hooks,
                lose: (@Sendable (AccountLoss) async -> Void)? = nil) {
        self.app = app
        self.inbox = inbox
        self.simulation = simulation
        self.faults = faults
        // A scenario's account losses reach a backend built on `MockAuth` by themselves; `lose`
        // takes them instead (a backend of the app's own).
        if let lose {
            self.lose = lose
            takesAccountLosses = true
        } else if let backend = backend as? any AppBackend {
            self.lose = { loss in await backend.lose(loss) }
            takesAccountLosses = true
        } else {
            self.lose = { _ in }
            takesAccountLosses = false
        }
        // The roles say which of the backend's statuses are failures and what requests carry.
        network = Network(simulation: simulation, backend: backend, plan: faults, roles: roles)
        // The Apple sheet's outcomes a scenario or the swarm injects reach the phone by themselves.
        var system = system
        if system.credentialSheet.isEmpty { system.credentialSheet = faults.credentialSheet }
        device = AppHost(simulation: simulation, network: network, routes: routes, requestTimeout: requestTimeout,
                         system: system, hooks: hooks)
    }

    public var screen: Screen { device.screen }

    /// Records the device's settings and schedules the faults' offline windows and account losses.
    public func prepare() async {
        simulation.record(ModelEvent.deviceSettings(reduceMotion: device.system.reduceMotion, grantsNotifications: device.system.answers["notifications"] ?? true))
        faults.schedule(on: simulation, network: network, lose: lose)
    }

    public func currentScreen() async -> ScreenState { await screen.current }

    /// The phone's `UserDefaults` and keychain hold a scenario's `device.phone`.
    public var takesPhoneContents: Bool { true }

    /// Writes `contents` into the phone's defaults and keychain, in the order given (each write
    /// a note in the trace), before the first launch.
    public func setUpPhone(_ contents: PhoneContents) async {
        for (key, value) in contents.defaults { device.defaults.set(value.propertyList, forKey: key) }
        for (key, data) in contents.keychain { device.keychain.write(data, for: key) }
    }
}
