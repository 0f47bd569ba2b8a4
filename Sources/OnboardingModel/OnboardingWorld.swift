import SimKernel
import AppVocabulary

/// The whole simulated system of one run: backend, network, device (and the app on it), screen.
///
/// ```swift
/// let simulation = Simulation(seed: 7)
/// let result = simulation.run {
///     let world = OnboardingWorld(simulation: simulation, configuration: WorldConfiguration())
///     await world.device.launch()
///     await world.device.perform(.getStarted)
///     await simulation.quiescence()
/// }
/// ```
public struct OnboardingWorld: Sendable {
    public let simulation: Simulation
    public let configuration: WorldConfiguration
    public let backend: MockBackend
    public let network: Network
    public let screen: Screen
    public let device: Device

    /// Builds the world; call from inside the simulation (its actors live on its executor).
    public init(simulation: Simulation, configuration: WorldConfiguration) {
        self.simulation = simulation
        self.configuration = configuration
        backend = MockBackend(simulation: simulation, configuration: configuration.backend)
        network = Network(simulation: simulation, backend: backend, plan: configuration.faults)
        screen = Screen(simulation: simulation)
        device = Device(simulation: simulation, disk: DeviceDisk(storage: DeviceStorage()), network: network,
                        screen: screen, configuration: configuration)
    }

    /// Puts the initial session and cache on the device and schedules the offline windows and
    /// account losses.
    public func prepare() async {
        await backend.recordSeededAccounts()
        simulation.record(ModelEvent.deviceSettings(reduceMotion: configuration.settings.reduceMotion,
                                                    grantsNotifications: configuration.settings.grantsNotifications))
        await device.install(sessionEmail: configuration.sessionEmail, cache: configuration.cache, backend: backend)
        let backend = self.backend
        configuration.faults.schedule(on: simulation, network: network) { await backend.lose($0) }
    }

    /// What the user sees now.
    public func currentScreen() async -> ScreenState { await screen.current }
}

extension Device {
    /// Writes the starting session and cache, keyed as the app under test keys them.
    func install(sessionEmail: String?, cache: [WorldConfiguration.CacheSeed], backend: MockBackend) async {
        if let email = sessionEmail {
            let user = await backend.userID(ofEmail: email)
            precondition(user != nil, "a session needs an account: \(email) is not on the backend")
            disk.storage.session = Session(userID: user!, email: email)
        }
        for seed in cache {
            var user: String?
            if let email = seed.email { user = await backend.userID(ofEmail: email) }
            let key = CacheKeying.key(user: user, mutants: configuration.mutants)
            disk.storage.cache[key] = seed.cache.map(CachedValue.valid) ?? .corrupted
        }
    }
}
