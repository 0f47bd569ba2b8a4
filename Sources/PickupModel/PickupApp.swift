import SimKernel
import AppVocabulary

/// One running instance of the pickup app: its routing, auth manager, network monitor and
/// screens (seed 004), as one actor on the simulation's executor.
///
/// Routing is the seed's: `if !hasCompletedOnboarding { onboarding } else if !isAuthenticated
/// { sign-in } else { main }`. The flag and the keychain are read synchronously at launch, so the
/// first frame is the final route: there is no launch screen to flash past.
actor PickupApp {
    let simulation: Simulation
    let process: AppProcess
    let disk: PickupDisk
    let network: Network
    let screen: Screen
    let world: PickupDevice.Shared
    var mutants: MutantSet { world.configuration.mutants }

    @exclusivity(unchecked) var page = 1
    /// Skip under `pickup-skip-no-flag`: onboarding hidden for this launch only.
    @exclusivity(unchecked) var skippedThisLaunch = false
    /// The Apple sheet is up or the sign-in request is in flight (the button's loading overlay).
    @exclusivity(unchecked) var signingIn = false
    /// The Apple sheet is up: its close button is the one thing to tap.
    @exclusivity(unchecked) var sheetUp = false
    /// Counts sign-in attempts, and the last one whose sheet the user closed: a closed sheet
    /// does not act when its time is up.
    @exclusivity(unchecked) var sheetAttempt = 0
    @exclusivity(unchecked) var sheetClosedAt = 0
    @exclusivity(unchecked) var signInError: String?
    @exclusivity(unchecked) var bookings: CachedBookings?
    @exclusivity(unchecked) var bookingsLoading = false
    @exclusivity(unchecked) var bookingsError: String?
    /// What the network monitor last said.
    @exclusivity(unchecked) var isOffline = false
    /// The banner on main: the monitor's word (but see `pickup-banner-sticks`).
    @exclusivity(unchecked) var bannerShown = false
    @exclusivity(unchecked) var launchedOffline = false
    /// The bookings on main are the cached copy of an offline launch: reloaded once online.
    @exclusivity(unchecked) var showingCachedBookings = false
    /// Main appeared offline after a launch: the token is refreshed once the connection is back.
    @exclusivity(unchecked) var refreshPending = false
    /// Counts sign-ins and sign-outs: work started for one session checks it is still current.
    @exclusivity(unchecked) var sessionGeneration = 0
    @exclusivity(unchecked) var confirmingSignOut = false
    @exclusivity(unchecked) var foreground = true
    @exclusivity(unchecked) var mainShown = false
    @exclusivity(unchecked) private var monitor: Int?
    /// The signed-in session's requests in flight (refresh, bookings): a sign-out cancels them.
    @exclusivity(unchecked) var sessionTasks: [SimulationTask] = []

    nonisolated var unownedExecutor: UnownedSerialExecutor { simulation.executor.asUnownedSerialExecutor() }

    init(simulation: Simulation, process: AppProcess, disk: PickupDisk, network: Network, screen: Screen,
         world: PickupDevice.Shared) {
        self.simulation = simulation
        self.process = process
        self.disk = disk
        self.network = network
        self.screen = screen
        self.world = world
    }

    // MARK: What the user sees.

    var route: Route {
        if !disk.storage.hasCompletedOnboarding && !skippedThisLaunch { return .page(page) }
        if disk.storage.session != nil { return .main }
        // pickup-offline-bypass: "Offline launch shows cached main view", whoever is signed in.
        return mutants.contains(.pickupOfflineBypass) && launchedOffline ? .main : .signIn
    }

    func enabledActions() -> [UserAction] {
        if let number = route.pageNumber { return number < 3 ? [.nextPage, .skip] : [.getStarted, .skip] }
        return switch route {
        case .signIn:
            (signingIn && !mutants.contains(.pickupDoubleSignIn) ? [] : [.signInWithApple]) + (sheetUp ? [.cancelAppleSheet] : [])
        case .main where confirmingSignOut: [.cancelSignOut, .confirmSignOut]
        // Offline, the message says the pickups load once the connection is back, and they do
        // (`caughtUpAfterReconnect`): a Retry then could only fail again, or change nothing.
        case .main where bookingsError == nil || (isOffline && !mutants.contains(.pickupOfflineRetry)): [.signOut]
        case .main: [.retry, .signOut]
        default: []
        }
    }

    func publish() {
        guard process.isAlive else { return }
        let route = route
        var state = ScreenState(route: route)
        state.actions = enabledActions()
        state.foreground = foreground
        switch route {
        case _ where route.pageNumber != nil:
            if !world.configuration.reduceMotion { state.motionEffects = ["page-slide"] }
        case .signIn:
            state.spinner = signingIn ? "sign-in" : nil
            state.errorText = signInError
            // The system's sheet, over the button that asked for it; its close button is the sheet's.
            state.systemSheet = sheetUp ? "Sign in with Apple" : nil
        case .main:
            state.spinner = bookingsLoading ? "bookings" : nil
            state.errorText = bookingsError
            state.offlineBanner = bannerShown
            state.alert = confirmingSignOut ? "Are you sure you want to sign out?" : nil
            state.contentOwner = bookings?.user
        default:
            break
        }
        screen.onSharedExecutor(passing: state) { $0.show($1) }
    }

    // MARK: Launch and lifecycle.

    func launch(online: Bool) {
        isOffline = !online
        bannerShown = !online
        launchedOffline = !online
        // The NWPathMonitor, started with the app. Held weakly: the network outlives the app, and
        // an app still running when the run ends must not be kept alive by it (a cycle that kept
        // every explored run's world in memory).
        monitor = network.onSharedExecutor(passing: self) { network, app in
            network.observeConnectivity { [weak app] online in app?.onSharedExecutor(passing: online) { $0.connectivityChanged($1) } }
        }
        // The keychain's session, restored: the app has a signed-in user from its first frame.
        if let session = disk.storage.session { simulation.record(ModelEvent.signedIn(user: session.user)) }
        publish()
        if route == .main { mainAppeared(afterSignIn: false) }
    }

    func terminate() {
        if let monitor { network.onSharedExecutor(passing: monitor) { $0.stopObserving($1) } }
        process.terminate()
    }

    func setForeground(_ isForeground: Bool) {
        foreground = isForeground
        publish()
    }

    func connectivityChanged(_ online: Bool) {
        isOffline = !online
        // pickup-banner-sticks: the banner is set when the path goes and never cleared.
        if !online || !mutants.contains(.pickupBannerSticks) { bannerShown = !online }
        publish()
        if online { caughtUpAfterReconnect() }
    }

    /// Back online on main: the refresh an offline launch could not make, and the bookings it
    /// could only show from the cache (or not at all).
    private func caughtUpAfterReconnect() {
        guard route == .main, let session = disk.storage.session, mainShown else { return }
        if refreshPending {
            refreshPending = false
            let generation = sessionGeneration
            keep(process.spawn("refresh token") { [self] in await refreshToken(session, generation: generation) })
        }
        // pickup-offline-promise: nothing reloads; the offline message stays until a Retry.
        if mutants.contains(.pickupOfflinePromise) { return }
        if !bookingsLoading && (bookingsError != nil || bookings == nil || showingCachedBookings) { loadBookings() }
    }

    // MARK: Actions.

    /// Performs `action` if the screen offers it; false (recorded) if not.
    func perform(_ action: UserAction, input: String?) -> Bool {
        guard process.isAlive, enabledActions().contains(action) else {
            simulation.record(ModelEvent.actionUnavailable(action, route: route.description))
            return false
        }
        simulation.record(ModelEvent.userAction(action, detail: input.map { "\"\($0)\"" } ?? ""))
        switch action {
        // pickup-next-skips-page: the first page's Next jumps to the last.
        case .nextPage: page += mutants.contains(.pickupNextSkipsPage) && page == 1 ? 2 : 1; publish()
        case .skip, .getStarted: finishOnboarding(skipped: action == .skip)
        case .signInWithApple: startSignIn()
        case .signOut:
            if mutants.contains(.pickupUnconfirmedSignOut) { signOut() } else { confirmingSignOut = true; publish() }
        case .cancelSignOut: confirmingSignOut = false; publish()
        case .confirmSignOut: confirmingSignOut = false; signOut()
        case .retry: loadBookings()
        case .cancelAppleSheet: closeAppleSheet()
        default: break
        }
        return true
    }

    private func finishOnboarding(skipped: Bool) {
        if skipped && mutants.contains(.pickupSkipNoFlag) {
            skippedThisLaunch = true
        } else {
            disk.storage.hasCompletedOnboarding = true
            simulation.record(ModelEvent.appStorage(key: "hasCompletedOnboarding", value: true))
        }
        publish()
        if route == .main { mainAppeared(afterSignIn: false) }
    }
}
