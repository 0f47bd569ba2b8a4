import SimKernel
import AppVocabulary

/// The phone: launches and kills the app, sends it to the background and back, reinstalls
/// it, corrupts its cache, and keeps what survives between launches.
public actor Device {
    let simulation: Simulation
    let disk: DeviceDisk
    let network: Network
    let screen: Screen
    let configuration: WorldConfiguration
    @exclusivity(unchecked) private var process: AppProcess?
    @exclusivity(unchecked) private var store: ClientStore?
    @exclusivity(unchecked) private var launches = 0

    public nonisolated var unownedExecutor: UnownedSerialExecutor {
        simulation.executor.asUnownedSerialExecutor()
    }

    init(simulation: Simulation, disk: DeviceDisk, network: Network, screen: Screen, configuration: WorldConfiguration) {
        self.simulation = simulation
        self.disk = disk
        self.network = network
        self.screen = screen
        self.configuration = configuration
    }

    public var isAppRunning: Bool { process != nil }

    /// The configuration the app ships with.
    private var shippedConfig: AppConfig {
        // fix-14: "links to https://example.com/terms and https://example.com/privacy. These are placeholder URLs."
        configuration.mutants.contains(.fix14) ? .placeholders : configuration.appConfig
    }

    /// A snapshot of what the device keeps (cache, session, sync queue).
    public var storage: DeviceStorage { disk.storage }

    /// Cold launch. Launching a running app just brings it to the foreground.
    public func launch() async {
        guard process == nil else { return await foreground() }
        launches += 1
        let process = AppProcess(id: launches, simulation: simulation)
        let store = ClientStore(
            simulation: simulation, process: process, disk: disk.opened(by: process), network: network, screen: screen,
            mutants: configuration.mutants, settings: configuration.settings, config: shippedConfig,
            timeouts: configuration.timeouts)
        self.process = process
        self.store = store
        simulation.record(ModelEvent.launched(process: launches, cold: true))
        simulation.record(launchContext())
        simulation.record(ModelEvent.storedCaches(disk.storage.sortedCacheKeys))
        await store.launch()
    }

    /// The ground truth a launch starts from, for oracles: the session's user and whether a
    /// readable cache of a step after sign-in exists for that user under its own key (under `dec-cache-user` the app
    /// writes a shared key instead, so no launch counts as a hit: the check is skipped, never wrong).
    private func launchContext() -> ModelEvent {
        let user = disk.storage.session?.userID
        var hit = false
        if let user, case .valid(let cache)? = disk.storage.cache[user], cache.phase > .authVerification { hit = true }
        return .launchContext(sessionUser: user, cacheHit: hit)
    }

    /// Force-quit: the process dies with every task it started.
    public func kill() async {
        guard let process, let store else { return }
        await store.terminate()
        process.terminate()
        self.process = nil
        self.store = nil
        simulation.record(ModelEvent.killed(process: process.id))
        await screen.show(.notRunning)
    }

    public func background() async {
        guard let store else { return }
        simulation.record(ModelEvent.backgrounded)
        await store.enterBackground()
    }

    public func foreground() async {
        guard let store else { return }
        simulation.record(ModelEvent.foregrounded)
        await store.enterForeground()
    }

    /// Delete and reinstall: the cache and the sync queue go, the keychain session stays.
    public func reinstall() async {
        await kill()
        disk.storage.reinstall()
        simulation.record(ModelEvent.reinstalled)
    }

    /// Makes every cache entry unreadable (a torn write, a bad migration).
    public func corruptCache() {
        disk.storage.corruptCache()
        simulation.record(ModelEvent.cacheCorrupted)
    }

    /// The user signs out (from the main app's settings): recorded as their tap, if there is a
    /// session to sign out of, so a sign-out the app makes by itself can be told from theirs.
    public func signOut() async {
        if disk.storage.session != nil { simulation.record(ModelEvent.userAction(.signOut, detail: "")) }
        if let store {
            await store.signOut()
        } else {
            disk.storage.session = nil
            simulation.record(ModelEvent.signedOut)
        }
    }

    /// Runs the simulated user's loop in this actor's isolation (see `UserPolicy.loop`).
    func drive(_ policy: UserPolicy, world: OnboardingWorld) async -> UserPolicy.Outcome {
        await policy.loop(world, isolation: self)
    }

    /// The user does `action` on the current screen; false if the screen does not offer it.
    @discardableResult
    public func perform(_ action: UserAction, input: String? = nil) async -> Bool {
        performOnSharedExecutor(action, input: input)
    }

    /// `perform` without a suspension point, for code already isolated to the device (the
    /// user's loop): the store shares this actor's executor, so the tap reaches it in place
    /// instead of through a hop there and back.
    @discardableResult
    func performOnSharedExecutor(_ action: UserAction, input: String?) -> Bool {
        guard let store else {
            simulation.record(ModelEvent.actionUnavailable(action, route: "none"))
            return false
        }
        return store.onSharedExecutor(passing: (action, input)) { $0.perform($1.0, input: $1.1) }
    }
}
