import SimKernel
import AppVocabulary

/// The whole simulated system of one run of the pickup app (seed 004): its backend, the shared
/// network with the run's faults, the phone with the app on it, and the screen.
///
/// ```swift
/// let simulation = Simulation(seed: 7)
/// let result = simulation.run {
///     let world = PickupWorld(simulation: simulation, configuration: PickupConfiguration())
///     await world.prepare()
///     await world.device.launch()
///     await world.device.perform(.skip)
///     await simulation.quiescence()
/// }
/// ```
public struct PickupWorld: Sendable {
    public let simulation: Simulation
    public let configuration: PickupConfiguration
    public let backend: PickupBackend
    public let network: Network
    public let screen: Screen
    public let device: PickupDevice

    /// Builds the world; call from inside the simulation (its actors live on its executor).
    public init(simulation: Simulation, configuration: PickupConfiguration) {
        self.simulation = simulation
        self.configuration = configuration
        backend = PickupBackend(simulation: simulation, accounts: configuration.accounts)
        network = Network(simulation: simulation, backend: backend, plan: configuration.faults)
        screen = Screen(simulation: simulation)
        var storage = PickupStorage(hasCompletedOnboarding: configuration.hasCompletedOnboarding)
        // Read from the configuration, not the backend: this runs before anything is on the executor.
        if let appleID = configuration.sessionUser,
           let user = PickupBackend.users(of: configuration.accounts).first(where: { $0.appleID == appleID })?.user {
            storage.session = PickupSession(user: user, appleID: appleID)
        }
        let users = PickupBackend.users(of: configuration.accounts)
        if let owner = configuration.keptListOf, let index = users.firstIndex(where: { $0.appleID == owner }) {
            storage.cachedBookings = CachedBookings(user: users[index].user, count: PickupBackend.bookingsCount(ofUserAt: index))
        }
        device = PickupDevice(simulation: simulation, storage: storage, network: network, screen: screen,
                              configuration: configuration)
    }

    /// Records the starting world and schedules the offline windows and account losses.
    public func prepare() async {
        await backend.recordSeededAccounts()
        simulation.record(ModelEvent.deviceSettings(reduceMotion: configuration.reduceMotion, grantsNotifications: false))
        let backend = self.backend
        configuration.faults.schedule(on: simulation, network: network) { await backend.lose($0) }
    }

    /// What the user sees now.
    public func currentScreen() async -> ScreenState { await screen.current }
}

extension PickupDevice: AppDevice {}

extension PickupWorld: AppWorld {
    public var app: AppID { .pickup }
}
