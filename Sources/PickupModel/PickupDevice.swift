import SimKernel
import AppVocabulary

/// The phone with the pickup app: launches and kills it, sends it to the background and back,
/// reinstalls it, and keeps what survives between launches.
public actor PickupDevice {
    /// What every process of the run shares: the configuration and the Apple sheet's attempts.
    final class Shared: @unchecked Sendable {
        // Confined to the simulation's driver thread.
        let configuration: PickupConfiguration
        @exclusivity(unchecked) private var sheetAttempts = 0

        init(configuration: PickupConfiguration) { self.configuration = configuration }

        /// What the Apple sheet does with the next attempt.
        func nextSheetOutcome() -> CredentialSheetOutcome {
            sheetAttempts += 1
            let planned = configuration.appleSheet
            return sheetAttempts <= planned.count ? planned[sheetAttempts - 1] : .approve
        }
    }

    let simulation: Simulation
    let disk: PickupDisk
    let network: Network
    let screen: Screen
    let shared: Shared
    @exclusivity(unchecked) private var app: PickupApp?
    @exclusivity(unchecked) private var launches = 0

    public nonisolated var unownedExecutor: UnownedSerialExecutor { simulation.executor.asUnownedSerialExecutor() }

    init(simulation: Simulation, storage: PickupStorage, network: Network, screen: Screen, configuration: PickupConfiguration) {
        self.simulation = simulation
        self.disk = PickupDisk(storage: storage)
        self.network = network
        self.screen = screen
        self.shared = Shared(configuration: configuration)
    }

    public var isAppRunning: Bool { app != nil }

    /// What the phone keeps now.
    public var storage: PickupStorage { disk.storage }

    /// Cold launch; launching a running app brings it to the foreground.
    public func launch() async {
        guard app == nil else { return await foreground() }
        launches += 1
        let process = AppProcess(id: launches, simulation: simulation)
        let app = PickupApp(simulation: simulation, process: process, disk: disk.opened(by: process), network: network, screen: screen, world: shared)
        self.app = app
        simulation.record(ModelEvent.launched(process: launches, cold: true))
        // The app keeps no per-user cache of progress: never a cache hit in the fix plan's sense.
        simulation.record(ModelEvent.launchContext(sessionUser: disk.storage.session?.user, cacheHit: false))
        let online = network.onSharedExecutor { $0.isOnline }
        app.onSharedExecutor(passing: online) { $0.launch(online: $1) }
    }

    /// The OS kills the app: every task it started is cancelled; the keychain and flag stay.
    public func kill() async {
        guard let app else { return }
        self.app = nil
        simulation.record(ModelEvent.killed(process: launches))
        app.onSharedExecutor { $0.terminate() }
        screen.onSharedExecutor(passing: ScreenState.notRunning) { $0.show($1) }
    }

    public func background() async {
        guard let app else { return }
        simulation.record(ModelEvent.backgrounded)
        app.onSharedExecutor { $0.setForeground(false) }
    }

    public func foreground() async {
        guard let app else { return await launch() }
        simulation.record(ModelEvent.foregrounded)
        app.onSharedExecutor { $0.setForeground(true) }
    }

    /// Deletes and reinstalls the app: the flag and cached bookings go; the keychain stays.
    public func reinstall() async {
        await kill()
        disk.storage.hasCompletedOnboarding = false
        disk.storage.cachedBookings = nil
        simulation.record(ModelEvent.reinstalled)
    }

    /// The user taps `action`; false if the screen does not offer it (or the app is not running).
    @discardableResult
    public func perform(_ action: UserAction, input: String? = nil) async -> Bool {
        guard let app else {
            simulation.record(ModelEvent.actionUnavailable(action, route: "none"))
            return false
        }
        return app.onSharedExecutor(passing: (action, input)) { $0.perform($1.0, input: $1.1) }
    }
}
